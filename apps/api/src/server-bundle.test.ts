/**
 * The server bundle (docs/decisions/0306-server-bundle.md, scripts/build-server.ts): built as
 * `npm run build` builds it, it starts on its own — migrations found, the embedded database's
 * worker or PostgreSQL — and answers `/api/ready`, and a PDF from the institute's documents (pdfkit
 * stays outside the bundle and is imported on first use), and exits 0 soon after SIGTERM. Started
 * through npm (`npm run start:bundle`), a SIGTERM to npm alone — what a supervisor sends to the
 * process it started — stops the server too (docs/operations.md "Production build and start").
 * On PostgreSQL with TEST_DATABASE_URL (in an empty database of its own, dropped after), else on
 * the embedded one.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { beforeAll, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const API = path.join(ROOT, 'apps/api');

/** A port free at the moment (the OS's choice), for the server to listen on. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((r) => probe.close(r));
  return port;
}

beforeAll(async () => {
  await promisify(execFile)(process.execPath, [path.join(ROOT, 'scripts/build-server.ts')], { cwd: ROOT });
}, 180_000);

/** Resolves the exit code (or signal) of `child`, or 'still running' after `ms`. */
function exitWithin(child: ChildProcess, ms: number): Promise<number | string> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode ?? child.signalCode!);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('still running'), ms);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(code ?? signal ?? 'unknown');
    });
  });
}

/** Polls `base`/api/ready every 100 ms until it answers 200 or `child` exits; resolves the last status. */
async function ready(base: string, child: ChildProcess): Promise<number> {
  let status = 0;
  while (status !== 200 && child.exitCode === null) {
    await new Promise((r) => setTimeout(r, 100));
    status = await fetch(`${base}/api/ready`).then(
      (r) => r.status,
      () => 0,
    );
  }
  return status;
}

/** A scratch place for one server: its data dir, its port, and a database of its own on PostgreSQL. */
async function scratchServer(name: string) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-bundle-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const pgUrl = process.env.TEST_DATABASE_URL;
  const dbName = `cc_bundle_${name}_${process.pid}`;
  const admin = pgUrl ? new pg.Client({ connectionString: pgUrl }) : null;
  let databaseUrl: string | undefined;
  if (admin && pgUrl) {
    await admin.connect();
    await admin.query(`drop database if exists ${dbName}`);
    await admin.query(`create database ${dbName}`);
    const u = new URL(pgUrl);
    u.pathname = `/${dbName}`;
    databaseUrl = u.href;
  }
  return {
    base,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: base,
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      SHUTDOWN_DELAY_MS: '0',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    async drop() {
      await fs.rm(dataDir, { recursive: true, force: true });
      if (admin) {
        await admin.query(`drop database if exists ${dbName} with (force)`);
        await admin.end();
      }
    },
  };
}

it(
  'the built server bundle starts, migrates, answers /api/ready and a PDF, and exits 0 on SIGTERM',
  { timeout: 180_000 },
  async () => {
    const scratch = await scratchServer('node');
    const child = spawn(process.execPath, ['dist/server.js'], {
      cwd: API,
      env: scratch.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout.on('data', (d: Buffer) => (log += d.toString()));
    child.stderr.on('data', (d: Buffer) => (log += d.toString()));
    try {
      expect(await ready(scratch.base, child), log).toBe(200);
      const pdf = await fetch(`${scratch.base}/api/institute/files/calendar.pdf`);
      expect(pdf.status).toBe(200);
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      // SHUTDOWN_DELAY_MS=0: the shutdown is the idle sockets' grace (2 s) and the database's close.
      child.kill('SIGTERM');
      expect(await exitWithin(child, 15_000), log).toBe(0);
    } finally {
      child.kill('SIGKILL');
      await exitWithin(child, 5_000);
      await scratch.drop();
    }
  },
);

it('`npm run start:bundle`: a SIGTERM to npm alone stops the server too', { timeout: 180_000 }, async () => {
  const scratch = await scratchServer('npm');
  // A process group of its own, so that clean-up reaches a server npm may have left behind.
  const npm = spawn('npm', ['run', 'start:bundle'], {
    cwd: API,
    env: scratch.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let log = '';
  npm.stdout.on('data', (d: Buffer) => (log += d.toString()));
  npm.stderr.on('data', (d: Buffer) => (log += d.toString()));
  try {
    expect(await ready(scratch.base, npm), log).toBe(200);
    // What systemd (KillMode=mixed), Docker or a process manager does: SIGTERM to the main process.
    npm.kill('SIGTERM');
    expect(await exitWithin(npm, 15_000), log).toBe(0);
    // npm waited for the server: nothing listens any more.
    const after = await fetch(`${scratch.base}/api/users/health`).then(
      (r) => `answered ${r.status}`,
      (err: Error & { cause?: { code?: string } }) => err.cause?.code ?? err.message,
    );
    expect(after).toBe('ECONNREFUSED');
  } finally {
    try {
      process.kill(-npm.pid!, 'SIGKILL');
    } catch {
      // the group is gone already
    }
    await exitWithin(npm, 5_000);
    await scratch.drop();
  }
});
