/**
 * The capacity plan's check (docs/operations.md "Capacity plan"): `RATE=<req/s> npm run bench:api`
 * runs one instance at that fixed rate (open loop: request i is due at i ÷ rate s, whatever the
 * answers do) of a campus's busiest-hour mix — the drills' student workload, 5 % writes — for
 * `DURATION` s, with the load in its own process (`scripts/drills/load-worker.ts`). Prints per route
 * p50/p99, and the CPU the Node process and PostgreSQL used: ms per request and % of one core over
 * the run. The check holds when every route's p99 is ≤ 200 ms, nothing failed, and Node used under
 * 70 % of its core.
 */
import os from 'node:os';
import { startLoad, studentOps } from '../drills/lib.ts';
import { cpuMsOf, postgresCpuMs } from './harness.ts';

/** What the check measured. */
export interface CapacityResult {
  ok: boolean;
  sent: number;
  seconds: number;
  p99Max: number;
  nodeCorePercent: number;
  pgCorePercent: number;
  nodeMsPerRequest: number;
  pgMsPerRequest: number;
}

/**
 * Runs the mix at `rate` req/s for `duration` s against `base` as the students of `cookies` (with
 * `userIds` for the attendance read; each its own client address, the server trusting one hop),
 * reading the CPU of process `pid` and of database `scratch`'s backends. Prints the table.
 */
export async function runCapacityCheck(opts: {
  base: string;
  cookies: string[];
  userIds: string[];
  rate: number;
  duration: number;
  pid: number;
  scratch?: string;
}): Promise<CapacityResult> {
  const fmt = (n: number, d = 0) => n.toLocaleString('en-IN', { maximumFractionDigits: d, minimumFractionDigits: d });
  const students = opts.cookies.map((cookie, i) => ({
    cookie,
    userId: opts.userIds[i]!,
    ip: `10.88.${Math.floor(i / 250)}.${(i % 250) + 1}`,
  }));
  const job = { base: opts.base, students, ops: studentOps({ writes: 5 }), timeoutMs: 10_000 };
  // Warm-up at the same rate (JIT, statement plans, the session cache), then the measured run.
  await startLoad({ ...job, rate: opts.rate, duration: 3 }).done;
  const [node0, pg0, t0] = [
    await cpuMsOf(opts.pid),
    opts.scratch ? await postgresCpuMs(opts.scratch) : 0,
    performance.now(),
  ];
  const load = startLoad({ ...job, rate: opts.rate, duration: opts.duration });
  const report = await load.done;
  const [node1, pg1, wallMs] = [
    await cpuMsOf(opts.pid),
    opts.scratch ? await postgresCpuMs(opts.scratch) : 0,
    performance.now() - t0,
  ];
  const p99Max = Math.max(...Object.values(report.routes).map((r) => r.p99));
  const result: CapacityResult = {
    sent: report.sent,
    seconds: report.seconds,
    p99Max,
    nodeCorePercent: ((node1 - node0) / wallMs) * 100,
    pgCorePercent: ((pg1 - pg0) / wallMs) * 100,
    nodeMsPerRequest: (node1 - node0) / Math.max(1, report.sent),
    pgMsPerRequest: (pg1 - pg0) / Math.max(1, report.sent),
    ok: false,
  };
  result.ok =
    p99Max <= 200 && report.non2xx + report.errors === 0 && report.skipped === 0 && result.nodeCorePercent < 70;
  console.log(
    `\nCapacity check: ${fmt(opts.rate)} req/s of the busiest-hour mix (5 % writes) for ${fmt(report.seconds, 1)} s, one instance (load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')})\n`,
  );
  console.log('| route | requests | answers | p50 ms | p99 ms |\n|---|---|---|---|---|');
  for (const [name, r] of Object.entries(report.routes)) {
    const answers = Object.entries(r.statuses)
      .map(([s, n]) => `${s}×${n}`)
      .join(' ');
    console.log(`| ${name} | ${fmt(r.count)} | ${answers} | ${fmt(r.p50, 1)} | ${fmt(r.p99, 1)} |`);
  }
  console.log(
    `\n| sent | failed (non-2xx, no answer, not sent in time) | p99 (worst route) | Node CPU | PostgreSQL CPU | Node / PG CPU ms per request | check |\n|---|---|---|---|---|---|---|\n` +
      `| ${fmt(report.sent)} | ${report.non2xx} · ${report.errors} · ${report.skipped} | ${fmt(p99Max, 1)} ms | ${fmt(result.nodeCorePercent, 1)} % of a core | ${fmt(result.pgCorePercent, 1)} % of a core | ${fmt(result.nodeMsPerRequest, 2)} / ${fmt(result.pgMsPerRequest, 2)} | ${result.ok ? 'holds (p99 ≤ 200 ms, Node < 70 %)' : '**BROKEN**'} |`,
  );
  for (const f of report.failures.slice(0, 10)) console.log(`  ${f.atS} s  ${f.op}  ${f.status}  ${f.message}`);
  return result;
}
