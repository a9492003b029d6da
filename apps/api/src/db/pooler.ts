/**
 * Running behind a transaction-mode pooler such as PgBouncer (docs/operations.md "PgBouncer"; ADR
 * docs/decisions/0302-pgbouncer.md). In transaction mode a server connection belongs to a client
 * only for one transaction, so:
 *
 * - named prepared statements would be parsed on one server connection and executed on another
 *   (PgBouncer supports them only from 1.21, `max_prepared_statements`; Debian 12 ships 1.18): the
 *   app sends every statement unnamed (`Parse`/`Bind`/`Execute` in one round trip, still with
 *   parameters, never SQL text built from values) — {@link unnamedStatements};
 * - LISTEN, session advisory locks and migrations need a session: they use the direct URL
 *   (`DATABASE_LISTEN_URL`);
 * - startup parameters other than a few are refused by PgBouncer, so the app's time limits
 *   (`statement_timeout`, `lock_timeout`, `idle_in_transaction_session_timeout`) are set by PgBouncer's
 *   `connect_query` (or `ALTER ROLE … SET`) instead of the app's startup packet.
 */
import type pg from 'pg';

/** What a pooled client's `query` receives first: SQL text or a query config (Drizzle sends a config with `name`). */
type QueryArg = string | (pg.QueryConfig & { name?: string });

/**
 * Makes every client of `pool` drop the `name` of a prepared statement, so PostgreSQL gets an
 * unnamed statement: parsed, bound and executed in one exchange on whichever server connection the
 * pooler lends. Applies to clients the pool opens from now on.
 */
export function unnamedStatements(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (config: QueryArg, ...rest: unknown[]) => {
      if (config && typeof config === 'object' && 'name' in config && config.name) {
        const { name: _name, ...unnamed } = config;
        return query(unnamed, ...rest);
      }
      return query(config, ...rest);
    };
  });
}
