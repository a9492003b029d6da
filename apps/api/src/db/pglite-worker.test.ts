/**
 * The embedded database in a worker thread (docs/design.md §1): the worker-backed
 * Database that `openPglite` returns behaves as the in-process one the services were written
 * against — typed values, PostgreSQL error fields, transactions (and their isolation from other
 * requests' queries), LISTEN/NOTIFY, the advisory lock, close and reopen — and a dead worker
 * rejects its pending queries instead of leaving them hanging.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { eq, inArray, sql } from 'drizzle-orm';
import { messages } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/helpers.ts';
import { openPglite, type Database } from './client.ts';
import { runMigrations } from './migrate.ts';
import { PG_ERROR_FIELDS, PgliteWorkerClient } from './pglite-proxy.ts';
import { files } from './schema/files.ts';
import { internshipSearches } from './schema/internships.ts';
import { users } from './schema/users.ts';

let n = 0;
/** A users row with a unique address. */
const aUser = (extra: Partial<typeof users.$inferInsert> = {}): typeof users.$inferInsert => {
  n += 1;
  return { email: `worker.${n}@example.test`, username: `worker.${n}`, passwordHash: 'x', ...extra };
};

/** The PostgreSQL error under Drizzle's wrapper, read the way services read it (`cause`). */
async function pgErrorOf(promise: Promise<unknown>): Promise<Record<string, unknown>> {
  const err = (await promise.then(
    () => expect.fail('expected the query to fail'),
    (e: unknown) => e,
  )) as { cause?: Record<string, unknown> };
  expect(err.cause).toBeDefined();
  return err.cause!;
}

describe.skipIf(!!process.env.TEST_DATABASE_URL)('PGlite in a worker thread', () => {
  let dataDir: string;
  let worker: Database;
  let inProcess: Database;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-worker-'));
    worker = await openPglite(dataDir);
    await runMigrations(worker);
    inProcess = await openTestDatabase();
  }, 120_000);

  afterAll(async () => {
    await worker?.close();
    await inProcess?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('runs PGlite off the main thread', () => {
    expect(worker.driver).toBe('pglite');
    expect(worker.pglite).toBeUndefined();
    expect(inProcess.pglite).toBeDefined();
  });

  it('returns the rows and value types the in-process driver returns', async () => {
    const createdAt = new Date('2025-03-04T05:06:07.089Z');
    const bytes = new Uint8Array([0, 1, 2, 254, 255]);
    const user = aUser({ roles: ['admin', 'moderator'], graduationYear: 2027, emailVerifiedAt: createdAt });
    const file = { contentType: 'image/webp', size: 5, sha256: 'ab', bytes, createdAt };
    const search = { key: `k${n}`, results: [{ title: 'Intern', stipend: 5 }] as never, source: 's', complete: true };
    const read = async (database: Database) => {
      const [u] = await database.db.insert(users).values(user).returning();
      const [f] = await database.db.insert(files).values(file).returning();
      await database.db.insert(internshipSearches).values({ ...search, fetchedAt: createdAt });
      const [s] = await database.db.select().from(internshipSearches).where(eq(internshipSearches.key, search.key));
      const { rows } = (await database.db.execute(
        sql`SELECT ${createdAt}::timestamptz AS at, DATE '2025-03-04' AS day, ${5}::int8 AS big,
                   ${bytes}::bytea AS bytes, '{"a":[1]}'::jsonb AS json, count(*) AS n,
                   9007199254740993::int8 AS huge
            FROM users WHERE email = ${user.email}`,
      )) as unknown as { rows: Record<string, unknown>[] };
      return { u: { ...u!, id: null, createdAt: null, updatedAt: null }, f: { ...f!, id: null }, s, raw: rows };
    };
    const viaWorker = await read(worker);
    expect(viaWorker).toEqual(await read(inProcess));
    // What the services rely on (column helpers in schema/columns.ts, docs/design.md §1).
    expect(viaWorker.u.emailVerifiedAt).toEqual(createdAt);
    expect(viaWorker.u.roles).toEqual(['admin', 'moderator']);
    expect(viaWorker.f.createdAt).toBeInstanceOf(Date);
    expect(viaWorker.f.bytes).toBeInstanceOf(Uint8Array);
    expect([...viaWorker.f.bytes]).toEqual([...bytes]);
    expect(viaWorker.s!.results).toEqual([{ title: 'Intern', stipend: 5 }]);
    expect(viaWorker.raw[0]).toMatchObject({ at: '2025-03-04 05:06:07.089+00', day: '2025-03-04', big: 5, n: 1 });
    expect(viaWorker.raw[0]!.huge).toBe(9007199254740993n);
    // Without Drizzle's parsers, PGlite's own parse timestamps as Date (and the Date survives the clone).
    const client = (worker.db as unknown as { $client: PgliteWorkerClient }).$client;
    const { rows } = await client.query<{ at: Date }>('SELECT $1::timestamptz AS at', [createdAt]);
    expect(rows[0]!.at).toEqual(createdAt);
  });

  it('reports a unique violation with its PostgreSQL fields, as services read them', async () => {
    const user = aUser();
    await worker.db.insert(users).values(user);
    const cause = await pgErrorOf(worker.db.insert(users).values({ ...user, username: `${user.username}.2` }));
    expect(cause).toBeInstanceOf(messages.DatabaseError);
    expect(cause).toMatchObject({ code: '23505', constraint: 'users_email_uq', table: 'users', severity: 'ERROR' });
    expect(cause.detail).toContain(user.email);
    // The same shape as the in-process driver's error.
    await inProcess.db.insert(users).values(user);
    const local = await pgErrorOf(inProcess.db.insert(users).values({ ...user, username: `${user.username}.2` }));
    const fields = (e: Record<string, unknown>) =>
      Object.fromEntries(['name', 'message', 'query', ...PG_ERROR_FIELDS].map((k) => [k, e[k]]));
    expect(fields(cause)).toEqual(fields(local));
    // The session is usable afterwards.
    await expect(worker.ping()).resolves.toBeUndefined();
  });

  it('rolls back a transaction that throws, and a savepoint whose callback throws', async () => {
    const [a, b, c] = [aUser(), aUser(), aUser()];
    await expect(
      worker.db.transaction(async (tx) => {
        await tx.insert(users).values(a);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await worker.db.transaction(async (tx) => {
      await tx.insert(users).values(b);
      await tx
        .transaction(async (inner) => {
          await inner.insert(users).values(c);
          throw new Error('inner');
        })
        .catch(() => {});
    });
    const found = await worker.db
      .select({ email: users.email })
      .from(users)
      .where(inArray(users.email, [a.email, b.email, c.email]));
    expect(found).toEqual([{ email: b.email }]);
  });

  it('keeps queries made outside a transaction out of it while it is open', async () => {
    const [inside, outside] = [aUser(), aUser()];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let opened!: () => void;
    const isOpen = new Promise<void>((resolve) => (opened = resolve));
    const transaction = worker.db
      .transaction(async (tx) => {
        await tx.insert(users).values(inside);
        opened();
        await gate;
        throw new Error('roll back');
      })
      .catch((err: Error) => err.message);
    await isOpen;
    // Another request's queries, issued (Drizzle queries start on `then`) while the transaction is open.
    const insert = worker.db
      .insert(users)
      .values(outside)
      .then(() => {});
    const count = worker.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(inArray(users.email, [inside.email, outside.email]))
      .then((rows) => rows);
    await new Promise(setImmediate); // their messages are posted to the worker before the transaction ends
    release();
    expect(await transaction).toBe('roll back');
    await insert;
    // They ran after the rollback: not rolled back with it, and not seeing its row.
    expect(await count).toEqual([{ n: 1 }]);
    const rows = await worker.db.select({ email: users.email }).from(users).where(eq(users.email, outside.email));
    expect(rows).toEqual([{ email: outside.email }]);
  });

  it('delivers NOTIFY to the listener after commit, and not after unlisten', async () => {
    const received: string[] = [];
    let delivered!: () => void;
    const first = new Promise<void>((resolve) => (delivered = resolve));
    const unlisten = await worker.listen('cc_worker_test', (payload) => {
      received.push(payload);
      delivered();
    });
    await worker.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_notify('cc_worker_test', 'hello')`);
    });
    await first;
    expect(received).toEqual(['hello']);
    await unlisten();
    await worker.db.execute(sql`SELECT pg_notify('cc_worker_test', 'gone')`);
    // A second listener on another channel proves notifications after the unlisten were processed.
    let later!: (payload: string) => void;
    const other = new Promise<string>((resolve) => (later = resolve));
    const unlistenOther = await worker.listen('cc_worker_other', (p) => later(p));
    await worker.db.execute(sql`SELECT pg_notify('cc_worker_other', 'after')`);
    expect(await other).toBe('after');
    expect(received).toEqual(['hello']);
    await unlistenOther();
  });

  it('serialises holders of the same advisory lock key in this process', async () => {
    const events: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = worker.withAdvisoryLock(42, async () => {
      events.push('first in');
      await gate;
      events.push('first out');
      throw new Error('first failed');
    });
    const second = worker.withAdvisoryLock(42, async () => {
      events.push('second in');
      return 'second';
    });
    const other = worker.withAdvisoryLock(43, async () => 'other key');
    expect(await other).toBe('other key'); // another key does not wait
    await worker.ping(); // a round trip to the worker: time for `second` to have got in if it could
    release();
    await expect(first).rejects.toThrow('first failed');
    expect(await second).toBe('second');
    expect(events).toEqual(['first in', 'first out', 'second in']);
  });

  it('keeps data across close and reopen, and refuses queries once closed', async () => {
    const user = aUser();
    await worker.db.insert(users).values(user);
    await worker.close();
    await expect(fs.access(path.join(dataDir, 'pglite.lock'))).rejects.toThrow();
    await expect(worker.ping()).rejects.toThrow('PGlite is closed');
    worker = await openPglite(dataDir);
    const rows = await worker.db.select({ email: users.email }).from(users).where(eq(users.email, user.email));
    expect(rows).toEqual([{ email: user.email }]);
  }, 60_000);

  it('rejects when PGlite cannot open its data directory, and releases the lock', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-worker-bad-'));
    await fs.writeFile(path.join(dir, 'pglite'), 'a file where the data directory should be');
    await expect(openPglite(dir)).rejects.toThrow(/errno/i); // PGlite's file system error, readable
    await expect(fs.access(path.join(dir, 'pglite.lock'))).rejects.toThrow();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('rejects pending and later queries when the worker thread dies', async () => {
    // A stand-in thread that exits on the first request, as a crashed PGlite worker would.
    const thread = new Worker(`require('node:worker_threads').parentPort.once('message', () => process.exit(3));`, {
      eval: true,
    });
    const client = new PgliteWorkerClient(thread);
    await expect(client.query('SELECT 1')).rejects.toThrow('The PGlite worker exited (code 3)');
    await expect(client.query('SELECT 1')).rejects.toThrow('The PGlite worker exited (code 3)');
    expect(client.closed).toBe(true);
    await client.close();
  });
});
