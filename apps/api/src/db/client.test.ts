/**
 * The embedded database's directory lock (docs/design.md §1): a second process gets a clear error, and a
 * lock left by `kill -9` is recovered at the next start. The real server serves requests from its
 * PGlite worker thread and keeps their writes across a restart. Runs the real server as
 * child processes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './client.ts';

const apiDir = path.resolve(import.meta.dirname, '../..');
const children: ChildProcess[] = [];

/** Starts the server on a random port; resolves when it listens or exits, with its output. */
function startServer(dataDir: string): Promise<{ child: ChildProcess; output: string; code: number | null }> {
  const child = spawn(process.execPath, ['src/server.ts'], {
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
    expect(JSON.parse(await fs.readFile(path.join(dataDir, 'pglite.lock'), 'utf8'))).toMatchObject({
      pid: first.child.pid,
    });

    const second = await startServer(dataDir);
    expect(second.code).toBe(1);
    expect(second.output).toContain(`in use by another running instance (pid ${first.child.pid}: `);

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

describe('PGlite lock owner checks', () => {
  /** The start time of `pid` in clock ticks, as the lock records it. */
  const ticksOf = async (pid: number) => {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  };

  it('takes over a lock whose pid now belongs to another live process, with a warning', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-lock-reuse-'));
    // The parent process is alive, but it started at another time than the lock records: pid reuse.
    await fs.writeFile(
      path.join(dir, 'pglite.lock'),
      JSON.stringify({ pid: process.ppid, startTicks: '1', bootId: null }),
    );
    const warnings: string[] = [];
    const release = lockDataDir(dir, (m) => warnings.push(m));
    expect(warnings).toEqual([expect.stringContaining(`pid ${process.ppid} now belongs to another process`)]);
    expect(JSON.parse(await fs.readFile(path.join(dir, 'pglite.lock'), 'utf8')).pid).toBe(process.pid);
    release();
    await expect(fs.access(path.join(dir, 'pglite.lock'))).rejects.toThrow();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('refuses a lock held by a live process that matches the record, naming it', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-lock-live-'));
    const bootId = (await fs.readFile('/proc/sys/kernel/random/boot_id', 'utf8')).trim();
    const owner = { pid: process.ppid, startTicks: await ticksOf(process.ppid), bootId };
    await fs.writeFile(path.join(dir, 'pglite.lock'), JSON.stringify(owner));
    expect(() => lockDataDir(dir, () => {})).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir, () => {})).toThrow(`in use by another running instance (pid ${process.ppid}: `);
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('takes over a lock left before a reboot, and one in the old bare-pid format whose process is gone', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-lock-boot-'));
    const owner = { pid: process.ppid, startTicks: await ticksOf(process.ppid), bootId: 'another-boot' };
    await fs.writeFile(path.join(dir, 'pglite.lock'), JSON.stringify(owner));
    const warnings: string[] = [];
    lockDataDir(dir, (m) => warnings.push(m))();
    await fs.writeFile(path.join(dir, 'pglite.lock'), '2147483646');
    lockDataDir(dir, (m) => warnings.push(m))();
    expect(warnings).toEqual([
      expect.stringContaining('before the machine restarted'),
      expect.stringContaining('process 2147483646 is gone'),
    ]);
    await fs.rm(dir, { recursive: true, force: true });
  });
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
