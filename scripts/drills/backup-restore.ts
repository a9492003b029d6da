/**
 * Drill: back up under write load, restore into a fresh database, start the app on it
 * (docs/operations.md "Backups"; docs/design.md §9 "Operations").
 *
 * For each database (`--db=postgres` or `--db=pglite`; both by default):
 * 1. starts the app (PostgreSQL: a scratch database on the system's server, `DRILL_DATABASE_URL`;
 *    embedded: a fresh `DATA_DIR`) and seeds through the API: students, listings with photos, rides,
 *    attendance marks and notifications;
 * 2. starts a write load (its own process: listings, lost items, notifications and marks among
 *    reads) and, while it runs, `npm run backup` (the real command, a child process: `pg_dump -Fc`,
 *    or the embedded server's own dump through its backup socket);
 * 3. `npm run restore -- <archive>` into a fresh database, and `npm run restore` of a truncated copy
 *    into another fresh one (refused, that database left empty);
 * 4. starts the app on the restored database and checks: per table, the rows created before the
 *    backup began are the same number in both databases (tables without `created_at` and untouched
 *    by the load: all rows); every file's bytes (SHA-256 of photo and thumbnail) are equal; a
 *    student signs in with their password; every write acknowledged before the backup began reads
 *    back through the restored app; the seeded photos are served with the same bytes;
 * 5. a backup "taken by a newer version" (the restored database given a migration this code does not
 *    know, and its column) is refused by `npm run restore`: exit 1, the message names the unknown
 *    migration and the version to use, the target stays empty.
 *
 * Exit 1 when a promise breaks. Run: `npm run drill:backup-restore [-- --db=pglite|postgres] [--quick]`.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { stopServer } from '../bench/harness.ts';
import { createServerDatabase } from '../bench/scratch-db.ts';
import { createPglite } from '../../apps/api/src/db/client.ts';
import {
  SYSTEM_PG_URL,
  api,
  appEnv,
  check,
  drillFlags,
  enrollAll,
  figure,
  fmt,
  freePort,
  lostWrites,
  onCleanup,
  runDrill,
  samplePhoto,
  signUp,
  signUpStudents,
  sleep,
  sqlOnce,
  startApp,
  startLoad,
  studentEmail,
  studentOps,
  studentRefs,
  tempDir,
  dayBefore,
  type Student,
} from './lib.ts';

const flags = drillFlags();
const LOAD_RATE = 40;
const LOAD_S = flags.quick ? 15 : 30;
const STUDENTS = flags.quick ? 6 : 12;
const ROOT = path.resolve(import.meta.dirname, '../..');

/** Tables the load writes that carry no `created_at`: their restored count is only bounded by the source's. */
const LOAD_WRITES_UNDATED = new Set(['sessions', 'idempotency_keys']);
/** Expiring counters (rate-limit windows are replaced as they roll over): compared by nobody, listed apart. */
const TRANSIENT = new Set(['rate_limits']);
const WRITES_PERCENT = 40;

/** Runs `apps/api/src/<script>.ts` as `npm run <script>` does (tsx, this Node) with `env`; resolves exit code and output. */
function runCli(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; out: string; ms: number }>((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, `apps/api/src/${script}.ts`), ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code: code ?? 1, out: out.trim(), ms: performance.now() - t0 }));
  });
}

/** Runs SQL on one database: a PostgreSQL URL, or an embedded data directory (opened in this process, app stopped). */
type Query = (statement: string) => Promise<Array<Record<string, unknown>>>;

async function queryOn(where: { url?: string; dataDir: string }): Promise<{ q: Query; close(): Promise<void> }> {
  if (where.url) return { q: (s) => sqlOnce(where.url!, s), close: async () => {} };
  const pglite = await createPglite({ dataDir: path.join(where.dataDir, 'pglite') });
  return {
    q: async (s) => (await pglite.query<Record<string, unknown>>(s)).rows,
    close: () => pglite.close(),
  };
}

/** Per table of `public`: rows created before `before` (ISO) where it has `created_at`, else all rows. */
async function tableCounts(q: Query, before: string): Promise<Map<string, { n: number; dated: boolean }>> {
  const tables = await q(
    `SELECT table_name AS t, bool_or(column_name = 'created_at') AS dated FROM information_schema.columns
      WHERE table_schema = 'public' GROUP BY 1 ORDER BY 1`,
  );
  const counts = new Map<string, { n: number; dated: boolean }>();
  for (const { t, dated } of tables as Array<{ t: string; dated: boolean }>) {
    const where = dated ? ` WHERE created_at < '${before}'` : '';
    const [row] = await q(`SELECT count(*)::int AS n FROM "${t}"${where}`);
    counts.set(t, { n: Number(row!.n), dated });
  }
  return counts;
}

/** id → SHA-256 of photo and thumbnail, as PostgreSQL computes them. */
async function fileDigests(q: Query): Promise<Map<string, string>> {
  const rows = await q(
    `SELECT id::text AS id, encode(sha256(bytes), 'hex') || ':' || coalesce(encode(sha256(thumb_bytes), 'hex'), '') AS d FROM files`,
  );
  return new Map(rows.map((r) => [String(r.id), String(r.d)]));
}

async function drillOne(db: 'postgres' | 'pglite'): Promise<void> {
  const label = db === 'postgres' ? 'PostgreSQL' : 'embedded';
  const pgUrl = db === 'postgres' ? SYSTEM_PG_URL : undefined;
  const source = await createServerDatabase(pgUrl, 'cc_drill_backup');
  onCleanup(() => source.drop());
  const backupDir = await tempDir(`backups-${db}`);
  const port = await freePort();
  const tag = String(Date.now() % 10_000);
  const adminEmail = studentEmail(tag, 999, 'warden');
  const env = {
    ...appEnv({ port, dataDir: source.dataDir, databaseUrl: source.databaseUrl, adminEmail }),
    BACKUP_DIR: backupDir,
  };
  const app = await startApp(port, env);
  const outbox = path.join(source.dataDir, 'outbox');

  // 1. Seed through the API.
  const admin = await signUp(app.base, outbox, adminEmail);
  const students = await signUpStudents([app.base], outbox, tag, STUDENTS);
  await enrollAll(app.base, students);
  const photos: Array<{ path: string; sha: string; owner: Student }> = [];
  for (const [i, s] of students.entries()) {
    const listing = await api(app.base, 'POST', '/api/buy-and-sell/items', {
      cookie: s.cookie,
      ip: s.ip,
      form: {
        item_name: `Study lamp ${i}`,
        price: String(300 + i),
        category: 'Electronics',
        item_condition: 'Good',
        description: 'LED lamp, three brightness levels.',
        owner_contact: '9876543210',
        image: await samplePhoto(),
      },
    });
    if (listing.status !== 201) throw new Error(`listing: ${listing.status} ${JSON.stringify(listing.body)}`);
    const photoPath = new URL(listing.body.data.image_url as string).pathname;
    const res = await fetch(app.base + photoPath, { headers: { cookie: s.cookie } });
    photos.push({
      path: photoPath,
      sha: createHash('sha256')
        .update(Buffer.from(await res.arrayBuffer()))
        .digest('hex'),
      owner: s,
    });
    const ride = await api(app.base, 'POST', '/api/rides', {
      cookie: s.cookie,
      ip: s.ip,
      json: {
        pickupLocation: 'Railway Station',
        dropLocation: 'IIIT Sonepat Campus',
        departureDateTime: new Date(Date.now() + (i + 2) * 86_400_000).toISOString(),
        totalSeats: 3,
        estimatedCost: 450,
        description: 'Cab from the station after the evening train',
        phoneNumber: '9812345678',
        direction: 'toCollege',
      },
    });
    if (ride.status !== 201) throw new Error(`ride: ${ride.status} ${JSON.stringify(ride.body)}`);
    const mark = await api(app.base, 'POST', '/api/attendance', {
      cookie: s.cookie,
      ip: s.ip,
      json: { userId: s.userId, subjectId: s.subjectId, date: dayBefore(2), status: 'Present' },
    });
    if (mark.status !== 201) throw new Error(`mark: ${mark.status} ${JSON.stringify(mark.body)}`);
    const sent = await api(app.base, 'POST', '/api/notification', {
      cookie: admin.cookie,
      form: { userId: s.userId, message: `Welcome to the drill, student ${i}` },
    });
    if (sent.status !== 201) throw new Error(`notification: ${sent.status} ${JSON.stringify(sent.body)}`);
  }
  figure(`${label}: seeded`, `${STUDENTS} students, ${STUDENTS} listings with photos, rides, marks and notifications`);

  // 2. Back up under write load.
  const load = startLoad({
    base: app.base,
    rate: LOAD_RATE,
    duration: LOAD_S,
    students: studentRefs(students),
    ops: studentOps({ writes: WRITES_PERCENT, marks: true }),
  });
  await load.started;
  await sleep(3000);
  const backupStart = new Date();
  const ackedBefore = load.acked();
  const backup = await runCli('backup', [], env);
  const ackedDuring = load.acked() - ackedBefore;
  const report = await load.done;
  const archive = /Backup written: (\S+)/.exec(backup.out)?.[1];
  check(
    `${label}: \`npm run backup\` under ${LOAD_RATE} req/s of load (${WRITES_PERCENT}% writes)`,
    `exit ${backup.code} in ${fmt(backup.ms / 1000, 1)} s; ${archive ? `${fmt((await fs.stat(archive)).size / 1024)} KB` : backup.out.slice(-300)}; ` +
      `${ackedBefore} creates acknowledged before it, ${ackedDuring} during; load non-2xx ${report.non2xx}`,
    backup.code === 0 && !!archive && report.non2xx + report.errors === 0,
  );
  if (!archive) return;
  await stopServer(app.child);

  // 3. Restore into a fresh database; a truncated copy into another (refused, left empty).
  const restored = await createServerDatabase(pgUrl, 'cc_drill_restored');
  onCleanup(() => restored.drop());
  const port2 = await freePort();
  const env2 = { ...appEnv({ port: port2, dataDir: restored.dataDir, databaseUrl: restored.databaseUrl, adminEmail }) };
  const restore = await runCli('restore', [archive], env2);
  check(
    `${label}: \`npm run restore -- <archive>\` into an empty database (checksums, restore, migrations)`,
    `exit ${restore.code} in ${fmt(restore.ms / 1000, 1)} s${restore.code ? `: ${restore.out.slice(-300)}` : ''}`,
    restore.code === 0,
  );
  const cut = path.join(backupDir, 'truncated.tar');
  const bytes = await fs.readFile(archive);
  await fs.writeFile(cut, bytes.subarray(0, Math.floor(bytes.byteLength * 0.6)));
  const spare = await createServerDatabase(pgUrl, 'cc_drill_spare');
  onCleanup(() => spare.drop());
  const refused = await runCli(
    'restore',
    [cut],
    appEnv({ port: port2, dataDir: spare.dataDir, databaseUrl: spare.databaseUrl }),
  );
  const spareQuery = spare.databaseUrl
    ? (
        await sqlOnce(
          spare.databaseUrl,
          "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')",
        )
      )[0]!.n
    : (await fs.readdir(path.join(spare.dataDir, 'pglite')).catch(() => [])).length;
  check(
    `${label}: a truncated archive (60%) is refused and the target stays empty`,
    `exit ${refused.code}: "${refused.out.split('\n')[0]!.slice(0, 140)}"; tables/files in the target: ${spareQuery}`,
    refused.code === 1 && /damaged or truncated|is damaged|incomplete/.test(refused.out) && Number(spareQuery) === 0,
  );
  if (restore.code !== 0) return;

  // 4. The app on the restored database.
  const app2 = await startApp(port2, env2);
  const someone = students[1]!;
  const login = await api(app2.base, 'POST', '/api/users/login', {
    json: { email: someone.email, password: someone.password },
  });
  const cookie = /cc_session=[^;]+/.exec(login.headers.get('set-cookie') ?? '')?.[0] ?? '';
  const served = await Promise.all(
    photos.map(async (p) => {
      const res = await fetch(app2.base + p.path, { headers: { cookie } });
      return (
        res.status === 200 &&
        createHash('sha256')
          .update(Buffer.from(await res.arrayBuffer()))
          .digest('hex') === p.sha
      );
    }),
  );
  check(
    `${label}: a student signs in with their password on the restored app; seeded photos served with the same bytes`,
    `login ${login.status}; photos ${served.filter(Boolean).length}/${photos.length} identical`,
    login.status === 200 && served.every(Boolean),
  );
  const before = report.acked.slice(0, ackedBefore);
  const relogged: Student[] = [];
  for (const s of students) {
    const r = await api(app2.base, 'POST', '/api/users/login', { json: { email: s.email, password: s.password } });
    relogged.push({ ...s, cookie: /cc_session=[^;]+/.exec(r.headers.get('set-cookie') ?? '')?.[0] ?? s.cookie });
  }
  const readBack = await lostWrites(app2.base, relogged, before);
  const marksBefore = before.filter((a) => a.kind === 'mark').length;
  check(
    `${label}: writes acknowledged before the backup began, read back through the restored app`,
    `${readBack.checked - readBack.lost.length}/${readBack.checked} present (listings, lost items, notifications; plus ${marksBefore} marks counted below)`,
    readBack.lost.length === 0,
  );
  await stopServer(app2.child);

  const a = await queryOn({ url: source.databaseUrl, dataDir: source.dataDir });
  const b = await queryOn({ url: restored.databaseUrl, dataDir: restored.dataDir });
  try {
    const cutoff = backupStart.toISOString();
    const [ca, cb] = [await tableCounts(a.q, cutoff), await tableCounts(b.q, cutoff)];
    const differ: string[] = [];
    let rows = 0;
    for (const [t, { n, dated }] of ca) {
      if (TRANSIENT.has(t)) continue;
      const m = cb.get(t)?.n ?? -1;
      rows += m;
      const ok = dated || !LOAD_WRITES_UNDATED.has(t) ? m === n : m <= n;
      if (!ok) differ.push(`${t} ${m}≠${n}`);
    }
    check(
      `${label}: rows per table (created before the backup began; undated tables not written by the load: all rows; rate-limit windows left out)`,
      `${ca.size} tables, ${fmt(rows)} rows restored; ${differ.length ? `differ: ${differ.join(', ')}` : 'all equal'}`,
      differ.length === 0 && ca.size === cb.size,
    );
    const [fa, fb] = [await fileDigests(a.q), await fileDigests(b.q)];
    const mismatched = [...fb].filter(([id, d]) => fa.get(id) !== d).length;
    const dated = (await a.q(`SELECT id::text AS id FROM files WHERE created_at < '${cutoff}'`)).map((r) =>
      String(r.id),
    );
    const missing = dated.filter((id) => !fb.has(id)).length;
    check(
      `${label}: files (photo and thumbnail SHA-256), restored vs source`,
      `${fb.size} restored, ${mismatched} with other bytes; ${missing} of the ${dated.length} made before the backup missing`,
      mismatched === 0 && missing === 0 && fb.size > 0,
    );
  } finally {
    await a.close();
    await b.close();
  }

  // 5. A backup taken by a newer version: a migration this code does not know, and its column.
  const newer = await queryOn({ url: restored.databaseUrl, dataDir: restored.dataDir });
  try {
    await newer.q(
      `INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('${'ab'.repeat(32)}', ${Date.now() + 86_400_000})`,
    );
    await newer.q('ALTER TABLE users ADD COLUMN newer_version_column text');
  } finally {
    await newer.close();
  }
  const newerBackup = await runCli('backup', [], { ...env2, BACKUP_DIR: backupDir });
  const newerArchive = /Backup written: (\S+)/.exec(newerBackup.out)?.[1];
  const spare2 = await createServerDatabase(pgUrl, 'cc_drill_spare');
  onCleanup(() => spare2.drop());
  const refusedNewer = newerArchive
    ? await runCli(
        'restore',
        [newerArchive],
        appEnv({ port: port2, dataDir: spare2.dataDir, databaseUrl: spare2.databaseUrl }),
      )
    : { code: -1, out: newerBackup.out, ms: 0 };
  const spare2Tables = spare2.databaseUrl
    ? (
        await sqlOnce(
          spare2.databaseUrl,
          "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')",
        )
      )[0]!.n
    : (await fs.readdir(path.join(spare2.dataDir, 'pglite')).catch(() => [])).length;
  check(
    `${label}: a backup whose schema has a migration this version does not know is refused and the target stays empty`,
    `exit ${refusedNewer.code}: "${refusedNewer.out.split('\n')[0]!.slice(0, 200)}"; tables/files in the target: ${spare2Tables}`,
    refusedNewer.code === 1 &&
      /newer version.*does not know.*Restore it with the version that took it/.test(refusedNewer.out) &&
      Number(spare2Tables) === 0,
  );
}

await runDrill('drill:backup-restore — back up under load, restore into a fresh database', 900, async () => {
  const which = flags.db ? [flags.db] : ['postgres', 'pglite'];
  for (const db of which) {
    if (db !== 'postgres' && db !== 'pglite') throw new Error('--db must be postgres or pglite');
    await drillOne(db);
  }
});
