/**
 * The session cache: the cache itself (TTL, session expiry, size bound, an
 * eviction racing a lookup), revocation through it on one instance (sign-out, password change,
 * deactivation and role change take effect on the next request), and on PostgreSQL across two
 * instances on one database: revoked through one, refused by the other within 1 s (NOTIFY), and by
 * the TTL even when no notification is sent.
 */
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { openPostgres } from '../db/client.ts';
import { createTestApp, signUpAndLogin, type SignedIn, type TestApp } from '../test/helpers.ts';
import { SessionCache } from './session-cache.ts';

const ADMIN = 'registrar@iiitsonepat.ac.in';
const PG_URL = process.env.TEST_DATABASE_URL;

describe('SessionCache', () => {
  it('keeps an entry for the TTL, never past the session expiry, and drops the least recently used', () => {
    let now = 1_000;
    const cache = new SessionCache<string>(30_000, 2, () => now);
    cache.set('a', 'u1', 'A', now + 60_000, cache.epoch);
    cache.set('b', 'u1', 'B', now + 5_000, cache.epoch);
    now += 4_999;
    expect(cache.get('b')).toBe('B');
    now += 1;
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('A');
    cache.set('c', 'u2', 'C', now + 60_000, cache.epoch);
    cache.set('d', 'u2', 'D', now + 60_000, cache.epoch);
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    now += 30_000;
    expect(cache.get('c')).toBeUndefined();
  });

  it('evicts by session and by user, and keeps nothing read across an eviction or with TTL 0', () => {
    const cache = new SessionCache<string>(30_000);
    const far = Date.now() + 60_000;
    for (const [id, user] of [
      ['s1', 'u1'],
      ['s2', 'u1'],
      ['s3', 'u2'],
    ] as const)
      cache.set(id, user, id, far, cache.epoch);
    cache.evict('s:s3');
    expect(cache.get('s3')).toBeUndefined();
    cache.evict('u:u1');
    expect([cache.get('s1'), cache.get('s2')]).toEqual([undefined, undefined]);
    const before = cache.epoch;
    cache.evictUser('someone');
    cache.set('s4', 'u3', 's4', far, before);
    expect(cache.get('s4')).toBeUndefined();
    const off = new SessionCache<string>(0);
    off.set('x', 'u', 'x', far, off.epoch);
    expect(off.get('x')).toBeUndefined();
  });
});

describe('revocation through the cache on one instance', () => {
  let t: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: ADMIN, SESSION_CACHE_TTL_MS: '60000' });
    admin = await signUpAndLogin(t, { email: ADMIN });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });
  const current = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/api/users/current', headers: { cookie } }).then((r) => r.statusCode);

  it('serves a signed-in request from the cache, and a sign-out ends it at once', async () => {
    const s = await signUpAndLogin(t);
    expect(await current(s.cookie)).toBe(200);
    expect(t.app.sessionCache.size).toBeGreaterThan(0);
    const out = await t.app.inject({ method: 'POST', url: '/api/users/logout', headers: { cookie: s.cookie } });
    expect(out.statusCode).toBe(200);
    expect(await current(s.cookie)).toBe(401);
  });

  it('a password change ends the other sessions at once; deactivation ends all; a role change applies at once', async () => {
    const s = await signUpAndLogin(t);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: s.email, password: s.password },
    });
    const other = `cc_session=${login.cookies.find((c) => c.name === 'cc_session')!.value}`;
    expect(await current(other)).toBe(200);
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/users/change-password',
      headers: { cookie: s.cookie },
      payload: { currentPassword: s.password, newPassword: 'a different battery staple' },
    });
    expect(change.statusCode).toBe(200);
    expect(await current(other)).toBe(401);
    expect(await current(s.cookie)).toBe(200);

    const stats = () =>
      t.app
        .inject({ method: 'GET', url: '/api/users/admin/all', headers: { cookie: s.cookie } })
        .then((r) => r.statusCode);
    expect(await stats()).toBe(403);
    const promote = await t.app.inject({
      method: 'PUT',
      url: `/api/users/admin/users/${s.userId}`,
      headers: { cookie: admin.cookie },
      payload: { roles: ['admin'] },
    });
    expect(promote.statusCode, promote.body).toBe(200);
    expect(await stats()).toBe(200);

    const off = await t.app.inject({
      method: 'POST',
      url: `/api/users/admin/users/${s.userId}/deactivate`,
      headers: { cookie: admin.cookie },
    });
    expect(off.statusCode).toBe(200);
    expect(await current(s.cookie)).toBe(401);
  });
});

describe.runIf(PG_URL)('revocation across two instances on one PostgreSQL', () => {
  let t: TestApp;
  let appB: App;
  let closeB: () => Promise<void>;
  let url: string;
  let admin: SignedIn;

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: ADMIN, SESSION_CACHE_TTL_MS: '60000' });
    admin = await signUpAndLogin(t, { email: ADMIN });
    const result = (await t.database.db.execute(sql`SELECT current_database() AS name`)) as unknown as {
      rows: { name: string }[];
    };
    const u = new URL(PG_URL!);
    u.pathname = `/${result.rows[0]!.name}`;
    url = u.toString();
    const databaseB = await openPostgres(url, 3);
    appB = await buildApp({ config: { ...t.config, sessionCacheTtlMs: 60_000 }, database: databaseB, logger: false });
    await appB.ready();
    closeB = async () => {
      await appB.close();
      await databaseB.close();
    };
  }, 60_000);
  afterAll(async () => {
    await closeB?.();
    await t?.close();
  });

  const onB = (cookie: string) =>
    appB.inject({ method: 'GET', url: '/api/users/current', headers: { cookie } }).then((r) => r.statusCode);
  /** Milliseconds until instance B refuses `cookie` (polling every 10 ms, at most `ms`). */
  async function refusedByB(cookie: string, ms: number): Promise<number> {
    const start = Date.now();
    while ((await onB(cookie)) !== 401) {
      if (Date.now() - start > ms) throw new Error(`instance B still accepts the session after ${ms} ms`);
      await new Promise((r) => setTimeout(r, 10));
    }
    return Date.now() - start;
  }

  it('sign-out, password change and deactivation through A are refused by B within 1 s', async () => {
    const s = await signUpAndLogin(t);
    expect(await onB(s.cookie)).toBe(200); // B caches it for a minute
    await t.app.inject({ method: 'POST', url: '/api/users/logout', headers: { cookie: s.cookie } });
    expect(await refusedByB(s.cookie, 1_000)).toBeLessThan(1_000);

    const p = await signUpAndLogin(t);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: p.email, password: p.password },
    });
    const other = `cc_session=${second.cookies.find((c) => c.name === 'cc_session')!.value}`;
    expect(await onB(other)).toBe(200);
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/users/change-password',
      headers: { cookie: p.cookie },
      payload: { currentPassword: p.password, newPassword: 'a different battery staple' },
    });
    expect(change.statusCode).toBe(200);
    expect(await refusedByB(other, 1_000)).toBeLessThan(1_000);

    const d = await signUpAndLogin(t);
    expect(await onB(d.cookie)).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: `/api/users/admin/users/${d.userId}/deactivate`,
      headers: { cookie: admin.cookie },
    });
    expect(await refusedByB(d.cookie, 1_000)).toBeLessThan(1_000);
  });

  it('without any notification, B refuses a revoked session once its TTL has passed', async () => {
    const ttl = 800;
    const databaseC = await openPostgres(url, 2);
    const appC = await buildApp({
      config: { ...t.config, sessionCacheTtlMs: ttl },
      database: databaseC,
      logger: false,
    });
    const direct = new pg.Client({ connectionString: url });
    try {
      await appC.ready();
      await direct.connect();
      const s = await signUpAndLogin(t);
      const onC = () =>
        appC
          .inject({ method: 'GET', url: '/api/users/current', headers: { cookie: s.cookie } })
          .then((r) => r.statusCode);
      expect(await onC()).toBe(200);
      const cachedAt = Date.now();
      // Triggers off for this connection only: the session goes and nobody is told.
      await direct.query('SET session_replication_role = replica');
      await direct.query('DELETE FROM sessions WHERE user_id = $1', [s.userId]);
      expect(await onC()).toBe(200); // still cached: the TTL is the bound, not the notification
      while ((await onC()) !== 401) {
        expect(Date.now() - cachedAt).toBeLessThan(ttl + 1_000);
        await new Promise((r) => setTimeout(r, 20));
      }
    } finally {
      await direct.end();
      await appC.close();
      await databaseC.close();
    }
  });
});
