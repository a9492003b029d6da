/**
 * Drill: a soak of the student workload (docs/design.md §9 "Operations" and
 * "Performance").
 *
 * Creates a scratch database on the system's PostgreSQL (`DRILL_DATABASE_URL`; `--db=pglite` for
 * the embedded database in a temporary data directory), starts the API, signs 50 students up
 * through it and enrolls each in a subject, then puts 100 req/s of a mixed student workload on it
 * for 5 minutes (the load in its own process, each student with its own client IP): browsing the
 * marketplace (with a search), lost and found, rides, the bell (unread count, list), the profile and
 * attendance figures; 10 % writes (attendance marks, listings, lost-and-found reports,
 * notifications). It samples the server's resident memory every 10 s, and after the soak measures
 * `/api/users/health` in the same run (autocannon in its own process, 50 connections) as the
 * yardstick of docs/design.md §9.
 *
 * Prints requests, p50/p99 per route, RSS at the start, the end and the highest, and health req/s
 * and p99. Promise (exit 1 when broken): no failed request (every answer 2xx, every request sent on
 * time). Run: `npm run drill:soak` (5 minutes), `npm run drill:soak -- --duration=60`, or
 * `npm run drill:soak -- --quick` (60 s, 20 students).
 */
import path from 'node:path';
import { runLoad } from '../bench/harness.ts';
import { createServerDatabase } from '../bench/scratch-db.ts';
import {
  SYSTEM_PG_URL,
  appEnv,
  check,
  drillFlags,
  enrollAll,
  figure,
  fmt,
  freePort,
  onCleanup,
  printRoutes,
  rssMb,
  runDrill,
  signUpStudents,
  sleep,
  startApp,
  startLoad,
  studentOps,
  studentRefs,
} from './lib.ts';

const flags = drillFlags();
const DURATION = flags.duration ?? (flags.quick ? 60 : 300);
const STUDENTS = flags.quick ? 20 : 50;
const RATE = 100;
const HEALTH_S = flags.quick ? 5 : 10;
const pglite = flags.db === 'pglite';

await runDrill(`drill:soak — ${DURATION} s at ${RATE} req/s of a mixed student workload`, DURATION + 240, async () => {
  const target = await createServerDatabase(pglite ? undefined : SYSTEM_PG_URL, 'cc_drill_soak');
  onCleanup(() => target.drop());
  const port = await freePort();
  const server = await startApp(port, appEnv({ port, dataDir: target.dataDir, databaseUrl: target.databaseUrl }));
  const pid = server.child.pid!;
  const tag = String(Date.now() % 10_000);
  const students = await signUpStudents([server.base], path.join(target.dataDir, 'outbox'), tag, STUDENTS);
  await enrollAll(server.base, students);
  const job = {
    base: server.base,
    rate: RATE,
    students: studentRefs(students),
    ops: studentOps({ writes: 10, marks: true }),
    timeoutMs: 10_000,
  };
  const warm = await startLoad({ ...job, duration: 5 }).done;
  if (warm.non2xx + warm.errors) console.log(`warm-up failures: ${JSON.stringify(warm.failures.slice(0, 5))}`);

  const rssStart = await rssMb(pid);
  const rss: number[] = [rssStart];
  const load = startLoad({ ...job, duration: DURATION });
  let finished = false;
  void load.done.finally(() => (finished = true)).catch(() => undefined);
  for (let i = 0; i < DURATION / 10 + 30 && !finished; i += 1) {
    await Promise.race([sleep(10_000), load.done.catch(() => undefined)]);
    if (!finished) rss.push(await rssMb(pid));
  }
  const report = await load.done;
  const rssEnd = await rssMb(pid);
  const health = await runLoad({
    url: `${server.base}/api/users/health`,
    cookies: [],
    connections: 50,
    duration: HEALTH_S,
  });

  printRoutes(report);
  for (const f of report.failures.slice(0, 10)) console.log(`  ${f.atS} s  ${f.op}  ${f.status}  ${f.message}`);
  figure(
    'database · students · writes',
    `${pglite ? 'PGlite (embedded)' : 'PostgreSQL'} · ${STUDENTS} · 10 % (attendance marks, listings, reports, notifications)`,
  );
  figure(
    'requests · achieved rate',
    `${fmt(report.sent)} in ${fmt(report.seconds, 1)} s · ${fmt(report.sent / report.seconds, 1)} req/s`,
  );
  figure(
    'RSS of the API, MB: start → end (highest)',
    `${fmt(rssStart)} → ${fmt(rssEnd)} (${fmt(Math.max(...rss, rssEnd))})`,
  );
  figure(
    `\`GET /api/users/health\` after the soak (${HEALTH_S} s, 50 connections): req/s · p50 · p99 ms`,
    `${fmt(health.reqPerSec)} · ${fmt(health.p50)} · ${fmt(health.p99)}`,
  );
  const failed = report.non2xx + report.errors;
  check(
    'failed requests (non-2xx or no answer) · requests not sent on time',
    `${failed} · ${report.skipped}`,
    failed === 0 && report.skipped === 0,
  );
});
