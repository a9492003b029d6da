/**
 * Shared plumbing of the operational drills (docs/design.md §9 "Operations"): flags, free
 * loopback ports, a throwaway PostgreSQL cluster, the app's servers (started through the benchmark
 * harness), students signed up through the API, a small Server-Sent Events reader, the load process
 * (`load-worker.ts`, in its own process), the read-back of acknowledged writes, and the table of
 * figures and checks every drill prints and exits by (exit code 1 when a promise broke, 2 when the
 * drill overran its time limit).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startServer, stopServer } from '../bench/harness.ts';
import { serverBuildState } from '../server-build-stamp.ts';
import type { Acked, LoadJob, LoadReport, Op, StudentRef } from './load-worker.ts';

export type { Acked, LoadJob, LoadReport, Op, StudentRef };

/** Binaries of the PostgreSQL 15 used for a throwaway cluster (`PG_BIN` overrides). */
export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
/** The PostgreSQL server that hosts scratch databases (`DRILL_DATABASE_URL` overrides). */
export const SYSTEM_PG_URL = process.env.DRILL_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The institute's e-mail domain of the built-in config (sign-up accepts only this domain). */
export const EMAIL_DOMAIN = 'iiitsonepat.ac.in';

/** Resolves after `ms` milliseconds. */
export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Formats a number with `digits` decimals (en-IN grouping, as the benchmarks print). */
export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-IN', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/**
 * The drill's command-line flags: `--quick` (the short variant, under about 2 minutes),
 * `--duration=SECONDS` (the soak's length), `--db=pglite|postgres` and `--pgbouncer` (the
 * scale-out drill through PgBouncer). Unknown flags throw.
 */
export function drillFlags(): { quick: boolean; duration?: number; db?: string; pgbouncer: boolean } {
  const { values } = parseArgs({
    options: {
      quick: { type: 'boolean', default: false },
      duration: { type: 'string' },
      db: { type: 'string' },
      pgbouncer: { type: 'boolean', default: false },
    },
  });
  const duration = values.duration === undefined ? undefined : Number(values.duration);
  if (duration !== undefined && !(duration > 0)) throw new Error('--duration must be a number of seconds');
  return { quick: values.quick ?? false, duration, db: values.db, pgbouncer: values.pgbouncer ?? false };
}

/** Ports handed out by {@link freePort} in this process (a released port is not handed out twice). */
const handedOut = new Set<number>();

/** Whether 127.0.0.1:`port` can be bound now (bound, then released). */
function canBind(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/**
 * A free TCP port on 127.0.0.1, released for the caller to bind: asked of the OS, or with
 * `DRILL_PORTS=FIRST-LAST` (a shared host's share, e.g. `3300-3399`) the first free one in that
 * range not handed out before; throws when none is free.
 */
export async function freePort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.DRILL_PORTS ?? '');
  if (range) {
    for (let port = Number(range[1]); port <= Number(range[2]); port += 1) {
      if (handedOut.has(port) || !(await canBind(port))) continue;
      handedOut.add(port);
      return port;
    }
    throw new Error(`no free port in DRILL_PORTS=${process.env.DRILL_PORTS}`);
  }
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Figures, checks, clean-up and the time limit

interface Row {
  what: string;
  value: string;
  ok: boolean | null;
}
const rows: Row[] = [];
const cleanups: Array<() => unknown> = [];

/** Records a figure to print (no pass or fail). */
export function figure(what: string, value: string | number): void {
  rows.push({ what, value: String(value), ok: null });
}

/** Records a promise: `ok` false makes the drill exit with code 1. Returns `ok`. */
export function check(what: string, value: string | number, ok: boolean): boolean {
  rows.push({ what, value: String(value), ok });
  return ok;
}

/** Registers `fn` to run when the drill ends (last registered runs first; errors are printed, not thrown). */
export function onCleanup(fn: () => unknown): void {
  cleanups.push(fn);
}

async function runCleanups(): Promise<void> {
  while (cleanups.length) {
    const fn = cleanups.pop()!;
    try {
      await fn();
    } catch (err) {
      console.error('clean-up:', err instanceof Error ? err.message : err);
    }
  }
}

function printRows(title: string): boolean {
  const load = os.loadavg().map((n) => n.toFixed(2));
  console.log(`\n${title}`);
  console.log(
    `(${os.cpus().length} cores, load average ${load.join(' ')} at the end, Node ${process.version}, server: ${RUNS_BUNDLE ? 'the bundle, apps/api/dist/server.js' : 'the sources under tsx'})\n`,
  );
  console.log('| what | measured | promise |\n|---|---|---|');
  for (const r of rows)
    console.log(`| ${r.what} | ${r.value} | ${r.ok === null ? '' : r.ok ? 'kept' : '**BROKEN**'} |`);
  return rows.every((r) => r.ok !== false);
}

/**
 * Runs a drill: `body` within `limitS` seconds (else the clean-ups, at most 60 s more, and exit 2),
 * then the clean-ups, then prints the figures and exits: 0 when every check held, 1 when one broke
 * or `body` threw.
 */
export async function runDrill(title: string, limitS: number, body: () => Promise<void>): Promise<never> {
  const abort = (why: string) => {
    console.error(`\n${title}: ${why} — stopping`);
    setTimeout(() => process.exit(2), 60_000); // even if a clean-up hangs
    void runCleanups().finally(() => {
      printRows(title);
      process.exit(2);
    });
  };
  const timer = setTimeout(() => abort(`over its time limit of ${limitS} s`), limitS * 1000);
  process.once('SIGINT', () => abort('interrupted'));
  process.once('SIGTERM', () => abort('terminated'));
  let failed = false;
  try {
    await body();
  } catch (err) {
    failed = true;
    console.error(`\n${title}: the drill could not finish:`, err);
  }
  await runCleanups();
  clearTimeout(timer);
  const kept = printRows(title);
  process.exit(failed || !kept ? 1 : 0);
}

/** A hundredth-percentile of `values` (ms), e.g. `percentile(latencies, 99)`; 0 for none. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Resident memory (MB) of process `pid`, from /proc (Linux); 0 once it is gone. */
export async function rssMb(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** A fresh temporary directory (removed at clean-up). */
export async function tempDir(prefix: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `cc-drill-${prefix}-`));
  onCleanup(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

/** A throwaway PostgreSQL cluster of the drill's own (see {@link ownPostgresCluster}). */
export interface Cluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string;
  /** The same server, database `name`. */
  urlOf(name: string): string;
  /** Stops the server (`pg_ctl stop -m <mode>`, waiting for it). */
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  /** Starts it again; resolves once it accepts connections. */
  start(): Promise<void>;
}

function run(cmd: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${cmd} ${args[0]}: ${code}\n${out}`))));
  });
}

/**
 * Creates and starts a PostgreSQL cluster of the drill's own (initdb into a temporary directory,
 * trust authentication, 127.0.0.1 on a free port, run as user `postgres` when the drill runs as
 * root), so stopping it never disturbs the system's server. Stopped and removed at clean-up.
 * Throws when initdb or the start fails (output included).
 */
export async function ownPostgresCluster(): Promise<Cluster> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-drill-pg-'));
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    await fs.chown(dir, uid, gid);
  }
  const pgRun = (bin: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(PG_BIN, bin), ...args])
      : run(path.join(PG_BIN, bin), args);
  await pgRun('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`;
  const start = () =>
    pgRun('pg_ctl', ['start', '-D', dataDir, '-w', '-t', '60', '-l', path.join(dir, 'server.log'), '-o', options]).then(
      () => undefined,
    );
  const stop = (mode: 'fast' | 'immediate') =>
    pgRun('pg_ctl', ['stop', '-D', dataDir, '-w', '-t', '60', '-m', mode]).then(() => undefined);
  onCleanup(async () => {
    await stop('immediate').catch(() => undefined);
    await fs.rm(dir, { recursive: true, force: true });
  });
  await start();
  const urlOf = (name: string) => `postgres://postgres@127.0.0.1:${port}/${name}`;
  return { url: urlOf('postgres'), urlOf, start, stop };
}

/** Runs one SQL `statement` on `url` with a short-lived client; resolves its rows. */
export async function sqlOnce<T extends pg.QueryResultRow = pg.QueryResultRow>(
  url: string,
  statement: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return (await client.query<T>(statement, params)).rows;
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------
// nginx in front of the instances

/** Debian's nginx (`NGINX` overrides); throws when none is installed. */
function nginxBinary(): string {
  const bin = process.env.NGINX ?? ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
  if (!bin) throw new Error("nginx not found: install Debian's nginx (apt-get install nginx-light) or set NGINX");
  return bin;
}

/**
 * nginx.conf for a reverse proxy on 127.0.0.1:`port` to `upstreams`, everything under `dir`: the
 * upstream block of docs/operations.md (keep-alive, the next instance on a refused connect), the
 * client timeouts it recommends, `X-Upstream` naming the instance that answered, and the live
 * stream unbuffered.
 */
function nginxConfig(dir: string, port: number, upstreams: number[]): string {
  return `# Written by scripts/drills/lib.ts
daemon off;
worker_processes 1;
worker_rlimit_nofile 16384;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 8192; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 10m;
  client_header_timeout 10s;
  client_body_timeout 10s;
  upstream campus {
${upstreams.map((p) => `    server 127.0.0.1:${p};`).join('\n')}
    keepalive 32;
    keepalive_timeout 4s;
  }
  server {
    listen 127.0.0.1:${port};
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_next_upstream error timeout;
    proxy_next_upstream_tries 3;
    proxy_connect_timeout 2s;
    add_header X-Upstream $upstream_addr always;
    location / {
      proxy_pass http://campus;
      proxy_read_timeout 30s;
    }
    location = /api/notification/stream {
      proxy_pass http://campus;
      proxy_buffering off;
      proxy_read_timeout 1h;
    }
  }
}
`;
}

/** nginx started by {@link startNginx}. */
export interface Nginx {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** The lines nginx has written to its error log so far ('' when none). */
  errorLog(): Promise<string>;
}

/**
 * Starts Debian's nginx as a non-daemon child on 127.0.0.1:`port` in front of the instances on
 * `upstreams` (config: {@link nginxConfig}); resolves once health answers 200 through it, within
 * 10 s, else throws. Stopped at clean-up.
 */
export async function startNginx(port: number, upstreams: number[]): Promise<Nginx> {
  const bin = nginxBinary();
  const dir = await tempDir('nginx');
  await fs.chmod(dir, 0o755); // nginx workers run as an unprivileged user when started as root
  const conf = path.join(dir, 'nginx.conf');
  await fs.writeFile(conf, nginxConfig(dir, port, upstreams));
  const nginx = spawn(bin, ['-p', dir, '-c', conf, '-e', path.join(dir, 'error.log')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  onCleanup(async () => {
    if (nginx.exitCode !== null || nginx.signalCode !== null) return;
    const exited = new Promise((r) => nginx.once('exit', r));
    nginx.kill('SIGTERM');
    await exited;
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 50; i += 1) {
    const up = await api(url, 'GET', '/api/users/health').then(
      (r) => r.status === 200,
      () => false,
    );
    if (up) return { url, errorLog: () => fs.readFile(path.join(dir, 'error.log'), 'utf8').catch(() => '') };
    await sleep(200);
  }
  throw new Error('nginx did not answer');
}

// ---------------------------------------------------------------------------------------------
// The app

/** A running API server child process and how to reach it. */
export interface AppServer {
  port: number;
  base: string;
  child: ChildProcess;
}

/**
 * The environment of an API server on 127.0.0.1:`port` (production logging at `warn`, no demo
 * seed, `TRUST_PROXY=1`: one proxy hop — nginx, or the load process that sends each simulated
 * student's own `X-Forwarded-For`), on `databaseUrl` or else the embedded database in `dataDir`.
 */
export function appEnv(opts: {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  appUrl?: string;
  adminEmail?: string;
}): Record<string, string> {
  return {
    PORT: String(opts.port),
    HOST: '127.0.0.1',
    APP_URL: opts.appUrl ?? `http://127.0.0.1:${opts.port}`,
    DATA_DIR: opts.dataDir,
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    ...(opts.adminEmail ? { ADMIN_EMAILS: opts.adminEmail } : {}),
    TRUST_PROXY: '1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    SEED_DEMO: 'false',
  };
}

/**
 * True when the drills run the production build (`apps/api/dist/server.js`, current with the
 * sources: scripts/server-build-stamp.ts), as production does; else the sources under tsx.
 */
export const RUNS_BUNDLE = serverBuildState() === 'current';

/**
 * Starts the API (`scripts/bench/harness.ts` startServer: its own process, ready once
 * `/api/users/health` answers; the server bundle when {@link RUNS_BUNDLE}) and stops it at
 * clean-up. Resolves the server and its start time (ms).
 */
export async function startApp(port: number, env: Record<string, string>): Promise<AppServer & { startMs: number }> {
  const t0 = performance.now();
  const child = await startServer(port, env, undefined, RUNS_BUNDLE);
  const startMs = performance.now() - t0;
  onCleanup(() => child.exitCode === null && child.signalCode === null && stopServer(child));
  return { port, base: `http://127.0.0.1:${port}`, child, startMs };
}

/** One HTTP answer: status, headers and the body parsed as JSON (null when it is not JSON). */
export interface Answer {
  status: number;
  headers: Headers;
  // The drills read whichever fields the route they called answers with; a JSON answer has no
  // declared type here, so the reader is trusted (a missing field fails the drill's own check).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  ms: number;
}

/**
 * Sends one request to the API: `json` as a JSON body or `form` as multipart (a `Blob` value is a
 * file part), with the session `cookie` and a client `ip` (as `X-Forwarded-For`). Times out after
 * `timeoutMs` (throws, like a refused connection).
 */
export async function api(
  base: string,
  method: string,
  url: string,
  opts: {
    cookie?: string;
    ip?: string;
    json?: unknown;
    form?: Record<string, string | Blob>;
    timeoutMs?: number;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.ip) headers['x-forwarded-for'] = opts.ip;
  let body: string | FormData | undefined;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.form) {
    const form = new FormData();
    for (const [k, v] of Object.entries(opts.form)) {
      if (typeof v === 'string') form.append(k, v);
      else form.append(k, v, 'photo.png');
    }
    body = form;
  }
  const t0 = performance.now();
  const res = await fetch(base + url, {
    method,
    headers,
    body,
    signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
  });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  return { status: res.status, headers: res.headers, body: parsed, ms: performance.now() - t0 };
}

/** A student signed up through the API: address, password, session cookie, id and simulated client IP. */
export interface Student extends StudentRef {
  email: string;
  password: string;
}

/**
 * The institute address of simulated student `i` of drill run `tag` (digits only, e.g. the time):
 * `drill.<8-digit roll>@iiitsonepat.ac.in`, unique per (tag, i).
 */
export function studentEmail(tag: string, i: number, name = 'drill'): string {
  const roll = (Number(tag) * 1000 + i) % 100_000_000;
  return `${name}.${String(roll).padStart(8, '0')}@${EMAIL_DOMAIN}`;
}

/**
 * Signs `email` up through the API the way a student does: sign-up, the verification link from the
 * mail the server wrote to `outboxDir` (waits up to 20 s for it), then verify (which signs in).
 * `ip` is sent as `X-Forwarded-For` (the server trusts one hop). Throws on any other answer.
 */
export async function signUp(base: string, outboxDir: string, email: string, ip?: string): Promise<Student> {
  const password = 'drill password 2026';
  const signup = await api(base, 'POST', '/api/users/signup', { json: { email, password }, ip });
  if (signup.status !== 201) throw new Error(`signup ${email}: ${signup.status} ${JSON.stringify(signup.body)}`);
  let token: string | undefined;
  for (let i = 0; i < 100 && !token; i += 1) {
    const files = (await fs.readdir(outboxDir).catch(() => [] as string[])).filter((f) => f.endsWith(`${email}.eml`));
    for (const f of files) {
      const text = (await fs.readFile(path.join(outboxDir, f), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      token = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? token;
    }
    if (!token) await sleep(200);
  }
  if (!token) throw new Error(`no verification mail for ${email} in ${outboxDir}`);
  const verify = await api(base, 'POST', '/api/users/verify-email', { json: { token, password }, ip });
  const cookie = /cc_session=[^;]+/.exec(verify.headers.get('set-cookie') ?? '')?.[0];
  if (verify.status !== 200 || !cookie) throw new Error(`verify ${email}: ${verify.status}`);
  return { email, password, cookie, userId: verify.body.data.user.id as string, ip: ip ?? '127.0.0.1' };
}

/**
 * Signs up `count` students of run `tag` (4 at a time), each with its own simulated client IP
 * `10.77.x.y`, through `bases` in turn (one base, or several instances).
 */
export async function signUpStudents(
  bases: string[],
  outboxDir: string,
  tag: string,
  count: number,
): Promise<Student[]> {
  const students: Student[] = new Array(count);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) {
      const ip = `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`;
      students[i] = await signUp(bases[i % bases.length]!, outboxDir, studentEmail(tag, i), ip);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return students;
}

/** A 48×48 PNG photo for uploads (generated with sharp, which re-encodes it on the server too). */
export async function samplePhoto(): Promise<Blob> {
  const { default: sharp } = await import('sharp');
  const bytes = await sharp({ create: { width: 48, height: 48, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(bytes)], { type: 'image/png' });
}

// ---------------------------------------------------------------------------------------------
// Server-Sent Events

/** One SSE event as received: its name, its data text and the arrival time (`performance.now()` ms). */
export interface SseEvent {
  event: string;
  data: string;
  at: number;
}

/**
 * A minimal EventSource over fetch streaming: connects to `url` with the session `cookie`, parses
 * `event:`/`data:` lines, and like a browser reconnects after a dropped stream (1 s later, at most
 * 100 times; `connects` counts the connections opened). Closed at clean-up.
 */
export class SseClient {
  readonly events: SseEvent[] = [];
  connects = 0;
  private closed = false;
  private abort = new AbortController();
  private waiters: Array<() => void> = [];

  private url: string;
  private cookie: string;

  constructor(url: string, cookie: string) {
    this.url = url;
    this.cookie = cookie;
    onCleanup(() => this.close());
    void this.loop();
  }

  private async loop(): Promise<void> {
    for (let attempt = 0; attempt < 100 && !this.closed; attempt += 1) {
      try {
        const res = await fetch(this.url, {
          headers: { cookie: this.cookie, accept: 'text/event-stream' },
          signal: this.abort.signal,
        });
        if (res.ok && res.body) {
          this.connects += 1;
          let buffer = '';
          const decoder = new TextDecoder();
          for await (const chunk of res.body) {
            buffer += decoder.decode(chunk as Uint8Array, { stream: true });
            let end: number;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              this.parse(buffer.slice(0, end));
              buffer = buffer.slice(end + 2);
            }
          }
        } else await res.body?.cancel();
      } catch {
        // dropped or refused: reconnect below, as EventSource does
      }
      if (!this.closed) await sleep(1000);
    }
  }

  private parse(block: string): void {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
    }
    if (!data.length) return;
    this.events.push({ event, data: data.join('\n'), at: performance.now() });
    for (const w of this.waiters.splice(0)) w();
  }

  /** Resolves the first event (received from index `from` on) matching `match`, or null after `timeoutMs`. */
  async waitFor(match: (e: SseEvent) => boolean, timeoutMs: number, from = 0): Promise<SseEvent | null> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const found = this.events.slice(from).find(match);
      if (found) return found;
      const left = deadline - performance.now();
      if (left <= 0 || this.closed) return null;
      await new Promise<void>((r) => {
        const t = setTimeout(r, left);
        this.waiters.push(() => {
          clearTimeout(t);
          r();
        });
      });
    }
  }

  /** Ends the stream and stops reconnecting. */
  close(): void {
    this.closed = true;
    this.abort.abort();
    for (const w of this.waiters.splice(0)) w();
  }
}

// ---------------------------------------------------------------------------------------------
// Load

/**
 * A running load process: `started` resolves when it sends its first request, `acked()` counts the
 * creates answered 2xx so far, `done` resolves its report when it ends, `stop()` ends it early
 * (SIGTERM) and resolves the report.
 */
export interface LoadRun {
  pid: number;
  started: Promise<void>;
  acked(): number;
  done: Promise<LoadReport>;
  stop(): Promise<LoadReport>;
}

/**
 * Starts the load process (`load-worker.ts`, its own Node process, so load never shares the
 * server's or the drill's event loop) on `job`. `done` resolves its report when it ends (after
 * `job.duration` s, or on `stop()`); rejects when it fails.
 */
export function startLoad(job: LoadJob): LoadRun {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'load-worker.ts'), JSON.stringify(job)],
    { cwd: path.resolve(import.meta.dirname, '../..'), stdio: ['ignore', 'pipe', 'inherit'] },
  );
  // stdout: `started`, one `ack` line per acknowledged create, then the report as one JSON line.
  let pending = '';
  let last = '';
  let acks = 0;
  let markStarted: () => void = () => undefined;
  const started = new Promise<void>((r) => (markStarted = r));
  child.stdout.on('data', (d: Buffer) => {
    const lines = (pending + d.toString()).split('\n');
    pending = lines.pop()!;
    for (const line of lines) {
      if (line === 'started') markStarted();
      else if (line === 'ack') acks += 1;
      else if (line) last = line;
    }
  });
  const done = new Promise<LoadReport>((resolve, reject) =>
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(last || pending) as LoadReport)
        : reject(new Error(`load process exited ${code}`)),
    ),
  );
  onCleanup(() => child.exitCode === null && child.kill('SIGKILL'));
  done.then(markStarted, markStarted);
  return {
    pid: child.pid!,
    started,
    acked: () => acks,
    done,
    stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return done;
    },
  };
}

/** A student's share of a load job: the cookie, the simulated IP and `{userId}`/`{subjectId}` values. */
export function studentRefs(students: StudentRef[]): StudentRef[] {
  return students.map(({ cookie, ip, userId, subjectId }) => ({ cookie, ip, userId, subjectId }));
}

/** A date `daysAgo` days before today (UTC), `yyyy-MM-dd`, for attendance marks. */
export function dayBefore(daysAgo: number): string {
  return new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The student workload's requests (each `Op` with a weight): signed-in reads of the marketplace,
 * lost and found, rides, notifications, profile and attendance; and creating writes whose ids are
 * kept (`kind`: `listing`, `report`, `notification`; read back by {@link lostWrites}). Attendance
 * marks (`mark`) need `subjectId` on each student. `writes` = share of writes in percent (100: only
 * writes).
 */
export function studentOps(opts: { writes: number; marks?: boolean; readsOnly?: boolean }): Op[] {
  const reads: Op[] = [
    { name: 'GET /api/buy-and-sell/items', weight: 25, method: 'GET', path: '/api/buy-and-sell/items?page=1&limit=20' },
    {
      name: 'GET /api/buy-and-sell/items?search',
      weight: 5,
      method: 'GET',
      path: '/api/buy-and-sell/items?search=calculator&sort=priceLowToHigh',
    },
    { name: 'GET /api/lost-and-found/lost-items', weight: 10, method: 'GET', path: '/api/lost-and-found/lost-items' },
    { name: 'GET /api/rides', weight: 10, method: 'GET', path: '/api/rides?page=1&limit=5' },
    { name: 'GET /api/notification/unread/count', weight: 25, method: 'GET', path: '/api/notification/unread/count' },
    { name: 'GET /api/notification', weight: 10, method: 'GET', path: '/api/notification?page=1&limit=10' },
    { name: 'GET /api/users/current', weight: 10, method: 'GET', path: '/api/users/current' },
    {
      name: 'GET /api/attendance/percentage/overall',
      weight: 5,
      method: 'GET',
      path: '/api/attendance/percentage/overall?userId={userId}',
    },
  ];
  const readWeight = reads.reduce((s, o) => s + o.weight, 0);
  if (opts.readsOnly) return reads;
  const writes: Op[] = [
    {
      name: 'POST /api/buy-and-sell/items',
      weight: 4,
      method: 'POST',
      path: '/api/buy-and-sell/items',
      kind: 'listing',
      form: {
        item_name: 'Casio FX-991EX calculator {n}',
        price: '850',
        category: 'Electronics',
        item_condition: 'Like New',
        description: 'Used for one semester, all functions work.',
        owner_contact: '9876543210',
      },
    },
    {
      name: 'POST /api/lost-and-found/lost-items',
      weight: 3,
      method: 'POST',
      path: '/api/lost-and-found/lost-items',
      kind: 'report',
      form: {
        item_name: 'Blue water bottle {n}',
        category: 'Accessories',
        location_found: 'Library, 2nd floor',
        owner_contact: '9123456780',
        description: 'Milton, with a sticker',
      },
    },
    {
      name: 'POST /api/notification',
      weight: 3,
      method: 'POST',
      path: '/api/notification',
      kind: 'notification',
      form: { message: 'Reminder {n}: return the library book' },
    },
  ];
  if (opts.marks)
    writes.push({
      name: 'POST /api/attendance',
      weight: 10,
      method: 'POST',
      path: '/api/attendance',
      kind: 'mark',
      json: { userId: '{userId}', subjectId: '{subjectId}', date: dayBefore(1), status: 'Present' },
    });
  if (opts.writes >= 100) return writes;
  // Scale the writes so they make `opts.writes` percent of all requests.
  const writeWeight = writes.reduce((s, o) => s + o.weight, 0);
  const scale = (opts.writes / (100 - opts.writes)) * (readWeight / writeWeight);
  return [...reads, ...writes.map((w) => ({ ...w, weight: w.weight * scale }))];
}

/** Where an acknowledged create of each kind is read back (by its creator). */
const READ_BACK: Record<string, string> = {
  listing: '/api/buy-and-sell/items/',
  report: '/api/lost-and-found/lost-items/',
  notification: '/api/notification/',
};

/**
 * Reads back every acknowledged create (`acked`, kinds `listing`, `report`, `notification`; other
 * kinds are skipped) through the API at `base`, as its creator (`students[a.student]`), 8 at a time.
 * Resolves how many were checked and the ones missing (404), with any other answer after 3 tries
 * counted missing too.
 */
export async function lostWrites(
  base: string,
  students: StudentRef[],
  acked: Acked[],
): Promise<{ checked: number; lost: Array<Acked & { status: number }> }> {
  const todo = acked.filter((a) => READ_BACK[a.kind]);
  const lost: Array<Acked & { status: number }> = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < todo.length; i = next++) {
      const a = todo[i]!;
      let status = 0;
      for (let attempt = 0; attempt < 3 && status !== 200 && status !== 404; attempt += 1) {
        status = await api(base, 'GET', READ_BACK[a.kind]! + a.id, { cookie: students[a.student]!.cookie }).then(
          (r) => r.status,
          () => 0,
        );
        if (status !== 200 && status !== 404) await sleep(500);
      }
      if (status !== 200) lost.push({ ...a, status });
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return { checked: todo.length, lost };
}

/** Enrolls each student in the first subject of the catalogue and sets `subjectId` on it. */
export async function enrollAll(base: string, students: Student[]): Promise<void> {
  const subjects = await api(base, 'GET', '/api/resources/subjects?page=1&limit=1', { cookie: students[0]!.cookie });
  // Subject ids are integers; `{subjectId}` fills a JSON string, which the API accepts.
  const first = subjects.body?.data?.[0]?.id as number | undefined;
  const subjectId = first === undefined ? undefined : String(first);
  if (!subjectId) throw new Error(`no subject to enroll in (${subjects.status})`);
  for (const s of students) {
    const r = await api(base, 'POST', '/api/enrollments', {
      cookie: s.cookie,
      ip: s.ip,
      json: { userId: s.userId, subjectId },
    });
    if (r.status !== 201) throw new Error(`enroll: ${r.status} ${JSON.stringify(r.body)}`);
    s.subjectId = subjectId;
  }
}

/** Prints the load report's per-route table (count, answers by status, p50/p99 ms). */
export function printRoutes(report: LoadReport): void {
  console.log('\n| route | requests | answers | p50 ms | p99 ms |\n|---|---|---|---|---|');
  for (const [name, r] of Object.entries(report.routes)) {
    const answers = Object.entries(r.statuses)
      .map(([s, n]) => `${s}×${n}`)
      .join(' ');
    console.log(`| ${name} | ${fmt(r.count)} | ${answers} | ${fmt(r.p50, 1)} | ${fmt(r.p99, 1)} |`);
  }
}
