/**
 * Unnamed statements behind a transaction-mode pooler (db/pooler.ts, docs/operations.md
 * "PgBouncer"): with `DATABASE_LISTEN_URL` set, the app's prepared queries reach PostgreSQL as
 * unnamed statements (none left in `pg_prepared_statements` of the connection), with their
 * parameters; without it they stay named. PostgreSQL only (TEST_DATABASE_URL); PGlite has no pooler.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from './client.ts';
import { defaultPoolShares } from './pool-groups.ts';
import { openTestDatabase } from '../test/helpers.ts';

const PG = process.env.TEST_DATABASE_URL;

/** The test database's URL (node-postgres' pool, reached through Drizzle's `$client`). */
function urlOf(database: Database): string {
  return (database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options
    .connectionString;
}

/** Runs a named prepared statement on a one-connection pool and lists the connection's prepared statements. */
async function preparedAfterQuery(database: Database): Promise<{ answer: number; prepared: string[] }> {
  const statement = database.db.execute(sql`SELECT ${41}::int + 1 AS answer`);
  const named = database.db
    .select({ answer: sql<number>`${sql.placeholder('n')}::int + 1` })
    .from(sql`(SELECT 1) AS one`)
    .prepare('pooler_test_statement');
  await statement;
  const [row] = await named.execute({ n: 41 });
  const listed = (await database.db.execute(sql`SELECT name FROM pg_prepared_statements`)) as unknown as {
    rows: Array<{ name: string }>;
  };
  return { answer: Number(row!.answer), prepared: listed.rows.map((r) => r.name) };
}

describe.skipIf(!PG)('statements behind a pooler (PostgreSQL)', () => {
  let source: Database;
  beforeAll(async () => {
    source = await openTestDatabase();
  });
  afterAll(() => source?.close());

  it('are unnamed when DATABASE_LISTEN_URL is set, and still carry their parameters', async () => {
    const url = urlOf(source);
    const pooled = await openPostgres(url, 1, undefined, defaultPoolShares(1), url);
    try {
      const { answer, prepared } = await preparedAfterQuery(pooled);
      expect(answer).toBe(42);
      expect(prepared).not.toContain('pooler_test_statement');
    } finally {
      await pooled.close();
    }
  });

  it('stay named without it (the check above can fail)', async () => {
    const direct = await openPostgres(urlOf(source), 1);
    try {
      const { answer, prepared } = await preparedAfterQuery(direct);
      expect(answer).toBe(42);
      expect(prepared).toContain('pooler_test_statement');
    } finally {
      await direct.close();
    }
  });
});
