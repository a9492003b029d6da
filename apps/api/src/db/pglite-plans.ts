/**
 * Kept plans on the embedded database (docs/performance.md "Search", ADR 0204): PGlite's `query`
 * sends every statement unnamed (Parse, Bind, Execute), and drizzle-orm/pglite drops a prepared
 * query's name, so PostgreSQL parses and plans the statement again on every run. For a statement
 * whose planning costs more than its run — campus-wide search's six-group statement: 60–195 ms of
 * planning for 7–86 ms of execution at 10k rows — {@link queryNamed} parses it once per PGlite
 * instance as a protocol-level **named statement** and binds each run to it with
 * `plan_cache_mode = force_generic_plan`, so PostgreSQL plans it once and keeps that generic plan (as
 * it does for a named statement on a PostgreSQL connection after five runs). The statement must be
 * written for a generic plan (search's is: its values reach the plan as InitPlans,
 * `features/search/search.queries.ts`).
 *
 * Only PGlite's public API: `transaction` (its transaction mutex, so no other request's query runs
 * inside the run, and the run never inside another's open transaction), `runExclusive` (its query
 * mutex) and `execProtocolStream` with `protocol.serialize` messages, parsed by `parse.parseResults`
 * as PGlite's own `query` does. {@link keptPlan} hands a service a Drizzle database whose queries run
 * this way; on PostgreSQL it hands back the database unchanged (node-postgres names the statement).
 */
import { parse, PGlite, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** The Drizzle database of every service (`client.ts` `Db`, named here to keep this module below it). */
type Db = PgDatabase<PgQueryResultHKT>;

/** Runs `text` with `params` as the named statement `name` (see {@link queryNamed}). */
export type RunNamed = <T>(
  name: string,
  text: string,
  params: unknown[],
  options?: QueryOptions,
) => Promise<Results<T>>;

/** PostgreSQL's SQLSTATE for "prepared statement … does not exist" (dropped by DEALLOCATE/DISCARD). */
const NO_SUCH_STATEMENT = '26000';

/** A named statement parsed on a PGlite instance: its SQL text and its parameters' type ids. */
interface Parsed {
  text: string;
  types: number[];
}

/** The named statements parsed on each PGlite instance (named statements live as long as its session). */
const parsedOn = new WeakMap<PGlite, Map<string, Parsed>>();

/**
 * Runs `text` (one statement with `$n` parameters) with `params` as the named statement `name` on
 * `pglite`: parsed on first use (a different `text` for a known `name` closes and parses it again),
 * then bound and executed with a generic plan, planned once and kept. Resolves like PGlite's `query`
 * (`options.rowMode` and `options.parsers` as there); rejects with PGlite's `DatabaseError`. Runs in
 * its own transaction (BEGIN … COMMIT, PGlite's mutexes held): meant for reads.
 */
export async function queryNamed<T>(
  pglite: PGlite,
  name: string,
  text: string,
  params: unknown[],
  options: QueryOptions = {},
): Promise<Results<T>> {
  try {
    return await runNamed<T>(pglite, name, text, params, options);
  } catch (err) {
    // The session lost the statement (DEALLOCATE ALL, DISCARD ALL): parse it again, once.
    if ((err as { code?: string }).code !== NO_SUCH_STATEMENT) throw err;
    parsedOn.get(pglite)?.delete(name);
    return runNamed<T>(pglite, name, text, params, options);
  }
}

async function runNamed<T>(
  pglite: PGlite,
  name: string,
  text: string,
  params: unknown[],
  options: QueryOptions,
): Promise<Results<T>> {
  let parsed = parsedOn.get(pglite);
  if (!parsed) parsedOn.set(pglite, (parsed = new Map()));
  const known = parsed;
  const { serialize } = protocol;
  const send = (message: Uint8Array) => pglite.execProtocolStream(message, { syncToFs: false });
  return pglite.transaction(async (tx) => {
    // Read by PostgreSQL when the Bind below picks the plan: the kept generic one, never a custom one.
    await tx.exec('SET LOCAL plan_cache_mode = force_generic_plan');
    return pglite.runExclusive(async () => {
      const messages = [];
      try {
        let statement = known.get(name);
        if (statement?.text !== text) {
          if (statement) {
            known.delete(name);
            await send(serialize.close({ type: 'S', name }));
          }
          await send(serialize.parse({ name, text, types: options.paramTypes }));
          const types = parse.parseDescribeStatementResults(await send(serialize.describe({ type: 'S', name })));
          known.set(name, (statement = { text, types }));
        }
        const { types } = statement;
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const serializer = options.serializers?.[types[i]!] ?? pglite.serializers[types[i]!];
          return serializer ? serializer(value) : String(value as string);
        });
        messages.push(
          ...(await send(serialize.bind({ statement: name, values }))),
          ...(await send(serialize.describe({ type: 'P' }))),
          ...(await send(serialize.execute({}))),
        );
      } finally {
        messages.push(...(await send(serialize.sync())));
      }
      return parse.parseResults(messages, pglite.parsers, options)[0] as Results<T>;
    });
  });
}

/** Each embedded database's Drizzle `db` and how to run a named statement on its PGlite. */
const runnerOf = new WeakMap<Db, RunNamed>();
/** The Drizzle databases handed out by {@link keptPlan}, per `db` and statement name. */
const keptOf = new WeakMap<Db, Map<string, Db>>();

/**
 * Registers `db` (an embedded database's Drizzle database, `client.ts` `fromPglite`) and `run`, the
 * way to run a named statement on its PGlite (in this thread, or in its worker), for {@link keptPlan}.
 */
export function keepPlansOn(db: Db, run: RunNamed): void {
  runnerOf.set(db, run);
}

/**
 * A Drizzle database whose every query runs as the named statement `name` with a kept generic plan
 * ({@link queryNamed}) when `db` is an embedded database's — for ONE statement, prepared once with
 * Drizzle's `.prepare(name)` and executed many times (`lib/prepared.ts`); else `db` itself (on
 * PostgreSQL, node-postgres already runs `.prepare(name)` as a named statement per connection).
 */
export function keptPlan(db: Db, name: string): Db {
  const run = runnerOf.get(db);
  if (!run) return db;
  let byName = keptOf.get(db);
  if (!byName) keptOf.set(db, (byName = new Map()));
  let kept = byName.get(name);
  if (!kept) {
    // drizzle-orm/pglite calls only `query` for a prepared query's `execute`.
    const client = {
      query: <T>(text: string, params: unknown[] = [], options?: QueryOptions) => run<T>(name, text, params, options),
    };
    kept = drizzlePglite({ client: client as unknown as PGlite }) as unknown as Db;
    byName.set(name, kept);
  }
  return kept;
}
