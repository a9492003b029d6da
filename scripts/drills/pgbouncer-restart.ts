/**
 * The PgBouncer restart phase of `drill:scale-out -- --pgbouncer` (docs/operations.md "PgBouncer"):
 * under a steady student load through nginx (its own process; 20 % creating writes), PostgreSQL —
 * the drill's own cluster, behind PgBouncer in transaction mode, `server_login_retry = 1` — is
 * stopped (`pg_ctl stop -m fast`), kept down `DOWN_MS`, and started again. Meanwhile every instance
 * is asked directly for a database-backed route (the bell's unread count) every 250 ms; after the
 * return, the seconds until each answers 200 again.
 *
 * Promises (exit 1 when one breaks, through `check`): no 5xx other than 503 through nginx or from
 * the probes, every 503 with `Retry-After` and the envelope, no request unanswered; each instance
 * serving again within {@link SERVE_AGAIN_S} s of PostgreSQL's return; no acknowledged write lost.
 */
import {
  api,
  check,
  figure,
  fmt,
  lostWrites,
  printRoutes,
  signUpStudents,
  sleep,
  startLoad,
  studentOps,
  studentRefs,
  type Cluster,
} from './lib.ts';

/** The promise: each instance answers the probe 200 within this many seconds of PostgreSQL's return. */
const SERVE_AGAIN_S = 5;
const RATE = 40;
const STUDENTS = 20;

/** What the phase needs from the drill: the cluster, nginx's URL, the instances and the outbox. */
export interface RestartPhase {
  cluster: Cluster;
  proxy: string;
  instances: Array<{ base: string }>;
  outbox: string;
  tag: string;
  quick: boolean;
  nginxLog: () => Promise<string>;
}

/** Runs the phase (see the module docstring) and records its figures and checks. */
export async function restartBehindPgBouncer(p: RestartPhase): Promise<void> {
  const downMs = p.quick ? 3_000 : 5_000;
  const students = await signUpStudents([p.proxy], p.outbox, `${p.tag}1`, STUDENTS);
  const refs = studentRefs(students);
  const probeAs = students[0]!;
  const load = startLoad({
    base: p.proxy,
    rate: RATE,
    duration: 600,
    students: refs,
    ops: studentOps({ writes: 20 }),
    timeoutMs: 15_000,
  });
  await load.started;
  await sleep(3_000);

  // Probes straight at each instance: answers by status while down, and any 5xx but 503.
  const whileDown = new Map<string, number>();
  let badProbes = 0;
  const probe = (base: string) =>
    api(base, 'GET', '/api/notification/unread/count', { cookie: probeAs.cookie, timeoutMs: 12_000 }).then(
      (r) => {
        if ((r.status >= 500 && r.status !== 503) || (r.status === 503 && !r.headers.get('retry-after')))
          badProbes += 1;
        return r.status;
      },
      () => 0,
    );

  const stopping = performance.now();
  await p.cluster.stop('fast');
  const stopped = performance.now();
  const downFor = stopped - stopping;
  while (performance.now() - stopped < downMs) {
    for (const status of await Promise.all(p.instances.map((i) => probe(i.base)))) {
      const key = status ? String(status) : 'no answer';
      whileDown.set(key, (whileDown.get(key) ?? 0) + 1);
    }
    await sleep(250);
  }
  const readyDown = await api(p.instances[0]!.base, 'GET', '/api/ready').then(
    (r) => r.status,
    () => 0,
  );
  await p.cluster.start();
  const back = performance.now();
  const serveAgainS = await Promise.all(
    p.instances.map(async (i) => {
      while (performance.now() - back < 30_000) {
        if ((await probe(i.base)) === 200) return (performance.now() - back) / 1000;
        await sleep(100);
      }
      return Infinity;
    }),
  );
  await sleep(p.quick ? 5_000 : 10_000);
  const report = await load.stop();
  const nginxUpstream = (await p.nginxLog()).split('\n').filter((l) => /upstream/.test(l)).length;
  printRoutes(report);
  for (const f of report.failures.slice(0, 10)) console.log(`  ${f.atS} s  ${f.op}  ${f.status}  ${f.message}`);
  const { checked, lost } = await lostWrites(p.proxy, refs, report.acked);

  figure(
    'PostgreSQL restart behind PgBouncer: load through nginx',
    `${fmt(report.sent)} requests at ${RATE}/s over ${fmt(report.seconds, 1)} s (20 % creates, ${STUDENTS} students); ` +
      `pg_ctl stop -m fast took ${fmt(downFor)} ms, then down ${fmt(downMs / 1000)} s; nginx upstream errors logged so far ${nginxUpstream}`,
  );
  figure(
    'while PostgreSQL was down: the probes straight at the 3 instances · `/api/ready`',
    `${[...whileDown].map(([s, n]) => `${s}×${n}`).join(' ')} · ${readyDown}`,
  );
  check(
    'during the restart: 503 (with Retry-After and the envelope) · other 5xx · bad 503 · no answer (through nginx and the probes)',
    `${fmt(report.status503)} · ${report.other5xx} · ${report.bad503 + badProbes} · ${report.errors} of ${fmt(report.sent)}`,
    report.other5xx === 0 && report.bad503 === 0 && badProbes === 0 && report.errors === 0 && report.skipped === 0,
  );
  check(
    `serving again (the bell's count 200) on instances 1·2·3, s after PostgreSQL's return (promise ≤ ${SERVE_AGAIN_S})`,
    serveAgainS.map((s) => fmt(s, 2)).join(' · '),
    serveAgainS.every((s) => s <= SERVE_AGAIN_S),
  );
  check(
    'acknowledged writes lost across the restart (read back through nginx)',
    `${lost.length} of ${fmt(checked)}`,
    lost.length === 0 && checked > 0,
  );
}
