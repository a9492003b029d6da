/**
 * The main-thread side of the embedded database in a worker thread (docs/design.md §1).
 * PGlite's WASM work blocked the server's event loop on every query; `PgliteWorkerClient` runs
 * PGlite in `pglite-worker.ts` (a `node:worker_threads` worker) and offers the small PGlite-like
 * surface that `drizzle-orm/pglite` and `fromPglite` call — `query`, `exec`, `transaction`, `listen`,
 * `close`, `closed` — so `drizzle(client)` and every service work unchanged.
 *
 * Across the thread boundary:
 * - One message per call and one reply (`WorkerRequest` / `WorkerReply`); values travel by
 *   structured clone, which keeps Date, Uint8Array (bytea), bigint, arrays and plain objects.
 * - Parsers are functions and cannot be sent: the worker returns the raw text of the type ids the
 *   caller has parsers for (Drizzle passes identity parsers for timestamps, dates and intervals, to
 *   keep them as strings), and the parsers run here on that text — as PGlite itself would.
 * - Errors lose their own properties in a structured clone: the worker sends the PostgreSQL fields
 *   (`code`, `detail`, `constraint`, …) and they are rebuilt here as PGlite's `DatabaseError`, so
 *   Drizzle wraps it in `cause` as before and services read `err.cause.code === '23505'`.
 * - Transactions: `transaction(fn)` opens a worker-side PGlite transaction with an id; queries of
 *   `fn`'s `tx` carry that id. Untagged queries wait on PGlite's own mutex until it ends, so no
 *   other request's query runs inside it.
 * - A worker that crashes or exits rejects every pending call (and every later one) with an error.
 */
import { Worker } from 'node:worker_threads';
import { messages, type ParserOptions, type QueryOptions, type Results, type RowMode } from '@electric-sql/pglite';

/** A call from the main thread; `id` pairs it with its reply. `txId` runs it in that transaction. */
export type WorkerRequest = { id: number } & (
  | {
      op: 'query';
      sql: string;
      params: unknown[];
      rowMode?: RowMode;
      paramTypes?: number[];
      rawTypes: number[];
      txId?: number;
      /** Set: run as this named statement with a kept generic plan (`pglite-plans.ts` `queryNamed`). */
      name?: string;
    }
  | { op: 'exec'; sql: string; txId?: number }
  | { op: 'begin' | 'commit' | 'rollback'; txId: number }
  | { op: 'listen'; channel: string; listenerId: number }
  | { op: 'unlisten'; listenerId: number }
  | { op: 'dump' }
  | { op: 'close' }
);

/** An error as it crosses the thread boundary: message, and the PostgreSQL fields when it has them. */
export interface SentError {
  message: string;
  name?: string;
  stack?: string;
  /** Set when the worker's error was a PostgreSQL error (PGlite's `DatabaseError`). */
  pg?: Partial<Record<(typeof PG_ERROR_FIELDS)[number], string>>;
}

/**
 * What the worker posts: the reply to request `id` (`value` or `error`), a NOTIFY payload for
 * listener `listenerId`, or (once, after opening PGlite) `ready`.
 */
export type WorkerReply =
  | { id: number; value?: unknown; error?: SentError }
  | { listenerId: number; payload: string }
  | { ready: true }
  | { ready: false; error: SentError };

/** The fields of a PostgreSQL error (PGlite's / pg-protocol's `DatabaseError`) worth keeping. */
export const PG_ERROR_FIELDS = [
  'severity',
  'code',
  'detail',
  'hint',
  'position',
  'internalPosition',
  'internalQuery',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'file',
  'line',
  'routine',
] as const;

/** The surface of a transaction handed to `transaction(fn)` (what Drizzle calls on it). */
export interface WorkerTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
}

/** The SQL (and parameters) of a call, attached to its error as PGlite does. */
type ErrorContext = { query: string; params?: unknown[] };

/**
 * Turns what the worker sent back into an Error. PostgreSQL errors become PGlite's `DatabaseError`
 * (same class, `name`, fields, `query` and `params` as in-process, see PGlite's makePGliteError);
 * others an Error with the worker's message, name and stack.
 */
export function rebuildError(sent: SentError, context?: ErrorContext): Error {
  if (sent.pg)
    return Object.assign(new messages.DatabaseError(sent.message, 0, 'error'), sent.pg, {
      query: context?.query,
      params: context?.params,
    });
  const err = new Error(sent.message);
  if (sent.name) err.name = sent.name;
  if (sent.stack) err.stack = sent.stack;
  return err;
}

/** Runs `parsers` (by type id) on the raw text the worker returned for those types, in place. */
function applyParsers(result: Results, parsers: ParserOptions, rowMode: RowMode): void {
  const columns = result.fields.flatMap((f, i) => {
    // PGlite calls a parser with the text and the type id (its typings show only the text).
    const parse = parsers[f.dataTypeID] as ((text: string, typeId: number) => unknown) | undefined;
    return parse ? [{ key: rowMode === 'array' ? i : f.name, parse, type: f.dataTypeID }] : [];
  });
  if (!columns.length) return;
  for (const row of result.rows as Record<string | number, unknown>[])
    for (const c of columns) if (row[c.key] !== null) row[c.key] = c.parse(row[c.key] as string, c.type);
}

/**
 * A PGlite instance running in a worker thread. Open with {@link PgliteWorkerClient.open}; the
 * methods mirror PGlite's (same arguments, results and errors) for what Drizzle uses. Not
 * supported across the thread: per-query `serializers`, `onNotice` and `blob` (they throw).
 */
export class PgliteWorkerClient {
  readonly #worker: Worker;
  readonly #pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (err: Error) => void; context: ErrorContext | undefined }
  >();
  readonly #listeners = new Map<number, (payload: string) => void>();
  #nextId = 1;
  #failure: Error | undefined;
  #closed = false;
  #closing: Promise<void> | undefined;

  /**
   * Wraps a started worker that runs `pglite-worker.ts` and has posted `{ ready: true }` — use
   * {@link PgliteWorkerClient.open}. Listens for the worker's replies, errors and exit.
   */
  constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (msg: WorkerReply) => this.#onMessage(msg));
    worker.on('error', (err) => this.#fail(new Error(`The PGlite worker crashed: ${err.message}`, { cause: err })));
    worker.on('exit', (code) =>
      this.#fail(new Error(this.#closed ? 'PGlite is closed' : `The PGlite worker exited (code ${code})`)),
    );
    // Like an in-process PGlite, an idle worker does not keep the process alive; a pending call does.
    worker.unref();
  }

  /**
   * Starts the worker and opens PGlite (with our extensions, see `createPglite`) on `dataDir`.
   * Resolves once it is open; rejects with PGlite's error if it cannot open (the worker is ended).
   */
  static open(dataDir: string): Promise<PgliteWorkerClient> {
    const worker = new Worker(new URL('./pglite-worker.ts', import.meta.url), { workerData: { dataDir } });
    return new Promise((resolve, reject) => {
      const onExit = (code: number) => reject(new Error(`The PGlite worker exited while opening (code ${code})`));
      worker.once('error', reject);
      worker.once('exit', onExit);
      worker.once('message', (msg: WorkerReply) => {
        worker.off('error', reject);
        worker.off('exit', onExit);
        if ('ready' in msg && msg.ready) resolve(new PgliteWorkerClient(worker));
        else {
          reject('error' in msg && msg.error ? rebuildError(msg.error) : new Error('Unexpected PGlite worker message'));
          void worker.terminate();
        }
      });
    });
  }

  /** True after `close()` or once the worker has stopped. */
  get closed(): boolean {
    return this.#closed || this.#failure !== undefined;
  }

  /** PGlite's `query` (extended protocol, one statement with `$n` parameters); see the class notes. */
  query<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results<T>> {
    return this.#query(sql, params, options, undefined);
  }

  /**
   * `query` as the named statement `name`, parsed once and run with a kept generic plan, in its own
   * transaction (`pglite-plans.ts` `queryNamed`, run in the worker); same results and errors.
   */
  queryNamed<T>(name: string, sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results<T>> {
    return this.#query(sql, params, options, undefined, name);
  }

  /** PGlite's `exec` (simple protocol: several statements, no parameters); resolves one result per statement. */
  exec(sql: string): Promise<Results[]> {
    return this.#call({ op: 'exec', sql }, { query: sql });
  }

  /** `query` on the PGlite instance or, with `txId`, in that open transaction; with `name`, as that named statement. */
  #query<T>(
    sql: string,
    params: unknown[],
    options: QueryOptions,
    txId: number | undefined,
    name?: string,
  ): Promise<Results<T>> {
    if (options.serializers || options.onNotice || options.blob)
      return Promise.reject(new Error('serializers, onNotice and blob are not supported by the PGlite worker'));
    const parsers = options.parsers ?? {};
    const rowMode = options.rowMode ?? 'object';
    const rawTypes = Object.keys(parsers).map(Number);
    const request = {
      op: 'query',
      sql,
      params,
      rowMode,
      paramTypes: options.paramTypes,
      rawTypes,
      txId,
      name,
    } as const;
    return this.#call<Results<T>>(request, { query: sql, params }).then((result) => {
      if (rawTypes.length) applyParsers(result as Results, parsers, rowMode);
      return result;
    });
  }

  /**
   * PGlite's `transaction`: BEGIN, `fn(tx)`, then COMMIT — or ROLLBACK when `fn` throws (its error
   * is rethrown). While it is open, queries not made through `tx` wait for it to end.
   */
  async transaction<T>(fn: (tx: WorkerTransaction) => Promise<T>): Promise<T> {
    const txId = this.#nextId++;
    await this.#call({ op: 'begin', txId });
    const tx: WorkerTransaction = {
      query: (sql, params = [], options = {}) => this.#query(sql, params, options, txId),
      exec: (sql) => this.#call({ op: 'exec', sql, txId }, { query: sql }),
    };
    let result: T;
    try {
      result = await fn(tx);
    } catch (err) {
      await this.#call({ op: 'rollback', txId }).catch(() => {}); // a dead worker has nothing to roll back
      throw err;
    }
    await this.#call({ op: 'commit', txId });
    return result;
  }

  /**
   * PGlite's `listen`: LISTEN on `channel` (folded to lower case unless quoted) and call `callback`
   * with each payload. Resolves to the unsubscribe function (a no-op once closed).
   */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const listenerId = this.#nextId++;
    this.#listeners.set(listenerId, callback);
    try {
      await this.#call({ op: 'listen', channel, listenerId });
    } catch (err) {
      this.#listeners.delete(listenerId);
      throw err;
    }
    return async () => {
      if (!this.#listeners.delete(listenerId) || this.closed) return;
      await this.#call({ op: 'unlisten', listenerId });
    };
  }

  /**
   * PGlite's `dumpDataDir('gzip')` after a CHECKPOINT: the data directory as a gzipped tar (what
   * `loadDataDir` opens), taken between two requests, so it holds every committed transaction
   * (docs/operations.md, Backups).
   */
  dumpDataDir(): Promise<Uint8Array> {
    return this.#call({ op: 'dump' }, { query: 'dumpDataDir' });
  }

  /** Closes PGlite in the worker and ends the worker; idempotent. Callers CHECKPOINT first (see `fromPglite`). */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      try {
        if (!this.#failure) await this.#call({ op: 'close' });
      } finally {
        this.#closed = true;
        await this.#worker.terminate();
      }
    })();
    return this.#closing;
  }

  /**
   * Sends one request; resolves with the worker's value or rejects with its error, rebuilt with
   * `context` (the SQL and parameters, as PGlite attaches them to its errors).
   */
  #call<T>(request: DistributiveOmit<WorkerRequest, 'id'>, context?: ErrorContext): Promise<T> {
    if (this.#closed) return Promise.reject(new Error('PGlite is closed'));
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#worker.postMessage({ ...request, id }); // throws DataCloneError for params that cannot be sent
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject, context });
    });
  }

  #onMessage(msg: WorkerReply): void {
    if ('listenerId' in msg) {
      this.#listeners.get(msg.listenerId)?.(msg.payload);
      return;
    }
    const pending = 'id' in msg ? this.#pending.get(msg.id) : undefined;
    if (!pending || !('id' in msg)) return;
    this.#pending.delete(msg.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if (msg.error) pending.reject(rebuildError(msg.error, pending.context));
    else pending.resolve(msg.value);
  }

  /** The worker is gone (crashed, exited or closed): reject every pending call, and every later one. */
  #fail(err: Error): void {
    this.#failure ??= err;
    for (const p of this.#pending.values()) p.reject(this.#failure);
    this.#pending.clear();
  }
}

/** `Omit` applied to each member of a union. */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
