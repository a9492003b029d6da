/**
 * Time limits on the app's database connections (docs/security.md "Time limits"), through the real
 * HTTP interface on PostgreSQL: a request that waits on a locked table answers 503 + `Retry-After`
 * with the envelope once `lock_timeout` passes, while other routes keep serving; a statement running
 * past `statement_timeout` is cancelled; migrations run without either limit. PostgreSQL only (the
 * embedded database is one connection that never waits on another's lock); CI runs it.
 */
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_MESSAGES } from '@campus/contract/envelope';
import { buildApp } from './app.ts';
import { openPostgres } from './db/client.ts';
import { isTimeLimitExceeded } from './db/faults.ts';
import { createTestApp, signUpAndLogin, type SignedIn, type TestApp } from './test/helpers.ts';

const PG_URL = process.env.TEST_DATABASE_URL;

/** The URL of the test app's own database. */
async function databaseUrl(t: TestApp): Promise<string> {
  const result = (await t.database.db.execute(sql`SELECT current_database() AS name`)) as unknown as {
    rows: { name: string }[];
  };
  const url = new URL(PG_URL!);
  url.pathname = `/${result.rows[0]!.name}`;
  return url.toString();
}

/** One setting of a pooled connection, e.g. `statement_timeout`, as PostgreSQL shows it. */
async function show(db: TestApp['database']['db'], setting: 'statement_timeout' | 'lock_timeout'): Promise<string> {
  const result = (await db.execute(sql.raw(`SHOW ${setting}`))) as unknown as { rows: Record<string, string>[] };
  return result.rows[0]![setting]!;
}

describe.runIf(PG_URL)('time limits on the app’s PostgreSQL connections', () => {
  let t: TestApp;
  let student: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    student = await signUpAndLogin(t);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('a list behind a locked table answers 503 + Retry-After after lock_timeout; other routes keep serving', async () => {
    const locker = new pg.Client({ connectionString: await databaseUrl(t) });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE marketplace_items IN ACCESS EXCLUSIVE MODE');
      const started = performance.now();
      const list = t.app.inject({ method: 'GET', url: '/api/buy-and-sell/items', headers: { cookie: student.cookie } });
      const rides = await t.app.inject({ method: 'GET', url: '/api/rides', headers: { cookie: student.cookie } });
      expect(rides.statusCode, rides.body).toBe(200);
      const res = await list;
      const elapsed = performance.now() - started;
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
      expect(res.json()).toEqual({ success: false, message: COMMON_MESSAGES.unavailable });
      // It waited for the lock (default lock_timeout 1.5 s), and no longer than the 3 s the list may take.
      expect(elapsed).toBeGreaterThanOrEqual(1_400);
      expect(elapsed).toBeLessThan(3_000);
      await locker.query('ROLLBACK');
      const after = await t.app.inject({
        method: 'GET',
        url: '/api/buy-and-sell/items',
        headers: { cookie: student.cookie },
      });
      expect(after.statusCode, after.body).toBe(200);
    } finally {
      await locker.end();
    }
  });

  it('bulkheads: 20 lists behind a locked table hold only their share; rides, the bell, health and sign-in answer meanwhile', async () => {
    const url = await databaseUrl(t);
    // The production pool settings (the test helpers let a group wait longer): a pool of 5, a
    // group's share 3, 1 s to wait for it, 2 reserved connections.
    const database = await openPostgres(url, 5);
    const app = await buildApp({ config: t.config, database, logger: false });
    await app.ready();
    const locker = new pg.Client({ connectionString: url });
    await locker.connect();
    // Outside the locker's transaction, whose view of pg_stat_activity is one snapshot.
    const watcher = new pg.Client({ connectionString: url });
    await watcher.connect();
    const other = await signUpAndLogin(t);
    const othersOnce = () =>
      Promise.all([
        app.inject({ method: 'GET', url: '/api/rides', headers: { cookie: student.cookie } }),
        app.inject({ method: 'GET', url: '/api/notification/unread/count', headers: { cookie: student.cookie } }),
        app.inject({ method: 'GET', url: '/api/users/health' }),
        app.inject({ method: 'GET', url: '/api/ready' }),
        app.inject({ method: 'GET', url: '/api/users/current', headers: { cookie: other.cookie } }),
      ]);
    try {
      await othersOnce(); // connections opened and sessions cached, as on a running server
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE marketplace_items IN ACCESS EXCLUSIVE MODE');
      const lists = Array.from({ length: 20 }, async () => {
        const started = performance.now();
        const res = await app.inject({
          method: 'GET',
          url: '/api/buy-and-sell/items',
          headers: { cookie: student.cookie },
        });
        return { res, ms: performance.now() - started };
      });
      // The list's group holds its share (3 of the test pool's 5) waiting on the lock.
      await expect
        .poll(
          async () =>
            (
              await watcher.query(
                `SELECT count(*)::int AS n FROM pg_stat_activity
                  WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
              )
            ).rows[0].n as number,
          { timeout: 5_000, interval: 20 },
        )
        .toBe(3);
      const othersStarted = performance.now();
      const others = await othersOnce();
      // …answered without waiting for the lists' connections (the pool's whole 5 would be held for
      // lock_timeout, 1.5 s, without the share).
      expect(performance.now() - othersStarted).toBeLessThan(1_500);
      expect(others.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
      for (const { res, ms } of await Promise.all(lists)) {
        expect(res.statusCode, res.body).toBe(503);
        expect(res.headers['retry-after']).toBe('2');
        expect(res.json()).toEqual({ success: false, message: COMMON_MESSAGES.unavailable });
        // At most the 1 s wait for a share plus the 1.5 s lock_timeout.
        expect(ms).toBeLessThan(3_000);
      }
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
      await watcher.end();
      await app.close();
      await database.close();
    }
  });

  it('a statement past statement_timeout is cancelled with 57014; lock_timeout gives 55P03', async () => {
    const database = await openPostgres(await databaseUrl(t), 2, {
      statementTimeoutMs: 200,
      lockTimeoutMs: 100,
      idleInTransactionTimeoutMs: 1_000,
    });
    try {
      expect(await show(database.db, 'statement_timeout')).toBe('200ms');
      const started = performance.now();
      const err = await database.db.execute(sql`SELECT pg_sleep(5)`).then(
        () => null,
        (e: unknown) => e,
      );
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(isTimeLimitExceeded(err)).toBe(true);
      expect((err as { cause?: { code?: string } }).cause?.code).toBe('57014');
      expect(isTimeLimitExceeded(new Error('other'))).toBe(false);
    } finally {
      await database.close();
    }
  });

  it('migrations (the advisory-lock connection) run without the limits; the pool keeps them', async () => {
    expect(await show(t.database.db, 'statement_timeout')).toBe('5s');
    expect(await show(t.database.db, 'lock_timeout')).toBe('1500ms');
    const inside = await t.database.withAdvisoryLock(991_001, async (db) => [
      await show(db, 'statement_timeout'),
      await show(db, 'lock_timeout'),
    ]);
    expect(inside).toEqual(['0', '0']);
    // The connection went back to the pool with its limits again.
    const shown = await Promise.all(Array.from({ length: 5 }, () => show(t.database.db, 'statement_timeout')));
    expect(new Set(shown)).toEqual(new Set(['5s']));
  });
});
