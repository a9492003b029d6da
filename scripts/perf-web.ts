/**
 * Web performance budget run (issue 10, DESIGN §9): builds the SPA, starts the real server (a
 * fresh embedded database on 127.0.0.1), creates and signs in a student through the API, and runs
 * Lighthouse (mobile defaults: simulated slow 4G and 4× CPU slowdown) in Debian's Chromium on `/`,
 * `/login` and, signed in, `/marketplace`. Prints per page the median of `RUNS` runs (default 3):
 * performance score, LCP, TBT, CLS and the bytes transferred (all, and JavaScript).
 *
 * Run: `npm run perf:web`. Options: `RUNS`, `CHROMIUM_PATH` (default /usr/bin/chromium),
 * `PERF_PORT` (default 3295), `REPORT_DIR` (also writes each run's full Lighthouse JSON there).
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const RUNS = Number(process.env.RUNS ?? 3);
const PORT = Number(process.env.PERF_PORT ?? 3295);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const REPORT_DIR = process.env.REPORT_DIR;
const root = path.resolve(import.meta.dirname, '..');
const base = `http://localhost:${PORT}`;

execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-perf-web-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
  cwd: path.join(root, 'apps/api'),
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    APP_URL: base,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    SEED_DEMO: 'true',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

/** Waits until the server answers its health route. */
async function waitForServer(): Promise<void> {
  for (let i = 0; i < 300; i += 1) {
    if (
      await fetch(`${base}/api/users/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not start');
}

/** Signs up a student, verifies through the outbox link and logs in; returns the session cookie. */
async function studentCookie(): Promise<string> {
  const email = `perf.2024${String(Date.now() % 10_000).padStart(4, '0')}@iiitsonepat.ac.in`;
  const password = 'perf-password-1';
  const post = (p: string, body: object) =>
    fetch(`${base}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const signup = await post('/api/users/signup', { email, password });
  if (signup.status !== 201) throw new Error(`signup ${signup.status}`);
  const outbox = path.join(dataDir, 'outbox');
  let token = '';
  for (let i = 0; i < 50 && !token; i += 1) {
    for (const f of (await fs.readdir(outbox).catch(() => [])).filter((n) => n.endsWith(`${email}.eml`))) {
      const text = (await fs.readFile(path.join(outbox, f), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      token = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? token;
    }
    if (!token) await new Promise((r) => setTimeout(r, 100));
  }
  const verify = await post('/api/users/verify-email', { token, password });
  if (verify.status !== 200) throw new Error(`verify ${verify.status}`);
  const login = await post('/api/users/login', { email, password });
  const cookie = login.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error(`login ${login.status}`);
  return cookie;
}

interface PageFigures {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
  jsBytes: number;
}

/** One Lighthouse run of `url` (mobile defaults), with `cookie` when signed in. */
async function audit(url: string, cookie?: string): Promise<PageFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      extraHeaders: cookie ? { Cookie: cookie } : undefined,
    });
    const lhr = result!.lhr;
    if (REPORT_DIR) {
      await fs.mkdir(REPORT_DIR, { recursive: true });
      const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`;
      await fs.writeFile(path.join(REPORT_DIR, name), JSON.stringify(lhr));
    }
    const items = (lhr.audits['network-requests']?.details as { items?: Array<Record<string, unknown>> })?.items ?? [];
    const js = items.filter((i) => i.resourceType === 'Script').reduce((s, i) => s + Number(i.transferSize ?? 0), 0);
    return {
      score: lhr.categories.performance!.score ?? 0,
      lcp: lhr.audits['largest-contentful-paint']!.numericValue ?? 0,
      tbt: lhr.audits['total-blocking-time']!.numericValue ?? 0,
      cls: lhr.audits['cumulative-layout-shift']!.numericValue ?? 0,
      bytes: lhr.audits['total-byte-weight']!.numericValue ?? 0,
      jsBytes: js,
    };
  } finally {
    chrome.kill();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

try {
  await waitForServer();
  const cookie = await studentCookie();
  const pages: Array<[string, string | undefined]> = [
    ['/', undefined],
    ['/login', undefined],
    ['/marketplace', cookie],
  ];
  console.log(`\nLighthouse ${RUNS}× per page (median), mobile defaults, Chromium at ${CHROMIUM}\n`);
  console.log('| page | score | LCP ms | TBT ms | CLS | transferred KB | JS KB |\n|---|---|---|---|---|---|---|');
  for (const [page, c] of pages) {
    const runs: PageFigures[] = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await audit(`${base}${page}`, c));
    const m = (k: keyof PageFigures) => median(runs.map((r) => r[k]));
    console.log(
      `| ${page} | ${Math.round(m('score') * 100)} | ${Math.round(m('lcp'))} | ${Math.round(m('tbt'))} | ${m('cls').toFixed(3)} | ${(m('bytes') / 1024).toFixed(1)} | ${(m('jsBytes') / 1024).toFixed(1)} |`,
    );
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.on('exit', r));
  await fs.rm(dataDir, { recursive: true, force: true });
}
