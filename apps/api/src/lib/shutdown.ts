/**
 * Clean shutdown (docs/security.md "Shutdown", README Operations): at SIGTERM readiness answers
 * 503 at once and the server serves on as usual for `delayMs` (time for a balancer that probes
 * readiness to notice); then it stops accepting connections without resetting one the kernel had
 * already accepted for it ({@link closeListener}); every request that reached it — in flight, or
 * arriving later on a socket opened before — is answered as usual, with `Connection: close`; a
 * socket that has answered and is between requests is closed `idleGraceMs` later; then the
 * database closes — all within `timeoutMs` of the signal.
 */
import type { Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';

/** Where the process is in its life: serving, draining (readiness 503) or closing (listener closed). */
export interface Lifecycle {
  phase: 'serving' | 'draining' | 'closing';
}

/** Time left for the database to close once requests are done or cut, ms. */
const DATABASE_CLOSE_MARGIN_MS = 1_500;

/**
 * Adds the shutdown behaviour to `app` (call before routes are registered): once the listener
 * closes (phase closing) every answer carries `Connection: close`, so its socket closes after it.
 * Returns the lifecycle that {@link gracefulShutdown} moves on and readiness reads.
 */
export function registerLifecycle(app: FastifyInstance): Lifecycle {
  const lifecycle: Lifecycle = { phase: 'serving' };
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (lifecycle.phase === 'closing') reply.header('connection', 'close');
    done(null, payload);
  });
  return lifecycle;
}

/** Shutdown timings, ms (`SHUTDOWN_DELAY_MS`, `SHUTDOWN_TIMEOUT_MS`; config.ts). */
export interface ShutdownTimings {
  /** From the signal until new connections stop; readiness is 503 meanwhile. */
  delayMs: number;
  /** From the signal until the process must have closed the database. */
  timeoutMs: number;
  /**
   * How long a socket that was between requests when the listener closed stays open, ms (default
   * {@link IDLE_GRACE_MS}): a request that arrives on it meanwhile is answered with `Connection: close`.
   */
  idleGraceMs?: number;
}

/**
 * Default of `idleGraceMs`: longer than the event loop of a loaded host takes to read bytes already
 * in a socket (Node counts a kept-alive socket whose next request it has not read yet as idle, and
 * closing it then resets the connection: behind nginx a POST answered 502, saved or not).
 */
export const IDLE_GRACE_MS = 2_000;

/**
 * The longest {@link closeListener} spends accepting the connections already queued, ms; a
 * connection still queued after it is reset when the listener closes.
 */
export const LISTEN_QUEUE_DRAIN_MS = 3_000;

/**
 * Stops `server` accepting connections without resetting one that already waits in the kernel's
 * listen queue. Closing a listening socket resets every connection in its queue — connections the
 * kernel has completed, on which the client has usually sent its request already (behind nginx a
 * POST is then answered 502) — and Node 24 accepts **one connection per event-loop turn**, so a
 * busy server's queue holds dozens. The queue is first cut to one place (`listen(fd, 0)` again:
 * Linux then drops a SYN while a connection waits, and the client's SYN retry a second later finds
 * the port closed — a refused connect, which a balancer passes to another instance); the server
 * then goes on accepting, one a turn, and closes the listener after the first turn that accepted
 * nothing (the queue was empty), or after {@link LISTEN_QUEUE_DRAIN_MS}. Resolves once the
 * listener is closed; the accepted sockets are served as usual.
 */
export function closeListener(server: Server): Promise<void> {
  return new Promise((resolve) => {
    // Node's TCP handle; `listen` again only changes the backlog (libuv's uv_listen → listen(2)).
    const handle = (server as unknown as { _handle?: { listen?: (backlog: number) => number } })._handle;
    handle?.listen?.(0);
    let accepted = 0;
    const count = () => (accepted += 1);
    server.on('connection', count);
    const deadline = performance.now() + LISTEN_QUEUE_DRAIN_MS;
    let seen = -1;
    // Each check phase follows a poll, which accepts one queued connection if there is one.
    const turn = () => {
      if (accepted !== seen && performance.now() < deadline) {
        seen = accepted;
        setImmediate(turn);
        return;
      }
      server.off('connection', count);
      server.close();
      resolve();
    };
    setImmediate(turn);
  });
}

/**
 * Shuts `app` down as described above and closes `database`. Resolves 0 when every request
 * finished and the database closed, 1 when connections had to be cut at `timeoutMs` minus a
 * 1.5 s margin, or closing failed. Never rejects.
 */
export async function gracefulShutdown(
  app: FastifyInstance & { lifecycle: Lifecycle },
  database: Database,
  timings: ShutdownTimings,
): Promise<0 | 1> {
  const started = performance.now();
  app.lifecycle.phase = 'draining';
  // Serving goes on as usual (keep-alive too: a new connection per request would queue up behind
  // Node's one accept per event-loop turn, and the listener's close resets its queue).
  if (timings.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, timings.delayMs));
  app.lifecycle.phase = 'closing';
  let forced = false;
  const cut = setTimeout(
    () => {
      forced = true;
      app.log.warn('Shutdown: requests still in flight at the time limit; closing their connections');
      app.server.closeAllConnections();
    },
    Math.max(0, timings.timeoutMs - DATABASE_CLOSE_MARGIN_MS - (performance.now() - started)),
  );
  // Node's server.close() closes the sockets it counts as idle at once: a socket that has answered
  // and whose next request is not read yet counts as idle. Defer that by the grace. (A socket that
  // has not answered yet never counts as idle: Node 24 starts its first request's clock when it opens.)
  const server = app.server;
  const closeIdleNow = server.closeIdleConnections.bind(server);
  const graceTimers: NodeJS.Timeout[] = [];
  server.closeIdleConnections = () => {
    graceTimers.push(setTimeout(closeIdleNow, timings.idleGraceMs ?? IDLE_GRACE_MS));
  };
  try {
    await closeListener(server);
    await app.close();
  } catch (err) {
    forced = true;
    app.log.error({ err }, 'Shutdown: closing the server failed');
  } finally {
    clearTimeout(cut);
    for (const timer of graceTimers) clearTimeout(timer);
    server.closeIdleConnections = closeIdleNow;
  }
  try {
    await database.close();
  } catch (err) {
    app.log.error({ err }, 'Shutdown: closing the database failed');
    return 1;
  }
  app.log.info({ ms: Math.round(performance.now() - started), forced }, 'Shut down');
  return forced ? 1 : 0;
}
