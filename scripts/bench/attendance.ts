/**
 * Attendance percentage benchmark (docs/design.md §9): is the cost of a student's figures flat in
 * the size of the attendance table? Two runs, each on a fresh database: 10,000 records (50
 * students) and 1,000,000 records (5,000 students), every student with the same 200 records (5
 * enrolled subjects × 40 classes, ~80 % present). Per run, three processes as in `api-load.ts`:
 * this orchestrator seeds the database (in SQL: `generate_series`), starts the real server
 * (`apps/api/src/server.ts`) as a child process, and runs the load generator (`load-client.ts`,
 * autocannon) as another child process; each connection is signed in as its own student and asks
 * for its own `userId`. Prints req/s, p50/p99 (ms) and CPU ms per request of
 * `GET /api/attendance/percentage/overall` and `/subject-wise` next to `GET /api/users/health`,
 * and the p99 ratio between the two sizes (the goal: within 2×).
 *
 * Run: `npm run bench:attendance -w apps/api` (embedded PGlite in a temporary data directory), or
 * with `BENCH_DATABASE_URL=postgres://…/postgres` (scratch databases on that server, dropped after).
 * Options: `DURATION` s per route (default 10), `CONNECTIONS` (default 50), `SIZES` (default
 * `10000,1000000`).
 */
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { createServerDatabase } from './scratch-db.ts';
import { cpuMsOf, postgresCpuMs, runLoad, serverEnv, startServer, stopServer, type LoadResult } from './harness.ts';
import { v7 as uuidv7 } from 'uuid';
import { openDatabase, type Database } from '../../apps/api/src/db/client.ts';
import { runMigrations } from '../../apps/api/src/db/migrate.ts';
import { users } from '../../apps/api/src/db/schema/users.ts';
import { createSession } from '../../apps/api/src/lib/auth.ts';

const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const SIZES = (process.env.SIZES ?? '10000,1000000').split(',').map(Number);
const PORT = Number(process.env.BENCH_PORT ?? 3291);
const SUBJECTS_PER_STUDENT = 5;
const CLASSES_PER_SUBJECT = 40;
const PER_STUDENT = SUBJECTS_PER_STUDENT * CLASSES_PER_SUBJECT;
const pgUrl = process.env.BENCH_DATABASE_URL;

/** Runs a raw statement on either driver. */
const exec = (database: Database, query: ReturnType<typeof sql>) => database.db.execute(query);

/**
 * Seeds `records` attendance records: `records / 200` students, each enrolled in 5 catalogue
 * subjects with 40 classes each. Returns the student ids.
 */
async function seed(database: Database, records: number): Promise<string[]> {
  const count = Math.max(1, Math.round(records / PER_STUDENT));
  const ids = Array.from({ length: count }, () => uuidv7());
  for (let i = 0; i < count; i += 1000) {
    await database.db.insert(users).values(
      ids.slice(i, i + 1000).map((id, j) => {
        const n = String(i + j).padStart(8, '0');
        return {
          id,
          email: `bench.${n}@iiitsonepat.ac.in`,
          username: `bench.${n}`,
          passwordHash: 'x',
          name: `Student ${i + j}`,
          emailVerifiedAt: new Date(),
        };
      }),
    );
  }
  await exec(
    database,
    sql`INSERT INTO enrollments (id, user_id, subject_id)
        SELECT gen_random_uuid(), u.id, s.id
        FROM users u
        CROSS JOIN (SELECT id FROM subjects WHERE branch = 'Computer Science Engineering' ORDER BY code LIMIT ${SUBJECTS_PER_STUDENT}) s
        WHERE u.email LIKE 'bench.%'`,
  );
  // Records in batches of students (keeps each statement's memory modest on the embedded database).
  const batch = 250;
  for (let i = 0; i < count; i += batch) {
    const slice = ids.slice(i, i + batch);
    await exec(
      database,
      sql`INSERT INTO attendance_records (id, user_id, subject_id, date, status, marked_at)
          SELECT gen_random_uuid(), e.user_id, e.subject_id, date '2026-07-27' + (g % 110),
                 CASE WHEN (hashtext(e.user_id::text || g::text) & 7) < 6 OR g % 5 = 0 THEN 'Present' ELSE 'Absent' END,
                 now()
          FROM enrollments e CROSS JOIN generate_series(1, ${CLASSES_PER_SUBJECT}) g
          WHERE e.user_id IN (${sql.join(
            slice.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
    );
  }
  await exec(database, sql`VACUUM ANALYZE`);
  return ids;
}

type Row = LoadResult & { size: number; name: string; nodeMs: number; pgMs: number };

/** One size: a fresh database, seeded; the server; the three routes under load. */
async function runSize(records: number): Promise<Row[]> {
  const target = await createServerDatabase(pgUrl, 'cc_bench_att');
  const { dataDir, databaseUrl: serverUrl, scratchName: scratch } = target;
  let server: ChildProcess | undefined;
  try {
    const database = await openDatabase({ databaseUrl: serverUrl, dataDir });
    await runMigrations(database);
    const started = Date.now();
    const students = await seed(database, records);
    const seeded = await exec(database, sql`SELECT count(*)::int AS n FROM attendance_records`);
    const total = (seeded as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
    console.error(`seeded ${total.toLocaleString('en-IN')} records in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    // The measured students are spread over the whole table.
    const step = Math.max(1, Math.floor(students.length / CONNECTIONS));
    const measured = Array.from({ length: CONNECTIONS }, (_, i) => students[(i * step) % students.length]!);
    const cookies = await Promise.all(measured.map(async (id) => `cc_session=${await createSession(database.db, id)}`));
    await exec(database, sql`CHECKPOINT`);
    await database.close();

    server = await startServer(PORT, serverEnv(PORT, { dataDir, databaseUrl: serverUrl }));
    const base = `http://127.0.0.1:${PORT}`;
    const routes = [
      { name: 'GET /api/users/health', url: `${base}/api/users/health`, paths: undefined },
      ...(['overall', 'subject-wise'] as const).map((kind) => ({
        name: `GET /api/attendance/percentage/${kind}`,
        url: `${base}/api/attendance/percentage/${kind}`,
        paths: measured.map((id) => `/api/attendance/percentage/${kind}?userId=${id}`),
      })),
    ];
    const check = await fetch(`${base}${routes[1]!.paths![0]}`, { headers: { cookie: cookies[0]! } });
    const body = (await check.json()) as { data?: { totalDays: number } };
    if (check.status !== 200 || body.data?.totalDays !== PER_STUDENT)
      throw new Error(`overall answered ${check.status} ${JSON.stringify(body)}`);

    const pid = server.pid!;
    const rows: Row[] = [];
    for (const route of routes) {
      await runLoad({ url: route.url, cookies, paths: route.paths, connections: CONNECTIONS, duration: 2 }); // warm-up
      const [node0, pg0] = [await cpuMsOf(pid), scratch ? await postgresCpuMs(scratch) : 0];
      const r = await runLoad({
        url: route.url,
        cookies,
        paths: route.paths,
        connections: CONNECTIONS,
        duration: DURATION,
      });
      const [node1, pg1] = [await cpuMsOf(pid), scratch ? await postgresCpuMs(scratch) : 0];
      rows.push({
        ...r,
        size: total,
        name: route.name,
        nodeMs: (node1 - node0) / r.requests,
        pgMs: (pg1 - pg0) / r.requests,
      });
    }
    return rows;
  } finally {
    if (server) await stopServer(server);
    await target.drop();
  }
}

const all: Row[] = [];
for (const size of SIZES) all.push(...(await runSize(size)));

const fmt = (n: number, d = 0) => n.toLocaleString('en-IN', { maximumFractionDigits: d, minimumFractionDigits: d });
console.log(`\nAttendance percentages — ${pgUrl ? 'PostgreSQL' : 'PGlite (embedded, in the server process)'}`);
console.log(
  `${PER_STUDENT} records per student (${SUBJECTS_PER_STUDENT} subjects × ${CLASSES_PER_SUBJECT}), ${CONNECTIONS} connections ` +
    `(one student each), ${DURATION} s per route, load generator in its own process, ${os.cpus().length} cores, Node ${process.version}\n`,
);
const head = ['records', 'route', 'req/s', 'p50 ms', 'p99 ms', 'Node CPU ms/req', 'PG CPU ms/req', 'failed'];
console.log(`| ${head.join(' | ')} |\n|${head.map(() => '---').join('|')}|`);
for (const r of all)
  console.log(
    `| ${fmt(r.size)} | ${r.name} | ${fmt(r.reqPerSec)} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${fmt(r.nodeMs, 3)} | ${
      pgUrl ? fmt(r.pgMs, 3) : 'in Node'
    } | ${r.non2xx + r.errors} |`,
  );
if (SIZES.length > 1) {
  const [small, large] = [Math.min(...all.map((r) => r.size)), Math.max(...all.map((r) => r.size))];
  for (const name of new Set(all.map((r) => r.name))) {
    const a = all.find((r) => r.size === small && r.name === name)!;
    const b = all.find((r) => r.size === large && r.name === name)!;
    console.log(`p99 ${name}: ${fmt(b.p99 / Math.max(a.p99, 1), 2)}× from ${fmt(small)} to ${fmt(large)} records`);
  }
}
if (all.some((r) => r.non2xx || r.errors)) process.exitCode = 1;
