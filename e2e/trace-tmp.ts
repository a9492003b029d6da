import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises'; import os from 'node:os'; import path from 'node:path';
const PORT = 3299, base = `http://localhost:${PORT}`;
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-t-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], { cwd: '/work/main/apps/api', env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', APP_URL: base, DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production' }, stdio: ['ignore', 'ignore', 'ignore'] });
try {
  for (let i = 0; i < 300; i++) { if (await fetch(`${base}/api/users/health`).then(r => r.ok, () => false)) break; await new Promise(r => setTimeout(r, 200)); }
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
  await browser.startTracing(page, { path: '/tmp/trace2.json', categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink.user_timing', 'loading'] });
  await page.goto(base + (process.env.PAGE ?? '/'), { waitUntil: 'networkidle' });
  await browser.stopTracing();
  await browser.close();
  const t = JSON.parse(await fs.readFile('/tmp/trace2.json', 'utf8'));
  const ev = (t.traceEvents ?? t).filter((e: any) => e.ph === 'X' && e.dur > 3000);
  const main = ev.filter((e: any) => e.name === 'RunTask');
  for (const task of main.sort((a: any, b: any) => b.dur - a.dur).slice(0, 8)) {
    console.log('TASK', (task.dur / 1000).toFixed(1), 'ms at', task.ts);
    const kids = ev.filter((e: any) => e.pid === task.pid && e.tid === task.tid && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur && e !== task);
    for (const k of kids.slice(0, 12)) console.log('   ', k.name, (k.dur / 1000).toFixed(1), k.args?.data?.url?.split('/').pop() ?? k.args?.data?.functionName ?? '');
  }
} finally { server.kill(); }
