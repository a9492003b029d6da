/**
 * Debian's PgBouncer for the drills (docs/operations.md "PgBouncer"): started as a child on a free
 * loopback port in transaction mode, in front of one database of the system's PostgreSQL, with the
 * app's time limits set by `connect_query` (PgBouncer refuses them as startup parameters). Run as
 * user `postgres` when the drill runs as root (PgBouncer refuses root). Stopped at clean-up.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import pg from 'pg';
import { freePort, onCleanup, sleep, tempDir } from './lib.ts';

/** A running PgBouncer: the app's URL through it, and its own counters. */
export interface PgBouncer {
  /** `postgres://postgres@127.0.0.1:<port>/<database>` */
  url: string;
  /** `SHOW STATS` of the database: transactions and queries PgBouncer passed on. */
  stats(): Promise<{ transactions: number; queries: number }>;
  /** `SHOW POOLS`: server connections PostgreSQL holds for PgBouncer (active + idle + used). */
  serverConnections(): Promise<number>;
  version: string;
}

/**
 * Starts PgBouncer for `database` on the PostgreSQL at `upstream` (`postgres://…`), pool mode
 * transaction, at most `poolSize` server connections. Throws when `pgbouncer` is not installed or
 * does not answer within 10 s (its log included).
 */
export async function startPgBouncer(upstream: string, database: string, poolSize = 20): Promise<PgBouncer> {
  const bin = process.env.PGBOUNCER ?? ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((p) => existsSync(p));
  if (!bin)
    throw new Error("pgbouncer not found: install Debian's pgbouncer (apt-get install pgbouncer) or set PGBOUNCER");
  const version = execFileSync(bin, ['--version']).toString().split('\n')[0]!;
  const dir = await tempDir('pgbouncer');
  const port = await freePort();
  const u = new URL(upstream);
  const limits =
    'SET statement_timeout = 5000; SET lock_timeout = 1500; SET idle_in_transaction_session_timeout = 15000';
  await fs.writeFile(`${dir}/userlist.txt`, '"postgres" ""\n');
  await fs.writeFile(
    `${dir}/pgbouncer.ini`,
    `;; Written by scripts/drills/pgbouncer.ts
[databases]
${database} = host=${u.hostname} port=${u.port || 5432} dbname=${database} connect_query='${limits}'

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
auth_type = trust
auth_file = ${dir}/userlist.txt
admin_users = postgres
pool_mode = transaction
default_pool_size = ${poolSize}
max_client_conn = 2000
server_reset_query =
ignore_startup_parameters = extra_float_digits
server_login_retry = 1
logfile = ${dir}/pgbouncer.log
pidfile = ${dir}/pgbouncer.pid
`,
  );
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    for (const f of ['', '/userlist.txt', '/pgbouncer.ini']) await fs.chown(`${dir}${f}`, uid, gid);
  }
  const child = asRoot
    ? spawn('runuser', ['-u', 'postgres', '--', bin, `${dir}/pgbouncer.ini`], {
        stdio: ['ignore', 'ignore', 'inherit'],
      })
    : spawn(bin, [`${dir}/pgbouncer.ini`], { stdio: ['ignore', 'ignore', 'inherit'] });
  onCleanup(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    const pid = Number((await fs.readFile(`${dir}/pgbouncer.pid`, 'utf8').catch(() => '')).trim());
    if (pid) process.kill(pid, 'SIGINT');
    else child.kill('SIGINT');
    await Promise.race([exited, sleep(5000)]);
  });
  const url = `postgres://postgres@127.0.0.1:${port}/${database}`;
  const admin = async <T extends pg.QueryResultRow>(statement: string) => {
    const c = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/pgbouncer` });
    await c.connect();
    try {
      return (await c.query<T>(statement)).rows;
    } finally {
      await c.end();
    }
  };
  for (let i = 0; ; i += 1) {
    try {
      await admin('SHOW VERSION');
      break;
    } catch (err) {
      if (i >= 50) {
        const log = await fs.readFile(`${dir}/pgbouncer.log`, 'utf8').catch(() => '');
        throw new Error(`PgBouncer did not answer: ${(err as Error).message}\n${log.slice(-2000)}`, { cause: err });
      }
      await sleep(200);
    }
  }
  return {
    url,
    version,
    async stats() {
      const row = (await admin<Record<string, string>>('SHOW STATS')).find((r) => r.database === database);
      return { transactions: Number(row?.total_xact_count ?? 0), queries: Number(row?.total_query_count ?? 0) };
    },
    async serverConnections() {
      const row = (await admin<Record<string, string>>('SHOW POOLS')).find((r) => r.database === database);
      return ['sv_active', 'sv_idle', 'sv_used', 'sv_tested', 'sv_login'].reduce(
        (n, k) => n + Number(row?.[k] ?? 0),
        0,
      );
    },
  };
}
