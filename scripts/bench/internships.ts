/**
 * Internship finder benchmark (docs/design.md §9). Prints figures; passes or fails nothing.
 *
 * 1. Parse time of a 40-card listing page (the site's page size) with the production parser:
 *    mean, p50 and p99 ms over `PARSES` runs after a warm-up.
 * 2. One cold search (a real scrape of the loopback fixture source, 1 page) for reference.
 * 3. The cached answer of POST /api/internships/fetch next to GET /api/users/health of the same
 *    app in the same run: the load generator is the shared `load-client.ts` (autocannon) in its
 *    own child process (never inside the server's event loop); prints req/s, p50/p99 latency and the server's CPU ms per request.
 *    Each request carries its own X-Forwarded-For (autocannon's `[<id>]`, TRUST_PROXY on), so the
 *    per-IP limit of a hostel-sized crowd is not what gets measured.
 *
 * Run from apps/api: `npm run bench:internships` (embedded PGlite in memory), or with
 * `BENCH_DATABASE_URL` = postgres://…/postgres for a scratch database on that server. Options:
 * `DURATION` seconds per measurement (default 10), `CONNECTIONS` (default 50), `PARSES` (default 300).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { runMigrations } from '../../apps/api/src/db/migrate.ts';
import { generatedPage, startFixtureServer } from '../../apps/api/src/features/internships/fixtures/fixture-server.ts';
import { parseListingPage } from '../../apps/api/src/features/internships/internships.parser.ts';
import { openScratchDatabase } from './scratch-db.ts';

const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const PARSES = Number(process.env.PARSES ?? 300);
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const fmt = (n: number, d = 0) => n.toLocaleString('en-IN', { maximumFractionDigits: d, minimumFractionDigits: d });

/** Parse timing of one 40-card page. */
function benchParse() {
  const html = generatedPage(40);
  const url = 'https://internshala.com/internships/software-development-internship/';
  const first = parseListingPage(html, url);
  if (first.listings.length !== 40) throw new Error(`parsed ${first.listings.length} cards, expected 40`);
  for (let i = 0; i < 30; i++) parseListingPage(html, url);
  const times: number[] = [];
  for (let i = 0; i < PARSES; i++) {
    const t0 = performance.now();
    parseListingPage(html, url);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return {
    bytes: Buffer.byteLength(html),
    mean: times.reduce((s, x) => s + x, 0) / times.length,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
  };
}

interface Measured {
  reqPerSec: number;
  p50: number;
  p99: number;
  total: number;
  failed: number;
  cpuMsPerReq: number;
}

/**
 * Runs the shared load generator (`load-client.ts`, autocannon) in its own process against `url`
 * while this process serves; the server's CPU is this process's CPU meanwhile (PGlite included).
 */
async function measure(
  url: string,
  opts: { method?: 'GET' | 'POST'; body?: string; duration: number },
): Promise<Measured> {
  const job = JSON.stringify({
    url,
    cookies: [],
    connections: CONNECTIONS,
    duration: opts.duration,
    method: opts.method ?? 'GET',
    body: opts.body,
    idReplacement: true,
    headers: { 'x-forwarded-for': '[<id>]', ...(opts.body && { 'content-type': 'application/json' }) },
  });
  const cpu0 = process.cpuUsage();
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'load-client.ts'), job], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`load client exited ${code}: ${stderr}`)),
    );
  });
  const cpu = process.cpuUsage(cpu0);
  const r = JSON.parse(out.trim().split('\n').pop()!) as {
    requests: number;
    reqPerSec: number;
    p50: number;
    p99: number;
    non2xx: number;
    errors: number;
  };
  return {
    reqPerSec: r.reqPerSec,
    p50: r.p50,
    p99: r.p99,
    total: r.requests,
    failed: r.non2xx + r.errors,
    cpuMsPerReq: (cpu.user + cpu.system) / 1000 / Math.max(1, r.requests),
  };
}

const parse = benchParse();
const source = await startFixtureServer();
const { database, label, cleanup } = await openScratchDatabase(pgUrl, 10);
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-bench-'));
try {
  await runMigrations(database);
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    APP_URL: 'http://127.0.0.1:3000',
    TRUST_PROXY: 'true',
    INTERNSHIP_SOURCE_URL: source.origin,
    INTERNSHIP_SOURCE_HOSTS: source.host,
  });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const fetchUrl = `http://127.0.0.1:${port}/api/internships/fetch`;
  const healthUrl = `http://127.0.0.1:${port}/api/users/health`;
  const body = JSON.stringify({ job_category: 'Software Development', max_results: 5 });

  const c0 = performance.now();
  const cold = await fetch(fetchUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const coldMs = performance.now() - c0;
  const coldBody = (await cold.json()) as { internships: unknown[]; cached: boolean };
  if (cold.status !== 200 || coldBody.cached || coldBody.internships.length !== 5)
    throw new Error(`cold search answered ${cold.status}: ${JSON.stringify(coldBody).slice(0, 200)}`);
  const warm = (await (
    await fetch(fetchUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
  ).json()) as { cached: boolean };
  if (!warm.cached) throw new Error('second search was not served from the cache');
  const sourceRequests = source.requests.length;

  await measure(fetchUrl, { method: 'POST', body, duration: 1 });
  await measure(healthUrl, { duration: 1 });
  const cached = await measure(fetchUrl, { method: 'POST', body, duration: DURATION });
  const health = await measure(healthUrl, { duration: DURATION });
  await app.close();
  if (source.requests.length !== sourceRequests)
    throw new Error('the load run reached the source: not a cached answer');

  console.log(`\nInternship finder benchmark — ${label}, Node ${process.version}`);
  console.log(`\nParse a 40-card page (${fmt(parse.bytes / 1024, 1)} KiB, ${PARSES} runs after warm-up):`);
  console.log(`  mean ${fmt(parse.mean, 2)} ms, p50 ${fmt(parse.p50, 2)} ms, p99 ${fmt(parse.p99, 2)} ms`);
  console.log(`\nCold search (one scrape of the loopback fixture source, 1 page): ${fmt(coldMs, 1)} ms`);
  console.log(`\nautocannon (own process), ${CONNECTIONS} connections, ${DURATION} s each, 127.0.0.1:${port}`);
  const row = (name: string, m: Measured) =>
    `${name.padEnd(40)}${fmt(m.reqPerSec).padStart(9)}${fmt(m.p50).padStart(9)}${fmt(m.p99).padStart(9)}${fmt(m.cpuMsPerReq, 3).padStart(12)}${String(m.failed).padStart(8)}`;
  console.log(
    `${'route'.padEnd(40)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'CPU ms/req'.padStart(12)}${'failed'.padStart(8)}`,
  );
  console.log(row('POST /api/internships/fetch (cached)', cached));
  console.log(row('GET /api/users/health', health));
  console.log(
    `ratio cached/health: throughput ${(cached.reqPerSec / health.reqPerSec).toFixed(3)}×, p99 ${(cached.p99 / Math.max(health.p99, 1)).toFixed(1)}×`,
  );
  if (cached.failed || health.failed) process.exitCode = 1;
} finally {
  await cleanup();
  await source.close();
  await fs.rm(dataDir, { recursive: true, force: true });
}
