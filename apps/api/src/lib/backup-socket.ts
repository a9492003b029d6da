/**
 * The embedded database's backup socket (docs/operations.md "Backups"): PGlite belongs to one
 * process, so while the server runs, `npm run backup` cannot open the data directory itself. The
 * server listens on `<DATA_DIR>/backup.sock` (a Unix socket, mode 0600: whoever can reach it can
 * already read the data directory); each connection gets one backup taken by the server between
 * two of its queries, answered as one JSON line. PostgreSQL deployments do not use it (pg_dump).
 */
import fs from 'node:fs/promises';
import net from 'node:net';
import type { Database } from '../db/client.ts';
import { backupSocketPath, createBackup, type BackupManifest } from './backup.ts';

/** What the socket answers: the archive written, or why not. */
export type BackupReply = { ok: true; file: string; manifest: BackupManifest } | { ok: false; error: string };

/**
 * Starts the socket for `database` (PGlite) in `dataDir`, writing archives into `backupDir`.
 * Resolves a function that closes it and removes the socket file. One backup at a time.
 */
export async function serveBackupSocket(
  dataDir: string,
  database: Database,
  backupDir: string,
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void },
): Promise<() => Promise<void>> {
  const file = backupSocketPath(dataDir);
  await fs.rm(file, { force: true }); // left by a killed server (the data-directory lock is ours)
  let running: Promise<unknown> = Promise.resolve();
  const server = net.createServer((socket) => {
    socket.on('error', () => undefined);
    running = running.then(async () => {
      let reply: BackupReply;
      try {
        const done = await createBackup(backupDir, { driver: 'pglite', database });
        reply = { ok: true, ...done };
        log.info({ file: done.file }, 'Backup written');
      } catch (err) {
        reply = { ok: false, error: (err as Error).message };
        log.warn({ reason: reply.error }, 'Backup failed');
      }
      socket.end(`${JSON.stringify(reply)}\n`);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => resolve());
  });
  await fs.chmod(file, 0o600);
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await fs.rm(file, { force: true });
  };
}

/**
 * Asks the server running on `dataDir` for a backup through its socket; resolves its reply.
 * Rejects when no server answers there.
 */
export function requestBackup(dataDir: string): Promise<BackupReply> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(backupSocketPath(dataDir));
    let text = '';
    socket.on('data', (d: Buffer) => (text += d.toString()));
    socket.on('error', reject);
    socket.on('end', () => {
      try {
        resolve(JSON.parse(text) as BackupReply);
      } catch {
        reject(new Error(`The server answered ${JSON.stringify(text.slice(0, 200))}`));
      }
    });
  });
}
