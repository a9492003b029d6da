/**
 * Clean shutdown (docs/security.md "Shutdown", README Operations): at SIGTERM readiness answers
 * 503 at once and every answer carries `Connection: close`, so each kept-alive socket closes after
 * its next answer; after `delayMs` (time for a balancer to notice, and longer than its upstream
 * keep-alive, so it holds no idle socket to this instance any more) the server stops accepting
 * connections, requests in flight finish, requests that still arrive on an open connection get
 * 503 + `Retry-After` with the envelope and `Connection: close`, idle sockets are closed once they
 * have been idle for `idleGraceMs` after the listener closed (a request already sent on one, still
 * unread by a busy event loop, is answered, not reset), then the database closes — all within
 * `timeoutMs` of the signal.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { COMMON_MESSAGES } from '@campus/contract/envelope';
import type { Database } from '../db/client.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../db/faults.ts';

/** Where the process is in its life: serving, draining (readiness 503) or closing (no new requests). */
export interface Lifecycle {
  phase: 'serving' | 'draining' | 'closing';
}

/** Time left for the database to close once requests are done or cut, ms. */
const DATABASE_CLOSE_MARGIN_MS = 1_500;

/**
 * Adds the shutdown behaviour to `app` (call before routes are registered): while draining every
 * answer carries `Connection: close`; while closing a request gets 503 + `Retry-After` and the
 * envelope (`COMMON_MESSAGES.shuttingDown`). Returns the lifecycle that {@link gracefulShutdown}
 * moves on and readiness reads.
 */
export function registerLifecycle(app: FastifyInstance): Lifecycle {
  const lifecycle: Lifecycle = { phase: 'serving' };
  app.addHook('onRequest', (_request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (lifecycle.phase !== 'closing') return done();
    void reply
      .header('connection', 'close')
      .code(503)
      .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
      .header('cache-control', 'no-store')
      .send({ success: false, message: COMMON_MESSAGES.shuttingDown });
  });
  // Also the answers of requests that arrived before the signal: their sockets close after them.
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
   * How long a keep-alive socket idle when the listener closes stays open, ms (default
   * {@link IDLE_GRACE_MS}): a request that arrives on it meanwhile is answered with `Connection: close`.
   */
  idleGraceMs?: number;
}

/**
 * Default of `idleGraceMs`: longer than the event loop of a loaded host takes to read bytes already
 * in a socket (Node counts a socket whose request it has not read yet as idle, and closing it then
 * resets the connection: behind nginx a POST answered 502, saved or not).
 */
export const IDLE_GRACE_MS = 2_000;

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
  await new Promise((resolve) => setTimeout(resolve, timings.delayMs));
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
  // Node's server.close() and Fastify's close() close idle sockets at once; defer that by the grace.
  const server = app.server;
  const closeIdleNow = server.closeIdleConnections.bind(server);
  const graceTimers: NodeJS.Timeout[] = [];
  server.closeIdleConnections = () => {
    graceTimers.push(setTimeout(closeIdleNow, timings.idleGraceMs ?? IDLE_GRACE_MS));
  };
  try {
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
