/**
 * The server bundle (docs/decisions/0306-server-bundle.md, scripts/build-server.ts): built as
 * `npm run build` builds it, it starts on its own — migrations found, the embedded database's
 * worker or PostgreSQL — and answers `/api/ready`, and a PDF from the institute's documents (pdfkit
 * stays outside the bundle and is imported on first use). On PostgreSQL with TEST_DATABASE_URL (in
 * an empty database of its own, dropped after), else on the embedded one.
 */
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** A port free at the moment (the OS's choice), for the server to listen on. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((r) => probe.close(r));
  return port;
}

it('the built server bundle starts, migrates and answers /api/ready and a PDF', { timeout: 180_000 }, async () => {
  await promisify(execFile)(process.execPath, [path.join(ROOT, 'scripts/build-server.ts')], { cwd: ROOT });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-bundle-'));
  const PORT = await freePort();
  const base = `http://127.0.0.1:${PORT}`;
  const pgUrl = process.env.TEST_DATABASE_URL;
  const dbName = `cc_bundle_${process.pid}`;
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
  const child = spawn(process.execPath, ['dist/server.js'], {
    cwd: path.join(ROOT, 'apps/api'),
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      APP_URL: base,
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      SHUTDOWN_DELAY_MS: '0',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr.on('data', (d: Buffer) => (log += d.toString()));
  try {
    let ready = 0;
    while (ready !== 200 && child.exitCode === null) {
      await new Promise((r) => setTimeout(r, 100));
      ready = await fetch(`${base}/api/ready`).then(
        (r) => r.status,
        () => 0,
      );
    }
    expect(ready, log).toBe(200);
    const pdf = await fetch(`${base}/api/institute/files/calendar.pdf`);
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode === null ? child.on('exit', r) : r(null)));
    await fs.rm(dataDir, { recursive: true, force: true });
    if (admin) {
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  }
});
