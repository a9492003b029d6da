/**
 * Transactional outbox workers (docs/architecture.md "Building blocks"; docs/decisions/0500): a
 * write that must cause later work (matching a new listing against saved alerts, sending a push)
 * inserts an outbox row in its own transaction and calls {@link wakeOutbox} there, so the work is
 * queued exactly when the write commits and never when it rolls back. Every instance runs a worker
 * per outbox that drains it: woken by the NOTIFY at commit, and every `intervalMs` anyway (a NOTIFY
 * sent while the LISTEN connection was down is lost; a crash leaves rows behind). A drain takes
 * its rows with `FOR UPDATE SKIP LOCKED` and deletes them in the transaction that does their work,
 * so two instances never take the same row and a crash in between leaves it for the next drain.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { logSafeError } from '../db/faults.ts';
import type { ServiceContext } from './context.ts';
import { throttledLog } from './log-throttle.ts';

/** The NOTIFY channel every outbox wakes its workers on; the payload is the outbox's name. */
export const OUTBOX_CHANNEL = 'cc_outbox';

/** A running worker. */
export interface OutboxWorker {
  /** Asks for a drain now (runs after the current one when one is running). */
  wake(): void;
  /** Resolves once no drain is running or asked for (tests, shutdown). */
  idle(): Promise<void>;
  /** Stops waking and waits for the current drain. */
  stop(): Promise<void>;
}

/** What an outbox does with its rows. */
export interface OutboxSpec {
  /** The outbox's name (the NOTIFY payload and the log's `outbox` field). */
  name: string;
  /** How often to drain without a NOTIFY, ms. */
  intervalMs: number;
  /**
   * Takes a batch of rows, does their work and deletes them, in one transaction; returns how many
   * rows it took (0 when the outbox is empty). Called again at once while it returns more than 0.
   */
  drain: (ctx: ServiceContext) => Promise<number>;
}

const logFailure = throttledLog(60_000, 5);

/**
 * Queues a wake-up of `outbox`'s workers through `db` (a transaction: sent at its COMMIT, dropped
 * on rollback).
 */
export async function wakeOutbox(db: Db, outbox: string): Promise<void> {
  await db.execute(sql`SELECT pg_notify(${OUTBOX_CHANNEL}, ${outbox})`);
}

/**
 * Starts draining `spec`'s outbox in this process: once now, on each NOTIFY naming it, after the
 * LISTEN connection came back and every `spec.intervalMs`. Drains run one at a time; a failed
 * drain is logged (throttled) and retried at the next wake-up. The LISTEN failing at start (the
 * database away) leaves the interval to do the work until the listener heals.
 */
export function startOutboxWorker(ctx: ServiceContext, spec: OutboxSpec): OutboxWorker {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  const drainAll = async (): Promise<void> => {
    do {
      again = false;
      try {
        while (!stopped && (await spec.drain(ctx)) > 0) {
          // a full batch may leave more rows: drain until empty
        }
      } catch (err) {
        logFailure(ctx.log, 'warn', { err: logSafeError(err), outbox: spec.name }, 'Outbox drain failed');
      }
    } while (again && !stopped);
  };

  const wake = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drainAll().finally(() => {
      running = undefined;
    });
  };

  const timer = setInterval(wake, spec.intervalMs);
  timer.unref();
  const stopReconnect = ctx.database.onListenerReconnect(wake);
  let unlisten: (() => Promise<void>) | undefined;
  void ctx.database
    .listen(OUTBOX_CHANNEL, (payload) => {
      if (payload === spec.name) wake();
    })
    .then((un) => {
      if (stopped) void un();
      else unlisten = un;
    })
    .catch(() => {
      // the listener keeps trying on its own; the interval drains meanwhile
    });
  wake();

  const idle = async (): Promise<void> => {
    while (running) await running;
  };
  const worker: OutboxWorker = {
    wake,
    idle,
    async stop() {
      stopped = true;
      clearInterval(timer);
      stopReconnect();
      await unlisten?.();
      await idle();
      workersOf.get(ctx)?.delete(worker);
    },
  };
  workersOf.set(ctx, (workersOf.get(ctx) ?? new Set()).add(worker));
  return worker;
}

/** The running workers of each app (its service context). */
const workersOf = new WeakMap<ServiceContext, Set<OutboxWorker>>();

/**
 * Resolves once no outbox worker of `ctx`'s app has a drain running or asked for. A drain's rows
 * leave the outbox before all of its work is done (a push is posted after its rows are taken), so
 * an empty outbox alone does not mean the work has finished (tests).
 */
export async function outboxWorkersIdle(ctx: ServiceContext): Promise<void> {
  await Promise.all([...(workersOf.get(ctx) ?? [])].map((w) => w.idle()));
}
