/**
 * Drill: a rolling restart of 3 API instances behind nginx under mixed reads and writes
 * (docs/security.md "Shutdown", README Operations).
 *
 * Creates a scratch database on the system's PostgreSQL (`DRILL_DATABASE_URL`), starts 3 instances
 * on it and Debian's nginx as a non-daemon child on a free loopback port (the README's upstream
 * settings: keep-alive to the instances, `proxy_next_upstream error timeout`). Under a steady load
 * through nginx (its own process; 20 % creating writes, each simulated student with its own client
 * address) it sends SIGTERM to each instance in turn, waits for it to exit, starts it again on the
 * same port and waits until it answers before the next. Then it reads back every acknowledged write.
 *
 * Promises (exit 1 when one breaks): every instance exits with code 0 within `SHUTDOWN_DELAY_MS`
 * + 5 s of its SIGTERM; no request through nginx fails (non-2xx or no answer) and none is skipped;
 * no acknowledged write is lost.
 *
 * Run: `npm run drill:rolling-restart` (15 s between restarts) or `-- --quick` (3 s). Needs
 * nginx (`apt-get install nginx-light`; `NGINX=/path/to/nginx` for another binary). On a shared
 * host, `DRILL_PORTS=3300-3399` keeps its ports in a range and `DRILL_DB_PREFIX=cc_mine` names its
 * scratch database.
 */
import type { ChildProcess } from 'node:child_process';
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
  printRoutes,
  runDrill,
  signUpStudents,
  sleep,
  startApp,
  startLoad,
  startNginx,
  studentOps,
  studentRefs,
} from './lib.ts';

const flags = drillFlags();
/** Seconds between one instance answering again and the next SIGTERM. */
const PAUSE_S = flags.quick ? 3 : 15;
const RATE = 100;
// Creating writes are multipart, 60 an hour per student (USER_LIMITS.uploadsPerHour): at 20 % of
// 100/s over the full variant's ~2 minutes, 80 students make ~30 each.
const STUDENTS = 80;
const SHUTDOWN_DELAY_MS = 5_000;

/** Sends SIGTERM to `child`; resolves its exit code (or signal) and the ms until it exited. */
function terminate(child: ChildProcess): Promise<{ code: number | string; ms: number }> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve({ code: code ?? signal ?? 'unknown', ms: performance.now() - t0 }));
    child.kill('SIGTERM');
  });
}

await runDrill(
  'drill:rolling-restart — SIGTERM each of 3 instances behind nginx in turn, under load',
  900,
  async () => {
    const target = await createServerDatabase(SYSTEM_PG_URL, process.env.DRILL_DB_PREFIX ?? 'cc_drill_rolling');
    onCleanup(() => target.drop());
    const ports = [await freePort(), await freePort(), await freePort()];
    const proxyPort = await freePort();
    const proxy = `http://127.0.0.1:${proxyPort}`;
    const tag = String(Date.now() % 10_000);
    // Two hops: nginx, and the load process that names each simulated student's address.
    const envOf = (port: number) => ({
      ...appEnv({ port, dataDir: target.dataDir, databaseUrl: target.databaseUrl, appUrl: proxy }),
      TRUST_PROXY: '2',
      SHUTDOWN_DELAY_MS: String(SHUTDOWN_DELAY_MS),
    });
    const instances = await Promise.all(ports.map((port) => startApp(port, envOf(port))));

    const nginx = await startNginx(proxyPort, ports);

    const students = await signUpStudents([proxy], path.join(target.dataDir, 'outbox'), tag, STUDENTS);
    const refs = studentRefs(students);
    const load = startLoad({
      base: proxy,
      rate: RATE,
      duration: 900,
      students: refs,
      ops: studentOps({ writes: 20 }),
      timeoutMs: 15_000,
    });
    await load.started;
    const loadT0 = performance.now();
    await sleep(3_000);

    const exits: Array<{ instance: number; code: number | string; ms: number; startMs: number }> = [];
    for (let i = 0; i < instances.length; i += 1) {
      const termAtS = (performance.now() - loadT0) / 1000;
      const termAt = new Date().toISOString().slice(11, 19);
      const { code, ms } = await terminate(instances[i]!.child);
      const restarted = await startApp(ports[i]!, envOf(ports[i]!));
      instances[i] = restarted;
      exits.push({ instance: i + 1, code, ms, startMs: restarted.startMs });
      console.log(
        `instance ${i + 1}: SIGTERM ${fmt(termAtS, 1)} s into the load (${termAt} UTC); exit ${code} ${fmt(ms)} ms after it; answering again ${fmt(restarted.startMs)} ms later`,
      );
      await sleep(PAUSE_S * 1000);
    }
    const report = await load.stop();
    const errorLog = await nginx.errorLog();
    const upstreamLines = errorLog.split('\n').filter((l) => /upstream/.test(l));
    const passedOn = upstreamLines.length;
    // What nginx saw: refused connects (passed on), closed connections, no live upstream (502).
    const kinds = new Map<string, number>();
    for (const l of upstreamLines) {
      const kind =
        /\] \d+#\d+: \*\d+ (.*?)(?: while |, client)/.exec(l)?.[1]?.replace(/\(\d+: /, '(') ?? l.slice(0, 80);
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
    for (const [kind, n] of kinds) console.log(`nginx: ${n} × ${kind}`);
    // When, to the second, against the SIGTERMs' times above (refused connects are passed on).
    const bySecond = new Map<string, number>();
    for (const l of upstreamLines) {
      if (/Connection refused/.test(l)) continue;
      const at = /\d\d:\d\d:\d\d/.exec(l)?.[0] ?? '?';
      const kind = /\] \d+#\d+: \*\d+ (.*?)(?: while |, client)/.exec(l)?.[1] ?? '';
      const key = `${at} ${kind}${/ request: "POST/.test(l) ? ' (POST)' : ''}`;
      bySecond.set(key, (bySecond.get(key) ?? 0) + 1);
    }
    for (const [key, n] of [...bySecond].slice(0, 60)) console.log(`nginx at ${key}: ${n}`);
    for (const l of upstreamLines.filter((l) => /reset|prematurely|timed out/.test(l)).slice(0, 20))
      console.log(`  ${l}`);
    printRoutes(report);
    // Failures by second of the load (against "SIGTERM … s into the load" above).
    report.perSecond.forEach(([, s503, other, none], second) => {
      if (s503 + other + none) console.log(`load second ${second}: 503×${s503} other×${other} no answer×${none}`);
    });
    for (const f of report.failures.slice(0, 10)) console.log(`  ${f.atS} s  ${f.op}  ${f.status}  ${f.message}`);
    const { checked, lost } = await lostWrites(proxy, refs, report.acked);

    figure(
      'load through nginx',
      `${fmt(report.sent)} requests at ${RATE}/s over ${fmt(report.seconds, 1)} s (20 % creates, ${STUDENTS} students)`,
    );
    figure('nginx: upstream errors logged (requests passed to the next instance)', passedOn);
    figure(
      'failed by kind: 503 · other 5xx (nginx 502) · other non-2xx · no answer',
      `${report.status503} · ${report.other5xx} · ${report.non2xx - report.status503 - report.other5xx} · ${report.errors}`,
    );
    check(
      `SIGTERM of each instance in turn: exit codes · ms to exit (promise: 0, ≤ ${fmt(SHUTDOWN_DELAY_MS + 5_000)})`,
      `${exits.map((e) => e.code).join(' ')} · ${exits.map((e) => fmt(e.ms)).join(' ')}`,
      exits.every((e) => e.code === 0 && e.ms <= SHUTDOWN_DELAY_MS + 5_000),
    );
    check(
      'failed requests through nginx (non-2xx or no answer) · not sent in time',
      `${fmt(report.non2xx + report.errors)} of ${fmt(report.sent)} · ${report.skipped}`,
      report.non2xx + report.errors === 0 && report.skipped === 0,
    );
    check(
      'acknowledged writes lost (read back through nginx)',
      `${lost.length} of ${fmt(checked)}`,
      lost.length === 0 && checked > 0,
    );
  },
);
