/**
 * The plan of campus-wide search's statement (docs/performance.md "Search"): prepares the
 * four-group statement of `search.service.ts` on database `USE_DB` of `BENCH_DATABASE_URL`, runs it
 * six times with `Q`'s terms (so PostgreSQL settles on the plan it keeps for a prepared statement),
 * then prints `EXPLAIN (ANALYZE, BUFFERS)` of one more run. `SETTINGS` (e.g. `jit=off`) are set on
 * the session first, as the search transaction would.
 *
 * Run: `USE_DB=<name> Q=cycle BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:search-explain -w apps/api`.
 */
import pg from 'pg';
import { skillKey } from '@campus/contract/skill-exchange';
import { openPostgres } from '../../apps/api/src/db/client.ts';
import { statementOf } from '../../apps/api/src/features/search/search.service.ts';
import { searchTerms } from '../../apps/api/src/features/search/search.terms.ts';

const pgUrl = process.env.BENCH_DATABASE_URL;
const name = process.env.USE_DB;
if (!pgUrl || !name) throw new Error('BENCH_DATABASE_URL and USE_DB (a database on it) are required');
const q = process.env.Q ?? 'cycle';
const settings = (process.env.SETTINGS ?? '').split(',').filter(Boolean);
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
