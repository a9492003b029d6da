/**
 * Worker-thread entry of the embedded database (docs/design.md §1): opens PGlite on
 * `workerData.dataDir` with our extensions (`createPglite`), posts `{ ready: true }` (or
 * `{ ready: false, error }` and ends), then answers the main thread's requests
 * (`WorkerRequest`, see `pglite-proxy.ts`) one reply each, so PGlite's WASM work runs off the
 * server's event loop.
 *
 * - `query` runs with identity parsers for `rawTypes` (the caller parses those itself) and returns
 *   PGlite's result — with `name`, as that named statement with a kept plan (`pglite-plans.ts`);
 *   `exec` runs a simple-protocol script.
 * - `begin(txId)` opens `pglite.transaction(tx => …)` and keeps `tx` until `commit`/`rollback` of
 *   that id; requests tagged with `txId` run on `tx` (Drizzle's nested transactions are SAVEPOINT
 *   SQL on it). Untagged requests run on the PGlite instance and so wait on PGlite's transaction
 *   mutex until the transaction ends — no other request's query runs inside it.
 * - `listen`/`unlisten` forward NOTIFY payloads as `{ listenerId, payload }`.
 * - `close` closes PGlite (the caller CHECKPOINTs first) and ends the thread.
 * Errors are sent as `SentError`, keeping PostgreSQL's fields (`code`, `constraint`, …).
 *
 * The thread loads this file as TypeScript: through tsx's loader (a worker inherits the server's
 * `execArgv`) under `npm start`, through Node's own type stripping under vitest — so this file and
 * what it imports (`client.ts`, `pglite-proxy.ts`) keep to erasable syntax (no enums, no
 * constructor parameter properties).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { messages, type ParserOptions, type PGlite, type Transaction } from '@electric-sql/pglite';
import { createPglite } from './client.ts';
import { queryNamed } from './pglite-plans.ts';
import { PG_ERROR_FIELDS, type SentError, type WorkerReply, type WorkerRequest } from './pglite-proxy.ts';

const port = parentPort!;
const reply = (msg: WorkerReply) => port.postMessage(msg);

/**
 * An error as it can cross to the main thread (structured clone drops an Error's own fields). A
 * thrown non-Error (PGlite's file system throws `ErrnoError { errno }` objects) becomes its JSON.
 */
function sendable(err: unknown): SentError {
  if (!(err instanceof Error)) {
    let message = String(err);
    try {
      if (typeof err === 'object' && err !== null) message = JSON.stringify(err);
    } catch {
      /* keep String(err) */
    }
    return { message };
  }
  const sent: SentError = { message: err.message, name: err.name, stack: err.stack };
  if (err instanceof messages.DatabaseError) {
    sent.pg = {};
    for (const key of PG_ERROR_FIELDS) if (err[key] !== undefined) sent.pg[key] = err[key];
  }
  return sent;
}

/** Returned text unchanged: the main thread applies the caller's parsers to these values. */
const raw = (value: string) => value;

/**
 * The parsers option for `rawTypes`: undefined when there are none — PGlite copies its ~320 parsers
 * into a new object on every query given a parsers option (~0.16 ms here), so a
 * query without parsers (the health check's `SELECT 1`) must not get one — else one object per set
 * of type ids, built once.
 */
const rawParsers = new Map<string, ParserOptions>();
function parsersFor(rawTypes: number[]): ParserOptions | undefined {
  if (!rawTypes.length) return undefined;
  const key = rawTypes.join(',');
  let parsers = rawParsers.get(key);
  if (!parsers) rawParsers.set(key, (parsers = Object.fromEntries(rawTypes.map((t) => [t, raw]))));
  return parsers;
}

/** Rejection reason that makes PGlite roll a transaction back; not reported as a failure. */
const ROLLBACK = Symbol('rollback');

/** An open transaction: its `tx`, how to end it, and PGlite's promise of its end. */
interface OpenTransaction {
  tx: Transaction;
  end: (commit: boolean) => void;
  done: Promise<void>;
}

/** Answers the main thread's requests on `pglite` until the thread is terminated. */
function serve(pglite: PGlite): void {
  const transactions = new Map<number, OpenTransaction>();
  const unlisteners = new Map<number, () => Promise<void>>();

  /** Opens transaction `txId`; resolves once BEGIN has run (PGlite's transaction mutex is held). */
  const begin = (txId: number) =>
    new Promise<void>((started, failed) => {
      const done = pglite.transaction(
        (tx) =>
          new Promise<void>((resolve, reject) => {
            transactions.set(txId, { tx, end: (commit) => (commit ? resolve() : reject(ROLLBACK)), done });
            started();
          }),
      );
      done.catch(failed); // BEGIN failed (after `started` this does nothing: commit/rollback report)
    });

  /** Ends transaction `txId` with COMMIT or ROLLBACK; rejects with PGlite's error (e.g. a failed COMMIT). */
  const end = async (txId: number, commit: boolean) => {
    const open = transactions.get(txId);
    if (!open) throw new Error(`No open transaction ${txId}`);
    transactions.delete(txId);
    open.end(commit);
    await open.done.catch((err: unknown) => {
      if (err !== ROLLBACK) throw err;
    });
  };

  /** Where a request runs: its transaction's `tx`, or the PGlite instance. */
  const target = (txId: number | undefined): Transaction | PGlite => {
    if (txId === undefined) return pglite;
    const open = transactions.get(txId);
    if (!open) throw new Error(`No open transaction ${txId}`);
    return open.tx;
  };

  const handle = async (req: WorkerRequest): Promise<unknown> => {
    switch (req.op) {
      case 'query': {
        const options = { rowMode: req.rowMode, paramTypes: req.paramTypes, parsers: parsersFor(req.rawTypes) };
        if (req.name !== undefined) {
          if (req.txId !== undefined) throw new Error('A named statement runs in its own transaction');
          return queryNamed(pglite, req.name, req.sql, req.params, options);
        }
        return target(req.txId).query(req.sql, req.params, options);
      }
      case 'exec':
        return target(req.txId).exec(req.sql);
      case 'begin':
        return begin(req.txId);
      case 'commit':
        return end(req.txId, true);
      case 'rollback':
        return end(req.txId, false);
      case 'listen': {
        const { listenerId } = req;
        unlisteners.set(listenerId, await pglite.listen(req.channel, (payload) => reply({ listenerId, payload })));
        return undefined;
      }
      case 'unlisten': {
        const unlisten = unlisteners.get(req.listenerId);
        unlisteners.delete(req.listenerId);
        return unlisten?.();
      }
      case 'dump': {
        await pglite.exec('CHECKPOINT');
        return new Uint8Array(await (await pglite.dumpDataDir('gzip')).arrayBuffer());
      }
      case 'close':
        return pglite.close(); // the main thread then terminates this thread
    }
  };

  port.on('message', (req: WorkerRequest) => {
    handle(req).then(
      (value) => reply({ id: req.id, value }),
      (err: unknown) => reply({ id: req.id, error: sendable(err) }),
    );
  });
  reply({ ready: true });
}

try {
  serve(await createPglite({ dataDir: (workerData as { dataDir: string }).dataDir }));
} catch (err) {
  reply({ ready: false, error: sendable(err) });
  port.close(); // nothing else keeps the thread alive: it ends
}
