/**
 * Database client (DESIGN §1): PGlite persisted under `DATA_DIR/pglite` when no `DATABASE_URL` is
 * set, node-postgres otherwise. One SQL dialect, one schema, one set of migrations. The server's
 * PGlite runs in a worker thread (`pglite-proxy.ts`, issue 10) so its WASM work does not block the
 * event loop; tests and in-memory benchmarks wrap an in-process PGlite with `fromPglite`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { PgliteWorkerClient } from './pglite-proxy.ts';

/** The Drizzle database used by every service, whichever driver runs underneath. */
export type Db = PgDatabase<PgQueryResultHKT>;

/** Subscribes to a Postgres NOTIFY channel; resolves to an unsubscribe function. */
export type Listen = (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;

/** An open database with its driver-specific helpers. */
export interface Database {
  db: Db;
  driver: 'pglite' | 'pg';
  listen: Listen;
  /**
   * Runs `fn` while holding the lock `key` (waits for other holders): a session-level advisory lock
   * on PostgreSQL; on PGlite, which one process owns, an in-process lock (see `fromPglite`).
   */
  withAdvisoryLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /** Runs `SELECT 1`; throws when the database does not answer. */
  ping(): Promise<void>;
  /** Checkpoints (PGlite), closes connections and releases the data-directory lock. */
  close(): Promise<void>;
  /** The in-process PGlite instance given to `fromPglite`; undefined in a worker and on node-postgres. */
  pglite?: PGlite;
}

/** Thrown when the PGlite data directory is held by another live process. */
export class DataDirLockedError extends Error {}

/**
 * Takes `<dir>/pglite.lock` holding our pid. A lock whose pid is no longer alive (left by
 * `kill -9`) is stale and taken over. Throws DataDirLockedError when another live process holds it.
 * Returns the release function.
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, 'pglite.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(lockFile, 'utf8').trim() === String(process.pid)) fs.unlinkSync(lockFile);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(lockFile, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `The data directory ${dir} is in use by another process (pid ${pid}). ` +
            'Stop it first, or set DATA_DIR to another directory (or DATABASE_URL to use PostgreSQL).',
        );
      }
      fs.unlinkSync(lockFile); // stale: its owner is gone
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * What `fromPglite` needs of a PGlite: an in-process `PGlite`, or a `PgliteWorkerClient` (the same
 * methods, run in a worker thread; `drizzle-orm/pglite` calls only `query` and `transaction`).
 */
export type PgliteClient = PGlite | PgliteWorkerClient;

/**
 * Wraps an open PGlite (in-process or in a worker) as a Database; `release` runs after close (the
 * data-directory lock).
 *
 * `withAdvisoryLock` takes an in-process lock per key: PGlite is one backend session, where
 * `pg_advisory_lock` is re-entrant and so never made a second holder in this process wait, and the
 * data-directory lock already keeps every other process out.
 */
export function fromPglite(client: PgliteClient, release: () => void = () => {}): Database {
  // A PgliteWorkerClient has every method drizzle-orm/pglite calls, with PGlite's signatures.
  const db = drizzlePglite(client as PGlite) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    pglite: client instanceof PGlite ? client : undefined,
    listen: async (channel, cb) => {
      const unsub = await client.listen(channel, cb);
      return async () => unsub();
    },
    withAdvisoryLock: keyedLock(),
    ping: async () => {
      await client.query('SELECT 1');
    },
    close: async () => {
      try {
        if (!client.closed) {
          await client.exec('CHECKPOINT');
          await client.close();
        }
      } finally {
        release();
      }
    },
  };
}

/**
 * An in-process lock per numeric key: `run(key, fn)` runs `fn` once every earlier holder of `key`
 * has finished (FIFO), and resolves or rejects with `fn`'s outcome. Not re-entrant.
 */
function keyedLock(): <T>(key: number, fn: () => Promise<T>) => Promise<T> {
  const tails = new Map<number, Promise<void>>();
  return async (key, fn) => {
    const previous = tails.get(key) ?? Promise.resolve();
    let unlock!: () => void;
    const released = new Promise<void>((resolve) => (unlock = resolve));
    const mine = previous.then(() => released);
    tails.set(key, mine);
    await previous;
    try {
      return await fn();
    } finally {
      unlock();
      if (tails.get(key) === mine) tails.delete(key);
    }
  };
}

/**
 * Creates a PGlite instance with the extensions our migrations use (pg_trgm for the trigram search
 * indexes). Every embedded database (server, tests, benchmarks) is opened through here.
 */
export function createPglite(options: Omit<PGliteOptions, 'extensions'> = {}): Promise<PGlite> {
  return PGlite.create({ ...options, extensions: { pg_trgm } });
}

/**
 * Opens the embedded database under `<dataDir>/pglite` in a worker thread (issue 10), taking the
 * directory lock (in this process) first. Throws DataDirLockedError, or PGlite's error when it
 * cannot open (the lock is then released).
 */
export async function openPglite(dataDir: string): Promise<Database> {
  const release = lockDataDir(dataDir);
  try {
    const client = await PgliteWorkerClient.open(path.join(dataDir, 'pglite'));
    return fromPglite(client, release);
  } catch (err) {
    release();
    throw err;
  }
}

/** Opens a node-postgres pool on `url` (PostgreSQL 15+). */
export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client dropped by the server (restart, failover) must not crash the process; the pool
  // replaces it on the next query.
  pool.on('error', (err) => console.warn(`PostgreSQL idle connection error: ${err.message}`));
  const db = drizzlePg(pool) as unknown as Db;
  let listener: pg.Client | undefined;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  return {
    db,
    driver: 'pg',
    listen: async (channel, cb) => {
      const name = channel.toLowerCase();
      if (!listener) {
        listener = new pg.Client({ connectionString: url });
        listener.on('error', (err) => console.warn(`PostgreSQL LISTEN connection error: ${err.message}`));
        await listener.connect();
        listener.on('notification', (msg) => {
          for (const h of handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
        });
      }
      if (!handlers.has(name)) {
        handlers.set(name, new Set());
        await listener.query(`LISTEN "${name.replace(/"/g, '')}"`);
      }
      handlers.get(name)!.add(cb);
      return async () => {
        handlers.get(name)?.delete(cb);
      };
    },
    withAdvisoryLock: async (key, fn) => {
      const conn = await pool.connect();
      try {
        await conn.query('SELECT pg_advisory_lock($1)', [key]);
        try {
          return await fn();
        } finally {
          await conn.query('SELECT pg_advisory_unlock($1)', [key]);
        }
      } finally {
        conn.release();
      }
    },
    ping: async () => {
      await pool.query('SELECT 1');
    },
    close: async () => {
      await listener?.end().catch(() => {});
      await pool.end();
    },
  };
}

/** Opens the configured database: PostgreSQL when `databaseUrl` is set, else PGlite in `dataDir`. */
export function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}
