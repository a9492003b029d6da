/**
 * A connection pooler's "no server for you now" answers count as the database being away
 * (db/faults.ts, docs/operations.md "PgBouncer"): behind a pooler that answers every login as
 * PgBouncer does while PostgreSQL restarts — an ErrorResponse with SQLSTATE 08P01 "server login has
 * been failing, try again later (server_login_retry)" — routes answer 503 with `Retry-After` and
 * the contract's message, never 500, and readiness says the database is down. The pooler is a
 * loopback socket server speaking the protocol's first message, so this runs on either database.
 */
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_MESSAGES } from '@campus/contract/envelope';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openPostgres } from './db/client.ts';
import { isDatabaseUnavailable } from './db/faults.ts';

/** A PostgreSQL ErrorResponse message ('E') with the fields given (S, V, C, M). */
function errorResponse(fields: Record<string, string>): Buffer {
  const body = Buffer.concat([
    ...Object.entries(fields).map(([k, v]) => Buffer.from(`${k}${v}\0`, 'utf8')),
    Buffer.from([0]),
  ]);
  const head = Buffer.alloc(5);
  head.write('E', 0);
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

/** A pooler that reads the startup message, answers `fields` as a FATAL error and closes, as PgBouncer does. */
async function refusingPooler(fields: { C: string; M: string }): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    socket.once('data', () => socket.end(errorResponse({ S: 'FATAL', V: 'FATAL', ...fields })));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `postgres://campus@127.0.0.1:${port}/campus`,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-pooler-'));
});
afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('a pooler whose server is away', () => {
  it.each([
    [
      'PgBouncer ≤ 1.20, PostgreSQL restarting',
      '08P01',
      'server login has been failing, try again later (server_login_retry)',
    ],
    ['PgBouncer, pool exhausted', '08P01', 'query_wait_timeout'],
    ['a pooler naming the state in its text only', 'XX000', 'pgbouncer cannot connect to server'],
  ])('%s: routes answer 503 with Retry-After, readiness 503', async (_, code, message) => {
    const pooler = await refusingPooler({ C: code, M: message });
    const config = loadConfig({ DATA_DIR: dataDir, APP_URL: 'http://localhost:3000', LOG_LEVEL: 'silent' });
    const database = await openPostgres(pooler.url, 2);
    const app = await buildApp({ config, database, logger: false });
    try {
      await app.ready();
      for (const req of [
        { method: 'GET' as const, url: '/api/buy-and-sell/items', headers: { cookie: 'cc_session=abc' } },
        {
          method: 'POST' as const,
          url: '/api/users/login',
          payload: { email: 'a@iiitsonepat.ac.in', password: 'x'.repeat(12) },
        },
      ]) {
        const res = await app.inject(req);
        expect(res.statusCode, `${req.method} ${req.url}: ${res.body}`).toBe(503);
        expect(res.headers['retry-after']).toBe('2');
        expect(res.json()).toEqual({ success: false, message: COMMON_MESSAGES.unavailable });
      }
      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().errors.database).toBe(COMMON_MESSAGES.databaseDown);
    } finally {
      await app.close();
      await database.close();
      await pooler.close();
    }
  });

  it("tells a pooler's refusal from a query's own error", () => {
    const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });
    expect(isDatabaseUnavailable(pgError('08P01', 'server login has been failing, try again later'))).toBe(true);
    expect(
      isDatabaseUnavailable(new Error('Failed query', { cause: pgError('08P01', 'no more connections allowed') })),
    ).toBe(true);
    expect(isDatabaseUnavailable(pgError('23505', 'duplicate key value violates unique constraint'))).toBe(false);
    expect(isDatabaseUnavailable(pgError('42P01', 'relation "x" does not exist'))).toBe(false);
  });
});
