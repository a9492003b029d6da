/**
 * A front-end on another site (docs/security.md "Reports, idempotency, origins, cookies"): with
 * `CROSS_SITE_COOKIES=true` the session cookie is `SameSite=None; Secure; Partitioned` (CHIPS), so
 * Chromium — which blocks third-party cookies that are not partitioned — keeps it, and a page on
 * another site stays signed in through the API across reloads.
 *
 * The browser's own defaults matter here, so this test launches Debian's Chromium with
 * Playwright's `--disable-features=…ThirdPartyStoragePartitioning` overridden. A second API instance of its
 * own (`CROSS_SITE_COOKIES=true`, an https `APP_URL` as the setting requires; Chromium accepts
 * `Secure` cookies from http://localhost) answers on localhost, the page is served from 127.0.0.1:
 * two sites.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium, request as playwrightRequest, type Browser } from '@playwright/test';
import { test, expect, freshEmail, linkFromOutbox } from './fixtures.ts';
import { E2E_PORT } from './env.ts';

const API_PORT = E2E_PORT + 30;
const PAGE_PORT = E2E_PORT + 31;
const API = `http://localhost:${API_PORT}`;
const PAGE = `http://127.0.0.1:${PAGE_PORT}`;

let api: ChildProcess;
let page: http.Server;
let dataDir: string;
let browser: Browser;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-cross-site-'));
  api = spawn('npm', ['run', 'start', '-w', '@campus/api'], {
    cwd: path.join(import.meta.dirname, '..'),
    stdio: 'ignore',
    detached: true,
    env: {
      ...process.env,
      PORT: String(API_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: `https://localhost:${API_PORT}`,
      CROSS_SITE_COOKIES: 'true',
      CORS_ORIGINS: PAGE,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
  });
  page = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><html lang="en"><head><title>Club site</title></head><body><main></main></body></html>');
  });
  await new Promise<void>((resolve) => page.listen(PAGE_PORT, '127.0.0.1', resolve));
  for (let i = 0; i < 200; i++) {
    const up = await fetch(`${API}/api/users/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  // Chromium's own cookie defaults: Playwright launches it with ThirdPartyStoragePartitioning
  // switched off; a later --disable-features replaces that list (the last value of a switch wins).
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-features=OptimizationHints'],
  });
});

test.afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => page?.close(resolve));
  if (api?.pid) process.kill(-api.pid, 'SIGTERM');
  await new Promise((r) => setTimeout(r, 1_000));
  await fs.rm(dataDir, { recursive: true, force: true });
});

test('a page on another site signs in through the API and stays signed in after a reload', async () => {
  const email = freshEmail('crosssite');
  const password = 'e2e-password-1';
  const direct = await playwrightRequest.newContext({ baseURL: API });
  expect((await direct.post('/api/users/signup', { data: { email, password } })).status()).toBe(201);
  const token = new URL(await linkFromOutbox(email, 'verify-email', 1, dataDir)).searchParams.get('token');
  await direct.dispose();

  const context = await browser.newContext();
  const tab = await context.newPage();
  await tab.goto(`${PAGE}/`);
  const verified = await tab.evaluate(
    async ({ api, token, password }) => {
      const res = await fetch(`${api}/api/users/verify-email`, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, password }),
      });
      return res.status;
    },
    { api: API, token, password },
  );
  expect(verified).toBe(200);
  const cookies = await context.cookies(API);
  const session = cookies.find((c) => c.httpOnly);
  expect(session, JSON.stringify(cookies)).toMatchObject({
    sameSite: 'None',
    secure: true,
    partitionKey: expect.any(String),
  });

  await tab.reload();
  const current = await tab.evaluate(async (api) => {
    const res = await fetch(`${api}/api/users/current`, { credentials: 'include' });
    return { status: res.status, body: (await res.json()) as { data?: { user?: { email?: string } } } };
  }, API);
  expect(current.status).toBe(200);
  expect(current.body.data?.user?.email).toBe(email);
  await context.close();
});
