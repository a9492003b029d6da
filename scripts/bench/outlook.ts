/**
 * Term-outlook benchmark (docs/attendance-outlook.md): `GET /api/attendance/outlook` for students
 * with 6 subjects over a full term, next to `GET /api/users/health` in the same run. The term runs
 * from 100 days before today to 20 days after; the class (six catalogue subjects added for the
 * bench) has 24 classes a week, Monday to Friday, and each student has marked 9 in 10 of the
 * classes held so far (~85 % present). Three processes as in `api-load.ts`: this orchestrator seeds
 * the database and writes the institute config, the real server (`apps/api/src/server.ts`) runs as
 * a child process, and the load generator (`load-client.ts`) as another; each connection is signed
 * in as its own student. Prints req/s, p50/p99 (ms) and CPU ms per request (the goal: p99 ≤ 50 ms
 * at 10 connections).
 *
 * Run: `npm run bench:outlook -w apps/api` (embedded PGlite in a temporary data directory), or with
 * `BENCH_DATABASE_URL=postgres://…/postgres`. Options: `DURATION` s per route (default 10),
 * `CONNECTIONS` (default 10), `CPU_PROFILE_DIR` (the server runs under `node --cpu-prof`).
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { runMigrations } from '../../apps/api/src/db/migrate.ts';
import { users } from '../../apps/api/src/db/schema/users.ts';
import { createSession } from '../../apps/api/src/lib/auth.ts';
import { addDays, todayIn } from '../../apps/api/src/lib/dates.ts';
import { cpuMsOf, postgresCpuMs, runLoad, serverEnv, startServer, stopServer, type LoadResult } from './harness.ts';
import { createServerDatabase } from './scratch-db.ts';

const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3293);
const pgUrl = process.env.BENCH_DATABASE_URL;
const BRANCH = 'Computer Science Engineering';
const SEMESTER = 'Third';
const CODES = ['BN301', 'BN302', 'BN303', 'BN304', 'BN305', 'BN306'];
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
const SLOTS = [
  ['09:00', '09:55'],
  ['10:00', '10:55'],
  ['11:00', '11:55'],
  ['12:00', '12:55'],
  ['14:00', '14:55'],
];

const today = todayIn('Asia/Kolkata');
const term = { name: 'Bench term', start: addDays(today, -100), end: addDays(today, 20) };
/** 24 classes a week: the six subjects in turn over five slots a day (the last slot free on Friday). */
const classes = DAYS.flatMap((day, d) =>
  SLOTS.slice(0, d === 4 ? 4 : 5).map(([start, end], k) => ({
    day,
    start,
    end,
    subjectCode: CODES[(d * 5 + k) % CODES.length]!,
    room: `LH-${k + 1}`,
  })),
);

const target = await createServerDatabase(pgUrl, 'cc_bench_outlook');
const { dataDir, databaseUrl: serverUrl, scratchName: scratch } = target;
let server: ChildProcess | undefined;
type Row = LoadResult & { name: string; nodeMs: number; pgMs: number };
const rows: Row[] = [];
try {
  const database = await openDatabase({ databaseUrl: serverUrl, dataDir });
  await runMigrations(database);
  const ids = Array.from({ length: CONNECTIONS }, () => uuidv7());
  await database.db.insert(users).values(
    ids.map((id, i) => ({
      id,
      email: `outlook.${i}@iiitsonepat.ac.in`,
      username: `outlook.${i}`,
      passwordHash: 'x',
      name: `Student ${i}`,
      branch: BRANCH,
      semester: SEMESTER,
      emailVerifiedAt: new Date(),
    })),
  );
  await database.db.execute(
    sql`INSERT INTO subjects (name, code, branch, semester, credits)
        SELECT 'Bench subject ' || c, c, ${BRANCH}, ${SEMESTER}, 4 FROM unnest(${sql.param(CODES)}::text[]) AS c`,
  );
  await database.db.execute(
    sql`INSERT INTO enrollments (id, user_id, subject_id)
        SELECT gen_random_uuid(), u.id, s.id FROM users u CROSS JOIN subjects s
        WHERE u.email LIKE 'outlook.%' AND s.code = ANY(${sql.param(CODES)}::text[])`,
  );
  // One mark for 9 in 10 of the weekday classes held so far (about 4 per subject a week).
  await database.db.execute(
    sql`INSERT INTO attendance_records (id, user_id, subject_id, date, status, marked_at)
        SELECT gen_random_uuid(), e.user_id, e.subject_id, d::date,
               CASE WHEN hashtext(e.user_id::text || d::text || e.subject_id) % 7 = 0 THEN 'Absent' ELSE 'Present' END,
               now()
        FROM enrollments e
        CROSS JOIN generate_series(${term.start}::date, ${addDays(today, -1)}::date, interval '1 day') d
        WHERE extract(isodow FROM d) <= 5 AND hashtext(e.user_id::text || d::text) % 10 <> 0`,
  );
  const cookies = await Promise.all(ids.map(async (id) => `cc_session=${await createSession(database.db, id)}`));
  await database.close();

  const config = path.join(dataDir, 'institute.json');
  await fs.writeFile(
    config,
    JSON.stringify({ terms: [term], classTimetables: [{ branch: BRANCH, semester: SEMESTER, classes }] }),
  );
  server = await startServer(
    PORT,
    serverEnv(PORT, { dataDir, databaseUrl: serverUrl }, { INSTITUTE_CONFIG: config }),
    process.env.CPU_PROFILE_DIR,
  );
  const base = `http://127.0.0.1:${PORT}`;
  const check = await fetch(`${base}/api/attendance/outlook`, { headers: { cookie: cookies[0]! } });
  const body = (await check.json()) as { data?: { subjects: Array<{ inTimetable: boolean; held: number }> } };
  if (check.status !== 200 || body.data?.subjects.length !== 6 || !body.data.subjects.every((s) => s.inTimetable))
    throw new Error(`outlook answered ${check.status} ${JSON.stringify(body).slice(0, 300)}`);
  console.error(`each student: 6 subjects, ${body.data.subjects.reduce((n, s) => n + s.held, 0)} classes held so far`);

  const routes = [
    { name: 'GET /api/users/health', url: `${base}/api/users/health` },
    { name: 'GET /api/attendance/outlook', url: `${base}/api/attendance/outlook` },
  ];
  const pid = server.pid!;
  for (const route of routes) {
    await runLoad({ url: route.url, cookies, connections: CONNECTIONS, duration: 2 }); // warm-up
    const [node0, pg0] = [await cpuMsOf(pid), scratch ? await postgresCpuMs(scratch) : 0];
    const r = await runLoad({ url: route.url, cookies, connections: CONNECTIONS, duration: DURATION });
    const [node1, pg1] = [await cpuMsOf(pid), scratch ? await postgresCpuMs(scratch) : 0];
    rows.push({ ...r, name: route.name, nodeMs: (node1 - node0) / r.requests, pgMs: (pg1 - pg0) / r.requests });
  }
} finally {
  if (server) await stopServer(server);
  await target.drop();
}

const fmt = (n: number, d = 0) => n.toLocaleString('en-IN', { maximumFractionDigits: d, minimumFractionDigits: d });
console.log(`\nTerm outlook — ${pgUrl ? 'PostgreSQL' : 'PGlite (embedded, in the server process)'}`);
console.log(
  `6 subjects, 24 classes a week, a term from 100 days ago to 20 days ahead; ${CONNECTIONS} connections (one student each), ` +
    `${DURATION} s per route, load generator in its own process, ${os.cpus().length} cores, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}, Node ${process.version}\n`,
);
const head = ['route', 'req/s', 'p50 ms', 'p99 ms', 'Node CPU ms/req', 'PG CPU ms/req', 'failed'];
console.log(`| ${head.join(' | ')} |\n|${head.map(() => '---').join('|')}|`);
for (const r of rows)
  console.log(
    `| ${r.name} | ${fmt(r.reqPerSec)} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${fmt(r.nodeMs, 3)} | ${
      pgUrl ? fmt(r.pgMs, 3) : 'in Node'
    } | ${r.non2xx + r.errors} |`,
  );
if (rows.some((r) => r.non2xx || r.errors)) process.exitCode = 1;
