/**
 * Start-up and memory of the production start (docs/performance.md "Start-up and memory of the
 * server"). On a scratch database (PostgreSQL with `BENCH_DATABASE_URL=postgres://…`, else the
 * embedded one), migrated and seeded with the demo data by a first start, each way of starting
 * runs `RUNS` times (default 3), with the web build ready:
 * - `tsx`: the server run by tsx (`tsx src/server.ts`, the start before the production build);
 * - `npm run serve`: the production start through npm (npm and a shell stay around the server;
 *   it runs the server bundle of `npm run build` when current, else the sources);
 * - `node scripts/serve.ts`: the same without npm (what the systemd unit runs).
 * Per run: ms from the spawn to the first `/api/ready` 200 (polled every 20 ms), and the RSS of the
 * server process and of the whole process tree 1 s after. Then, on the last `node scripts/serve.ts`
 * start, `REQUESTS` (default 10,000) mixed requests from a load generator in its own process
 * (autocannon, 10 connections, each on one path: pages, static files, reads as the demo student,
 * health and readiness), RSS after them, and a heap snapshot (`--heapsnapshot-signal`) summarised:
 * the heap's total and its largest kinds of objects by self size. Prints the host's load average.
 *
 * Run: `BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:start-up -w apps/api`
 * (`BENCH_PORT=`, default 3395).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
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

/** SIGTERM to the start's whole process group; resolves when nothing answers on the port. */
async function stop(child: ChildProcess) {
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    // already gone
  }
  for (let i = 0; i < 600 && (await portBusy()); i += 1) await new Promise((r) => setTimeout(r, 100));
  if (await portBusy()) throw new Error('the server did not stop within 60 s');
  await new Promise((r) => setTimeout(r, 300));
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
console.log('\n| start | first /api/ready 200 (s), each run | RSS of the server (MB) | RSS of the process tree (MB) |');
console.log('|---|---|---|---|');
let last: Started | undefined;
for (const variant of variants) {
  const times: number[] = [];
  const rss: Array<{ self: number; tree: number }> = [];
  for (let i = 0; i < RUNS; i += 1) {
    const s = await variant.run();
    times.push(s.readyMs);
    await new Promise((r) => setTimeout(r, 1000));
    rss.push(await rssOf(s.child.pid!));
    if (variant === variants.at(-1) && i === RUNS - 1) last = s;
    else await stop(s.child);
  }
  const range = (xs: number[]) => `${Math.round(Math.min(...xs))}–${Math.round(Math.max(...xs))}`;
  console.log(
    `| ${variant.name} | ${times.map((t) => (t / 1000).toFixed(2)).join(', ')} | ${range(rss.map((r) => r.self))} | ${range(rss.map((r) => r.tree))} |`,
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

// A heap snapshot after the same load, on a start with --heapsnapshot-signal.
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
snap.child.kill('SIGUSR2');
let file = '';
for (let i = 0; i < 600 && !file; i += 1) {
  await new Promise((r) => setTimeout(r, 200));
  const names = await fs.readdir(snapDir);
  const name = names.find((n) => n.endsWith('.heapsnapshot'));
  // The file is complete when its size stops changing.
  if (name) {
    const a = (await fs.stat(path.join(snapDir, name))).size;
    await new Promise((r) => setTimeout(r, 1000));
    if ((await fs.stat(path.join(snapDir, name))).size === a && a > 0) file = path.join(snapDir, name);
  }
}
await stop(snap.child);
await summariseHeap(file);
await fs.rm(snapDir, { recursive: true, force: true });
await db.drop();

/** Prints the snapshot's total self size and its 15 largest (type, constructor) groups. */
async function summariseHeap(snapshotFile: string) {
  const chunks: Buffer[] = [];
  for await (const c of createReadStream(snapshotFile)) chunks.push(c as Buffer);
  const heap = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
    nodes: number[];
    strings: string[];
  };
  const fields = heap.snapshot.meta.node_fields;
  const types = heap.snapshot.meta.node_types[0];
  const [ti, ni, si] = [fields.indexOf('type'), fields.indexOf('name'), fields.indexOf('self_size')];
  const groups = new Map<string, { size: number; count: number }>();
  let total = 0;
  for (let i = 0; i < heap.nodes.length; i += fields.length) {
    const type = types[heap.nodes[i + ti]!]!;
    const size = heap.nodes[i + si]!;
    total += size;
    const name = type === 'object' || type === 'closure' ? heap.strings[heap.nodes[i + ni]!]! : '';
    const key = `${type}${name ? ` ${name}` : ''}`;
    const g = groups.get(key) ?? { size: 0, count: 0 };
    g.size += size;
    g.count += 1;
    groups.set(key, g);
  }
  console.log(
    `\nHeap snapshot after the load: ${(total / 1e6).toFixed(1)} MB in ${heap.nodes.length / fields.length} objects`,
  );
  console.log('| kind (type, constructor) | MB | objects |');
  console.log('|---|---|---|');
  for (const [key, g] of [...groups].sort((a, b) => b[1].size - a[1].size).slice(0, 15))
    console.log(`| ${key} | ${(g.size / 1e6).toFixed(1)} | ${g.count} |`);
}
