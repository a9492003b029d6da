/**
 * Operations, through the real HTTP interface: a database that is away
 * answers 503 with `Retry-After` and never ends the process; readiness says why; a backend
 * terminated mid-request answers 503 and the next request is served; the live listener reconnects
 * and open streams resync and keep receiving; a per-IP limit holds across two instances on one
 * PostgreSQL; one session cannot hold more than its cap of live streams, nor one address more than
 * its cap of sockets. The PostgreSQL-only cases run with TEST_DATABASE_URL (CI runs both).
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_MESSAGES } from '@campus/contract/envelope';
import { buildApp, type App } from './app.ts';
import { openPostgres } from './db/client.ts';
import { logSafeError } from './db/faults.ts';
import { throttledLog } from './lib/log-throttle.ts';
import {
  createTestApp,
  instituteEmail,
  sessionCookie,
  signUpAndLogin,
  type SignedIn,
  type TestApp,
} from './test/helpers.ts';
import { openStream } from './test/sse.ts';

const ADMIN = 'dean@iiitsonepat.ac.in';
const PG_URL = process.env.TEST_DATABASE_URL;

let t: TestApp;
let base: string;
let admin: SignedIn;

/** The base URL of an app listening on a random loopback port. */
async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** Waits until `fn` returns true (polling every 50 ms, up to `ms`). */
async function eventually(fn: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const start = Date.now();
  while (!(await fn())) {
    if (Date.now() - start > ms) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The URL of the test app's own PostgreSQL database, and an admin connection to it. */
async function testDatabase(): Promise<{ url: string; admin: pg.Client }> {
  const result = (await t.database.db.execute(sql`SELECT current_database() AS name`)) as unknown as {
    rows: { name: string }[];
  };
  const url = new URL(PG_URL!);
  url.pathname = `/${result.rows[0]!.name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return { url: url.toString(), admin: client };
}

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN, TRUST_PROXY: '127.0.0.1' });
  base = await listen(t.app);
  admin = await signUpAndLogin(t, { email: ADMIN });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('a database that is away', () => {
  it('answers 503 with Retry-After and the contract body, and readiness names the parts that are down', async () => {
    // Nothing listens on port 1: every connection is refused, as during a PostgreSQL restart.
    const database = await openPostgres('postgres://postgres@127.0.0.1:1/none', 2);
    const app = await buildApp({ config: t.config, database, logger: false });
    try {
      await app.ready();
      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toBe('2');
      expect(ready.json()).toEqual({
        success: false,
        message: COMMON_MESSAGES.databaseDown,
        errors: { database: COMMON_MESSAGES.databaseDown, listener: COMMON_MESSAGES.listenerDown },
      });
      for (const req of [
        { method: 'GET' as const, url: '/api/users/current', headers: { cookie: 'cc_session=abc' } },
        { method: 'GET' as const, url: '/api/buy-and-sell/items', headers: { cookie: 'cc_session=abc' } },
        {
          method: 'POST' as const,
          url: '/api/users/login',
          payload: { email: instituteEmail(), password: 'correct horse battery' },
        },
      ]) {
        const res = await app.inject(req);
        expect(res.statusCode, `${req.method} ${req.url}: ${res.body}`).toBe(503);
        expect(res.headers['retry-after']).toBe('2');
        expect(res.json()).toEqual({ success: false, message: COMMON_MESSAGES.unavailable });
      }
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('readiness answers 200 with each part ok when the database and the listener are up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ database: 'ok', listener: 'ok' });
  });
});

describe.runIf(PG_URL)('PostgreSQL faults', () => {
  it('a backend terminated mid-request answers 503, and the same process serves the next request', async () => {
    const { admin: pgAdmin } = await testDatabase();
    try {
      // Hold a lock the request will wait on, so it is mid-query when its backend is terminated.
      await pgAdmin.query('BEGIN');
      await pgAdmin.query('LOCK TABLE notifications IN ACCESS EXCLUSIVE MODE');
      const pending = t.app.inject({ method: 'GET', url: '/api/notification', headers: { cookie: admin.cookie } });
      let terminated = 0;
      await eventually(
        async () => {
          const r = await pgAdmin.query(
            `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
              WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'`,
          );
          terminated += r.rows[0].n as number;
          return terminated > 0;
        },
        10_000,
        'the request to wait on the lock',
      );
      const res = await pending;
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
      expect(res.json()).toEqual({ success: false, message: COMMON_MESSAGES.unavailable });
      await pgAdmin.query('ROLLBACK');
      const next = await t.app.inject({ method: 'GET', url: '/api/notification', headers: { cookie: admin.cookie } });
      expect(next.statusCode).toBe(200);
    } finally {
      await pgAdmin.end();
    }
  });

  it('the listener reconnects by itself: streams get resync, and a notification after it arrives', async () => {
    const { admin: pgAdmin } = await testDatabase();
    const user = await signUpAndLogin(t);
    const s = await openStream(base, user.cookie);
    try {
      await s.waitFor((e) => e.event === 'unread');
      const killed = await pgAdmin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND query ILIKE 'LISTEN%'`,
      );
      expect(killed.rowCount).toBeGreaterThan(0);
      await s.waitFor((e) => e.event === 'resync', 10_000);
      const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(200);
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/notification',
        headers: { cookie: admin.cookie },
        payload: { message: 'after the reconnect', userId: user.userId },
      });
      expect(created.statusCode).toBe(201);
      await s.waitFor((e) => e.event === 'notification' && e.data.message === 'after the reconnect', 5_000);
    } finally {
      await s.close();
      await pgAdmin.end();
    }
  });

  it('a per-IP limit counts the hits of two instances on one PostgreSQL together', async () => {
    const { url, admin: pgAdmin } = await testDatabase();
    await pgAdmin.end();
    const databaseB = await openPostgres(url, 3);
    const appB = await buildApp({ config: t.config, database: databaseB, logger: false });
    try {
      await appB.ready();
      const apps = [t.app, appB];
      // forgot-password allows 100 per address per hour; alternate the instances.
      const statuses: number[] = [];
      for (let i = 0; i < 101; i++) {
        const res = await apps[i % 2]!.inject({
          method: 'POST',
          url: '/api/users/forgot-password',
          headers: { 'x-forwarded-for': '203.0.113.7' },
          payload: { email: instituteEmail('nobody') },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 100).filter((s) => s === 429)).toEqual([]);
      expect(statuses[100]).toBe(429);
      // Another address is counted apart.
      const other = await appB.inject({
        method: 'POST',
        url: '/api/users/forgot-password',
        headers: { 'x-forwarded-for': '203.0.113.8' },
        payload: { email: instituteEmail('nobody') },
      });
      expect(other.statusCode).not.toBe(429);
    } finally {
      await appB.close();
      await databaseB.close();
    }
  });
});

describe('stream and socket caps', () => {
  it('1,000 stream requests from one session leave at most the cap open, and other students are served', async () => {
    const attacker = await signUpAndLogin(t);
    const other = await signUpAndLogin(t);
    const streams: Awaited<ReturnType<typeof openStream>>[] = [];
    try {
      for (let batch = 0; batch < 50; batch++) {
        const opened = await Promise.all(Array.from({ length: 20 }, () => openStream(base, attacker.cookie)));
        streams.push(...opened);
        expect(opened.every((s) => s.res.status === 200)).toBe(true);
      }
      // The server closed every stream over the cap as newer ones arrived; the newest stays open.
      const newest = await openStream(base, attacker.cookie);
      streams.push(newest);
      await eventually(
        async () => streams.filter((s) => !s.ended()).length <= t.config.limits.streamsPerSession,
        10_000,
        'old streams to close',
      );
      expect(newest.ended()).toBe(false);
      const res = await fetch(`${base}/api/users/current`, { headers: { cookie: other.cookie } });
      expect(res.status).toBe(200);
    } finally {
      await Promise.all(streams.map((s) => s.close()));
    }
  }, 120_000);

  it('one student holds at most STREAMS_PER_USER streams over all sessions; a new one closes the oldest', async () => {
    const student = await signUpAndLogin(t);
    const cookies = [student.cookie];
    for (let i = 0; i < 3; i++) {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: student.email, password: student.password },
      });
      cookies.push(sessionCookie(login));
    }
    const { streamsPerSession, streamsPerUser } = t.config.limits;
    expect(cookies.length * streamsPerSession).toBeGreaterThan(streamsPerUser);
    const streams: Awaited<ReturnType<typeof openStream>>[] = [];
    try {
      for (const cookie of cookies)
        for (let i = 0; i < streamsPerSession; i++) streams.push(await openStream(base, cookie));
      await eventually(
        async () => streams.filter((s) => !s.ended()).length === streamsPerUser,
        10_000,
        'the oldest streams to close',
      );
      expect(streams.slice(-streamsPerUser).every((s) => !s.ended())).toBe(true);
    } finally {
      await Promise.all(streams.map((s) => s.close()));
    }
  });

  it('one address gets at most MAX_CONNECTIONS_PER_ADDRESS sockets; the next is refused with 429', async () => {
    const capped = await createTestApp({ MAX_CONNECTIONS_PER_ADDRESS: '5' });
    const url = new URL(await listen(capped.app));
    const sockets: net.Socket[] = [];
    try {
      for (let i = 0; i < 5; i++) {
        const socket = net.connect(Number(url.port), url.hostname);
        await new Promise((r) => socket.once('connect', r));
        sockets.push(socket);
      }
      const sixth = net.connect(Number(url.port), url.hostname);
      sockets.push(sixth);
      let answer = '';
      sixth.on('data', (d: Buffer) => (answer += d.toString()));
      await new Promise((r) => sixth.once('close', r));
      expect(answer).toMatch(/^HTTP\/1\.1 429 Too Many Requests\r\n/);
      expect(answer).toContain('Retry-After: 5');
      expect(answer).toContain(COMMON_MESSAGES.rateLimited);
      // Once one closes, a new connection is served.
      sockets[0]!.destroy();
      await new Promise((r) => setTimeout(r, 50));
      const res = await fetch(`${url.origin}/api/users/health`, { headers: { connection: 'close' } });
      expect(res.status).toBe(200);
    } finally {
      for (const s of sockets) s.destroy();
      await capped.close();
    }
  });
});

describe('error logs', () => {
  it('never carry SQL parameters', () => {
    const err = new Error('Failed query: select * from users where email = $1\nparams: secret@example.com');
    const cause = Object.assign(new Error('boom'), { code: '42P01' });
    const safe = JSON.stringify(logSafeError(Object.assign(err, { cause })));
    expect(safe).toContain('Failed query: select * from users where email = $1');
    expect(safe).toContain('42P01');
    expect(safe).not.toContain('secret@example.com');
  });

  it('are throttled: at most N lines per window, then one line counting the rest', () => {
    const lines: string[] = [];
    const logger = {
      warn: (_o: object, m: string) => lines.push(`warn ${m}`),
      error: (_o: object, m: string) => lines.push(`error ${m}`),
    } as unknown as Parameters<ReturnType<typeof throttledLog>>[0];
    const log = throttledLog(60_000, 3);
    for (let i = 0; i < 100; i++) log(logger, 'error', {}, 'Unhandled error');
    expect(lines).toEqual(['error Unhandled error', 'error Unhandled error', 'error Unhandled error']);
  });
});
