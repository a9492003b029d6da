/**
 * PostgreSQL CPU per campus-wide search, for each input of the probe's table (`PROBE_INPUTS`,
 * docs/performance.md "Search"; goal ≤ 20 ms at 10k rows per table). Calls the search service
 * in-process on one pooled PostgreSQL connection (no HTTP: only the database's cost is read) and
 * reads that backend's CPU from /proc before and after each input's runs.
 *
 * Run: `BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:search -w apps/api`.
 * Seeds a scratch database (dropped after) with `ROWS` (10000) listings, lost & found items, rides
 * and taught skills (`scale.ts`'s mix), measures, and with `SCALE=100` grows the tables to 100× in
 * SQL and measures again, printing both and the ratio. `SECONDS_PER_INPUT` (2) bounds each input's
 * runs; `USE_DB=<name>` measures an existing database on that server (e.g. one kept by
 * `KEEP_DB=1 npm run bench:api`) as it is, without seeding or dropping it; `KEEP_DB=1` keeps the
 * scratch database. Prints the load average: the machine may be shared.
 *
 * `BENCH_PGLITE=1`: the same seed and inputs on the embedded database (PGlite in its worker thread,
 * as `npm start` runs it, in a temporary directory): wall ms per search, the one figure there is —
 * the embedded database has one connection, so a search's wall time is how long every other
 * request waits behind it.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { SEARCH_TYPES } from '@campus/contract/search';
import fs from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../../apps/api/src/config.ts';
import { openPglite, openPostgres, type Database } from '../../apps/api/src/db/client.ts';
import { runMigrations } from '../../apps/api/src/db/migrate.ts';
import { PROBE_INPUTS } from '../../apps/api/src/features/search/search.probe.ts';
import { search } from '../../apps/api/src/features/search/search.service.ts';
import type { SessionUser } from '../../apps/api/src/lib/auth.ts';
import type { ServiceContext } from '../../apps/api/src/lib/context.ts';
import { cpuMsOf, postgresBackends } from './harness.ts';
import { growTables } from './scale.ts';
import { seedSearch } from './search-seed.ts';
import { createServerDatabase } from './scratch-db.ts';

const pgUrl = process.env.BENCH_DATABASE_URL;
const PGLITE = process.env.BENCH_PGLITE === '1';
if (!pgUrl && !PGLITE)
  throw new Error('BENCH_DATABASE_URL (a PostgreSQL server) is required: the figure is PostgreSQL CPU');
const ROWS = Number(process.env.ROWS ?? 10_000);
const SCALE = Number(process.env.SCALE ?? 1);
const SECONDS = Number(process.env.SECONDS_PER_INPUT ?? 2);
const USE_DB = process.env.USE_DB;
const KEEP_DB = process.env.KEEP_DB === '1';

/** PostgreSQL CPU ms and wall ms per search of each probe input, on `database` (one connection). */
async function measure(
  database: Database,
  name: string,
): Promise<Map<string, { pgMs: number; wallMs: number; runs: number }>> {
  const found = (await database.db.execute(
    sql`SELECT id FROM users WHERE deactivated_at IS NULL AND email LIKE 'seller.%' ORDER BY email LIMIT 1`,
  )) as unknown as { rows: { id: string }[] };
  const viewer = found.rows[0];
  const config = loadConfig({ ...process.env, ...(pgUrl && !PGLITE && { DATABASE_URL: pgUrl }) });
  const ctx = { db: database.db, database, config } as unknown as ServiceContext;
  const user = { id: viewer!.id } as SessionUser;
  await search(ctx, user, { q: 'warm', limit: 5 });
  // The PostgreSQL backend whose CPU is read; none on the embedded database (wall time only).
  const [pid] = PGLITE ? [undefined] : await postgresBackends(name);
  if (!PGLITE && !pid) throw new Error(`no backend of ${name}`);
  const cpu = async () => (pid ? await cpuMsOf(pid) : NaN);
  const out = new Map<string, { pgMs: number; wallMs: number; runs: number }>();
  for (const input of PROBE_INPUTS) {
    try {
      await search(ctx, user, { q: input.q, limit: 5 });
    } catch (err) {
      // Beyond the statement budget (config search.statementTimeoutMs): the route answers 503.
      console.log(`${input.name}: ${(err as { cause?: Error }).cause?.message ?? (err as Error).message}`);
      out.set(input.name, { pgMs: NaN, wallMs: NaN, runs: 0 });
      continue;
    }
    for (let i = 0; i < 2; i += 1) await search(ctx, user, { q: input.q, limit: 5 }); // warm-up
    const cpu0 = await cpu();
    const t0 = performance.now();
    let runs = 0;
    while (performance.now() - t0 < SECONDS * 1000 || runs < 5) {
      await search(ctx, user, { q: input.q, limit: 5 });
      runs += 1;
    }
    const wall = performance.now() - t0;
    out.set(input.name, { pgMs: ((await cpu()) - cpu0) / runs, wallMs: wall / runs, runs });
  }
  return out;
}

const fmt = (n: number, d = 2) => n.toLocaleString('en-IN', { maximumFractionDigits: d, minimumFractionDigits: d });

if (PGLITE) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-search-bench-'));
  try {
    const database = await openPglite(dir);
    await runMigrations(database);
    await seedSearch(database, ROWS);
    const figures = await measure(database, 'pglite');
    const load = os.loadavg()[0]!.toFixed(2);
    await database.close();
    console.log(
      `\nCampus-wide search (${SEARCH_TYPES.length} groups, limit 5) on the embedded database (PGlite), ${fmt(ROWS, 0)} rows per table: ` +
        `wall ms per search, ${SECONDS} s per input, ${os.cpus().length} cores; load average (1 min) after: ${load}\n`,
    );
    console.log('| input | wall ms |\n|---|---|');
    for (const input of PROBE_INPUTS) {
      const f = figures.get(input.name)!;
      console.log(`| ${input.name} | ${f.runs ? fmt(f.wallMs) : 'failed'} |`);
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
  process.exit(0);
}

const target = USE_DB ? undefined : await createServerDatabase(pgUrl!, 'cc_search');
const name = USE_DB ?? target!.scratchName!;
const url = new URL(pgUrl!);
url.pathname = `/${name}`;
try {
  if (!USE_DB) {
    // Without the app's time limits (db/client.ts): growing a table runs longer than them.
    const setup = await openPostgres(url.toString(), 4, {
      statementTimeoutMs: 0,
      lockTimeoutMs: 0,
      idleInTransactionTimeoutMs: 0,
    });
    await runMigrations(setup);
    await seedSearch(setup, ROWS);
    await setup.close();
  }
  const database = await openPostgres(url.toString(), 1);
  const rowsOf = async () =>
    Number(
      (
        (await database.db.execute(sql`SELECT count(*)::int AS n FROM marketplace_items`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n,
    );
  const small = { rows: await rowsOf(), figures: await measure(database, name), load: os.loadavg()[0]!.toFixed(2) };
  let big: typeof small | undefined;
  if (SCALE > 1 && !USE_DB) {
    const grower = await openPostgres(url.toString(), 2, {
      statementTimeoutMs: 0,
      lockTimeoutMs: 0,
      idleInTransactionTimeoutMs: 0,
    });
    const seconds = await growTables(grower, ROWS + 1, ROWS * SCALE);
    await grower.db.execute(sql`VACUUM ANALYZE`);
    await grower.close();
    console.log(`grew to ${fmt(ROWS * SCALE, 0)} rows per table in ${fmt(seconds, 0)} s`);
    big = { rows: await rowsOf(), figures: await measure(database, name), load: os.loadavg()[0]!.toFixed(2) };
  }
  await database.close();
  console.log(
    `\nCampus-wide search (${SEARCH_TYPES.length} groups, limit 5): PostgreSQL CPU ms per search, ${SECONDS} s per input, one connection, ` +
      `PostgreSQL ${url.host}, ${os.cpus().length} cores; load average (1 min) after: ${small.load}${big ? ` / ${big.load}` : ''}\n`,
  );
  const sizes = [small, ...(big ? [big] : [])];
  const head = [
    'input',
    ...sizes.flatMap((s) => [`PG CPU ms (${fmt(s.rows, 0)} rows)`, `wall ms (${fmt(s.rows, 0)})`]),
    ...(big ? ['PG CPU ratio'] : []),
  ];
  console.log(`| ${head.join(' | ')} |\n|${head.map(() => '---').join('|')}|`);
  for (const input of PROBE_INPUTS) {
    const cells = sizes.flatMap((s) => {
      const f = s.figures.get(input.name)!;
      return f.runs ? [fmt(f.pgMs), fmt(f.wallMs)] : ['over budget (503)', '—'];
    });
    const ratio = big
      ? [fmt(big.figures.get(input.name)!.pgMs / Math.max(small.figures.get(input.name)!.pgMs, 0.01))]
      : [];
    console.log(`| ${input.name} | ${[...cells, ...ratio].join(' | ')} |`);
  }
} finally {
  await target?.drop({ keep: KEEP_DB });
}
