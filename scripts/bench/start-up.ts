/**
 * Start-up and memory of the production start (docs/performance.md "Start-up and memory of the
 * server"). On a scratch database (PostgreSQL with `BENCH_DATABASE_URL=postgres://…`, else the
 * embedded one), migrated and seeded with the demo data by a first start, each way of starting
 * runs `RUNS` times (default 3), with the web build ready:
 * - `tsx`: the server run by tsx (`tsx src/server.ts`, the start before the production build);
 * - `npm run serve`: the production start through npm (npm and a shell stay around the server;
 *   it runs the server bundle of `npm run build` when current, else the sources);
 * - `node scripts/serve.ts`: the same without npm (what the systemd unit runs).
 * Per run: ms from the spawn to the first `/api/ready` 200 (polled every 20 ms), the RSS of the
 * server process and of the whole process tree 1 s after, and the time from SIGTERM to the
 * process group until the spawned process exited (`SHUTDOWN_DELAY_MS=0`). Then, on the last `node scripts/serve.ts`
 * start, `REQUESTS` (default 10,000) mixed requests from a load generator in its own process
 * (autocannon, 10 connections, each on one path: pages, static files, reads as the demo student,
 * health and readiness), RSS after them, and a heap snapshot (`--heapsnapshot-signal`) summarised
 * by `heap-summary.ts`: the heap's total, its largest kinds by self and by retained size, the
 * objects retaining the most, the scripts with the largest source. Prints the host's load average.
 *
 * Run: `BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:start-up -w apps/api`
 * (`BENCH_PORT=`, default 3395).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { summariseHeap } from './heap-summary.ts';
import { createServerDatabase } from './scratch-db.ts';

const root = path.resolve(import.meta.dirname, '../..');
const node = path.join(root, 'node_modules/.bin/node');
const PORT = Number(process.env.BENCH_PORT ?? 3395);
const RUNS = Number(process.env.RUNS ?? 3);
const REQUESTS = Number(process.env.REQUESTS ?? 10_000);
const base = `http://127.0.0.1:${PORT}`;

const db = await createServerDatabase(process.env.BENCH_DATABASE_URL, 'cc_bench_startup');
const env = {
  ...process.env,
  PORT: String(PORT),
  HOST: '127.0.0.1',
  APP_URL: base,
  DATA_DIR: db.dataDir,
  ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
  NODE_ENV: 'production',
  LOG_LEVEL: 'info',
};

/** The RSS in MB of `pid` and of it with every descendant (from /proc). */
async function rssOf(pid: number): Promise<{ self: number; tree: number }> {
  const rss = async (p: number) =>
    Number(/VmRSS:\s+(\d+)/.exec(await fs.readFile(`/proc/${p}/status`, 'utf8').catch(() => ''))?.[1] ?? 0) / 1024;
  const children = async (p: number): Promise<number[]> => {
    const tasks = await fs.readdir(`/proc/${p}/task`).catch(() => [] as string[]);
    const kids: number[] = [];
    for (const t of tasks) {
      const list = await fs.readFile(`/proc/${p}/task/${t}/children`, 'utf8').catch(() => '');
      kids.push(...list.trim().split(/\s+/).filter(Boolean).map(Number));
    }
    return kids;
  };
  const all: number[] = [];
  const walk = async (p: number) => {
    all.push(p);
    for (const k of await children(p)) await walk(k);
  };
  await walk(pid);
  // The server is the deepest process that listens: the last node in the tree.
  let self = 0;
  for (const p of all) {
    const cmd = await fs.readFile(`/proc/${p}/cmdline`, 'utf8').catch(() => '');
    if (/server\.ts|serve\.ts/.test(cmd) && !/npm/.test(cmd)) self = await rss(p);
  }
  let tree = 0;
  for (const p of all) tree += await rss(p);
  return { self, tree };
}

interface Started {
  child: ChildProcess;
  readyMs: number;
  log: () => string;
}

/** True while something answers on the port. */
const portBusy = () =>
  fetch(`${base}/api/users/health`).then(
    () => true,
    () => false,
  );

async function start(command: string, args: string[], cwd: string, extraEnv: Record<string, string> = {}) {
  if (await portBusy()) throw new Error(`port ${PORT} is in use`);
  const t0 = performance.now();
  // A process group of its own, so that stop() ends npm, its shell and the server together.
  const child = spawn(command, args, {
    cwd,
    env: { ...env, ...extraEnv },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  for (let i = 0; i < 6000; i += 1) {
    const ok = await fetch(`${base}/api/ready`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return { child, readyMs: performance.now() - t0, log: () => out } satisfies Started;
    if (child.exitCode !== null) throw new Error(`${command} exited ${child.exitCode}:\n${out}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('no /api/ready 200 within 2 min');
}

/**
 * SIGTERM to the start's whole process group; resolves the ms until the spawned process (npm, or
 * the server itself) exited, once nothing answers on the port. Waits for the exit, not for the
 * port alone: during the shutdown a kept-alive socket still answers (503) after the listener closed.
 */
async function stop(child: ChildProcess): Promise<number> {
  const t0 = performance.now();
  const exited = new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  );
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    // already gone
  }
  const inTime = await Promise.race([exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 60_000))]);
  if (!inTime) throw new Error('the server did not exit within 60 s of SIGTERM');
  const ms = performance.now() - t0;
  for (let i = 0; i < 50 && (await portBusy()); i += 1) await new Promise((r) => setTimeout(r, 100));
  if (await portBusy()) throw new Error(`the start exited after SIGTERM but something still answers on port ${PORT}`);
  return ms;
}

const quick = { SHUTDOWN_DELAY_MS: '0' };
const variants: Array<{ name: string; run: () => Promise<Started> }> = [
  {
    name: '`tsx src/server.ts` (before)',
    run: () => start(path.join(root, 'node_modules/.bin/tsx'), ['src/server.ts'], path.join(root, 'apps/api'), quick),
  },
  { name: '`npm run serve`', run: () => start('npm', ['run', 'serve'], root, quick) },
  { name: '`node scripts/serve.ts`', run: () => start(node, ['scripts/serve.ts'], root, quick) },
];

console.log(`# Start-up and memory — ${db.databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}, Node ${process.version}`);
const first = await start(node, ['scripts/serve.ts'], root, { ...quick, SEED_DEMO: 'true' });
console.log(`first start (migrations and demo data on an empty database): ${(first.readyMs / 1000).toFixed(2)} s`);
const demoLog = first.log().replace(/\\n/g, '\n');
const account = /student\s+(\S+@\S+)\s+password: ([A-Za-z0-9_-]+)/.exec(demoLog);
await stop(first.child);

console.log(
  `load average before: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(
  '\n| start | first /api/ready 200 (s), each run | RSS of the server (MB) | RSS of the process tree (MB) | exit after SIGTERM to the group (s) |',
);
console.log('|---|---|---|---|---|');
let last: Started | undefined;
for (const variant of variants) {
  const times: number[] = [];
  const rss: Array<{ self: number; tree: number }> = [];
  const exits: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const s = await variant.run();
    times.push(s.readyMs);
    await new Promise((r) => setTimeout(r, 1000));
    rss.push(await rssOf(s.child.pid!));
    if (variant === variants.at(-1) && i === RUNS - 1) last = s;
    else exits.push(await stop(s.child));
  }
  const range = (xs: number[]) => `${Math.round(Math.min(...xs))}–${Math.round(Math.max(...xs))}`;
  console.log(
    `| ${variant.name} | ${times.map((t) => (t / 1000).toFixed(2)).join(', ')} | ${range(rss.map((r) => r.self))} | ${range(rss.map((r) => r.tree))} | ${exits.map((t) => (t / 1000).toFixed(2)).join(', ')} |`,
  );
}
console.log(
  `load average after the starts: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
if (!last) throw new Error('no last start');

// 10,000 mixed requests on the last start.
let cookie = '';
if (account) {
  const login = await fetch(`${base}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account[1], password: account[2] }),
  });
  cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';
}
const index = await fetch(`${base}/`).then((r) => r.text());
const asset = /src="(\/assets\/[^"]+\.js)"/.exec(index)?.[1] ?? '/favicon.svg';
const paths = [
  '/',
  '/marketplace',
  asset,
  '/api/ready',
  '/api/users/health',
  '/api/users/current',
  '/api/buy-and-sell/items',
  '/api/rides',
  '/api/lost-and-found/lost-items',
  '/api/notification/unread/count',
];
const loadJob = { url: base, cookies: cookie ? [cookie] : [], connections: paths.length, amount: REQUESTS, paths };
const loader = spawn(
  node,
  ['--import', 'tsx', path.join(import.meta.dirname, 'load-client.ts'), JSON.stringify(loadJob)],
  { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
);
let loadOut = '';
loader.stdout.on('data', (d: Buffer) => (loadOut += d.toString()));
await new Promise((r) => loader.on('exit', r));
const load = JSON.parse(loadOut.trim().split('\n').pop() ?? '{}') as Record<string, number>;
const rssStart = await rssOf(last.child.pid!);
console.log(
  `\n${load.requests} requests (${paths.length} paths, ${cookie ? 'signed in as the demo student' : 'as a guest'}): ${Math.round(load.reqPerSec ?? 0)} req/s, p50 ${load.p50} ms, p99 ${load.p99} ms, non-2xx ${load.non2xx}, errors ${load.errors}`,
);
console.log(`RSS after them: server ${Math.round(rssStart.self)} MB, process tree ${Math.round(rssStart.tree)} MB`);
console.log(
  `load average: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
await stop(last.child);

// A heap snapshot after the same load, on a start with --heapsnapshot-signal. V8 writes it on the
// main thread: the server answers again once the file is complete.
const snapDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-heap-'));
const snap = await start(
  node,
  ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${snapDir}`, 'scripts/serve.ts'],
  root,
  quick,
);
const loader2 = spawn(
  node,
  ['--import', 'tsx', path.join(import.meta.dirname, 'load-client.ts'), JSON.stringify(loadJob)],
  { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
);
await new Promise((r) => loader2.on('exit', r));
const rssBeforeSnapshot = await rssOf(snap.child.pid!);
const signalled = performance.now();
snap.child.kill('SIGUSR2');
let file = '';
for (let i = 0; i < 1200 && !file; i += 1) {
  await new Promise((r) => setTimeout(r, 100));
  const name = (await fs.readdir(snapDir)).find((n) => n.endsWith('.heapsnapshot'));
  if (name && (await portBusy())) file = path.join(snapDir, name);
}
if (!file) throw new Error('no heap snapshot within 2 min of the signal');
console.log(
  `\nHeap snapshot of the server (RSS ${Math.round(rssBeforeSnapshot.self)} MB after the same ${REQUESTS} requests): written in ${((performance.now() - signalled) / 1000).toFixed(1)} s, ${((await fs.stat(file)).size / 1e6).toFixed(0)} MB`,
);
console.log(`exited ${((await stop(snap.child)) / 1000).toFixed(1)} s after SIGTERM`);
await summariseHeap(file);
await fs.rm(snapDir, { recursive: true, force: true });
await db.drop();
