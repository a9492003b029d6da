/**
 * The embedded database's directory lock (DESIGN §1): a second process gets a clear error, and a
 * lock left by `kill -9` is recovered at the next start. The real server serves requests from its
 * PGlite worker thread (issue 10) and keeps their writes across a restart. Runs the real server as
 * child processes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const apiDir = path.resolve(import.meta.dirname, '../..');
const children: ChildProcess[] = [];

/** Starts the server on a random port; resolves when it listens or exits, with its output. */
function startServer(dataDir: string): Promise<{ child: ChildProcess; output: string; code: number | null }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  return new Promise((resolve) => {
    const onData = (d: Buffer) => {
      output += d.toString();
      if (output.includes('Campus Companion is running')) resolve({ child, output, code: null });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => resolve({ child, output, code }));
  });
}

afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
});

describe.skipIf(!!process.env.TEST_DATABASE_URL)('PGlite data-directory lock', () => {
  it('refuses a second process, and recovers a stale lock after kill -9', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-lock-'));
    const first = await startServer(dataDir);
    expect(first.code, first.output).toBeNull();
    expect(await fs.readFile(path.join(dataDir, 'pglite.lock'), 'utf8')).toBe(String(first.child.pid));

    const second = await startServer(dataDir);
    expect(second.code).toBe(1);
    expect(second.output).toContain(`in use by another process (pid ${first.child.pid})`);

    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    const third = await startServer(dataDir);
    expect(third.code, third.output).toBeNull();

    third.child.kill('SIGTERM');
    const code = await new Promise((r) => third.child.once('exit', r));
    expect(code).toBe(0);
    await expect(fs.access(path.join(dataDir, 'pglite.lock'))).rejects.toThrow();
    await fs.rm(dataDir, { recursive: true, force: true });
  }, 120_000);
});

describe.skipIf(!!process.env.TEST_DATABASE_URL)('PGlite in the server process', () => {
  it('serves requests from the PGlite worker thread and keeps their writes across a restart', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-worker-server-'));
    const credentials = { email: 'asha.20230001@iiitsonepat.ac.in', password: 'correct horse battery' };
    /** Starts the server; returns `request(method, url, body?)` → status, and `stop()` (expects exit 0). */
    const start = async () => {
      const { child, output, code } = await startServer(dataDir);
      expect(code, output).toBeNull();
      const base = /Server listening at (http:\/\/[\d.:]+)/.exec(output)![1];
      const request = async (method: string, url: string, body?: object) =>
        (
          await fetch(`${base}${url}`, {
            method,
            headers: body ? { 'content-type': 'application/json' } : {},
            body: body && JSON.stringify(body),
          })
        ).status;
      const stop = async () => {
        child.kill('SIGTERM');
        expect(await new Promise((r) => child.once('exit', r))).toBe(0);
      };
      return { request, stop };
    };

    const first = await start();
    expect(await first.request('GET', '/api/users/health')).toBe(200);
    // Sign-up writes the account in a transaction; signing in before verifying is then refused with
    // 403 (an unknown address gets 401).
    expect(await first.request('POST', '/api/users/signup', credentials)).toBe(201);
    expect(await first.request('POST', '/api/users/login', credentials)).toBe(403);
    expect(await first.request('POST', '/api/users/login', { ...credentials, email: `x${credentials.email}` })).toBe(
      401,
    );
    await first.stop();

    const second = await start();
    expect(await second.request('POST', '/api/users/login', credentials)).toBe(403);
    await second.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }, 120_000);
});
