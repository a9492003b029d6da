/**
 * Smaller hardening rules found by a second outside probe (docs/security.md V3.3.2, V3.5.1,
 * V15.2.2), through the real HTTP interface: the Origin check compares scheme, host and port;
 * cross-site cookies are also `Partitioned` (CHIPS), set and cleared with it; kept
 * `Idempotency-Key` answers are bounded per user, and renewing a listing has a write limit.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_MESSAGES } from '@campus/contract/envelope';
import { idempotencyKeys } from './db/schema/idempotency.ts';
import { IDEMPOTENCY_KEYS_PER_USER } from './lib/idempotency.ts';
import { createTestApp, signUpAndLogin, type TestApp } from './test/helpers.ts';

describe('the Origin check compares scheme, host and port', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const login = (origin: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { host: 'localhost:3000', origin },
      payload: { email: 'nobody@iiitsonepat.ac.in', password: 'not the password' },
    });

  it('refuses https://<host> on an http app, and another port; accepts the same origin', async () => {
    for (const origin of ['https://localhost:3000', 'http://localhost:3001', 'http://localhost']) {
      const res = await login(origin);
      expect(res.statusCode, origin).toBe(403);
      expect(res.json()).toEqual({ success: false, message: COMMON_MESSAGES.csrf });
    }
    // The app's own origin passes the check (and the wrong password is what answers).
    expect((await login('http://localhost:3000')).statusCode).toBe(401);
  });
});

describe('CROSS_SITE_COOKIES=true', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ APP_URL: 'https://campus.example.edu', CROSS_SITE_COOKIES: 'true' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('sets the session and device cookies SameSite=None; Secure; Partitioned, and clears the session cookie the same way', async () => {
    const user = await signUpAndLogin(t);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: user.email, password: user.password },
    });
    const setCookies = [login.headers['set-cookie']].flat().map(String);
    for (const name of ['cc_session', 'cc_device']) {
      const cookie = setCookies.find((c) => c.startsWith(`${name}=`));
      expect(cookie, name).toMatch(/; Partitioned/);
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/; SameSite=None/);
    }
    const session = /cc_session=[^;]+/.exec(setCookies.join('\n'))![0];
    const logout = await t.app.inject({ method: 'POST', url: '/api/users/logout', headers: { cookie: session } });
    expect(logout.statusCode).toBe(200);
    const cleared = [logout.headers['set-cookie']]
      .flat()
      .map(String)
      .find((c) => c.startsWith('cc_session='));
    expect(cleared).toMatch(/; Partitioned/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
  });
});

describe('bounded writes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  /** A listing of a new student; resolves the student and the listing id. */
  async function ownListing() {
    const owner = await signUpAndLogin(t);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/buy-and-sell/items',
      headers: { cookie: owner.cookie },
      payload: {
        item_name: 'Drawing board',
        price: 300,
        category: 'Books',
        item_condition: 'Good',
        description: 'A3 board with a T-square.',
        owner_contact: '9876543210',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    return { owner, id: created.json().data.id as string };
  }

  it(`keeps at most ${IDEMPOTENCY_KEYS_PER_USER} Idempotency-Key answers per user; the newest still replays`, async () => {
    const { owner, id } = await ownListing();
    const keys = Array.from({ length: IDEMPOTENCY_KEYS_PER_USER + 20 }, () => randomUUID());
    for (const key of keys) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/buy-and-sell/items/${id}/renew`,
        headers: { cookie: owner.cookie, 'idempotency-key': key },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const [row] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.userId, owner.userId));
    expect(row!.n).toBe(IDEMPOTENCY_KEYS_PER_USER);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/buy-and-sell/items/${id}/renew`,
      headers: { cookie: owner.cookie, 'idempotency-key': keys.at(-1)! },
    });
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('renewing a listing is limited to 300 an hour per address (429 + Retry-After)', async () => {
    const { owner, id } = await ownListing();
    const renew = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/buy-and-sell/items/${id}/renew`,
        remoteAddress: '10.33.0.1',
        headers: { cookie: owner.cookie },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++)
      statuses.push(...(await Promise.all(Array.from({ length: 10 }, renew))).map((r) => r.statusCode));
    expect(statuses.filter((s) => s === 200)).toHaveLength(300);
    const over = await renew();
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json()).toEqual({ success: false, message: COMMON_MESSAGES.rateLimited });
  });
});
