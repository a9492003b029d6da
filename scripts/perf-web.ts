/**
 * Web performance run (docs/performance.md): builds the web app, starts the real server (a fresh
 * embedded database on 127.0.0.1 with the demo data), signs in as a seeded demo student and the demo
 * administrator (passwords read from the server's start-up log), and runs Lighthouse (mobile
 * defaults: simulated slow 4G and 4× CPU slowdown) in Debian's Chromium on every server-rendered
 * page — the open pages as a guest, the others with the real session cookie. Prints the host's
 * `benchmarkIndex` (Lighthouse's CPU speed figure) and per page the median of `RUNS` runs (default
 * 3): performance score, LCP, TBT, CLS, the HTML document's bytes, the bytes transferred, the
 * JavaScript the page ran (KB, and Lighthouse's JS execution time at load), TBT counted from the page's CPU time
 * ({@link cpuBlockingMs}), and, measured apart in
 * Chromium with the CPU slowed `CPU_SLOWDOWN`× and no input, when the page had hydrated by itself.
 * Then the first-tap table (scripts/perf-startup.ts): each tap made at the first paint, at
 * `DOMContentLoaded` (before `load`) and 0.1, 0.5, 1 and 3 s after `load` (median of `RUNS`) — did it
 * take effect, and ms until its visible answer.
 *
 * Lighthouse runs in Chromium's headless shell (Debian: `apt-get install -y chromium-headless-shell`),
 * the hydration and tap measures in the full Chromium that the browser journeys use:
 * docs/decisions/0007-lighthouse-headless-shell.md.
 *
 * Run: `npm run perf:web`. Options: `RUNS`, `PAGES` (comma-separated paths, e.g. `/,/marketplace`; also
 * chooses the first-tap rows of those paths), `SKIP_BUILD=1` (use the last build), `CHROMIUM_PATH` (default /usr/bin/chromium),
 * `LIGHTHOUSE_CHROMIUM` (the browser Lighthouse drives; default /usr/bin/chromium-headless-shell, or a full Chromium, which then runs `--headless=new`),
 * `PERF_PORT` (default 3295), `REPORT_DIR` (also writes each run's full Lighthouse JSON there, and its trace as `*.trace.json`),
 * `CPU_SLOWDOWN` (default 4, Lighthouse's mobile default: see below), `SKIP_TAPS=1` (no first-tap table).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { chromium } from 'playwright-core';
import { firstTap, hydratedAt, type Tap, type TapMoment, type TapResult } from './perf-startup.ts';

/** A column of the first-tap table: "first paint", "DOMContentLoaded" or "load + 0.5 s". */
const momentLabel = (moment: TapMoment) =>
  moment === 'paint' ? 'first paint' : moment === 'dom' ? 'DOMContentLoaded' : `load + ${moment / 1000} s`;

const RUNS = Number(process.env.RUNS ?? 3);
const PORT = Number(process.env.PERF_PORT ?? 3295);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LIGHTHOUSE_CHROMIUM = process.env.LIGHTHOUSE_CHROMIUM ?? '/usr/bin/chromium-headless-shell';
if (!existsSync(LIGHTHOUSE_CHROMIUM))
  throw new Error(`no ${LIGHTHOUSE_CHROMIUM}: apt-get install -y chromium-headless-shell, or set LIGHTHOUSE_CHROMIUM`);
const REPORT_DIR = process.env.REPORT_DIR;
/**
 * Lighthouse's CPU slowdown (mobile default 4×). `CPU_SLOWDOWN` = 4 × this host's benchmarkIndex ÷
 * a slower host's emulates that host (the goal must hold on a host of ~2,150 too).
 */
const CPU_SLOWDOWN = Number(process.env.CPU_SLOWDOWN ?? throttling.mobileSlow4G.cpuSlowdownMultiplier);
const root = path.resolve(import.meta.dirname, '..');
const base = `http://localhost:${PORT}`;

if (process.env.SKIP_BUILD !== '1')
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
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
    SEED_DEMO: 'true',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let serverLog = '';
server.stdout!.on('data', (chunk: Buffer) => {
  serverLog += chunk.toString();
});

/** Waits until the server answers its health route. */
async function waitForServer(): Promise<void> {
  // Up to 2 min: a loaded host starts the server (migrations, demo data) in over a minute.
  for (let i = 0; i < 600; i += 1) {
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

/**
 * Logs in as the demo account of `role` (the first seeded student, or the administrator), whose
 * generated password the server printed once at start; returns the session cookie.
 */
async function demoCookie(role: 'student' | 'admin'): Promise<string> {
  let account: RegExpExecArray | null = null;
  for (let i = 0; i < 100 && !account; i += 1) {
    account = new RegExp(`${role}\\s+(\\S+@\\S+)\\s+password: ([A-Za-z0-9_-]+)`).exec(serverLog.replace(/\\n/g, '\n'));
    if (!account) await new Promise((r) => setTimeout(r, 100));
  }
  if (!account) throw new Error(`no demo ${role} in the server log`);
  const login = await fetch(`${base}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account[1], password: account[2] }),
  });
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
  htmlBytes: number;
  jsBytes: number;
  jsExecMs: number;
  cpuTbt: number;
  benchmarkIndex: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
}

/**
 * Total Blocking Time counted from the page's CPU time, ms: every task of the page's main thread
 * that starts after its first contentful paint, its thread time (`tdur`, µs) × `slowdown`, the part
 * over 50 ms, summed. Lighthouse's TBT multiplies the same tasks' wall time, which on a 2-core host
 * also counts the time the page's thread waited for a core (Chromium's software compositor and
 * browser process, Lighthouse, the server): docs/performance.md, "Wall time and CPU time".
 * 0 when the trace has no first contentful paint.
 */
function cpuBlockingMs(events: TraceEvent[], slowdown: number): number {
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) return 0;
  return events
    .filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === fcp.pid && e.tid === fcp.tid && e.ts >= fcp.ts)
    .reduce((sum, task) => sum + Math.max(0, ((task.tdur ?? task.dur ?? 0) * slowdown) / 1000 - 50), 0);
}

/** One Lighthouse run of `url` (mobile defaults), with `cookie` when signed in; null when Lighthouse refuses the page. */
async function audit(url: string, cookie?: string): Promise<PageFigures | null> {
  const chrome = await chromeLauncher.launch({
    chromePath: LIGHTHOUSE_CHROMIUM,
    chromeFlags: [
      // The headless shell is headless by itself; a full Chromium needs the flag.
      ...(LIGHTHOUSE_CHROMIUM.includes('headless-shell') ? [] : ['--headless=new']),
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
    ],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      extraHeaders: cookie ? { Cookie: cookie } : undefined,
      throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: CPU_SLOWDOWN },
    });
    const lhr = result!.lhr;
    // Lighthouse audits only a page answered 2xx: a 404 page gives a runtime error, not figures.
    if (lhr.runtimeError) return null;
    if (REPORT_DIR) {
      await fs.mkdir(REPORT_DIR, { recursive: true });
      const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`;
      await fs.writeFile(path.join(REPORT_DIR, name), JSON.stringify(lhr));
      await fs.writeFile(
        path.join(REPORT_DIR, name.replace(/\.json$/, '.trace.json')),
        JSON.stringify(result!.artifacts.Trace),
      );
    }
    const items = (lhr.audits['network-requests']?.details as { items?: Array<Record<string, unknown>> })?.items ?? [];
    const sum = (type: string) =>
      items.filter((i) => i.resourceType === type).reduce((s, i) => s + Number(i.transferSize ?? 0), 0);
    return {
      score: lhr.categories.performance!.score ?? 0,
      lcp: lhr.audits['largest-contentful-paint']!.numericValue ?? 0,
      tbt: lhr.audits['total-blocking-time']!.numericValue ?? 0,
      cls: lhr.audits['cumulative-layout-shift']!.numericValue ?? 0,
      bytes: lhr.audits['total-byte-weight']!.numericValue ?? 0,
      htmlBytes: sum('Document'),
      jsBytes: sum('Script'),
      jsExecMs: lhr.audits['bootup-time']?.numericValue ?? 0,
      cpuTbt: cpuBlockingMs(result!.artifacts.Trace.traceEvents as TraceEvent[], CPU_SLOWDOWN),
      benchmarkIndex: lhr.environment.benchmarkIndex,
    };
  } finally {
    chrome.kill();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
});

try {
  await waitForServer();
  const student = await demoCookie('student');
  const admin = await demoCookie('admin');
  const pages: Array<[string, string | undefined]> = [
    ['/', undefined],
    ['/login', undefined],
    ['/intern-connect', undefined],
    ['/no-such-page', undefined],
    ['/', student],
    ['/marketplace', student],
    ['/lost-found', student],
    ['/rides', student],
    ['/attendance', student],
    ['/skill-exchange', student],
    ['/intern-connect', student],
    ['/profile', student],
    ['/admin', admin],
  ];
  const only = process.env.PAGES?.split(',');
  const rows: string[] = [];
  const benchmarkIndexes: number[] = [];
  for (const [page, c] of pages.filter(([p]) => !only || only.includes(p))) {
    const runs: PageFigures[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const figures = await audit(`${base}${page}`, c);
      if (figures) runs.push(figures);
    }
    if (!runs.length) {
      rows.push(
        `| ${page} | ${c === undefined ? 'guest' : 'signed in'} | not audited: Lighthouse refuses a non-2xx answer |`,
      );
      console.log(rows.at(-1));
      continue;
    }
    benchmarkIndexes.push(...runs.map((r) => r.benchmarkIndex));
    const m = (k: keyof PageFigures) => median(runs.map((r) => r[k]));
    const who = c === undefined ? 'guest' : c === admin ? 'admin' : 'student';
    const starts = [];
    for (let i = 0; i < RUNS; i += 1) starts.push(await hydratedAt(browser, base, page, c, CPU_SLOWDOWN));
    const hydrated = starts.map((s) => s.hydratedAt);
    const hydratedCell = hydrated.includes(null) ? 'never (10 s)' : String(median(hydrated as number[]));
    rows.push(
      `| ${page} | ${who} | ${Math.round(m('score') * 100)} | ${Math.round(m('lcp'))} | ${Math.round(m('tbt'))} | ${Math.round(m('cpuTbt'))} | ${m('cls').toFixed(3)} | ${(m('htmlBytes') / 1024).toFixed(1)} | ${(m('bytes') / 1024).toFixed(1)} | ${(m('jsBytes') / 1024).toFixed(1)} | ${Math.round(m('jsExecMs'))} | ${hydratedCell} | ${median(starts.map((s) => s.blockingMs))} |`,
    );
    console.log(rows.at(-1));
  }
  console.log(
    `\nLighthouse ${RUNS}× per page (median), mobile defaults, CPU slowdown ${CPU_SLOWDOWN}×, in ${LIGHTHOUSE_CHROMIUM} (hydration and taps in ${CHROMIUM}); host benchmarkIndex ` +
      `${Math.round(median(benchmarkIndexes))} (min ${Math.round(Math.min(...benchmarkIndexes))}, max ` +
      `${Math.round(Math.max(...benchmarkIndexes))}), so as a host of ` +
      `${Math.round((median(benchmarkIndexes) * 4) / CPU_SLOWDOWN)} at 4×; load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}\n`,
  );
  console.log(
    '| page | as | score | LCP ms | TBT ms | TBT from CPU ms | CLS | HTML KB | transferred KB | JS KB run | JS exec ms | hydrated at ms | blocking ms |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const row of rows) console.log(row);
  console.log(
    `\n"TBT from CPU": the page's main-thread tasks after its first contentful paint, each counted with its thread time × ${CPU_SLOWDOWN} (Lighthouse: wall time), the part over 50 ms, summed.` +
      `\n"hydrated at" and "blocking" (long tasks' time over 50 ms after the first paint): Chromium, CPU ${CPU_SLOWDOWN}× slower, no input, median of ${RUNS}.`,
  );

  if (process.env.SKIP_TAPS !== '1') {
    const taps: Tap[] = [
      {
        label: '/login Sign Up tab',
        path: '/login',
        cookie: undefined,
        act: (p) => p.getByRole('tab', { name: 'Sign Up' }).click(),
        answer: { selector: 'h1', text: 'Create your account' },
      },
      {
        label: '/login empty submit',
        path: '/login',
        cookie: undefined,
        act: (p) => p.getByRole('button', { name: 'Log in' }).click(),
        answer: { selector: '[role="alert"]', text: 'Please enter your email.' },
      },
      {
        label: '/marketplace first listing (student)',
        path: '/marketplace',
        cookie: student,
        act: (p) => p.getByRole('article').first().getByRole('link').first().click(),
        answer: { selector: '[role="dialog"]' },
      },
      {
        label: '"Open search" (student, 360 px)',
        path: '/',
        cookie: student,
        act: (p) => p.getByRole('button', { name: 'Open search' }).click(),
        answer: { selector: 'input[role="combobox"]' },
      },
      {
        label: 'header search "calcu" (student, 1280 px)',
        path: '/',
        cookie: student,
        width: 1280,
        act: (p) => p.getByRole('combobox', { name: 'Search' }).pressSequentially('calcu'),
        answer: { selector: '[role="option"]' },
      },
    ];
    // With PAGES, only the taps on those pages (a run of one page then takes minutes, not most of an hour).
    const chosen = only ? taps.filter((tap) => only.includes(tap.path)) : taps;
    const moments: TapMoment[] = ['paint', 'dom', 100, 500, 1000, 3000];
    const cell = (results: TapResult[]) => {
      const ok = results.filter((r) => r.tookEffect);
      const ms = ok.length ? median(ok.map((r) => r.ms!)) : null;
      return `${ok.length}/${results.length}${ms === null ? '' : `, ${ms} ms`}`;
    };
    console.log(
      `\nFirst tap (took effect in N of ${RUNS}, median ms from the tap to its visible answer), CPU ${CPU_SLOWDOWN}×:\n`,
    );
    console.log(`| tap | ${moments.map(momentLabel).join(' | ')} |\n|---|${moments.map(() => '---|').join('')}`);
    for (const tap of chosen) {
      const cells: string[] = [];
      for (const moment of moments) {
        const results: TapResult[] = [];
        for (let i = 0; i < RUNS; i += 1) results.push(await firstTap(browser, base, tap, moment, CPU_SLOWDOWN));
        cells.push(cell(results));
      }
      console.log(`| ${tap.label} | ${cells.join(' | ')} |`);
    }
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await new Promise((r) => server.on('exit', r));
  await fs.rm(dataDir, { recursive: true, force: true });
}
