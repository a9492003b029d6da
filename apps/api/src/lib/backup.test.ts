/**
 * Backup and restore (docs/operations.md "Backups"): an archive of a database with a student and a
 * listing photo restores into an empty database, where the student signs in with their password
 * and the photo has the same bytes; a truncated or damaged archive, a non-empty target and a backup
 * taken by a newer version (a migration this code does not know) are refused and leave the target
 * as it was. PGlite by default, PostgreSQL with TEST_DATABASE_URL.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createPglite, fromPglite, openPostgres, type Database } from '../db/client.ts';
import { MIGRATIONS_FOLDER, runMigrations } from '../db/migrate.ts';
import { createTestApp, signUpAndLogin, sessionCookie, type SignedIn, type TestApp } from '../test/helpers.ts';
import { jpeg, multipartForm } from '../test/multipart.ts';
import { BackupError, createBackup, readArchive, restoreBackup, type BackupTarget } from './backup.ts';

const PG = process.env.TEST_DATABASE_URL;

/** An empty target database of the run's driver: where it is, whether it is still empty, and how to open it. */
interface Target {
  target: BackupTarget;
  relations(): Promise<number>;
  open(): Promise<Database>;
  drop(): Promise<void>;
}

async function emptyTarget(): Promise<Target> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-restore-test-'));
  if (!PG) {
    return {
      target: { driver: 'pglite', dataDir: dir },
      // The embedded target is "empty" while DATA_DIR/pglite does not exist or has no files.
      relations: async () => (await fs.readdir(path.join(dir, 'pglite')).catch(() => [])).length,
      open: async () => fromPglite(await createPglite({ dataDir: path.join(dir, 'pglite') })),
      drop: () => fs.rm(dir, { recursive: true, force: true }),
    };
  }
  const name = `cc_restore_${randomUUID().replace(/-/g, '')}`;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: PG });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const u = new URL(PG);
  u.pathname = `/${name}`;
  const url = u.toString();
  return {
    target: { driver: 'pg', url },
    relations: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        const { rows } = await c.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relkind = 'r' AND n.nspname NOT IN ('pg_catalog', 'information_schema')",
        );
        return rows[0]!.n;
      } finally {
        await c.end();
      }
    },
    open: () => openPostgres(url, 3),
    drop: async () => {
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

/** The test database's PostgreSQL URL (node-postgres' pool, reached through Drizzle's `$client`). */
function urlOf(database: Database): string {
  return (database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options
    .connectionString;
}

let t: TestApp;
let student: SignedIn;
let photoPath: string;
let photo: Buffer;
let archive: string;
let backupDir: string;
const targets: Target[] = [];

beforeAll(async () => {
  t = await createTestApp();
  student = await signUpAndLogin(t);
  const form = multipartForm(
    {
      item_name: 'Study lamp',
      price: '400',
      category: 'Electronics',
      item_condition: 'Good',
      description: 'LED lamp, three brightness levels.',
      owner_contact: '9876543210',
    },
    [{ field: 'image', filename: 'lamp.jpg', content: await jpeg('#aa6633', 320, 240), type: 'image/jpeg' }],
  );
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/buy-and-sell/items',
    payload: form.payload,
    headers: { ...form.headers, cookie: student.cookie },
  });
  expect(created.statusCode).toBe(201);
  photoPath = new URL(created.json().data.image_url as string).pathname;
  const served = await t.app.inject({ method: 'GET', url: photoPath, headers: { cookie: student.cookie } });
  expect(served.statusCode).toBe(200);
  photo = served.rawPayload;
  backupDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-backups-'));
  const source = PG
    ? { driver: 'pg' as const, url: urlOf(t.database) }
    : { driver: 'pglite' as const, database: t.database };
  archive = (await createBackup(backupDir, source)).file;
});

afterAll(async () => {
  await t?.close();
  for (const x of targets) await x.drop();
  if (backupDir) await fs.rm(backupDir, { recursive: true, force: true });
});

async function newTarget(): Promise<Target> {
  const x = await emptyTarget();
  targets.push(x);
  return x;
}

/** A copy of the archive cut to `fraction` of its length. */
async function truncated(fraction: number): Promise<string> {
  const bytes = await fs.readFile(archive);
  const file = path.join(backupDir, `truncated-${fraction}.tar`);
  await fs.writeFile(file, bytes.subarray(0, Math.floor(bytes.byteLength * fraction)));
  return file;
}

describe('backup archive', () => {
  it('holds a manifest with the size and SHA-256 of the dump, which it matches', async () => {
    const { dir, manifest } = await readArchive(archive);
    await fs.rm(dir, { recursive: true, force: true });
    expect(manifest.driver).toBe(PG ? 'pg' : 'pglite');
    expect(manifest.members).toHaveLength(1);
    expect(manifest.members[0]!.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(manifest.migrations).toBeGreaterThan(0);
  });

  it('is readable by its owner only (0600): it holds the signing secret, the VAPID key and password hashes', async () => {
    expect((await fs.stat(archive)).mode & 0o777).toBe(0o600);
  });

  it.each([0.5, 0.9])('a truncated archive (%s of it) is refused with a clear error and changes nothing', async (f) => {
    const x = await newTarget();
    const error = await restoreBackup(await truncated(f), x.target).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toMatch(/damaged or truncated|is damaged|incomplete/);
    expect(await x.relations()).toBe(0);
  });

  it('an archive whose dump does not match its checksum is refused and changes nothing', async () => {
    const x = await newTarget();
    const { dir, manifest } = await readArchive(archive);
    const member = path.join(dir, manifest.members[0]!.name);
    const bytes = await fs.readFile(member);
    const middle = bytes.byteLength >> 1;
    bytes[middle] = bytes[middle]! ^ 0xff;
    await fs.writeFile(member, bytes);
    const bad = path.join(backupDir, 'flipped.tar');
    const { execFileSync } = await import('node:child_process');
    execFileSync('tar', ['-cf', bad, '-C', dir, 'manifest.json', manifest.members[0]!.name]);
    await fs.rm(dir, { recursive: true, force: true });
    await expect(restoreBackup(bad, x.target)).rejects.toThrow(/is damaged: .*SHA-256/);
    expect(await x.relations()).toBe(0);
  });

  it('refuses a database that is not empty, and says why', async () => {
    const x = await newTarget();
    await restoreBackup(archive, x.target);
    const before = await x.relations();
    await expect(restoreBackup(archive, x.target)).rejects.toThrow(
      /not empty.*empty one only|not empty.*empty database only/,
    );
    expect(await x.relations()).toBe(before);
  });

  it('restores into an empty database: the student signs in with their password and the photo has the same bytes', async () => {
    const x = await newTarget();
    const manifest = await restoreBackup(archive, x.target);
    expect(manifest.uploads).toBe('in the database (files table)');
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-restored-app-'));
    const database = await x.open();
    const config = loadConfig({ DATA_DIR: dataDir, APP_URL: 'http://localhost:3000', LOG_LEVEL: 'silent' });
    const app = await buildApp({ config, database, logger: false });
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: student.email, password: student.password },
      });
      expect(login.statusCode).toBe(200);
      const served = await app.inject({ method: 'GET', url: photoPath, headers: { cookie: sessionCookie(login) } });
      expect(served.statusCode).toBe(200);
      expect(Buffer.compare(served.rawPayload, photo)).toBe(0);
    } finally {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a backup taken by a newer version', () => {
  it('is refused before the target is touched, naming the migration it does not know and the version to use', async () => {
    // The newer version: this code's migrations plus one that adds a column.
    const newer = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-newer-migrations-'));
    await fs.cp(MIGRATIONS_FOLDER, newer, { recursive: true });
    const journalFile = path.join(newer, 'meta/_journal.json');
    const journal = JSON.parse(await fs.readFile(journalFile, 'utf8')) as {
      entries: Array<{ idx: number; version: string; when: number; tag: string; breakpoints: boolean }>;
    };
    const last = journal.entries.at(-1)!;
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 60_000, tag: '0099_newer_version' });
    await fs.writeFile(journalFile, JSON.stringify(journal));
    await fs.writeFile(
      path.join(newer, '0099_newer_version.sql'),
      'ALTER TABLE "users" ADD COLUMN "newer_column" text;',
    );
    try {
      await runMigrations(t.database, newer);
      const source = PG
        ? { driver: 'pg' as const, url: urlOf(t.database) }
        : { driver: 'pglite' as const, database: t.database };
      const { file, manifest } = await createBackup(backupDir, source, newer);
      expect(manifest.migrationNames?.at(-1)?.tag).toBe('0099_newer_version');

      const x = await newTarget();
      const error = await restoreBackup(file, x.target).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BackupError);
      expect((error as Error).message).toMatch(
        new RegExp(
          `newer version.*migration 0099_newer_version, which this version does not know \\(its newest is ${last.tag}\\).*` +
            'whose apps/api/drizzle has 0099_newer_version.*Nothing was changed',
        ),
      );
      expect(await x.relations()).toBe(0);

      // The version that took it restores it.
      const y = await newTarget();
      await restoreBackup(file, y.target, newer);
      expect(await y.relations()).toBeGreaterThan(0);
    } finally {
      await fs.rm(newer, { recursive: true, force: true });
    }
  });
});
