/**
 * Route-wide input fuzzing (docs/design.md §9) with fast-check, shared by the suite files
 * `input-fuzz.test.ts` and `input-fuzz.shard2.test.ts`: each fuzzes every other route on an app and
 * database of its own, so a 2-core runner fuzzes both halves at once. For every API route that
 * takes params, a query or a body (JSON or multipart), generated requests — random JSON, the
 * route's valid request with one field made wrong (numbers beyond PostgreSQL's `integer`, deep
 * nesting, long strings, unicode and NUL, wrong types), wrong content types, broken multipart,
 * malformed ids — are sent as a student and as an admin. Every answer must be below 500, and a
 * refused request (4xx) must write nothing: a fingerprint of every table's rows (sessions and
 * rate-limit counters aside) is the same before and after.
 *
 * `FUZZ_RUNS` sets the cases per route (default 200; e.g. `FUZZ_RUNS=5000` for a long run).
 */
import fc from 'fast-check';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxWorkersIdle } from '../lib/outbox.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { multipartForm } from './multipart.ts';
import {
  SUITE_ENV,
  buildWorld,
  caseFor,
  cookieHeader,
  nextClientIp,
  type CaseRequest,
  type World,
} from './route-cases.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
/** Tables a refused request may still write: the session touch and the rate-limit counters. */
const UNFINGERPRINTED = new Set(['sessions', 'rate_limits', '__drizzle_migrations']);
/** Routes whose valid request changes the callers' credentials: fuzzed last (they may change them). */
const CREDENTIAL_ROUTES = new Set(['POST /api/users/change-password']);

/** How many suite files the routes are split over (route i goes to part i mod this). */
export const FUZZ_SHARDS = 2;

let t: TestApp;
let w: World;
let tables: string[] = [];

/** Runs a raw query and returns its rows (both drivers answer `{ rows }`). */
async function rows<T>(query: SQL): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Resolves once the outboxes are empty: work a set-up request queued (a new record's alert
 * matching, a push) is done and committed by the app's workers, so it cannot land between the
 * fingerprints of a refused request (lib/outbox.ts).
 */
async function outboxesDrained(): Promise<void> {
  for (let i = 0; i < 1_000; i += 1) {
    const [queued] = await rows<{ n: number }>(
      sql`SELECT (SELECT count(*) FROM alert_outbox) + (SELECT count(*) FROM push_outbox) AS n`,
    );
    if (Number(queued!.n) === 0) return outboxWorkersIdle(t.app.ctx);
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('the outboxes were not drained in 10 s');
}

/** The last fingerprint taken, and the snapshot's xmax read just before it. */
let lastFingerprint: { xmax: string; value: string } | null = null;

/**
 * One md5 over the rows of every fingerprinted table (small tables: the suite's own world). Most
 * cases write nothing between two fingerprints, and the md5 is most of the suite's time, so the
 * last value is reused while the snapshot's xmax (the first transaction id not yet completed,
 * PostgreSQL's `pg_current_snapshot()`) is where it was when that value was taken: every
 * transaction that writes a row — committed or rolled back — is given an id and moves xmax on
 * completing, so an unchanged xmax means no row changed since. On PostgreSQL the other suite
 * files' transactions move it too: there the md5 is simply taken every time.
 */
async function fingerprint(): Promise<string> {
  const [snapshot] = await rows<{ xmax: string }>(sql`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xmax`);
  if (lastFingerprint?.xmax === snapshot!.xmax) return lastFingerprint.value;
  const parts = tables.map(
    (name) => sql`coalesce((SELECT md5(string_agg(x::text, '|' ORDER BY x::text)) FROM ${sql.identifier(name)} x), '')`,
  );
  const [row] = await rows<{ f: string }>(sql`SELECT concat_ws(',', ${sql.join(parts, sql`, `)}) AS f`);
  lastFingerprint = { xmax: snapshot!.xmax, value: row!.f };
  return row!.f;
}

/** Values that break naive handlers: integer edges, wrong types, NUL, unicode, long and deep. */
const nasty: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(2147483648, -2147483649, 2 ** 53 + 2, 1e308, -1, 0, 0.5, 1e21),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('\u0000', 'a\u0000b', '\ud800', '%00', '../../etc/passwd', "'; DROP TABLE users; --", '<script>'),
  fc.constantFrom('x'.repeat(5_000), '9'.repeat(400), '🙂'.repeat(2_000)),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 }),
  fc.integer({ min: 50, max: 3_000 }).map(deepArray),
);

/** `[[[…]]]` nested `depth` times. */
function deepArray(depth: number): unknown {
  let v: unknown = [];
  for (let i = 0; i < depth; i += 1) v = [v];
  return v;
}

/** Any value as text (JSON for non-strings; prototype-less objects included). */
const asText = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
/** Query strings carry text: a value as a person or a script could put it in a URL. */
const asQueryValue = (v: unknown): string | string[] => (Array.isArray(v) ? v.slice(0, 3).map(asText) : asText(v));

/** The fields a route's valid request sends (JSON object, or multipart text parts). */
function sampleFields(req: CaseRequest): Record<string, unknown> {
  const payload = req.payload;
  if (payload && typeof payload === 'object' && !Buffer.isBuffer(payload)) return { ...(payload as object) };
  const type = String((req.headers as Record<string, string> | undefined)?.['content-type'] ?? '');
  if (Buffer.isBuffer(payload) && type.startsWith('multipart/')) {
    const fields: Record<string, unknown> = {};
    for (const m of payload.toString('latin1').matchAll(/name="([^"]+)"\r\n\r\n([^\r]*)\r\n/g)) fields[m[1]!] = m[2];
    return fields;
  }
  return {};
}

/** A way to spoil a route's valid request. */
type Spoil =
  | { kind: 'json'; value: unknown }
  | { kind: 'field'; key: string | null; value: unknown; multipart: boolean }
  | { kind: 'query'; key: string | null; value: unknown }
  | { kind: 'param'; value: string }
  | { kind: 'content-type'; type: string; body: string }
  | { kind: 'multipart'; body: string; cut: number };

const spoil: fc.Arbitrary<Spoil> = fc.oneof(
  fc.record({ kind: fc.constant('json' as const), value: fc.oneof(fc.jsonValue(), nasty) }),
  fc.record({
    kind: fc.constant('field' as const),
    key: fc.option(fc.string({ maxLength: 12 }), { nil: null }),
    value: nasty,
    multipart: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('query' as const),
    key: fc.option(fc.string({ maxLength: 12 }), { nil: null }),
    value: nasty,
  }),
  fc.record({
    kind: fc.constant('param' as const),
    value: fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.uuid(),
      fc.constantFrom('x'.repeat(300), '%00', '..', '00000000-0000-0000-0000-000000000000', '1', '-1', '2147483648'),
    ),
  }),
  fc.record({
    kind: fc.constant('content-type' as const),
    type: fc.constantFrom('text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data'),
    body: fc.string({ maxLength: 200 }),
  }),
  fc.record({ kind: fc.constant('multipart' as const), body: fc.string({ maxLength: 300 }), cut: fc.nat(400) }),
);

/** Applies `s` to the valid request `req` (whose URL is already filled in, e.g. `/items/<uuid>`). */
function spoiled(req: CaseRequest, pattern: string, s: Spoil): CaseRequest {
  const headers = { ...(req.headers as Record<string, string>) };
  delete headers['content-type'];
  const base = { method: req.method, url: req.url, query: req.query, headers };
  switch (s.kind) {
    case 'json':
      return { ...base, payload: JSON.stringify(s.value), headers: { ...headers, 'content-type': 'application/json' } };
    case 'field': {
      const fields = sampleFields(req);
      const keys = Object.keys(fields);
      const key = s.key ?? keys[Math.abs(hash(asText(s.value))) % Math.max(keys.length, 1)] ?? 'field';
      fields[key] = s.value;
      if (s.multipart) {
        const text = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(asQueryValue(v))]));
        const body = multipartForm(text);
        return { ...base, payload: body.payload, headers: { ...headers, ...body.headers } };
      }
      return { ...base, payload: JSON.stringify(fields), headers: { ...headers, 'content-type': 'application/json' } };
    }
    case 'query': {
      const query = { ...((req.query as Record<string, string>) ?? {}) } as Record<string, string | string[]>;
      const keys = Object.keys(query).concat(['page', 'limit', 'search', 'sort', 'minPrice']);
      query[s.key ?? keys[Math.abs(hash(asText(s.value))) % keys.length]!] = asQueryValue(s.value);
      return { ...req, headers: req.headers, query };
    }
    case 'param': {
      const segments = pattern.split('/');
      const url = req.url
        .split('?')[0]!
        .split('/')
        .map((seg, i) => (segments[i]?.startsWith(':') ? encodeURIComponent(s.value) : seg))
        .join('/');
      return { ...req, url };
    }
    case 'content-type':
      return { ...base, payload: s.body, headers: { ...headers, 'content-type': s.type } };
    case 'multipart': {
      const full = Buffer.from(`--b0und\r\nContent-Disposition: form-data; name="x"\r\n\r\n${s.body}\r\n--b0und--\r\n`);
      return {
        ...base,
        payload: full.subarray(0, s.cut),
        headers: { ...headers, 'content-type': 'multipart/form-data; boundary=b0und' },
      };
    }
  }
}

/** A small stable hash (picks which field a case spoils, reproducibly). */
function hash(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i += 1) h = (h * 31 + text.charCodeAt(i)) | 0;
  return h;
}

/** API routes with input to fuzz (the SSE stream and the docs have none). */
function fuzzedRoutes() {
  const routes = t.app.routeTable.filter(
    (r) =>
      r.method !== 'HEAD' &&
      r.url.startsWith('/api/') &&
      !r.url.startsWith('/api/docs') &&
      !r.url.endsWith('/stream') &&
      ['params', 'querystring', 'body', 'consumes'].some((k) => r.schema && k in r.schema),
  );
  const last = (r: { method: string; url: string }) => (CREDENTIAL_ROUTES.has(`${r.method} ${r.url}`) ? 1 : 0);
  return routes.sort((a, b) => last(a) - last(b));
}

/**
 * Declares the fuzz suite for part `shard` (0-based) of {@link FUZZ_SHARDS}: its own app and world,
 * the fuzzing of its routes, and, in part 0, the route-coverage check and the two regression inputs.
 */
export function describeInputFuzz(shard: number): void {
  beforeAll(async () => {
    t = await createTestApp(SUITE_ENV);
    w = await buildWorld(t);
    const found = await rows<{ table_name: string }>(
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    );
    tables = found.map((r) => r.table_name).filter((name) => !UNFINGERPRINTED.has(name));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  describe(`input fuzzing: no input yields a 5xx, a refused request writes nothing${shard ? ` (routes, part ${shard + 1} of ${FUZZ_SHARDS})` : ''}`, () => {
    if (shard === 0)
      it('covers every API route that takes input', () => {
        const routes = fuzzedRoutes();
        expect(routes.length).toBeGreaterThan(30);
        expect(routes.filter((r) => !caseFor(r.method, r.url)).map((r) => `${r.method} ${r.url}`)).toEqual([]);
      });

    it(
      'answers generated input to every route with a 4xx or success, and refusals leave the data unchanged',
      async () => {
        const failures: string[] = [];
        for (const route of fuzzedRoutes().filter((_, i) => i % FUZZ_SHARDS === shard)) {
          const row = caseFor(route.method, route.url)!;
          await fc.assert(
            fc.asyncProperty(spoil, fc.constantFrom('owner' as const, 'admin' as const), async (s, caller) => {
              const valid = await row.request(w, caller);
              const req = spoiled(valid, route.url, s);
              await outboxesDrained();
              const before = await fingerprint();
              const headers = { ...cookieHeader(w, caller), 'x-forwarded-for': nextClientIp(), ...req.headers };
              const res = await t.app.inject({ ...req, headers });
              const where = `${route.method} ${route.url} as ${caller} (${s.kind}): ${res.statusCode} ${res.body.slice(0, 200)}`;
              if (res.statusCode >= 500) failures.push(where);
              expect(res.statusCode, where).toBeLessThan(500);
              if (res.statusCode >= 400) expect(await fingerprint(), `refused but wrote: ${where}`).toBe(before);
            }),
            { numRuns: RUNS },
          );
        }
        expect(failures).toEqual([]);
      },
      30 * 60_000,
    );

    if (shard === 0)
      it('answers the two inputs that once made a 500 with 400 and the contract’s messages', async () => {
        const big = await t.app.inject({
          method: 'GET',
          url: '/api/buy-and-sell/items?minPrice=2147483648',
          headers: cookieHeader(w, 'owner'),
        });
        expect(big.statusCode).toBe(400);
        expect(big.json()).toMatchObject({ success: false, message: 'Price must be at most ₹1,00,00,000.' });
        const deep = await t.app.inject({
          method: 'POST',
          url: '/api/users/login',
          payload: JSON.stringify(deepArray(4_000)),
          headers: { 'content-type': 'application/json', 'x-forwarded-for': nextClientIp() },
        });
        expect(deep.statusCode).toBe(400);
        expect(deep.json().success).toBe(false);
      });
  });
}
