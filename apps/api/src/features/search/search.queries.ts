/**
 * Campus-wide search queries: one SQL statement per group, each over the
 * rows the service says a viewer may see (`visible`, handed in: no access rule lives here), finding
 * the query text `q` in two tiers:
 *
 * 1. **exact** — full text: the table's `search_vector` (a `tsvector` column the database generates
 *    from the searched fields, `simple` configuration — no stemming or stop words, so Indian names
 *    and place names stay as typed; GIN index) against `websearch_to_tsquery('simple', q)`, ranked
 *    by `ts_rank` (the name weighs more than the rest); skills also match exactly by an alias;
 * 2. **typo and prefix** — trigrams (`pg_trgm`): `q <% field`, some stretch of the field is
 *    word-similar to `q` (`pg_trgm.word_similarity_threshold`, 0.6 by default), so "calculater",
 *    "calc" and "sonipat stn" still find; one `UNION ALL` branch per field, each answered by that
 *    field's GIN `gin_trgm_ops` index (an `OR` across fields lets the planner pick a sequential
 *    scan: measured 30× slower at 10k rows), ranked by the best word similarity of the short fields
 *    (name, place). This tier runs only when the exact tier finds fewer than {@link FUZZY_BELOW}
 *    matches: a common word answers from full text alone.
 *
 * A group's cost is bounded, whatever the number of matches:
 * each tier hands out at most `SEARCH_COUNT_CAP + 1` matches, so at most that many are ranked and
 * counted. `total` is that count — more than `SEARCH_COUNT_CAP` means "more than SEARCH_COUNT_CAP" (the service
 * answers `SEARCH_COUNT_CAP` with `totalCapped`). Beyond the cap, the best hits are the best of the
 * first `SEARCH_COUNT_CAP + 1` matches the index yields.
 *
 * How the plan stays bounded: each tier is a `MATERIALIZED` CTE, which PostgreSQL plans for its
 * whole result (an index scan) and runs only as far as its reader pulls — a `LIMIT` next to the
 * match itself made the planner choose sequential scans for the trigram branches. `q`'s tsquery is
 * an uncorrelated scalar subquery, computed once per execution instead of once per row (which is
 * what a placeholder inside `websearch_to_tsquery` costs in a generic plan). Only the `limit` best
 * ids leave the CTEs; the outer query joins them back to the table for the columns a hit shows.
 *
 * The query text is a placeholder (`q`; also `limit`, and `alias` for skills): the service prepares
 * each group's statement once per database (`lib/prepared.ts`). The same SQL runs on PostgreSQL and
 * PGlite (which ships `pg_trgm`).
 */
import { and, getTableName, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import { SEARCH_COUNT_CAP, SEARCH_LIMIT_MAX } from '@campus/contract/search';
import type { Db } from '../../db/client.ts';
import type { Columns, KindTable, SearchableRecordKind } from '../../lib/record-kinds.ts';

/** The query's searched words joined by spaces (`search.terms.ts` `text`), a placeholder of every statement. */
const q = sql.placeholder('q');
/** The query's words long enough for trigrams (`search.terms.ts` `fuzzy`; '' skips the tier), a placeholder. */
const fuzzy = sql.placeholder('fuzzy');
/** Hits wanted, a placeholder of every statement (a scalar subquery, like {@link qText}). */
const limit = sql`(SELECT ${sql.placeholder('limit')}::int)`;

/** Matches a tier hands out at most: one more than the largest total answered exactly. */
const TIER_CAP = sql.raw(String(SEARCH_COUNT_CAP + 1));
/**
 * The typo-and-prefix tier runs only when full text finds fewer matches than this: the most hits a
 * group shows (contract `SEARCH_LIMIT_MAX`), so a group's hits and total do not depend on `limit`.
 */
export const FUZZY_BELOW = SEARCH_LIMIT_MAX;

/**
 * `q` as an uncorrelated scalar subquery (an InitPlan, computed once per execution): the planner
 * cannot see its value, so a custom plan is no cheaper than the generic one and PostgreSQL keeps the
 * generic plan of the prepared statement instead of planning every search anew (it did, for the
 * groups where a word matched nothing: ~1 ms of planning per group).
 */
const qText = sql`(SELECT ${fuzzy}::text)`;
/** The full-text query of `q`: every word (plain words, no operators), parsed once per execution. */
const tsQuery = sql`(SELECT plainto_tsquery('simple', ${q}))`;

/**
 * Whether `q`'s words are dense in `table` (see {@link DENSE_SHARE}), as an uncorrelated scalar
 * subquery (computed once per execution): every word is among the most common elements of the
 * table's `search_vector` statistics, and the product of their shares — the share of rows holding
 * them all, as the planner estimates it — times the table's estimated rows is large enough. No
 * statistics (a table never analysed): not dense.
 */
function denseIn(table: string, vector: AnyColumn): SQL {
  const words = sql`string_to_array(${q}::text, ' ')`;
  const rows = sql`(SELECT reltuples FROM pg_class WHERE oid = ${table}::regclass)`;
  const all = sql`exp(sum(ln(e.share)))`;
  return sql`(SELECT coalesce(count(e.share) = cardinality(${words}) AND (
        (${all} >= ${sql.raw(String(DENSE_SHARE))} AND ${all} * ${rows} >= ${sql.raw(String(DENSE_MATCHES))})
        OR sum(e.share) * ${rows} >= ${sql.raw(String(GIN_ENTRIES_MAX))}), false)
    FROM ${commonElements(table, vector)}
      AND e.lexeme = ANY (${words}))`;
}

/** `pg_stats`' most common elements of `table`'s `vector` column and their shares of rows, as `e(lexeme, share)`. */
function commonElements(table: string, vector: AnyColumn): SQL {
  return sql`pg_stats s CROSS JOIN LATERAL unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) AS e(lexeme, share)
    WHERE s.schemaname = current_schema() AND s.tablename = ${table} AND s.attname = ${vector.name}`;
}

/**
 * The typo tier's words for `table` (an uncorrelated scalar subquery): `fuzzy`'s words that are not
 * among the most common elements of the table's `search_vector` — a word that common is spelled as
 * the rows spell it and full text found it; its trigrams would make the tier read a large share of
 * the table's trigram index (30–90 ms at 1M rows).
 */
function uncommonIn(table: string, vector: AnyColumn): SQL {
  return sql`(SELECT coalesce(string_agg(w, ' ' ORDER BY n), '') FROM unnest(string_to_array(${fuzzy}::text, ' ')) WITH ORDINALITY AS u(w, n)
    WHERE w <> '' AND NOT EXISTS (SELECT FROM ${commonElements(table, vector)} AND e.lexeme = w))`;
}

/**
 * The table's most common words that the typo words `typo` resemble (`typo <% lexeme`, the typo
 * tier's own test), as a tsquery of alternatives — or null when none does (then the trigram index
 * is read). An uncorrelated scalar subquery over the table's statistics.
 */
function correctionsIn(table: string, vector: AnyColumn, typo: SQL): SQL {
  return sql`(SELECT to_tsquery('simple', string_agg(quote_literal(e.lexeme), ' | '))
    FROM ${commonElements(table, vector)} AND ${typo} <> '' AND ${typo} <% e.lexeme)`;
}

/** The value a shown column carries: the column's type, with null when the column allows it. */
type ValueOf<C> = C extends AnyColumn
  ? C['_']['notNull'] extends true
    ? C['_']['data']
    : C['_']['data'] | null
  : C extends SQL<infer T>
    ? T
    : never;

/**
 * A word set is **dense** in a table when PostgreSQL's statistics (`pg_stats`, the most common
 * elements of the `search_vector` column) put it in at least {@link DENSE_SHARE} of the rows and
 * at least {@link DENSE_MATCHES} rows: its full-text matches are then read newest first (soonest,
 * for rides) through the list's own btree index, from at most the {@link DENSE_WINDOW} newest
 * visible rows, and the tier stops at the first `SEARCH_COUNT_CAP + 1` — instead of the GIN index
 * handing out every match (111k for a common word at 1M rows, 10–20 ms each). docs/performance.md
 * "Search": the hits are the best of the newest matches.
 */
export const DENSE_SHARE = 0.05;
/** Fewest estimated matches for the dense reading (below it, the GIN index's matches are few and cheap). */
export const DENSE_MATCHES = 20 * (SEARCH_COUNT_CAP + 1);
/** Most rows the dense reading looks at: at {@link DENSE_SHARE}, 250 matches are expected among them. */
export const DENSE_WINDOW = 5_000;
/**
 * Most GIN index entries a word set of common words (each among the most common elements) may
 * make the full-text tier read: beyond it (8 common words at 1M rows: 77 ms per table) the set is
 * read like a dense one, from the newest {@link DENSE_WINDOW} rows only.
 */
export const GIN_ENTRIES_MAX = 100_000;

/** What a group searches, what a hit shows, and how hits are ordered after relevance. */
export interface Searched<Shown extends Record<string, SQL | AnyColumn>> {
  /** The FROM of a candidate row: a table, or a join. */
  from: SQL;
  /**
   * The table whose statistics tell a dense word set (see {@link DENSE_SHARE}), when `from` is that
   * one table and `tie` is served by an index over the visible rows; absent: always the GIN index.
   */
  table?: string;
  /** The hit's id (uuid). */
  id: AnyColumn;
  /** What the viewer may see. */
  visible: SQL | undefined;
  /** The generated full-text document. */
  vector: AnyColumn;
  /** Another exact way to match besides the words (skills: an alias). */
  alsoExact?: SQL;
  /** The fields searched by trigrams, in order (a row is taken by the first that matches). */
  fields: AnyColumn[];
  /** The short fields whose word similarity ranks a typo or prefix match. */
  ranked: AnyColumn[];
  /** After relevance: the tie-break `key` and the direction of `key, id` (newest first, soonest, by name). */
  tie: { key: SQL | AnyColumn; direction: SQL };
  /** The columns a hit shows, read for the `limit` best matches only. */
  shown: Shown;
}

/**
 * `SELECT total, hits FROM (…) g`, one row: `hits`, the `limit` best matches of `s` — exact matches
 * first by `ts_rank`, then typo and prefix matches by word similarity, then `s.tie` — as a JSON
 * array of their `id` and the columns of `s.shown`, best first; and `total`, the number of matches
 * counted (at most `SEARCH_COUNT_CAP + 1`), a scalar column of the statement, not carried on each
 * hit. The tiers carry only each match's id and sort keys (`matches`, materialized once, is both
 * counted and ranked); the shown columns are read for the best rows. Each way of matching is its
 * own `UNION ALL` branch excluding what an earlier branch took, so each is answered by its own index.
 */
function bestMatches<Shown extends Record<string, SQL | AnyColumn>>(db: Db, s: Searched<Shown>) {
  const row = (tier: number, score: SQL) =>
    sql`${s.id} AS id, ${sql.raw(String(tier))} AS tier, ${score} AS score, ${s.tie.key} AS tie`;
  /** One branch per way of matching (`score(i)` its score), each excluding the ways before it and `excluded`. */
  const branches = (ways: SQL[], score: (i: number) => SQL, tier: number, excluded: SQL[] = [], only?: SQL) =>
    sql.join(
      ways.map(
        (way, i) =>
          sql`SELECT ${row(tier, score(i))} FROM ${s.from} WHERE ${and(
            only,
            s.visible,
            way,
            ...[...excluded, ...ways.slice(0, i)].map((earlier) => sql`(${earlier}) IS NOT TRUE`),
          )}`,
      ),
      sql` UNION ALL `,
    );
  const exactWays = [sql`${s.vector} @@ ${tsQuery}`, ...(s.alsoExact ? [s.alsoExact] : [])];
  const rank = sql`ts_rank(${s.vector}, ${tsQuery})`;
  const dir = s.tie.direction;
  // A dense word set (see DENSE_SHARE): the newest DENSE_WINDOW visible rows, newest first through
  // the list's index, aliased as the table so the row's columns read the same; else the GIN index.
  // Read from the table's statistics once per execution (the `dense` and `typo` CTEs below, each
  // computed when first read): each use of the scalar subquery itself would be its own InitPlan,
  // reading pg_stats again (measured: ~2 ms more PostgreSQL CPU per search at 10k rows).
  const dense = s.table ? sql`(SELECT dense FROM dense)` : undefined;
  // The typo tier's words, without the table's most common words (spelled as the rows spell them).
  const typoText = s.table ? sql`(SELECT typo FROM typo)` : qText;
  // A typo of a common word (every trigram of it common: the trigram index would hand out a large
  // share of the table) is read as the common words it resembles, from the newest rows (ADR 0202).
  const corrected = s.table ? sql`(SELECT corrected FROM corrected)` : undefined;
  const stats = s.table
    ? sql`dense AS MATERIALIZED (SELECT ${denseIn(s.table, s.vector)} AS dense),
      typo AS MATERIALIZED (SELECT ${uncommonIn(s.table, s.vector)} AS typo),
      corrected AS MATERIALIZED (SELECT ${correctionsIn(s.table, s.vector, typoText)} AS corrected), `
    : sql``;
  const exact = dense
    ? sql`SELECT ${row(1, rank)} FROM (SELECT * FROM ${s.from} WHERE ${s.visible} ORDER BY ${s.tie.key} ${dir}, ${s.id} ${dir} LIMIT ${sql.raw(String(DENSE_WINDOW))}) AS ${s.from}
        WHERE ${dense} AND ${exactWays[0]}
      UNION ALL
      ${branches(exactWays, () => rank, 1, [], sql`NOT ${dense}`)}`
    : branches(exactWays, () => rank, 1);
  // The best word similarity of the ranked fields. A ranked field that an earlier branch tried is
  // below the threshold, and so below the field this branch matched: leaving it out changes no score.
  const similarity = (i: number) => {
    const tried = s.fields.slice(0, i);
    const ranked = s.ranked.includes(s.fields[i]!) ? s.ranked.filter((f) => !tried.includes(f)) : s.ranked;
    return sql`greatest(${sql.join(
      ranked.map((f) => sql`word_similarity(${typoText}, ${f})`),
      sql`, `,
    )})`;
  };
  const fuzzyWays = s.fields.map((field) => sql`${typoText} <% ${field}`);
  const cap = TIER_CAP;
  const few = sql.raw(String(FUZZY_BELOW));
  // The shown columns of the few best rows, one primary-key look-up each (OFFSET 0 keeps the
  // subquery from being flattened into a join the planner may answer by scanning the table), as
  // one JSON array, best first.
  const shown = Object.entries(s.shown).map(([name, column]) => sql`${column} AS ${sql.identifier(name)}`);
  const lookUp = sql`LATERAL (SELECT ${s.id} AS id, ${sql.join(shown, sql`, `)} FROM ${s.from} WHERE ${s.id} = best.id OFFSET 0) AS hit`;
  const order = sql`best.tier, best.score DESC, best.tie ${dir}, best.id ${dir}`;
  const hits = sql`SELECT coalesce(json_agg(hit ORDER BY ${order}), '[]'::json) FROM best CROSS JOIN ${lookUp}`;
  const group = sql`(WITH ${stats}exact AS MATERIALIZED (${exact}
    ), fuzzy AS MATERIALIZED (${
      corrected
        ? sql`SELECT ${row(2, similarity(0))} FROM (SELECT * FROM ${s.from} WHERE ${s.visible} ORDER BY ${s.tie.key} ${dir}, ${s.id} ${dir} LIMIT ${sql.raw(String(DENSE_WINDOW))}) AS ${s.from}
          WHERE ${corrected} IS NOT NULL AND ${s.vector} @@ ${corrected} AND (${exactWays[0]}) IS NOT TRUE
        UNION ALL
        ${branches(fuzzyWays, similarity, 2, exactWays, sql`${corrected} IS NULL`)}`
        : branches(fuzzyWays, similarity, 2, exactWays)
    }
    ), matches AS MATERIALIZED (
      (SELECT * FROM exact LIMIT ${cap})
      UNION ALL
      (SELECT * FROM fuzzy WHERE (SELECT count(*) FROM (SELECT FROM exact LIMIT ${few}) f) < ${few} AND ${typoText} <> '' LIMIT ${cap})
      LIMIT ${cap}
    ), best AS (
      SELECT * FROM matches ORDER BY tier, score DESC, tie ${dir}, id ${dir} LIMIT ${limit}
    )
    SELECT (SELECT count(*) FROM matches)::int AS total, (${hits}) AS hits) AS g`;
  return db.select({ total: sql<number>`g.total`.mapWith(Number), hits: sql<Hit<Shown>[]>`g.hits` }).from(group);
}

/** A hit as a group's statement answers it: its `id` and the shown columns (JSON values). */
export type Hit<Shown extends Record<string, SQL | AnyColumn>> = { id: string } & {
  [K in keyof Shown]: ValueOf<Shown[K]>;
};

/** What one group's statement answers: its one row, `total` and `hits`. */
export type GroupRow<Q> = Q extends PromiseLike<Array<infer R>> ? R : never;

/**
 * Every group's hits in ONE statement (a search without `type`): a single row whose column per
 * group is that group's statement's one row as JSON, `{ total, hits }`. One round trip instead of
 * one per group — on this machine each statement's socket write and read cost the API more CPU than the
 * rows themselves (a `--cpu-prof` profile of the search bench: ~30 % of the Node process in
 * socket writes). The groups run one after another in one backend; each is bounded as above.
 */
export function everyGroup<G extends Record<string, SQLWrapper>>(db: Db, groups: G) {
  const columns = Object.fromEntries(
    Object.entries(groups).map(([type, group]) => [
      type,
      sql`(SELECT json_build_object('total', g.total, 'hits', g.hits) FROM (${group}) g)`,
    ]),
  ) as { [K in keyof G]: SQL<GroupRow<G[K]>> };
  return db.select(columns).from(sql`(VALUES (1)) AS one (x)`);
}

/**
 * Records of `kind` (`src/record-kinds.ts`) matching `q` in its searched fields, best first, then
 * by its time (newest first, or soonest for rides): each hit with its title columns and the columns
 * the kind shows, over `visible` (the kind's browse rule and visibility, handed in).
 */
export function recordHits(db: Db, kind: SearchableRecordKind, visible: SQL | undefined) {
  const t = kind.table as KindTable;
  return bestMatches(db, {
    from: sql`${t}`,
    table: getTableName(t),
    id: t.id,
    visible,
    vector: t.searchVector,
    fields: kind.search.fields,
    ranked: kind.search.ranked,
    tie: { key: kind.time, direction: sql.raw(kind.order === 'newest' ? 'DESC' : 'ASC') },
    shown: { ...kind.titleColumns, ...kind.search.shown } as Columns,
  });
}

/**
 * The hits of another feature's searched rows (skill exchange's teachers: `teacherSearch` in its
 * service), matching `q` as {@link bestMatches} does: the source names its FROM, visibility,
 * document, fields, order and shown columns.
 */
export function sourceHits<Shown extends Record<string, SQL | AnyColumn>>(db: Db, source: Searched<Shown>) {
  return bestMatches(db, source);
}
