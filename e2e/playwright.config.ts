/**
 * Playwright (docs/design.md §2, §9): Debian's Chromium at /usr/bin/chromium (never a downloaded browser)
 * against the real app — the API serving the built SPA on the embedded database in a fresh
 * temporary data directory — and the recorded internship fixture source on 127.0.0.1, which the
 * server is configured to scrape instead of Internshala.
 */
import { writeFileSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import {
  E2E_DATA_DIR,
  E2E_INSTITUTE_CONFIG,
  E2E_PORT,
  E2E_PUSH_PORT,
  E2E_ADMIN_EMAIL,
  E2E_SECOND_ORIGIN,
  E2E_SOURCE_ORIGIN,
  E2E_SOURCE_PORT,
  e2eInstituteConfig,
} from './env.ts';

writeFileSync(E2E_INSTITUTE_CONFIG, JSON.stringify(e2eInstituteConfig(), null, 2));

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // CI (.ci/run) collects a JSON report in CC_REPORT_DIR for its one summary line.
  reporter: process.env.CC_REPORT_DIR
    ? [['list'], ['json', { outputFile: `${process.env.CC_REPORT_DIR}/e2e.json` }]]
    : [['list']],
  outputDir: './test-results',
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The app registers a service worker. Journeys that route API calls must see them,
    // so it is blocked by default; the attendance journey, which tests offline reading, allows it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: `tsx apps/api/src/features/internships/fixtures/fixture-server.ts ${E2E_SOURCE_PORT}`,
      cwd: '..',
      url: `${E2E_SOURCE_ORIGIN}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The production server bundle (docs/decisions/0306-server-bundle.md), built fresh (a few
      // seconds): the journeys test what production runs.
      command: `rm -rf ${E2E_DATA_DIR} && npm run build -w @campus/api && npm run start:bundle -w @campus/api`,
      cwd: '..',
      url: `http://localhost:${E2E_PORT}/api/users/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(E2E_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: E2E_DATA_DIR,
        APP_URL: `http://localhost:${E2E_PORT}`,
        ADMIN_EMAILS: E2E_ADMIN_EMAIL,
        CORS_ORIGINS: E2E_SECOND_ORIGIN,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        INTERNSHIP_SOURCE_URL: E2E_SOURCE_ORIGIN,
        INTERNSHIP_SOURCE_HOSTS: `127.0.0.1:${E2E_SOURCE_PORT}`,
        // push.spec.ts's local push service: the one http push endpoint the server sends to.
        PUSH_ENDPOINT_HOSTS: `127.0.0.1:${E2E_PUSH_PORT}`,
        INSTITUTE_CONFIG: E2E_INSTITUTE_CONFIG,
        // Every journey signs its students up from this one loopback address.
        SIGNUP_RECIPIENTS_PER_ADDRESS: '100000',
      },
    },
  ],
});
