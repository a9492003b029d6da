/**
 * Database faults (docs/design.md §9 Operations): tells a lost or refused database connection
 * (restart, failover, `pg_terminate_backend`, too many connections) from a query's own error, so the
 * app answers the first with 503 + `Retry-After` and keeps running; and turns any database error
 * into a log-safe summary that never carries the query's parameters.
 */

/**
 * Error codes of an unreachable database: Node socket codes, and PostgreSQL SQLSTATEs of classes
 * 08 (connection exception), 57P01–57P03 (admin shutdown, crash shutdown, cannot connect now) and
 * 53300 (too many connections). `08P01` (protocol violation) is what PgBouncer up to 1.20 sends
 * with every refusal of its own — "server login has been failing, try again later" while the
 * database is down or restarting, "no more connections allowed", `query_wait_timeout`
 * (docs/operations.md "PgBouncer"); PostgreSQL itself sends it only for a malformed message, which
 * the driver does not write.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '08P01',
]);

/**
 * node-postgres raises the first five without a code when the socket closes or the pool cannot
 * connect; the rest are poolers' "no server for you now" answers, whatever SQLSTATE their version
 * gives them: PgBouncer's ("server login has been failing", "pgbouncer cannot connect to server",
 * "no more connections allowed", `query_wait_timeout`, "server conn crashed?", "database shutting
 * down") and Odyssey's and Pgpool-II's lost backends ("failed to connect to remote server", "unable
 * to read data from DB node").
 */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|is not queryable|timeout exceeded when trying to connect|Connection closed|Cannot use a pool after calling end|server login has been failing|pgbouncer cannot connect to server|no more connections allowed|query_wait_timeout|server conn crashed|database shutting down|failed to connect to remote server|unable to read data from DB node/i;

/** Seconds a client should wait before retrying while the database is away (`Retry-After`). */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/**
 * True when `err` (or an error in its `cause` chain, e.g. inside Drizzle's `DrizzleQueryError`)
 * means the database could not be reached or dropped the connection.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++, e = e.cause as typeof e) {
    if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
    if (Array.isArray((e as { errors?: unknown }).errors)) {
      // AggregateError from a dual-stack connect (IPv4 and IPv6 both refused).
      if ((e as unknown as AggregateError).errors.some((x) => isDatabaseUnavailable(x))) return true;
    }
  }
  return false;
}

/**
 * SQLSTATEs of a statement the database gave up on because of one of the app's time limits
 * (docs/security.md "Time limits"): 57014 `query_canceled` (`statement_timeout`) and 55P03
 * `lock_not_available` (`lock_timeout`); and `POOL_GROUP_FULL`, a request that waited too long for
 * its route group's share of the pool (pool-groups.ts, docs/security.md "Bulkheads").
 */
const TIME_LIMIT_CODES = new Set(['57014', '55P03', 'POOL_GROUP_FULL']);

/**
 * True when `err` (or an error in its `cause` chain) is a statement cancelled by the app
 * connections' `statement_timeout` or `lock_timeout`: the request answers 503 + `Retry-After`
 * (another client holds a lock, or the database is overloaded) instead of waiting on.
 */
export function isTimeLimitExceeded(err: unknown): boolean {
  let e = err as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++, e = e.cause as typeof e) {
    if (typeof e.code === 'string' && TIME_LIMIT_CODES.has(e.code)) return true;
  }
  return false;
}

/**
 * A log-safe view of an error: its type, message (a Drizzle "Failed query" message keeps the SQL
 * text but loses its `params:` line), code and stack, recursing into `cause`. Query parameters can
 * hold personal data and passwords' hashes; they never reach the log.
 */
export function logSafeError(err: unknown, depth = 0): Record<string, unknown> | undefined {
  if (!err || typeof err !== 'object' || depth > 3) return undefined;
  const e = err as Error & { code?: unknown; cause?: unknown };
  const strip = (s: string | undefined) => s?.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '');
  return {
    type: e.constructor?.name ?? 'Error',
    message: strip(e.message),
    ...(typeof e.code === 'string' && { code: e.code }),
    stack: strip(e.stack),
    ...(e.cause !== undefined && { cause: logSafeError(e.cause, depth + 1) }),
  };
}
