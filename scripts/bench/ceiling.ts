/**
 * The database's own ceiling for one list request (request cost vs ceiling):
 * capture exactly the statements one request sends — from PostgreSQL's log, with
 * `log_statement = 'all'` set on the bench's scratch database while one capture server serves two
 * requests — then run exactly those statements with pgbench (prepared, the same concurrency, the same
 * data, the same duration) and read its TPS. PostgreSQL only (PGlite has no pgbench).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import fs2 from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { cpuMsOf, postgresBackends } from './harness.ts';

/** One statement as the server executed it: its SQL text (`$n` placeholders) and parameter values. */
export interface CapturedStatement {
  sql: string;
  /** `$1`… in order; null for SQL NULL. */
  params: Array<string | null>;
}

/** The PostgreSQL server log (Debian's pg_ctlcluster writes the cluster's stderr there). */
export const POSTGRES_LOG = process.env.POSTGRES_LOG ?? '/var/log/postgresql/postgresql-15-main.log';

/** Runs one statement on `url` (a short-lived connection). */
async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Turns statement logging on (true) or off for every new connection to database `name` (the
 * server's pool connects after this, so a server started after `true` is logged).
 */
export function logStatements(adminUrl: string, name: string, on: boolean): Promise<void> {
  return admin(
    adminUrl,
    on ? `ALTER DATABASE ${name} SET log_statement = 'all'` : `ALTER DATABASE ${name} RESET log_statement`,
  );
}

/** The log's size now: pass it to {@link statementsSince} to read only what came after. */
export function logOffset(): number {
  return fs.statSync(POSTGRES_LOG).size;
}

/** `$1 = '…', $2 = NULL` → the values (a quoted value's '' is one quote). */
function parseParams(detail: string): Array<string | null> {
  const values: Array<string | null> = [];
  for (const m of detail.matchAll(/\$(\d+) = (NULL|'((?:[^']|'')*)')/g))
    values[Number(m[1]) - 1] = m[2] === 'NULL' ? null : m[3]!.replace(/''/g, "'");
  return values;
}

/**
 * The statements database `name` executed after `offset` in the log: `execute <name>: SQL` (the
 * extended protocol, prepared or not) with its `DETAIL: parameters:` line, and simple
 * `statement: SQL` lines. Lines of a multi-line statement are joined.
 */
export async function statementsSince(offset: number, name: string): Promise<CapturedStatement[]> {
  const handle = await fs2.open(POSTGRES_LOG, 'r');
  const size = (await handle.stat()).size;
  const buffer = Buffer.alloc(size - offset);
  await handle.read(buffer, 0, buffer.length, offset);
  await handle.close();
  const prefix = /^\d{4}-\d\d-\d\d [\d:.]+ \w+ \[\d+\] (\S*)@(\S*) (LOG|DETAIL):\s+(.*)$/;
  const found: CapturedStatement[] = [];
  let current: CapturedStatement | undefined;
  let inOurs = false;
  for (const line of buffer.toString('utf8').split('\n')) {
    const m = prefix.exec(line);
    if (!m) {
      if (current && inOurs && !/^\d{4}-\d\d-\d\d /.test(line)) current.sql += `\n${line}`;
      else inOurs = false;
      continue;
    }
    inOurs = m[2] === name;
    if (!inOurs) continue;
    const [, , , kind, text] = m;
    if (kind === 'LOG') {
      const s = /^(?:execute [^:]+|statement): ([\s\S]*)$/.exec(text!);
      current = s ? { sql: s[1]!, params: [] } : undefined;
      if (current) found.push(current);
    } else if (current && text!.startsWith('parameters: ')) current.params = parseParams(text!);
  }
  return found;
}

/**
 * A pgbench script of `statements` (one transaction = one request's statements): `$n` becomes the
 * variable `:sIpN`, defined with `-D` (a NULL is written into the text). Returns the script's path
 * and the `-D` arguments.
 */
async function pgbenchScript(statements: CapturedStatement[]): Promise<{ file: string; defines: string[] }> {
  const defines: string[] = [];
  const lines = statements.map((s, i) =>
    withoutLiteralColons(s.sql).replace(/\$(\d+)/g, (_, n: string) => {
      const value = s.params[Number(n) - 1];
      if (value === null || value === undefined) return 'NULL';
      defines.push('-D', `s${i}p${n}=${value}`);
      return `:s${i}p${n}`;
    }),
  );
  const dir = await fs2.mkdtemp(path.join(os.tmpdir(), 'cc-pgbench-'));
  const file = path.join(dir, 'request.sql');
  // One statement per line (pgbench ends a statement at a newline without backslash continuation).
  await fs2.writeFile(file, lines.map((l) => `${l.replace(/\s*\n\s*/g, ' ')};`).join('\n') + '\n');
  return { file, defines };
}

/**
 * `sql` with each string literal that holds a colon (e.g. a `to_char` format `'HH24:MI'`) written
 * as the same string in PostgreSQL's escape form, the colon as `\x3a`: pgbench ignores quotes
 * and would read `:MI` as a variable (a parameter in `-M prepared`).
 */
export function withoutLiteralColons(sql: string): string {
  return sql.replace(/'((?:[^']|'')*)'/g, (literal, body: string) =>
    body.includes(':') ? `E'${body.replace(/\\/g, '\\\\').replace(/:/g, '\\x3a')}'` : literal,
  );
}

/** The pgbench binary: on PATH, else PostgreSQL 15's. */
function pgbenchBinary(): string {
  return fs.existsSync('/usr/bin/pgbench') ? '/usr/bin/pgbench' : '/usr/lib/postgresql/15/bin/pgbench';
}

/**
 * Runs `statements` with pgbench against `databaseUrl`: `-M prepared` (as the app's driver
 * prepares them), `connections` clients on 2 threads, `duration` s. Resolves its TPS (without
 * the initial connection time), the script it ran, and the CPU per transaction (ms) of
 * PostgreSQL's backends serving it (`pgMs`) and of pgbench itself (`clientMs`): both read from
 * /proc every 100 ms while it runs (its backends exit with it), over the span between the first
 * reading after its clients connected and the last before it ended, divided by TPS × that span.
 */
export async function runPgbench(
  databaseUrl: string,
  statements: CapturedStatement[],
  connections: number,
  duration: number,
): Promise<{ tps: number; script: string; pgMs: number; clientMs: number }> {
  const { file, defines } = await pgbenchScript(statements);
  const args = ['-n', '-M', 'prepared', '-c', String(connections), '-j', '2', '-T', String(duration), '-f', file];
  const child = spawn(pgbenchBinary(), [...args, ...defines, databaseUrl], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  let running = true;
  void exited.then(() => (running = false));
  const database = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  let backends: number[] = [];
  // Exactly its clients' backends: a server stopped just before may still have some exiting.
  for (let i = 0; i < 50 && running && backends.length !== connections; i++) {
    await new Promise((r) => setTimeout(r, 100));
    backends = await postgresBackends(database);
  }
  /** CPU ms of the backends and of pgbench, and when it was read. */
  const read = async () => {
    let pgMs = 0;
    for (const pid of backends) pgMs += await cpuMsOf(pid);
    return { at: performance.now(), pgMs, clientMs: await cpuMsOf(child.pid!) };
  };
  const first = await read();
  let last = first;
  while (running) {
    await new Promise((r) => setTimeout(r, 100));
    const now = await read();
    // Once a backend has exited its reading is NaN: keep the last complete reading before the end.
    if (running && Number.isFinite(now.pgMs) && Number.isFinite(now.clientMs)) last = now;
  }
  const code = await exited;
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(out);
  if (code !== 0 || !tps) throw new Error(`pgbench failed (${code}):\n${out}`);
  const script = await fs2.readFile(file, 'utf8');
  await fs2.rm(path.dirname(file), { recursive: true, force: true });
  const transactions = (Number(tps[1]) * (last.at - first.at)) / 1000;
  return {
    tps: Number(tps[1]),
    script,
    pgMs: transactions > 0 ? (last.pgMs - first.pgMs) / transactions : NaN,
    clientMs: transactions > 0 ? (last.clientMs - first.clientMs) / transactions : NaN,
  };
}
