/**
 * Drill: nothing one client or one lock does stalls everyone else (docs/security.md "Time limits",
 * "Bulkheads").
 *
 * 1. **Locked table.** One instance on a scratch PostgreSQL database (`DRILL_DATABASE_URL`). While
 *    a transaction holds `LOCK TABLE marketplace_items` for 20 s (10 s with `--quick`), a load
 *    process sends 40 req/s: the marketplace list, rides, the bell (unread count) and health.
 *    Promises: rides, the bell and health keep p99 ≤ 200 ms, each answered 200; the list answers
 *    503 + `Retry-After` with the envelope, every one within 3 s. The same load without the lock
 *    runs first, and its p50/p99 are printed beside them (the machine's own figures).
 * 2. **Socket floods.** Another instance with the per-address ceiling on (no `TRUST_PROXY`). A flood
 *    process (`socket-flood-worker.ts`) keeps 16, then 17 addresses × 256 idle sockets open
 *    (reopening each one closed), then 17 × 256 slow-body sockets (`Content-Length: 1000000`,
 *    10 bytes/s), 30 s each (15 s with `--quick`), then 100 addresses × 64 idle sockets (6,400, over
 *    the global ceiling of 4,096: the fair share closes idle sockets of the fullest addresses), while
 *    the drill asks for `/api/users/health` from another address every 250 ms. Promise: ≥ 99 % of
 *    those health checks answered 200; in the 100-address phase also p99 ≤ 200 ms.
 *
 * Loopback only; every phase bounded in time. Run: `npm run drill:limits` (`-- --quick`).
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { createServerDatabase } from '../bench/scratch-db.ts';
import {
  SYSTEM_PG_URL,
  appEnv,
  check,
  drillFlags,
  figure,
  fmt,
  freePort,
  onCleanup,
  printRoutes,
  runDrill,
  signUpStudents,
  sleep,
  startApp,
  startLoad,
  studentRefs,
  tempDir,
  type Op,
} from './lib.ts';

const flags = drillFlags();
const LOCK_S = flags.quick ? 10 : 20;
const FLOOD_S = flags.quick ? 15 : 30;

/** GET `path` on 127.0.0.1:`port` from `localAddress` on a new socket; resolves the status (0: no answer in 5 s). */
function probe(port: number, localAddress: string, urlPath: string): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get(
      { host: '127.0.0.1', port, path: urlPath, localAddress, agent: false, timeout: 5_000 },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
  });
}

/** Runs the flood process for `seconds` while probing health every 250 ms; resolves the probes' statuses. */
async function floodPhase(
  port: number,
  job: { addresses: number; perAddress: number; seconds: number; mode: 'idle' | 'slow-body' },
): Promise<{ statuses: number[]; ms: number[]; flood: { opened: number; closedByServer: number } }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'socket-flood-worker.ts'), JSON.stringify({ port, ...job })],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  onCleanup(() => child.exitCode === null && child.kill('SIGKILL'));
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  await sleep(3_000); // let the flood reach its sockets
  const statuses: number[] = [];
  const ms: number[] = [];
  const until = Date.now() + (job.seconds - 4) * 1000;
  while (Date.now() < until) {
    const t0 = performance.now();
    statuses.push(await probe(port, '127.0.200.1', '/api/users/health'));
    ms.push(performance.now() - t0);
    await sleep(Math.max(0, 250 - (performance.now() - t0)));
  }
  await exited;
  const last = out.trim().split('\n').pop() ?? '{}';
  return { statuses, ms, flood: JSON.parse(last) as { opened: number; closedByServer: number } };
}

await runDrill('drill:limits — a locked table and socket floods do not stall other clients', 900, async () => {
  const target = await createServerDatabase(SYSTEM_PG_URL, 'cc_drill_limits');
  onCleanup(() => target.drop());

  // 1. A locked table.
  const port = await freePort();
  const server = await startApp(port, appEnv({ port, dataDir: target.dataDir, databaseUrl: target.databaseUrl }));
  const students = await signUpStudents(
    [server.base],
    path.join(target.dataDir, 'outbox'),
    String(Date.now() % 10_000),
    20,
  );
  const ops: Op[] = [
    { name: 'GET /api/buy-and-sell/items', weight: 25, method: 'GET', path: '/api/buy-and-sell/items?page=1&limit=20' },
    { name: 'GET /api/rides', weight: 25, method: 'GET', path: '/api/rides?page=1&limit=5' },
    { name: 'GET /api/notification/unread/count', weight: 25, method: 'GET', path: '/api/notification/unread/count' },
    { name: 'GET /api/users/health', weight: 25, method: 'GET', path: '/api/users/health' },
  ];
  // The same load without the lock first: this machine's own figures to read the others against.
  const baseline = await startLoad({
    base: server.base,
    rate: 40,
    duration: LOCK_S - 1,
    students: studentRefs(students),
    ops,
  }).done;
  for (const [name, r] of Object.entries(baseline.routes))
    figure(`without the lock: ${name} p50 · p99 ms`, `${fmt(r.p50, 1)} · ${fmt(r.p99, 1)}`);
  const locker = new pg.Client({ connectionString: target.databaseUrl });
  await locker.connect();
  onCleanup(() => locker.end());
  await locker.query('BEGIN');
  await locker.query('LOCK TABLE marketplace_items IN ACCESS EXCLUSIVE MODE');
  const lockedAt = performance.now();
  const load = startLoad({ base: server.base, rate: 40, duration: LOCK_S - 1, students: studentRefs(students), ops });
  const report = await load.done;
  await locker.query('ROLLBACK');
  figure('lock held', `${fmt((performance.now() - lockedAt) / 1000, 1)} s; load ${fmt(report.sent)} requests at 40/s`);
  printRoutes(report);
  const routes = report.routes;
  for (const name of ['GET /api/rides', 'GET /api/notification/unread/count', 'GET /api/users/health']) {
    const r = routes[name];
    check(
      `${name} during the lock: answers · p50 · p99 ms (promise: all 200, p99 ≤ 200)`,
      `${Object.entries(r?.statuses ?? {})
        .map(([s, n]) => `${s}×${n}`)
        .join(' ')} · ${fmt(r?.p50 ?? 0, 1)} · ${fmt(r?.p99 ?? 0, 1)}`,
      !!r && r.count > 0 && r.statuses['200'] === r.count && r.p99 <= 200,
    );
  }
  const list = routes['GET /api/buy-and-sell/items'];
  check(
    'the list during the lock: answers · p99 · max ms (promise: all 503 + Retry-After and the envelope, max ≤ 3,000)',
    `${Object.entries(list?.statuses ?? {})
      .map(([s, n]) => `${s}×${n}`)
      .join(
        ' ',
      )} · ${fmt(list?.p99 ?? 0)} · ${fmt(list?.max ?? 0)}; 503 without Retry-After or envelope: ${report.bad503}`,
    !!list && list.count > 0 && list.statuses['503'] === list.count && report.bad503 === 0 && list.max <= 3_000,
  );

  // 2. Socket floods, against an instance that sees each address (no proxy).
  const floodPort = await freePort();
  const floodDir = await tempDir('flood');
  const env = {
    ...appEnv({ port: floodPort, dataDir: floodDir, databaseUrl: target.databaseUrl }),
    TRUST_PROXY: 'false',
  };
  await startApp(floodPort, env);
  for (const [addresses, perAddress, mode] of [
    [16, 256, 'idle'],
    [17, 256, 'idle'],
    [17, 256, 'slow-body'],
    [100, 64, 'idle'],
  ] as const) {
    const { statuses, ms, flood } = await floodPhase(floodPort, { addresses, perAddress, seconds: FLOOD_S, mode });
    const served = statuses.filter((s) => s === 200).length;
    const pct = statuses.length ? (100 * served) / statuses.length : 0;
    const sorted = [...ms].sort((a, b) => a - b);
    const p99 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? Infinity;
    // Over the global ceiling even at the per-address ceiling of 64: the fair share's case.
    const fair = addresses * Math.min(perAddress, 64) > 4096;
    check(
      `${addresses} addresses × ${perAddress} ${mode} sockets for ${FLOOD_S} s: health from another address served (promise ≥ 99 %${fair ? ', p99 ≤ 200 ms' : ''})`,
      `${served} of ${statuses.length} (${fmt(pct, 1)} %), p99 ${fmt(p99, 1)} ms; flood opened ${fmt(flood.opened)} sockets, ${fmt(flood.closedByServer)} closed by the server`,
      statuses.length > 0 && pct >= 99 && (!fair || p99 <= 200),
    );
  }
});
