/**
 * Shared plumbing of the API benchmarks (issue 10, DESIGN §9): the server and the load generator
 * each run in their own process (never in the benchmark's or the server's event loop), and CPU time
 * is read per process from /proc (Linux).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Job as LoadJob } from './load-client.ts';

export type { LoadJob };

const CLOCK_TICKS_PER_S = 100; // Linux USER_HZ (getconf CLK_TCK)
const root = path.resolve(import.meta.dirname, '../..');

/**
 * CPU time (ms) used so far by the process `pid` (user + system, summed over all its threads — the
 * embedded PGlite's worker thread included), from /proc.
 */
export async function cpuMsOf(pid: number): Promise<number> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_S;
}

/**
 * CPU time (ms) used so far by the PostgreSQL backends serving database `name` (their process
 * titles name the database), so other work on the same server does not count. The server's pool
 * keeps its connections open for the whole run, so no backend of ours exits between two readings.
 */
export async function postgresCpuMs(name: string): Promise<number> {
  let total = 0;
  for (const pid of await postgresBackends(name)) total += await cpuMsOf(pid);
  return total;
}

/**
 * The pids of the PostgreSQL backends serving database `name` now (their process titles name the
 * database).
 */
export async function postgresBackends(name: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const comm = (await fs.readFile(`/proc/${entry}/comm`, 'utf8').catch(() => '')).trim();
    if (comm !== 'postgres') continue;
    const title = await fs.readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (title.includes(` ${name} `)) pids.push(Number(entry));
  }
  return pids;
}

/** What one load run measured (latencies in ms). */
export interface LoadResult {
  requests: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** CPU time (ms) the load generator itself used during the run (user + system). */
  cpuMs: number;
}

/** Runs the load generator (`load-client.ts`, autocannon) in its own process; resolves its figures. */
export function runLoad(job: LoadJob): Promise<LoadResult> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'load-client.ts'), JSON.stringify(job)],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((resolve, reject) =>
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop()!) as LoadResult) : reject(new Error(`load ${code}`)),
    ),
  );
}

/**
 * Starts the API server (`apps/api/src/server.ts`) as a child process on 127.0.0.1:`port` with
 * `env`, and waits (up to 2 min) for its health route. `profileDir` adds `node --cpu-prof`.
 */
export async function startServer(
  port: number,
  env: Record<string, string>,
  profileDir?: string,
): Promise<ChildProcess> {
  const args = ['--import', 'tsx'];
  if (profileDir) args.push('--cpu-prof', `--cpu-prof-dir=${profileDir}`);
  const server = spawn(process.execPath, [...args, path.join(root, 'apps/api/src/server.ts')], {
    cwd: path.join(root, 'apps/api'),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i += 1) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/users/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return server;
    await new Promise((r) => setTimeout(r, 200));
  }
  server.kill('SIGKILL');
  throw new Error('the server did not start');
}

/** Stops the server (SIGTERM: it writes its CPU profile, if any, on the way out). */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.on('exit', r));
}
