/**
 * Backup and restore (docs/operations.md "Backups"; ADR docs/decisions/0300-backup-archive.md).
 *
 * An archive is one uncompressed tar (system `tar`) named `campus-backup-<UTC time>-<driver>.tar`
 * holding `manifest.json` and the database dump: `database.pgdump` (`pg_dump -Fc`, PostgreSQL) or
 * `pglite-datadir.tar.gz` (PGlite's `dumpDataDir`, the embedded database). Uploaded files live in the
 * database (`files` table, bytea: docs/design.md §6), so the dump holds them; nothing else is on disk that
 * the app needs (the dev mail outbox is not data). The manifest records the size and SHA-256 of each
 * member; restore checks them before it touches anything. The archive holds secrets (the signing
 * secret, password hashes, the VAPID private key unless set in the environment), so it is created
 * owner-only (0600) in a directory created 0700 (docs/operations.md "Backups").
 *
 * Restore goes into an EMPTY database only: into a database with tables it would mix two states (ids
 * and unique keys collide halfway, and a half-restored database is worse than none), so the operator
 * creates a fresh one (`createdb`) or moves the old data directory away. PostgreSQL is restored with
 * `pg_restore --single-transaction --exit-on-error` (all or nothing); PGlite into a sibling directory
 * that is renamed into place only once it opened and migrated. Then the migrations run up to this
 * version of the app. A backup whose schema has a migration this version does not know (taken by a
 * newer version) is refused before the target is touched: its migrations would be skipped and the app
 * would start on a schema it does not know (ADR docs/decisions/0300-backup-archive.md).
 */
import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { PgliteWorkerClient } from '../db/pglite-proxy.ts';
import { createPglite, fromPglite, lockDataDir, openPostgres, type Database } from '../db/client.ts';
import { MIGRATIONS_FOLDER, runMigrations } from '../db/migrate.ts';

const exec = promisify(execFile);

/** Thrown with an operator-readable message when a backup or restore cannot proceed; nothing was changed. */
export class BackupError extends Error {}

/** `manifest.json`: what the archive holds. */
export interface BackupManifest {
  format: 'campus-companion-backup';
  version: 1;
  /** ISO 8601 UTC time the dump started. */
  createdAt: string;
  driver: 'pg' | 'pglite';
  /** The tool that wrote the dump, e.g. `pg_dump (PostgreSQL) 15.20` or `PGlite dumpDataDir`. */
  tool: string;
  /** Migrations applied in the dumped database (rows of `drizzle.__drizzle_migrations`). */
  migrations: number;
  /**
   * Their names (`apps/api/drizzle/<tag>.sql`) by `created_at` (the journal's `when`), as the version
   * that took the backup knew them; absent in archives of earlier versions.
   */
  migrationNames?: Array<{ tag: string; createdAt: number }>;
  /** Where uploaded files are: in the database (nothing outside it to archive). */
  uploads: 'in the database (files table)';
  /** Every member but the manifest: name, size in bytes, SHA-256 (hex). */
  members: Array<{ name: string; bytes: number; sha256: string }>;
}

/** Where the database to back up or restore is. `url` is a direct PostgreSQL URL (not a pooler). */
export type BackupTarget = { driver: 'pg'; url: string } | { driver: 'pglite'; dataDir: string };

async function sha256File(file: string): Promise<{ bytes: number; sha256: string }> {
  const data = await fs.readFile(file);
  return { bytes: data.byteLength, sha256: createHash('sha256').update(data).digest('hex') };
}

/** `2026-11-27T02-40-05Z`: an ISO time that sorts and is a valid file name. */
function stamp(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
}

/** Runs a command; throws BackupError with its stderr when it fails. */
async function run(cmd: string, args: string[], what: string): Promise<string> {
  try {
    const { stdout } = await exec(cmd, args, { maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT') throw new BackupError(`${what}: \`${cmd}\` is not installed (see README "Operations")`);
    throw new BackupError(`${what}: ${(e.stderr || e.message).trim().split('\n').slice(-5).join('\n')}`);
  }
}

/**
 * `tar -cf -` of `members` (in `dir`) into the new file `file`, created mode 0600 before a byte is
 * written (never readable by others, whatever the umask). Throws BackupError when tar fails.
 */
async function writeTar(file: string, dir: string, members: string[]): Promise<void> {
  await fs.rm(file, { force: true });
  const handle = await fs.open(file, 'wx', 0o600);
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn('tar', ['-cf', '-', '-C', dir, ...members], { stdio: ['ignore', handle.fd, 'pipe'] });
      let stderr = '';
      child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('error', (err: NodeJS.ErrnoException) =>
        reject(
          new BackupError(
            err.code === 'ENOENT' ? 'tar: `tar` is not installed (see README "Operations")' : `tar: ${err.message}`,
          ),
        ),
      );
      child.on('close', (code) =>
        code === 0 ? resolve() : reject(new BackupError(`tar: ${stderr.trim() || `exit ${code}`}`)),
      );
    });
  } finally {
    await handle.close();
  }
}

/** A migration applied in a database: its SQL's SHA-256 and `created_at` (the journal's `when`, ms). */
interface AppliedMigration {
  hash: string;
  createdAt: number;
}

async function appliedMigrations(database: Database): Promise<AppliedMigration[]> {
  const result = (await database.db.execute(
    sql`SELECT hash, created_at::text AS created_at FROM drizzle.__drizzle_migrations ORDER BY created_at`,
  )) as { rows: Array<{ hash: string; created_at: string }> };
  return result.rows.map((r) => ({ hash: r.hash, createdAt: Number(r.created_at) }));
}

/**
 * The migrations of `folder` (this version's `apps/api/drizzle` by default): tag, journal time and
 * the SHA-256 of the SQL file, computed as drizzle's migrator does.
 */
async function knownMigrations(folder: string): Promise<Array<{ tag: string; when: number; hash: string }>> {
  const journal = JSON.parse(await fs.readFile(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string; when: number }>;
  };
  return Promise.all(
    journal.entries.map(async (e) => ({
      tag: e.tag,
      when: e.when,
      hash: createHash('sha256')
        .update((await fs.readFile(path.join(folder, `${e.tag}.sql`))).toString())
        .digest('hex'),
    })),
  );
}

/** The names of `applied` by this version's journal (`migrationNames` of the manifest). */
async function namesOf(
  applied: AppliedMigration[],
  folder: string,
): Promise<Array<{ tag: string; createdAt: number }>> {
  const known = await knownMigrations(folder);
  return applied.flatMap((a) => {
    const k = known.find((m) => m.hash === a.hash || m.when === a.createdAt);
    return k ? [{ tag: k.tag, createdAt: a.createdAt }] : [];
  });
}

/**
 * The migrations recorded in a `pg_dump -Fc` file, read with `pg_restore --data-only` of
 * `drizzle.__drizzle_migrations` to stdout (COPY rows `id<TAB>hash<TAB>created_at`): nothing is
 * restored anywhere.
 */
async function migrationsInPgDump(file: string): Promise<AppliedMigration[]> {
  const out = await run(
    'pg_restore',
    ['--data-only', '--schema=drizzle', '--table=__drizzle_migrations', '--file=-', file],
    'pg_restore (reading the migrations of the backup; nothing was restored)',
  );
  const copy = /^COPY drizzle\.__drizzle_migrations \(([^)]*)\) FROM stdin;\n([\s\S]*?)^\\\.$/m.exec(out);
  if (!copy) return [];
  const columns = copy[1]!.split(',').map((c) => c.trim());
  const [hi, ci] = [columns.indexOf('hash'), columns.indexOf('created_at')];
  return copy[2]!
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t'))
    .map((f) => ({ hash: f[hi]!, createdAt: Number(f[ci]) }));
}

/**
 * Throws BackupError when `applied` (the backup's migrations) holds one that `folder` does not —
 * neither its SQL's hash nor its time is in this version's journal. The message names each such
 * migration (by the manifest's `migrationNames` when the archive has them) and the version to use.
 */
async function refuseUnknownMigrations(applied: AppliedMigration[], manifest: BackupManifest, folder: string) {
  const known = await knownMigrations(folder);
  const unknown = applied.filter((a) => !known.some((k) => k.hash === a.hash || k.when === a.createdAt));
  if (!unknown.length) return;
  const tag = (a: AppliedMigration) => manifest.migrationNames?.find((n) => n.createdAt === a.createdAt)?.tag;
  const name = (a: AppliedMigration) =>
    tag(a)
      ? `migration ${tag(a)}`
      : `a migration created ${new Date(a.createdAt).toISOString()} (SHA-256 ${a.hash.slice(0, 12)}…)`;
  const newest = unknown.at(-1)!;
  throw new BackupError(
    `The backup was taken by a newer version of Campus Companion: its schema has ${unknown.map(name).join(', ')}, ` +
      `which this version does not know (its newest is ${known.at(-1)?.tag ?? 'none'}). ` +
      `Restore it with the version that took it — one whose apps/api/drizzle has ${tag(newest) ?? 'that migration'} — or a newer one. Nothing was changed.`,
  );
}

/**
 * The embedded database's data directory as a gzipped tar (what `loadDataDir` opens), after a
 * CHECKPOINT; between two of its requests, so every committed transaction is in it. Reaches the
 * PGlite instance (in process, or the server's worker thread) through Drizzle's `$client`.
 */
export async function dumpPglite(database: Database): Promise<Uint8Array> {
  const client = (database.db as unknown as { $client: PGlite | PgliteWorkerClient }).$client;
  if (!(client instanceof PGlite)) return client.dumpDataDir();
  await client.exec('CHECKPOINT');
  return new Uint8Array(await (await client.dumpDataDir('gzip')).arrayBuffer());
}

/**
 * Writes one archive into `backupDir` (created if missing) and resolves its path and manifest.
 * PostgreSQL: `pg_dump -Fc` of `source.url` (a consistent snapshot while the app keeps writing;
 * `pg_dump` must be of the server's major version or newer). PGlite: `dumpDataDir()` of the open
 * embedded `database` (the caller holds it: the server, or the CLI with the data directory locked).
 * The archive is written as `<name>.partial` and renamed when complete, so a crashed backup never
 * looks like a finished one; it is created 0600 (it holds secrets). Throws BackupError.
 */
export async function createBackup(
  backupDir: string,
  source: { driver: 'pg'; url: string } | { driver: 'pglite'; database: Database },
  migrationsFolder = MIGRATIONS_FOLDER,
): Promise<{ file: string; manifest: BackupManifest }> {
  await fs.mkdir(backupDir, { recursive: true, mode: 0o700 });
  const createdAt = new Date();
  const staging = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-backup-'));
  try {
    let member: string;
    let tool: string;
    let migrations: AppliedMigration[];
    if (source.driver === 'pg') {
      member = 'database.pgdump';
      tool = (await run('pg_dump', ['--version'], 'pg_dump')).trim();
      await run('pg_dump', ['--format=custom', `--file=${path.join(staging, member)}`, source.url], 'pg_dump');
      const client = new pg.Client({ connectionString: source.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ hash: string; created_at: string }>(
          'SELECT hash, created_at::text AS created_at FROM drizzle.__drizzle_migrations ORDER BY created_at',
        );
        migrations = rows.map((r) => ({ hash: r.hash, createdAt: Number(r.created_at) }));
      } finally {
        await client.end();
      }
    } else {
      member = 'pglite-datadir.tar.gz';
      tool = 'PGlite dumpDataDir';
      migrations = await appliedMigrations(source.database);
      await fs.writeFile(path.join(staging, member), await dumpPglite(source.database));
    }
    const manifest: BackupManifest = {
      format: 'campus-companion-backup',
      version: 1,
      createdAt: createdAt.toISOString(),
      driver: source.driver,
      tool,
      migrations: migrations.length,
      migrationNames: await namesOf(migrations, migrationsFolder),
      uploads: 'in the database (files table)',
      members: [{ name: member, ...(await sha256File(path.join(staging, member))) }],
    };
    await fs.writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const file = path.join(backupDir, `campus-backup-${stamp(createdAt)}-${source.driver}.tar`);
    await writeTar(`${file}.partial`, staging, ['manifest.json', member]);
    await fs.rename(`${file}.partial`, file);
    return { file, manifest };
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

/**
 * Unpacks `archive` into a new temporary directory and checks it: a readable tar, a manifest of
 * this format, and every member present with the size and SHA-256 the manifest gives (and nothing
 * else). Resolves the directory (the caller removes it) and the manifest. Throws BackupError naming
 * what is wrong (a truncated or damaged archive, a checksum mismatch) — nothing has been changed.
 */
export async function readArchive(archive: string): Promise<{ dir: string; manifest: BackupManifest }> {
  await fs.access(archive).catch(() => {
    throw new BackupError(`No archive at ${archive}`);
  });
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-restore-'));
  try {
    await run('tar', ['-xf', archive, '-C', dir], `The archive ${archive} is damaged or truncated`);
    let manifest: BackupManifest;
    try {
      manifest = JSON.parse(await fs.readFile(path.join(dir, 'manifest.json'), 'utf8')) as BackupManifest;
    } catch {
      throw new BackupError(`The archive ${archive} has no readable manifest.json: it is not a backup of this app`);
    }
    if (manifest.format !== 'campus-companion-backup' || manifest.version !== 1 || !Array.isArray(manifest.members))
      throw new BackupError(`The archive ${archive} is not a version 1 Campus Companion backup`);
    const present = (await fs.readdir(dir)).filter((f) => f !== 'manifest.json').sort();
    const listed = manifest.members.map((m) => m.name).sort();
    if (present.join('\n') !== listed.join('\n'))
      throw new BackupError(
        `The archive ${archive} is incomplete: the manifest lists ${listed.join(', ')}, the archive holds ${present.join(', ') || 'nothing else'}`,
      );
    for (const m of manifest.members) {
      const found = await sha256File(path.join(dir, m.name));
      if (found.bytes !== m.bytes || found.sha256 !== m.sha256)
        throw new BackupError(
          `The archive ${archive} is damaged: ${m.name} has ${found.bytes} bytes (SHA-256 ${found.sha256.slice(0, 12)}…), ` +
            `the manifest says ${m.bytes} bytes (${m.sha256.slice(0, 12)}…)`,
        );
    }
    return { dir, manifest };
  } catch (err) {
    await fs.rm(dir, { recursive: true, force: true });
    throw err;
  }
}

/** Tables and views outside PostgreSQL's own schemas in the database at `url`. */
async function userRelations(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect().catch((err: Error) => {
    throw new BackupError(`Cannot connect to the target database: ${err.message}`);
  });
  try {
    const { rows } = await client.query<{ name: string }>(
      `SELECT n.nspname || '.' || c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p', 'v', 'm') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
          AND n.nspname NOT LIKE 'pg_toast%' ORDER BY 1 LIMIT 5`,
    );
    return rows.map((r) => r.name);
  } finally {
    await client.end();
  }
}

/**
 * Restores `archive` into the empty database `target` and migrates it to this version of the app.
 * Order: verify the archive (readArchive) → refuse a non-empty target → refuse a schema with a
 * migration `migrationsFolder` (this version's) does not know → restore (all or nothing) → run the
 * migrations. Resolves the manifest. Throws BackupError (nothing changed) for a bad archive, an
 * archive of the other driver, a non-empty target or a newer schema; a failing `pg_restore` rolls back.
 */
export async function restoreBackup(
  archive: string,
  target: BackupTarget,
  migrationsFolder = MIGRATIONS_FOLDER,
): Promise<BackupManifest> {
  const { dir, manifest } = await readArchive(archive);
  try {
    if (manifest.driver !== target.driver)
      throw new BackupError(
        `The archive holds a ${manifest.driver === 'pg' ? 'PostgreSQL' : 'PGlite (embedded)'} database; ` +
          `restore it with ${manifest.driver === 'pg' ? 'DATABASE_URL set' : 'no DATABASE_URL (the embedded database)'}`,
      );
    const member = path.join(dir, manifest.members[0]!.name);
    if (target.driver === 'pg') {
      const found = await userRelations(target.url);
      if (found.length)
        throw new BackupError(
          `The target database is not empty (it has ${found.join(', ')}${found.length === 5 ? ', …' : ''}). ` +
            'Restore goes into an empty database only, so two states are never mixed: create a new one (createdb) and point DATABASE_URL at it.',
        );
      await refuseUnknownMigrations(await migrationsInPgDump(member), manifest, migrationsFolder);
      await run(
        'pg_restore',
        ['--exit-on-error', '--single-transaction', '--no-owner', '--no-privileges', `--dbname=${target.url}`, member],
        'pg_restore (nothing was restored)',
      );
      const database = await openPostgres(target.url, 2);
      try {
        await runMigrations(database, migrationsFolder);
      } finally {
        await database.close();
      }
    } else {
      const live = path.join(target.dataDir, 'pglite');
      const entries = await fs.readdir(live).catch(() => [] as string[]);
      if (entries.length)
        throw new BackupError(
          `The embedded database ${live} is not empty. Restore goes into an empty one only, so two states are never mixed: ` +
            'stop the app and move that directory away (or set DATA_DIR to a new directory).',
        );
      const release = lockDataDir(target.dataDir);
      const staging = `${live}.restoring-${process.pid}`;
      try {
        await fs.rm(staging, { recursive: true, force: true });
        const client = await createPglite({ dataDir: staging, loadDataDir: new Blob([await fs.readFile(member)]) });
        const database = fromPglite(client);
        try {
          // In the side directory: a refusal leaves DATA_DIR/pglite as it was.
          await refuseUnknownMigrations(await appliedMigrations(database), manifest, migrationsFolder);
          await runMigrations(database, migrationsFolder);
        } finally {
          await database.close();
        }
        await fs.rm(live, { recursive: true, force: true }); // an empty directory at most (checked above)
        await fs.rename(staging, live);
      } catch (err) {
        await fs.rm(staging, { recursive: true, force: true });
        throw err instanceof BackupError
          ? err
          : new BackupError(`Restoring the embedded database failed: ${(err as Error).message}`);
      } finally {
        release();
      }
    }
    return manifest;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** The control socket a running server with the embedded database answers backup requests on. */
export function backupSocketPath(dataDir: string): string {
  return path.join(dataDir, 'backup.sock');
}

/**
 * Keeps the `keep` newest archives of `driver` in `backupDir` and deletes the older ones (and any
 * `.partial` left by a crashed run). Resolves the deleted paths. docs/operations.md "Backups".
 */
export async function pruneBackups(backupDir: string, driver: 'pg' | 'pglite', keep: number): Promise<string[]> {
  const names = await fs.readdir(backupDir);
  const pattern = new RegExp(`^campus-backup-.*-${driver}\\.tar$`);
  const archives = names
    .filter((n) => pattern.test(n))
    .sort()
    .reverse();
  const doomed = [...archives.slice(keep), ...names.filter((n) => n.endsWith('.tar.partial'))];
  for (const n of doomed) await fs.rm(path.join(backupDir, n), { force: true });
  return doomed.map((n) => path.join(backupDir, n));
}
