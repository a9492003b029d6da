/**
 * Applies the committed drizzle-kit migrations (apps/api/drizzle) at start, inside a Postgres
 * advisory lock so instances starting together do not race (docs/design.md §1).
 */
import path from 'node:path';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client.ts';

/** Folder of the committed SQL migrations. */
export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, '../../drizzle');

/** Arbitrary constant key of the migration advisory lock. */
const MIGRATION_LOCK_KEY = 727_001;

/**
 * Runs pending migrations, each in its own transaction, exempt from `statement_timeout` and
 * `lock_timeout`; throws on failure. `migrationsFolder` is
 * the committed one; tests hand in a copy whose journal stops earlier (migrating a database up to
 * a given migration).
 */
export async function runMigrations(database: Database, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> {
  // On the lock's own connection, without the app's statement and lock time limits: a migration may
  // rewrite a table or wait for readers (docs/security.md "Time limits").
  await database.withAdvisoryLock(MIGRATION_LOCK_KEY, async (db) => {
    if (database.driver === 'pglite') await migratePglite(db as never, { migrationsFolder });
    else await migratePg(db as never, { migrationsFolder });
  });
}
