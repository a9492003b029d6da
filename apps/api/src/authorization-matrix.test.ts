/**
 * Authorization matrix (docs/design.md §3, §9): reads every route the app registered (Fastify's
 * route list) and, for each, checks the status every kind of caller gets — guest, the owner of the
 * record, another student, an admin and a deactivated account — against its row in its feature's
 * `features/<f>/<f>.cases.ts`, assembled by `test/route-cases.ts`. A route without a row fails, so
 * every new route arrives with its rows.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/helpers.ts';
import { FILE_ACCESS_CASES } from './features/files/files.cases.ts';
import {
  CALLERS,
  ROUTE_CASES,
  SUITE_ENV,
  buildWorld,
  caseFor,
  cookieHeader,
  type CaseRequest,
  type Caller,
  type World,
} from './test/route-cases.ts';

let t: TestApp;
let w: World;
let base: string;

beforeAll(async () => {
  t = await createTestApp(SUITE_ENV);
  w = await buildWorld(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** The routes to check: every registered method and URL, without Fastify's automatic HEAD twins. */
function registeredRoutes() {
  return t.app.routeTable.filter((r) => r.method !== 'HEAD');
}

/**
 * Sends `req` as `caller` (the request's own cookie, when it brings one, wins); a stream route is
 * opened over real HTTP and closed after its headers.
 */
async function statusOf(req: CaseRequest, caller: Caller): Promise<number> {
  const headers = { ...cookieHeader(w, caller), ...(req.headers as Record<string, string>) };
  if (req.stream) {
    const ac = new AbortController();
    const res = await fetch(`${base}${req.url}`, { headers, signal: ac.signal });
    ac.abort();
    return res.status;
  }
  const res = await t.app.inject({ ...req, headers });
  return res.statusCode;
}

describe('authorization matrix', () => {
  it('has a row for every registered route, and no row for a route that does not exist', () => {
    const routes = registeredRoutes();
    const missing = routes.filter((r) => !caseFor(r.method, r.url)).map((r) => `${r.method} ${r.url}`);
    expect(missing, 'routes without a row in test/route-cases.ts').toEqual([]);
    const registered = new Set(routes.map((r) => `${r.method} ${r.url}`));
    const stale = Object.keys(ROUTE_CASES).filter((key) => !registered.has(key));
    expect(stale, 'rows for routes the app does not register').toEqual([]);
  });

  it('answers every route with the row’s status for guest, owner, another student, admin and deactivated', async () => {
    const mismatches: string[] = [];
    let checked = 0;
    for (const route of registeredRoutes()) {
      const row = caseFor(route.method, route.url);
      if (!row) continue; // reported by the test above
      for (const caller of CALLERS) {
        const req = await row.request(w, caller);
        const status = await statusOf(req, caller);
        checked += 1;
        if (status !== row.expect[caller])
          mismatches.push(`${route.method} ${route.url} as ${caller}: ${status}, expected ${row.expect[caller]}`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(checked).toBe(registeredRoutes().length * CALLERS.length);
  }, 300_000);

  it('answers GET /api/files/:id by the record each file belongs to', async () => {
    const mismatches: string[] = [];
    for (const [name, row] of Object.entries(FILE_ACCESS_CASES)) {
      for (const caller of CALLERS) {
        const status = await statusOf(await row.request(w, caller), caller);
        if (status !== row.expect[caller])
          mismatches.push(`${name} as ${caller}: ${status}, expected ${row.expect[caller]}`);
      }
    }
    expect(mismatches).toEqual([]);
  }, 60_000);
});
