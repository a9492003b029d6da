/**
 * `npm run restore -- <archive>` (docs/operations.md "Backups"): checks the archive's manifest and
 * checksums, refuses a database that is not empty, restores (PostgreSQL: `pg_restore` in one
 * transaction into `DATABASE_LISTEN_URL` or `DATABASE_URL`; embedded: into `DATA_DIR/pglite`), then
 * runs the migrations up to this version. Exit 1 with a message, and nothing changed, when the
 * archive is bad or truncated or the database is not empty.
 */
import path from 'node:path';
import { loadConfig } from './config.ts';
import { BackupError, restoreBackup } from './lib/backup.ts';

try {
  const arg = process.argv[2];
  if (!arg) throw new BackupError('Usage: npm run restore -- <archive.tar>');
  const config = loadConfig();
  const archive = path.resolve(arg);
  const directUrl = config.databaseListenUrl ?? config.databaseUrl;
  const manifest = await restoreBackup(
    archive,
    directUrl ? { driver: 'pg', url: directUrl } : { driver: 'pglite', dataDir: config.dataDir },
  );
  console.log(
    `Restored ${archive} (taken ${manifest.createdAt}, ${manifest.migrations} migrations) into ${directUrl ? 'PostgreSQL' : config.dataDir}; migrations are up to date.`,
  );
  process.exit(0);
} catch (err) {
  console.error(`Restore failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
