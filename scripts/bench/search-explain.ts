/**
 * The plan of campus-wide search's statement (docs/performance.md "Search"): prepares the
 * four-group statement of `search.service.ts` on database `USE_DB` of `BENCH_DATABASE_URL`, runs it
 * six times with `Q`'s terms (so PostgreSQL settles on the plan it keeps for a prepared statement),
 * then prints `EXPLAIN (ANALYZE, BUFFERS)` of one more run. `SETTINGS` (e.g. `jit=off`) are set on
 * the session first, as the search transaction would.
 *
 * Run: `USE_DB=<name> Q=cycle BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:search-explain -w apps/api`.
 *
 * `BENCH_PGLITE=1`: on the embedded database instead — an in-memory PGlite seeded like
 * `bench:search` (`ROWS` per table, `search-seed.ts`) — it prints, for each input of the probe's
 * table (or `Q` alone), the planning and execution ms of `EXPLAIN (ANALYZE, SUMMARY)` three ways:
 * the statement as PGlite's `query` runs it (unnamed: planned with the values on every run), the
 * first `EXECUTE` of a new `PREPARE`d statement under `plan_cache_mode = force_generic_plan` (it
 * builds the generic plan), and the next ones (the kept plan: what the service runs,
 * db/pglite-plans.ts). `TYPE=<group>` explains that group's statement alone; `SETTINGS` as above;
 * `PLAN=1` prints the kept plan of the last input.
 */
import os from 'node:os';
import pg from 'pg';
import { skillKey } from '@campus/contract/skill-exchange';
import type { SearchType } from '@campus/contract/search';
import { createPglite, fromPglite, openPostgres } from '../../apps/api/src/db/client.ts';
import { runMigrations } from '../../apps/api/src/db/migrate.ts';
import { PROBE_INPUTS } from '../../apps/api/src/features/search/search.probe.ts';
import { statementOf } from '../../apps/api/src/features/search/search.service.ts';
import { searchTerms } from '../../apps/api/src/features/search/search.terms.ts';
import { seedSearch } from './search-seed.ts';

const settings = (process.env.SETTINGS ?? '').split(',').filter(Boolean);
if (process.env.BENCH_PGLITE === '1') {
  await explainOnPglite();
  process.exit(0);
}
const pgUrl = process.env.BENCH_DATABASE_URL;
const name = process.env.USE_DB;
if (!pgUrl || !name) throw new Error('BENCH_DATABASE_URL and USE_DB (a database on it) are required');
const q = process.env.Q ?? 'cycle';
const url = new URL(pgUrl);
url.pathname = `/${name}`;

const database = await openPostgres(url.toString(), 1);
const { sql: text, params } = statementOf(database.db);
await database.close();
const client = new pg.Client({ connectionString: url.toString() });
await client.connect();
try {
  const [{ id: viewer }] = (
    await client.query<{ id: string }>(`SELECT id FROM users WHERE deactivated_at IS NULL ORDER BY email LIMIT 1`)
  ).rows as [{ id: string }];
  const terms = searchTerms(q);
  const values: Record<string, unknown> = { q: terms.text, fuzzy: terms.fuzzy, limit: 5, alias: skillKey(q), viewer };
  const args = params.map((p) => {
    const key = (p as { name?: string }).name;
    return key && key in values ? values[key] : p;
  });
  for (const s of settings) {
    const [k, v] = s.split('=');
    await client.query(`SELECT set_config($1, $2, false)`, [k, v]);
  }
  for (let i = 0; i < 6; i += 1) await client.query({ name: 'search_explain', text, values: args });
  // EXPLAIN EXECUTE takes its arguments as literals.
  const literals = args.map((v) => (typeof v === 'number' ? String(v) : client.escapeLiteral(String(v)))).join(', ');
  await client.query(`PREPARE search_plan AS ${text}`);
  for (let i = 0; i < 6; i += 1) await client.query(`EXECUTE search_plan(${literals})`);
  const plan = await client.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN (ANALYZE, BUFFERS) EXECUTE search_plan(${literals})`,
  );
  console.log(`q=${JSON.stringify(q)} terms=${JSON.stringify(terms)} settings=${settings.join(' ') || '(none)'}`);
  console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
} finally {
  await client.end();
}

/** The `BENCH_PGLITE=1` mode (see the module). */
async function explainOnPglite(): Promise<void> {
  const rows = Number(process.env.ROWS ?? 10_000);
  const type = process.env.TYPE as SearchType | undefined;
  const pglite = await createPglite();
  const database = fromPglite(pglite);
  await runMigrations(database);
  await seedSearch(database, rows);
  const { sql: text, params } = statementOf(database.db, type);
  const [{ id: viewer }] = (
    await pglite.query<{ id: string }>(`SELECT id FROM users WHERE deactivated_at IS NULL ORDER BY email LIMIT 1`)
  ).rows as [{ id: string }];
  for (const s of settings) {
    const [k, v] = s.split('=');
    await pglite.query(`SELECT set_config($1, $2, false)`, [k, v]);
  }
  /** Planning and execution ms of `EXPLAIN (ANALYZE, SUMMARY) <statement>`, the median of `times` runs. */
  const explain = async (statement: string, args: unknown[] = [], times = 3) => {
    const runs: Array<{ planning: number; execution: number; plan: string }> = [];
    for (let i = 0; i < times; i += 1) {
      const out = await pglite.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, SUMMARY) ${statement}`, args);
      const lines = out.rows.map((r) => r['QUERY PLAN']);
      const ms = (label: string) => Number(/([\d.]+) ms/.exec(lines.find((l) => l.startsWith(label)) ?? '')?.[1]);
      runs.push({ planning: ms('Planning Time'), execution: ms('Execution Time'), plan: lines.join('\n') });
    }
    runs.sort((a, b) => a.planning + a.execution - (b.planning + b.execution));
    return runs[Math.floor(times / 2)]!;
  };
  const inputs = process.env.Q ? [{ name: process.env.Q, q: process.env.Q }] : PROBE_INPUTS;
  const table: string[] = [];
  let lastPlan = '';
  for (const input of inputs) {
    const terms = searchTerms(input.q);
    if (!terms.text) continue; // no statement for this input
    const values: Record<string, unknown> = {
      q: terms.text,
      fuzzy: terms.fuzzy,
      limit: 5,
      alias: skillKey(input.q),
      viewer,
    };
    const args = params.map((p) => {
      const key = (p as { name?: string }).name;
      return key && key in values ? values[key] : p;
    });
    const literals = args
      .map((v) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`))
      .join(', ');
    await pglite.exec(`SET plan_cache_mode = auto`);
    const unnamed = await explain(text, args);
    // A new prepared statement: its first EXECUTE builds the generic plan (counted in its planning
    // time), the next ones run the kept plan.
    await pglite.exec(`DEALLOCATE ALL; PREPARE search_plan AS ${text}; SET plan_cache_mode = force_generic_plan`);
    const generic = await explain(`EXECUTE search_plan(${literals})`, [], 1);
    const kept = await explain(`EXECUTE search_plan(${literals})`);
    lastPlan = kept.plan;
    const f = (n: number) => n.toFixed(1);
    table.push(
      `| ${input.name} | ${f(unnamed.planning)} | ${f(unnamed.execution)} | ${f(generic.planning)} | ${f(generic.execution)} | ${f(kept.planning)} | ${f(kept.execution)} |`,
    );
  }
  console.log(
    `\nThe search statement (${type ?? 'every group'}) on PGlite, ${rows} rows per table: EXPLAIN (ANALYZE, SUMMARY) ms, ` +
      `median of 3; settings ${settings.join(' ') || '(none)'}; load average (1 min) after: ${os.loadavg()[0]!.toFixed(2)}\n`,
  );
  console.log(
    '| input | unnamed: planning | execution | generic plan, first run: planning | execution | kept plan: planning | execution |',
  );
  console.log('|---|---|---|---|---|---|---|');
  console.log(table.join('\n'));
  if (process.env.PLAN === '1') console.log(`\n${lastPlan}`);
  await pglite.close();
}
