/**
 * Drill: PostgreSQL restarts under load (docs/design.md §9 "Operations").
 *
 * Starts a PostgreSQL 15 cluster of its own (never the system's server) and the API on it, signs
 * students up through the API, opens a live-notification stream (SSE) as one of them, and puts
 * ~50 req/s of mixed reads and writes on the API (the load in its own process, each student with
 * its own client IP). Then it stops and starts PostgreSQL 5 times (`pg_ctl stop -m fast`, then
 * `immediate`, alternating) and separately terminates every backend of the app's database
 * (`pg_terminate_backend`) 5 times. While the database is down it polls `/api/ready`,
 * `/api/users/health` (printed: liveness should not depend on the database) and a
 * database-backed route; after each return it measures the seconds until that route answers 200
 * again. At the end it sends a live notification and waits for it on the open stream, and reads
 * back every create that was acknowledged 2xx.
 *
 * Promises (exit 1 when one breaks): the API process never exits; no 5xx other than 503; every 503
 * carries `Retry-After` and the error envelope; no request unanswered for 10 s; serving again within
 * 5 s of each return; `/api/ready` answers 503 while the database is down and 200 after; no
 * acknowledged write lost; the live notification after the last restart reaches the stream.
 *
 * Run: `npm run drill:db-restart` (about 3 minutes) or `npm run drill:db-restart -- --quick`
 * (2 restarts and 2 terminations, under 2 minutes).
 */
import path from 'node:path';
import { startServer } from '../bench/harness.ts';
import {
  RUNS_BUNDLE,
  SseClient,
  api,
  appEnv,
  check,
  drillFlags,
  figure,
  fmt,
  freePort,
  lostWrites,
  onCleanup,
  ownPostgresCluster,
  printRoutes,
  runDrill,
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
  type AppServer,
  type Cluster,
} from './lib.ts';

const flags = drillFlags();
const RESTARTS = flags.quick ? 2 : 5;
const TERMINATES = flags.quick ? 2 : 5;
const DOWN_MS = flags.quick ? 3000 : 5000;
const SETTLE_MS = flags.quick ? 3000 : 5000;
const STUDENTS = flags.quick ? 20 : 40;
const RATE = 50;
const SERVE_AGAIN_S = 5;

/** What one disruption showed: answers while down, and the seconds until serving again. */
interface Disruption {
  label: string;
  readyWhileDown: Set<number>;
  healthWhileDown: Set<number>;
  /** When it was caused, s after the load's start. */
  atS: number;
  probeWhileDown: Map<string, number>;
  serveAgainS: number;
  readyAgainS: number;
}

await runDrill('drill:db-restart — PostgreSQL restarts and terminated backends under load', 600, async () => {
  const cluster: Cluster = await ownPostgresCluster();
  await sqlOnce(cluster.url, 'CREATE DATABASE campus');
  const dataDir = await tempDir('db-restart');
  const port = await freePort();
  const tag = String(Date.now() % 10_000);
  const adminEmail = studentEmail(tag, 999, 'warden');
  const env = appEnv({ port, dataDir, databaseUrl: cluster.urlOf('campus'), adminEmail });

  // The API process: every exit is counted (must be none) and the server started again so the
  // drill can go on measuring the rest.
  let server: AppServer = await startApp(port, env);
  const firstPid = server.child.pid;
  const exits: string[] = [];
  let ending = false;
  const watch = (s: AppServer) =>
    s.child.once('exit', (code, signal) => {
      if (ending) return;
      exits.push(`exit ${code ?? signal} at ${new Date().toISOString()}`);
      void startServer(port, env, undefined, RUNS_BUNDLE).then((child) => {
        server = { ...s, child };
        onCleanup(() => child.exitCode === null && child.kill('SIGTERM'));
        watch(server);
      });
    });
  watch(server);
  onCleanup(() => (ending = true));
  const base = server.base;
  const outbox = path.join(dataDir, 'outbox');

  const admin = await signUp(base, outbox, adminEmail, '10.78.0.1');
  const students = await signUpStudents([base], outbox, tag, STUDENTS);
  const watcher = students[0]!;
  const stream = new SseClient(`${base}/api/notification/stream`, watcher.cookie);
  const opened = await stream.waitFor((e) => e.event === 'unread', 10_000);
  if (!opened) throw new Error('the notification stream did not open');
  const readyBefore = await api(base, 'GET', '/api/ready');
  check(
    '`/api/ready` before the drill',
    `${readyBefore.status} ${JSON.stringify(readyBefore.body?.data ?? readyBefore.body)}`,
    readyBefore.status === 200,
  );

  // A database-backed request a student makes every few seconds (the bell's unread count).
  const probe = () =>
    api(base, 'GET', '/api/notification/unread/count', { cookie: watcher.cookie, ip: watcher.ip, timeoutMs: 12_000 });
  const probeFailures: string[] = [];
  const probeBad = { other5xx: 0, bad503: 0, slow: 0 };
  const noteProbe = (status: number, retryAfter: string | null, ms: number, label: string) => {
    const other5xx = status >= 500 && status !== 503;
    const bad503 = status === 503 && !retryAfter;
    if (other5xx) probeBad.other5xx += 1;
    if (bad503) probeBad.bad503 += 1;
    if (ms > 10_000) probeBad.slow += 1;
    if (other5xx || bad503 || ms > 10_000) probeFailures.push(`${label}: ${status} in ${fmt(ms)} ms`);
  };

  const load = startLoad({
    base,
    rate: RATE,
    duration: 540,
    students: studentRefs(students),
    ops: studentOps({ writes: 20 }),
    timeoutMs: 15_000,
  });
  await load.started;
  const loadStart = performance.now();
  await sleep(5000);

  /**
   * One disruption: `cause` it, poll readiness and the probe for `downMs` (the database away),
   * `recover`, then measure the seconds until the probe and readiness answer 200 again.
   */
  async function disrupt(
    label: string,
    cause: () => Promise<void>,
    downMs: number,
    recover: () => Promise<void>,
  ): Promise<Disruption> {
    const d: Disruption = {
      label,
      readyWhileDown: new Set(),
      healthWhileDown: new Set(),
      atS: (performance.now() - loadStart) / 1000,
      probeWhileDown: new Map(),
      serveAgainS: NaN,
      readyAgainS: NaN,
    };
    await cause();
    const downUntil = performance.now() + downMs;
    while (performance.now() < downUntil) {
      const [ready, health, p] = await Promise.all([
        api(base, 'GET', '/api/ready', { timeoutMs: 12_000 }).catch(() => null),
        api(base, 'GET', '/api/users/health', { timeoutMs: 12_000 }).catch(() => null),
        probe().catch(() => null),
      ]);
      if (ready) d.readyWhileDown.add(ready.status);
      if (health) d.healthWhileDown.add(health.status);
      const key = p ? String(p.status) : 'no answer';
      d.probeWhileDown.set(key, (d.probeWhileDown.get(key) ?? 0) + 1);
      if (p) noteProbe(p.status, p.headers.get('retry-after'), p.ms, label);
      await sleep(250);
    }
    await recover();
    const back = performance.now();
    const ready = (async () => {
      for (let i = 0; i < 300 && Number.isNaN(d.readyAgainS); i += 1) {
        const r = await api(base, 'GET', '/api/ready').catch(() => null);
        if (r?.status === 200) d.readyAgainS = (performance.now() - back) / 1000;
        else await sleep(100);
      }
    })();
    for (let i = 0; i < 300 && Number.isNaN(d.serveAgainS); i += 1) {
      const p = await probe().catch(() => null);
      if (p) noteProbe(p.status, p.headers.get('retry-after'), p.ms, label);
      if (p?.status === 200) d.serveAgainS = (performance.now() - back) / 1000;
      else await sleep(100);
    }
    await ready;
    await sleep(SETTLE_MS);
    return d;
  }

  const restarts: Disruption[] = [];
  for (let i = 0; i < RESTARTS; i += 1) {
    const mode = i % 2 === 0 ? 'fast' : 'immediate';
    restarts.push(
      await disrupt(
        `restart ${i + 1} (stop -m ${mode})`,
        () => cluster.stop(mode),
        DOWN_MS,
        () => cluster.start(),
      ),
    );
    console.log(`  ${restarts.at(-1)!.label}: serving again after ${fmt(restarts.at(-1)!.serveAgainS, 2)} s`);
  }
  const terminations: Disruption[] = [];
  let terminated = 0;
  for (let i = 0; i < TERMINATES; i += 1) {
    terminations.push(
      await disrupt(
        `terminate ${i + 1}`,
        async () => {
          const rows = await sqlOnce<{ ok: boolean }>(
            cluster.url,
            "SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = 'campus' AND pid <> pg_backend_pid()",
          );
          terminated += rows.filter((r) => r.ok).length;
        },
        0,
        async () => undefined,
      ),
    );
    console.log(`  ${terminations.at(-1)!.label}: serving again after ${fmt(terminations.at(-1)!.serveAgainS, 2)} s`);
  }
  const report = await load.stop();

  // A live notification after the last restart, from the administrator to the watching student.
  const mark = stream.events.length;
  const message = `Drill ${tag}: the library closes at 8 pm today`;
  const sent = await api(base, 'POST', '/api/notification', {
    cookie: admin.cookie,
    ip: admin.ip,
    form: { userId: watcher.userId, message },
  });
  const sentAt = performance.now();
  const live = await stream.waitFor((e) => e.event === 'notification' && e.data.includes(message), 5000, mark);
  const resyncs = stream.events.filter((e) => e.event === 'resync').length;

  const { checked, lost } = await lostWrites(base, students, report.acked);
  ending = true;
  const readyAfter = await api(base, 'GET', '/api/ready');

  printRoutes(report);
  if (report.failures.length) {
    console.log('\nFirst failures seen by the load other than a 503 in the envelope (s after its start):');
    for (const f of report.failures) console.log(`  ${f.atS} s  ${f.op}  ${f.status}  ${f.message}`);
  }
  if (probeFailures.length) console.log(`\nProbe failures:\n  ${probeFailures.slice(0, 20).join('\n  ')}`);
  if (lost.length) console.log(`\nLost writes (first 10): ${JSON.stringify(lost.slice(0, 10))}`);

  figure(
    'load',
    `${fmt(report.sent)} requests at ${RATE}/s over ${fmt(report.seconds)} s, ${STUDENTS} students, 20 % creating writes`,
  );
  check(
    'API process exits/restarts',
    `${exits.length}${exits.length ? ` (${exits.join('; ')})` : ''}`,
    exits.length === 0 && server.child.pid === firstPid,
  );
  const other5xx = report.other5xx + probeBad.other5xx;
  check('answers 5xx other than 503 (load and probes)', other5xx, other5xx === 0);
  figure('answers 503 (load)', report.status503);
  figure(
    'load per second (`.` all 2xx, `o` some 503, `X` other failures)',
    `\`${report.perSecond.map(([, s503, other, none]) => (other + none ? 'X' : s503 ? 'o' : '.')).join('')}\``,
  );
  const bad503 = report.bad503 + probeBad.bad503;
  check('503 without `Retry-After` or the error envelope', bad503, bad503 === 0);
  const slow = report.slow + probeBad.slow;
  check(
    'requests unanswered (refused, reset or > 15 s) · answered after > 10 s',
    `${report.errors} · ${slow}`,
    report.errors === 0 && slow === 0,
  );
  for (const d of [...restarts, ...terminations]) {
    const whileDown = [...d.probeWhileDown].map(([s, n]) => `${s}×${n}`).join(' ');
    check(
      `${d.label}: s until serving again (ready again) · probe answers while down`,
      `${fmt(d.serveAgainS, 2)} s (${fmt(d.readyAgainS, 2)} s) · ${whileDown || 'none'}`,
      d.serveAgainS <= SERVE_AGAIN_S,
    );
  }
  const readyDown = restarts.map((d) => [...d.readyWhileDown].join('/') || 'none');
  check(
    '`/api/ready` while PostgreSQL was down (per restart)',
    readyDown.join(', '),
    restarts.every((d) => d.readyWhileDown.has(503) && !d.readyWhileDown.has(200)),
  );
  figure(
    '`/api/users/health` while PostgreSQL was down (per restart)',
    restarts.map((d) => [...d.healthWhileDown].join('/') || 'none').join(', '),
  );
  check(
    '`/api/ready` at the end',
    `${readyAfter.status} ${JSON.stringify(readyAfter.body?.data ?? readyAfter.body)}`,
    readyAfter.status === 200,
  );
  figure('backends terminated', terminated);
  // 503s the load met in the 2 s after each termination (queries on the pool's killed connections).
  const after = terminations.map((d) =>
    report.perSecond.slice(Math.floor(d.atS), Math.floor(d.atS) + 2).reduce((n, [, s503]) => n + s503, 0),
  );
  figure('load answers 503 in the 2 s after each termination', after.join(', '));
  check('acknowledged writes lost', `${lost.length} of ${checked}`, lost.length === 0 && checked > 0);
  check(
    'live notification after the last restart reached the open SSE client',
    live
      ? `yes, ${fmt(live.at - sentAt)} ms after the send was answered (${sent.status})`
      : `no (send answered ${sent.status})`,
    live !== null,
  );
  figure('SSE: `resync` events received · connections opened', `${resyncs} · ${stream.connects}`);
});
