/**
 * Database client (docs/design.md §1): PGlite persisted under `DATA_DIR/pglite` when no `DATABASE_URL` is
 * set, node-postgres otherwise. One SQL dialect, one schema, one set of migrations. The server's
 * PGlite runs in a worker thread (`pglite-proxy.ts`) so its WASM work does not block the
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
import { keepPlansOn, queryNamed, type RunNamed } from './pglite-plans.ts';
import { PgliteWorkerClient } from './pglite-proxy.ts';
import { PgListener, type ListenerLog } from './pg-listener.ts';
import { unnamedStatements } from './pooler.ts';
import { defaultPoolShares, limitPoolByGroup, type PoolShares } from './pool-groups.ts';

/** The Drizzle database used by every service, whichever driver runs underneath. */
export type Db = PgDatabase<PgQueryResultHKT>;

/** Subscribes to a Postgres NOTIFY channel; resolves to an unsubscribe function. */
export type Listen = (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;

/** An open database with its driver-specific helpers. */
export interface Database {
  db: Db;
  /**
   * A separate small pool kept for health and readiness, so they never queue behind a route
   * group's work (docs/security.md "Bulkheads"); `db` itself on PGlite.
   */
  reservedDb: Db;
  driver: 'pglite' | 'pg';
  /**
   * Subscribes to a NOTIFY channel. On PostgreSQL the LISTEN connection heals itself:
   * rejects when the database cannot be reached now, but keeps the subscription and retries.
   */
  listen: Listen;
  /** 'ok' while the LISTEN connection is up (always on PGlite, which runs in this process). */
  listenerState(): 'ok' | 'down';
  /** Runs `cb` after the LISTEN connection came back (NOTIFYs meanwhile are lost); returns unsubscribe. */
  onListenerReconnect(cb: () => void): () => void;
  /** Hands the app's logger to the driver's connection handlers (they log through console until then). */
  useLogger(log: ListenerLog): void;
  /**
   * Runs `fn` while holding the lock `key` (waits for other holders): a session-level advisory lock
   * on PostgreSQL; on PGlite, which one process owns, an in-process lock (see `fromPglite`). `fn`
   * gets a Drizzle database on the lock's own connection, with no `statement_timeout` or
   * `lock_timeout` (migrations are exempt from the app's time limits, docs/security.md
   * "Time limits"); on PGlite it is `db`.
   */
  withAdvisoryLock<T>(key: number, fn: (db: Db) => Promise<T>): Promise<T>;
  /** Runs `SELECT 1`; throws when the database does not answer. */
  ping(): Promise<void>;
  /** Checkpoints (PGlite), closes connections and releases the data-directory lock. */
  close(): Promise<void>;
  /** The in-process PGlite instance given to `fromPglite`; undefined in a worker and on node-postgres. */
  pglite?: PGlite;
}

/** Thrown when the PGlite data directory is held by another live process. */
export class DataDirLockedError extends Error {}

/** What `pglite.lock` records about its holder. */
interface LockOwner {
  pid: number;
  /** The holder's start time in clock ticks since boot (`/proc/<pid>/stat` field 22); null off Linux. */
  startTicks: string | null;
  /** `/proc/sys/kernel/random/boot_id`: a lock from before a reboot is stale whatever its pid. */
  bootId: string | null;
}

/** Reads `/proc` (Linux); null where it does not exist. */
function readProc(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** The start time of process `pid` in clock ticks since boot, or null when unknown. */
function startTicksOf(pid: number): string | null {
  const stat = readProc(`/proc/${pid}/stat`);
  // Fields after the command name (which may hold spaces) start at field 3; starttime is field 22.
  return stat ? (stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null) : null;
}

function currentOwner(): LockOwner {
  return {
    pid: process.pid,
    startTicks: startTicksOf(process.pid),
    bootId: readProc('/proc/sys/kernel/random/boot_id')?.trim() ?? null,
  };
}

/** Parses a lock file: JSON {@link LockOwner}, or the bare pid older versions wrote. */
function parseOwner(text: string): LockOwner | null {
  try {
    const v = JSON.parse(text) as Partial<LockOwner> | number;
    if (typeof v === 'number') return { pid: v, startTicks: null, bootId: null };
    if (Number.isInteger(v.pid) && v.pid! > 0)
      return { pid: v.pid!, startTicks: v.startTicks ?? null, bootId: v.bootId ?? null };
  } catch {
    /* unreadable: stale */
  }
  return null;
}

/**
 * Why `owner` no longer holds the directory, or null when it still does: its process is gone, the
 * machine rebooted since, or its pid now belongs to a process that started at another time (pid
 * reuse; Linux). Off Linux only the pid is checked.
 */
function staleReason(owner: LockOwner): string | null {
  if (owner.pid === process.pid) return 'it names this process';
  if (!isAlive(owner.pid)) return `process ${owner.pid} is gone`;
  const bootId = readProc('/proc/sys/kernel/random/boot_id')?.trim();
  if (owner.bootId && bootId && owner.bootId !== bootId) return 'it was taken before the machine restarted';
  const ticks = startTicksOf(owner.pid);
  if (owner.startTicks && ticks && owner.startTicks !== ticks) return `pid ${owner.pid} now belongs to another process`;
  return null;
}

/** A readable description of the live process `pid` for the refusal message. */
function describeProcess(pid: number): string {
  const cmd = readProc(`/proc/${pid}/cmdline`)?.split('\0').filter(Boolean).join(' ');
  return cmd ? `pid ${pid}: ${cmd.length > 120 ? `${cmd.slice(0, 117)}...` : cmd}` : `pid ${pid}`;
}

/**
 * Takes `<dir>/pglite.lock`, recording this process (pid, start time, boot id). A lock whose holder
 * is gone, or whose pid now names another process, is stale and taken over with a warning through
 * `warn`. Throws DataDirLockedError naming the holder when another live instance holds it.
 * Returns the release function.
 */
export function lockDataDir(dir: string, warn: (msg: string) => void = console.warn): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, 'pglite.lock');
  const me = JSON.stringify(currentOwner());
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, me, { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(lockFile, 'utf8') === me) fs.unlinkSync(lockFile);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = parseOwner(fs.readFileSync(lockFile, 'utf8').trim());
      const reason = owner ? staleReason(owner) : 'the lock file is unreadable';
      if (!reason) {
        throw new DataDirLockedError(
          `The data directory ${dir} is in use by another running instance (${describeProcess(owner!.pid)}). ` +
            'Stop it first, or set DATA_DIR to another directory (or DATABASE_URL to use PostgreSQL).',
        );
      }
      warn(`Taking over the stale lock on ${dir}: ${reason}.`);
      fs.unlinkSync(lockFile);
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
  // Statements that keep their plan (`keptPlan`, pglite-plans.ts) run here or in the worker.
  const runNamed: RunNamed =
    client instanceof PGlite
      ? (name, text, params, options) => queryNamed(client, name, text, params, options)
      : (name, text, params, options) => client.queryNamed(name, text, params, options);
  keepPlansOn(db, runNamed);
  const lock = keyedLock();
  return {
    db,
    reservedDb: db,
    driver: 'pglite',
    pglite: client instanceof PGlite ? client : undefined,
    listen: async (channel, cb) => {
      const unsub = await client.listen(channel, cb);
      return async () => unsub();
    },
    listenerState: () => 'ok',
    onListenerReconnect: () => () => {},
    useLogger: () => {},
    withAdvisoryLock: (key, fn) => lock(key, () => fn(db)),
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
 * Opens the embedded database under `<dataDir>/pglite` in a worker thread, taking the
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

/**
 * How long a request waits for a pooled connection, or for a new connection to open, before it
 * fails with 503, ms (no hang past 10 s). A database that is down refuses at once; this
 * bounds a burst queued behind a busy pool and a connection that never answers.
 */
export const PG_CONNECT_TIMEOUT_MS = 8_000;

/**
 * Time limits of the app's PostgreSQL connections, ms (docs/security.md "Time limits"; 0 = none).
 * Sent as startup parameters, so every pooled connection has them from its first statement.
 */
export interface PgTimeouts {
  /** `statement_timeout`: a statement running longer is cancelled (SQLSTATE 57014). */
  statementTimeoutMs: number;
  /** `lock_timeout`: a statement waiting longer for a lock is cancelled (SQLSTATE 55P03). */
  lockTimeoutMs: number;
  /** `idle_in_transaction_session_timeout`: a session idle this long inside a transaction is ended. */
  idleInTransactionTimeoutMs: number;
}

/** The defaults of {@link PgTimeouts} (also those of `config.ts`). */
export const DEFAULT_PG_TIMEOUTS: PgTimeouts = {
  statementTimeoutMs: 5_000,
  lockTimeoutMs: 1_500,
  idleInTransactionTimeoutMs: 15_000,
};

/** Logs through console until the app hands over its logger. */
const consoleLog: ListenerLog = {
  info: (obj, msg) => console.info(msg, obj),
  warn: (obj, msg) => console.warn(msg, obj),
};

/**
 * Opens a node-postgres pool on `url` (PostgreSQL 15+) and a self-healing LISTEN connection
 * (`pg-listener.ts`). Database faults never end the process: every pooled client, idle
 * or checked out, has an `error` handler (a broken client is dropped by the pool when released), a
 * connection attempt gives up after {@link PG_CONNECT_TIMEOUT_MS}, and queries on a lost
 * connection reject with errors that `isDatabaseUnavailable` (faults.ts) recognises.
 */
export async function openPostgres(
  url: string,
  poolSize = 10,
  timeouts: PgTimeouts = DEFAULT_PG_TIMEOUTS,
  shares: PoolShares & { reserved: number } = defaultPoolShares(poolSize),
  directUrl?: string,
): Promise<Database> {
  // `directUrl` set: `url` is a transaction-mode pooler (PgBouncer, db/pooler.ts), which refuses these
  // startup parameters; it sets the limits itself (connect_query).
  const options: pg.PoolConfig = {
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    keepAlive: true,
    ...(directUrl
      ? {}
      : {
          statement_timeout: timeouts.statementTimeoutMs,
          lock_timeout: timeouts.lockTimeoutMs,
          idle_in_transaction_session_timeout: timeouts.idleInTransactionTimeoutMs,
        }),
  };
  const pool = new pg.Pool(options);
  limitPoolByGroup(pool, shares);
  const reservedPool = new pg.Pool({ ...options, max: shares.reserved });
  let log = consoleLog;
  let lastWarning = 0;
  /** One line per 10 s at most while the database is away (no log flood). */
  const warn = (err: Error) => {
    const now = Date.now();
    if (now - lastWarning < 10_000) return;
    lastWarning = now;
    log.warn({ reason: err.message }, 'PostgreSQL connection error');
  };
  // Idle clients report through the pool; a checked-out client reports on itself (node-postgres
  // removes the pool's handler while it is checked out), so each client gets its own handler too.
  for (const p of [pool, reservedPool]) {
    p.on('error', warn);
    p.on('connect', (client) => client.on('error', warn));
  }
  if (directUrl) for (const p of [pool, reservedPool]) unnamedStatements(p);
  const db = drizzlePg(pool) as unknown as Db;
  const listener = new PgListener(directUrl ?? url, consoleLog);
  return {
    db,
    reservedDb: drizzlePg(reservedPool) as unknown as Db,
    driver: 'pg',
    listen: (channel, cb) => listener.listen(channel, cb),
    listenerState: () => listener.state,
    onListenerReconnect: (cb) => listener.onReconnect(cb),
    useLogger: (l) => {
      log = l;
      listener.useLogger(l);
    },
    withAdvisoryLock: async (key, fn) => {
      // A session lock needs a session: behind a pooler, a connection of its own on the direct URL.
      const conn = directUrl ? await directClient(directUrl) : await pool.connect();
      let broken: Error | undefined;
      try {
        await conn.query('SET statement_timeout = 0; SET lock_timeout = 0');
        await conn.query('SELECT pg_advisory_lock($1)', [key]);
        try {
          return await fn(drizzlePg(conn) as unknown as Db);
        } finally {
          await conn.query('SELECT pg_advisory_unlock($1)', [key]);
        }
      } catch (err) {
        broken = err as Error;
        throw err;
      } finally {
        // Back to the connection's startup values before it returns to the pool; a connection that
        // failed is discarded rather than reused without its limits.
        if (!broken) await conn.query('RESET statement_timeout; RESET lock_timeout').catch((e: Error) => (broken = e));
        conn.release(broken);
      }
    },
    ping: async () => {
      await reservedPool.query('SELECT 1');
    },
    close: async () => {
      await listener.close();
      await Promise.all([pool.end(), reservedPool.end()]);
    },
  };
}

/**
 * A pooled-client lookalike on its own connection to `url` (LISTEN-capable, session state kept);
 * `release` ends it.
 */
async function directClient(url: string): Promise<pg.PoolClient> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS });
  client.on('error', () => undefined); // reported by the query that fails
  await client.connect();
  return Object.assign(client, { release: () => void client.end().catch(() => undefined) }) as pg.PoolClient;
}

/**
 * Opens the configured database: PostgreSQL when `databaseUrl` is set (through a transaction-mode
 * pooler when `databaseListenUrl` is set too: db/pooler.ts), else PGlite in `dataDir`.
 */
export function openDatabase(opts: {
  databaseUrl?: string;
  databaseListenUrl?: string;
  dataDir: string;
  database?: { poolSize: number; timeouts: PgTimeouts; shares: PoolShares & { reserved: number } };
}): Promise<Database> {
  return opts.databaseUrl
    ? openPostgres(
        opts.databaseUrl,
        opts.database?.poolSize,
        opts.database?.timeouts,
        opts.database?.shares,
        opts.databaseListenUrl,
      )
    : openPglite(opts.dataDir);
}
