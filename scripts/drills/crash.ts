/**
 * Drill: kill -9 of the API mid-write (docs/design.md §9 "Operations").
 *
 * On PostgreSQL (a scratch database on the system's server, `DRILL_DATABASE_URL`) and then on the
 * embedded PGlite (a temporary data directory): starts the API, signs students up through it, and
 * runs 10 cycles of: creating writes at 40/s (listings, lost-and-found reports, notifications; the
 * load in its own process, recording the id of every create answered 2xx), SIGKILL of the API
 * once 10 creates were acknowledged plus 0–1 s (writes still in flight), and a restart, timed from
 * the spawn until `/api/users/health` answers. After the last restart every acknowledged create is
 * read back through the API.
 *
 * Promises (exit 1 when one breaks): 0 acknowledged writes lost; every cycle reached 10
 * acknowledged writes before its kill; the API starts again after every kill (on PGlite: over the
 * lock the killed process left).
 *
 * Run: `npm run drill:crash` (10 cycles per database, about 3 minutes) or
 * `npm run drill:crash -- --quick` (3 cycles per database).
 */
import path from 'node:path';
import { createServerDatabase } from '../bench/scratch-db.ts';
import {
  SYSTEM_PG_URL,
  appEnv,
  check,
  drillFlags,
  figure,
  fmt,
  freePort,
  lostWrites,
  onCleanup,
  percentile,
  runDrill,
  signUpStudents,
  sleep,
  startApp,
  startLoad,
  studentOps,
  studentRefs,
  type Acked,
} from './lib.ts';

const flags = drillFlags();
const CYCLES = flags.quick ? 3 : 10;
const STUDENTS = flags.quick ? 12 : 20;
const RATE = 40;
const MIN_ACKED = 10;

await runDrill('drill:crash — kill -9 of the API mid-write', 1500, async () => {
  for (const kind of ['PostgreSQL', 'PGlite'] as const) {
    const target = await createServerDatabase(kind === 'PostgreSQL' ? SYSTEM_PG_URL : undefined, 'cc_drill_crash');
    onCleanup(() => target.drop());
    const port = await freePort();
    const env = appEnv({ port, dataDir: target.dataDir, databaseUrl: target.databaseUrl });
    let server = await startApp(port, env);
    const tag = String(Date.now() % 10_000);
    const students = studentRefs(
      await signUpStudents([server.base], path.join(target.dataDir, 'outbox'), tag, STUDENTS),
    );

    const acked: Acked[] = [];
    const restartMs: number[] = [];
    let cutOff = 0;
    let shortCycles = 0;
    for (let c = 0; c < CYCLES; c += 1) {
      const load = startLoad({
        base: server.base,
        rate: RATE,
        duration: 60,
        students,
        ops: studentOps({ writes: 100 }),
        timeoutMs: 10_000,
      });
      await load.started;
      // Mid-write: once MIN_ACKED creates were acknowledged (at most 60 s), then 0–1 s more, varied per cycle.
      for (let w = 0; w < 600 && load.acked() < MIN_ACKED; w += 1) await sleep(100);
      await sleep((c * 397) % 1000);
      const exited = new Promise((r) => server.child.once('exit', r));
      server.child.kill('SIGKILL');
      await exited;
      const report = await load.stop();
      acked.push(...report.acked);
      if (report.acked.length < MIN_ACKED) shortCycles += 1;
      cutOff += report.errors;
      server = await startApp(port, env);
      restartMs.push(server.startMs);
      console.log(
        `  ${kind} cycle ${c + 1}: ${report.acked.length} writes acknowledged, ${report.errors} cut off by the kill, ` +
          `restarted in ${fmt(server.startMs)} ms`,
      );
    }
    const { checked, lost } = await lostWrites(server.base, students, acked);
    if (lost.length) console.log(`  lost (first 10): ${JSON.stringify(lost.slice(0, 10))}`);

    figure(`${kind}: cycles · writes acknowledged · writes cut off by the kill`, `${CYCLES} · ${checked} · ${cutOff}`);
    figure(
      `${kind}: restart time per cycle, ms (median · max)`,
      `${restartMs.map((ms) => fmt(ms)).join(', ')} (${fmt(percentile(restartMs, 50))} · ${fmt(Math.max(...restartMs))})`,
    );
    check(`${kind}: cycles killed before ${MIN_ACKED} writes were acknowledged`, shortCycles, shortCycles === 0);
    check(`${kind}: acknowledged writes lost`, `${lost.length} of ${checked}`, lost.length === 0 && checked > 0);
  }
});
