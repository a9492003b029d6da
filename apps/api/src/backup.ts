/**
 * `npm run backup [-- --keep N]` (docs/operations.md "Backups"): writes one archive into
 * `BACKUP_DIR` (owner-only, 0600), prints its path and warns that it holds secrets; with `--keep N`,
 * then deletes all but the N newest.
 *
 * PostgreSQL (`DATABASE_URL`, or `DATABASE_LISTEN_URL` when set: the direct URL, not PgBouncer):
 * `pg_dump -Fc` while the app keeps running. Embedded database: when a server holds `DATA_DIR`, it
 * takes the dump itself (its backup socket); else this process opens the data directory (locked
 * meanwhile). Exit 1 with a message when the backup cannot be made.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from './config.ts';
import { createPglite, fromPglite, lockDataDir, DataDirLockedError } from './db/client.ts';
import { BackupError, createBackup, pruneBackups, type BackupManifest } from './lib/backup.ts';
import { requestBackup } from './lib/backup-socket.ts';

async function backupEmbedded(dataDir: string, backupDir: string): Promise<{ file: string; manifest: BackupManifest }> {
  let release: () => void;
  try {
    release = lockDataDir(dataDir, () => undefined);
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    // A server holds the data directory: it takes the dump between two of its queries.
    const reply = await requestBackup(dataDir).catch((e: Error) => {
      throw new BackupError(`${err.message}\nIts backup socket did not answer (${e.message}).`);
    });
    if (!reply.ok) throw new BackupError(reply.error);
    return reply;
  }
  try {
    const dir = path.join(dataDir, 'pglite');
    if (!(await fs.readdir(dir).catch(() => [])).length)
      throw new BackupError(`No embedded database at ${dir} (DATA_DIR): nothing to back up`);
    const database = fromPglite(await createPglite({ dataDir: dir }));
    try {
      return await createBackup(backupDir, { driver: 'pglite', database });
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}

try {
  const { values } = parseArgs({ options: { keep: { type: 'string' } } });
  const keep = values.keep === undefined ? undefined : Number(values.keep);
  if (keep !== undefined && !(Number.isInteger(keep) && keep >= 1))
    throw new BackupError('--keep needs a whole number ≥ 1');
  const config = loadConfig();
  const directUrl = config.databaseListenUrl ?? config.databaseUrl;
  const { file, manifest } = directUrl
    ? await createBackup(config.backupDir, { driver: 'pg', url: directUrl })
    : await backupEmbedded(config.dataDir, config.backupDir);
  console.log(`Backup written: ${file}`);
  console.warn(
    '  It holds secrets (the signing secret, password hashes, the VAPID private key unless set in the environment): ' +
      'it is readable by its owner only (0600). Store it encrypted, off this host (docs/operations.md "Backups").',
  );
  console.log(
    `  ${manifest.tool}; ${manifest.migrations} migrations; ${manifest.members.map((m) => `${m.name} ${m.bytes} bytes sha256 ${m.sha256}`).join('; ')}`,
  );
  if (keep)
    for (const gone of await pruneBackups(config.backupDir, manifest.driver, keep)) console.log(`Deleted ${gone}`);
  process.exit(0);
} catch (err) {
  console.error(`Backup failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
