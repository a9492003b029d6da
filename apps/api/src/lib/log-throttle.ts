/**
 * A throttle for error logs: a fault that fails every request (a database
 * restart, a flood of bad streams) must not write one line per request. At most `max` lines per
 * `windowMs`; the next window opens with one line counting what was left out.
 */
import type { FastifyBaseLogger } from 'fastify';

/** Returns `log(logger, level, obj, msg)` that writes at most `max` lines per `windowMs` ms. */
export function throttledLog(windowMs: number, max: number) {
  let windowStart = 0;
  let written = 0;
  let suppressed = 0;
  return (logger: FastifyBaseLogger, level: 'warn' | 'error', obj: object, msg: string): void => {
    const now = Date.now();
    if (now - windowStart >= windowMs) {
      if (suppressed) logger.warn({ suppressed, windowMs }, 'Similar log lines were left out');
      windowStart = now;
      written = 0;
      suppressed = 0;
    }
    if (written >= max) {
      suppressed += 1;
      return;
    }
    written += 1;
    logger[level](obj, msg);
  };
}
