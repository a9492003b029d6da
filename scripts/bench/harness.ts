/**
 * Shared plumbing of the API benchmarks (docs/design.md §9): the server and the load generator
 * each run in their own process (never in the benchmark's or the server's event loop), and CPU time
 * is read per process from /proc (Linux).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
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

/** wrk, a load generator written in C (Debian's package `wrk`), when installed. */
const WRK = '/usr/bin/wrk';

/** The load generator {@link runLoad} uses for a plain GET: `wrk` or `autocannon`. */
export function loadGenerator(): string {
  return fsSync.existsSync(WRK) ? 'wrk' : 'autocannon';
}

/**
 * Runs the load generator in its own process and resolves its figures: wrk when installed and the
 * job is a plain GET of one URL (as pgbench's client, it costs ~0.02 ms of CPU per request where
 * autocannon, in Node, costs 0.08–0.1 ms on the same cores), else `load-client.ts`
 * (autocannon), which also sends bodies, one path per connection and `[<id>]` replacements.
 */
export function runLoad(job: LoadJob): Promise<LoadResult> {
  const plain =
    (job.method ?? 'GET') === 'GET' && !job.body && !job.paths?.length && !job.idReplacement && !job.headers;
  return plain && fsSync.existsSync(WRK) ? runWrk(job) : runAutocannon(job);
}

/**
 * `wrk` with `wrk-load.lua` (each request the next student's cookie): 2 threads, `connections`
 * connections, `duration` s; its CPU read from /proc every 100 ms while it runs.
 */
async function runWrk(job: LoadJob): Promise<LoadResult> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-wrk-'));
  const cookieFile = path.join(dir, 'cookies');
  await fs.writeFile(cookieFile, job.cookies.join('\n') + '\n');
  const args = ['-t', '2', '-c', String(job.connections), '-d', `${job.duration}s`, '--timeout', '10s'];
  const script = path.join(import.meta.dirname, 'wrk-load.lua');
  const child = spawn(WRK, [...args, '-s', script, job.url, '--', cookieFile], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  let running = true;
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => ((running = false), resolve(code))),
  );
  let cpuMs = 0;
  while (running) {
    const now = await cpuMsOf(child.pid!);
    if (running && Number.isFinite(now) && now > 0) cpuMs = now;
    await new Promise((r) => setTimeout(r, 100));
  }
  const code = await exited;
  await fs.rm(dir, { recursive: true, force: true });
  const line = out.trim().split('\n').pop() ?? '';
  if (code !== 0 || !line.startsWith('{')) throw new Error(`wrk failed (${code}):\n${out}`);
  const r = JSON.parse(line) as {
    requests: number;
    durationUs: number;
    p50: number;
    p99: number;
    non2xx: number;
    errors: number;
  };
  return { ...r, reqPerSec: r.requests / (r.durationUs / 1e6), cpuMs };
}

/** autocannon (`load-client.ts`) in its own process. */
function runAutocannon(job: LoadJob): Promise<LoadResult> {
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
 * The environment of a benchmark's server on 127.0.0.1:`port` over `db` (its PGlite data
 * directory, or a PostgreSQL URL): production mode, warnings only, no demo data; `extra` adds
 * or overrides variables.
 */
export function serverEnv(
  port: number,
  db: { dataDir: string; databaseUrl?: string },
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: db.dataDir,
    ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    SEED_DEMO: 'false',
    ...extra,
  };
}

/**
 * Starts the API server (`apps/api/src/server.ts` under tsx, or with `bundle` the production
 * build's `apps/api/dist/server.js` under plain node) as a child process on 127.0.0.1:`port` with
 * `env`, and waits (up to 2 min) for its health route. `profileDir` adds `node --cpu-prof`.
 */
export async function startServer(
  port: number,
  env: Record<string, string>,
  profileDir?: string,
  bundle = false,
): Promise<ChildProcess> {
  const args = bundle ? [] : ['--import', 'tsx'];
  if (profileDir) args.push('--cpu-prof', `--cpu-prof-dir=${profileDir}`);
  const entry = path.join(root, bundle ? 'apps/api/dist/server.js' : 'apps/api/src/server.ts');
  const server = spawn(process.execPath, [...args, entry], {
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
