/**
 * Clean shutdown (docs/security.md "Shutdown", README Operations): at SIGTERM readiness answers
 * 503 at once and every answer carries `Connection: close`, so each kept-alive socket closes after
 * its next answer; after `delayMs` (time for a balancer to notice, and longer than its upstream
 * keep-alive, so it holds no idle socket to this instance any more) the server stops accepting
 * connections without resetting one the kernel had already accepted for it
 * ({@link closeListener}); every request already received, or still arriving on a socket opened
 * before, is answered as usual with `Connection: close`; a socket that has answered a request and
 * is between requests is closed once it has been so for `idleGraceMs`; then the database closes —
 * all within `timeoutMs` of the signal.
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
 * Adds the shutdown behaviour to `app` (call before routes are registered): from the signal on
 * (phase draining or closing) every answer carries `Connection: close`, so its socket closes after
 * it. Returns the lifecycle that {@link gracefulShutdown} moves on and readiness reads.
 */
export function registerLifecycle(app: FastifyInstance): Lifecycle {
  const lifecycle: Lifecycle = { phase: 'serving' };
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (lifecycle.phase !== 'serving') reply.header('connection', 'close');
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
 * How long {@link closeListener} waits for one more connection to close the listener on, ms; then
 * it closes it after the event loop's next poll.
 */
export const LISTENER_CLOSE_WAIT_MS = 100;

/**
 * Stops `server` accepting connections without resetting one that already waits in the kernel's
 * listen queue. Closing a listening socket resets every connection in its queue — connections the
 * kernel has completed and the client may have sent a request on, which the server has not
 * accepted yet because its event loop is busy (behind nginx: a POST answered 502, since it was
 * sent). So the queue is first cut to one connection (`listen(fd, 0)` again: Linux then drops
 * further SYNs, and the client's SYN retry a second later finds the port closed — a refused
 * connect, which a balancer passes to another instance); the next poll accepts all that waited;
 * then the listener closes on the next connection it accepts (the queue held at most that one) or
 * after {@link LISTENER_CLOSE_WAIT_MS}, right after a poll. Resolves once the listener is closed;
 * the accepted sockets are served as usual.
 */
export function closeListener(server: Server): Promise<void> {
  return new Promise((resolve) => {
    // Node's TCP handle; `listen` again only changes the backlog (libuv's uv_listen → listen(2)).
    const handle = (server as unknown as { _handle?: { listen?: (backlog: number) => number } })._handle;
    handle?.listen?.(0);
    let timer: NodeJS.Timeout | undefined;
    const close = () => {
      clearTimeout(timer);
      server.off('connection', close);
      server.close();
      resolve();
    };
    setImmediate(() => {
      server.on('connection', close);
      timer = setTimeout(() => setImmediate(close), LISTENER_CLOSE_WAIT_MS);
    });
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
  // Idle sockets are not closed yet: a balancer may be sending on one at that very moment, and a
  // POST it cannot retry would fail. They close after their next answer, or the balancer drops
  // them after its own keep-alive (nginx: 4 s, below the delay).
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
