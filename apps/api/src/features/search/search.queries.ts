/**
 * Campus-wide search queries (issue 24 items 1–2): one SQL query per group, each over the rows the
 * service says a viewer may see (`visible`, handed in: no access rule lives here) and matching the
 * query text by
 *
 * - full text: the table's `search_vector` (a `tsvector` column the database generates from the
 *   searched fields, `simple` configuration — no stemming or stop words, so Indian names and place
 *   names stay as typed; GIN index) against `websearch_to_tsquery('simple', q)`, or
 * - trigrams (`pg_trgm`): `q <% field` — some stretch of the field is word-similar to the query
 *   (`pg_trgm.word_similarity_threshold`, 0.6 by default), so a typo or a prefix still finds it
 *   ("calculater", "calc", "sonipat stn"); served by each field's GIN `gin_trgm_ops` index.
 *
 * Each way of matching is its own branch of a `UNION ALL` (a row is taken by the first branch that
 * matches it), so every branch is answered by its own index: one `OR` across them lets the planner
 * pick a sequential scan that computes the trigram similarity of every row (measured: 30× slower at
 * 10k rows). Ranked: full-text matches first (by `ts_rank`, the name weighted above the rest), then
 * the best trigram word similarity of the short fields (name, place), then newest. Each row carries
 * `total`, the number of matches in all (`count(*) OVER ()`, exact: ranking reads every match
 * anyway). The same SQL runs on PostgreSQL and PGlite (which ships `pg_trgm`).
 *
 * The query text is a placeholder (`q`; also `limit`, and `alias` for skills): the service prepares
 * each group's statement once per database (`lib/prepared.ts`), so a search is not planned anew
 * four times per request.
 */
import { and, asc, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lostFoundItems } from '../../db/schema/lost-found.ts';
import { marketplaceItems } from '../../db/schema/marketplace.ts';
import { rides } from '../../db/schema/rides.ts';
import { skillAliases, skills, userSkills } from '../../db/schema/skill-exchange.ts';
import { users } from '../../db/schema/users.ts';

/** The query text (trimmed), a placeholder of every statement. */
const q = sql.placeholder('q');
/** Hits wanted, a placeholder of every statement. */
const limit = sql.placeholder('limit');

/** The full-text query of `q` (websearch syntax: words, "quoted phrases", -excluded, or). */
const tsQuery = sql`websearch_to_tsquery('simple', ${q})`;

/** How a group's rows match `q`: its search vector, the fields searched by trigrams, those ranked by them. */
interface Matching {
  vector: AnyColumn;
  fields: AnyColumn[];
  ranked: AnyColumn[];
  /** Further ways to match (skills: an alias). */
  extra?: SQL[];
}

/** The relevance columns every branch selects (full-text match, its rank, trigram similarity). */
function scores(m: Matching) {
  const fts = sql`${m.vector} @@ ${tsQuery}`;
  const similarity = m.ranked.map((f) => sql`word_similarity(${q}, ${f})`);
  return {
    fts: sql<boolean>`${fts}`.as('fts'),
    rank: sql<number>`ts_rank(${m.vector}, ${tsQuery})`.as('rank'),
    // Only trigram-only matches need it (full-text ones sort first anyway).
    similarity: sql<number>`CASE WHEN ${fts} THEN 0 ELSE greatest(${sql.join(similarity, sql`, `)}) END`.as(
      'similarity',
    ),
  };
}

/**
 * The matches of `q` as a `UNION ALL` of one branch per way of matching (full text, then each
 * trigram field, then `extra`), each branch excluding what an earlier one took; `branch(match,
 * score)` builds one branch's SELECT (with the visibility) around its condition.
 */
function unionOfMatches<S extends { unionAll: (other: S) => unknown }>(
  m: Matching,
  branch: (match: SQL, score: ReturnType<typeof scores>) => S,
): S {
  const ways = [sql`${m.vector} @@ ${tsQuery}`, ...m.fields.map((f) => sql`${q} <% ${f}`), ...(m.extra ?? [])];
  const branches = ways.map((way, i) =>
    branch(and(way, ...ways.slice(0, i).map((earlier) => sql`(${earlier}) IS NOT TRUE`))!, scores(m)),
  );
  return branches.slice(1).reduce((all, b) => all.unionAll(b) as S, branches[0]!);
}

/** ORDER BY over a union's relevance columns: full text first, by rank, then trigram similarity. */
function relevance(hits: { fts: SQL.Aliased; rank: SQL.Aliased; similarity: SQL.Aliased }): SQL[] {
  return [desc(hits.fts), desc(hits.rank), desc(hits.similarity)];
}

/** How many matches in all, on every row. */
const total = sql<number>`(count(*) OVER ())::int`.mapWith(Number);

/** Marketplace listings matching `q` by name or description, best first. */
export function marketplaceHits(db: Db, visible: SQL | undefined) {
  const t = marketplaceItems;
  const m = { vector: t.searchVector, fields: [t.itemName, t.description], ranked: [t.itemName] };
  const hits = unionOfMatches(m, (match, score) =>
    db
      .select({ id: t.id, name: t.itemName, description: t.description, createdAt: t.createdAt, ...score })
      .from(t)
      .where(and(visible, match)),
  ).as('hits');
  return db
    .select({ id: hits.id, name: hits.name, description: hits.description, total })
    .from(hits)
    .orderBy(...relevance(hits), desc(hits.createdAt), desc(hits.id))
    .limit(limit);
}

/** Lost & found items matching `q` by name, description or place, best first. */
export function lostFoundHits(db: Db, visible: SQL | undefined) {
  const t = lostFoundItems;
  const m = {
    vector: t.searchVector,
    fields: [t.itemName, t.locationFound, t.description],
    ranked: [t.itemName, t.locationFound],
  };
  const hits = unionOfMatches(m, (match, score) =>
    db
      .select({
        id: t.id,
        name: t.itemName,
        description: t.description,
        location: t.locationFound,
        createdAt: t.createdAt,
        ...score,
      })
      .from(t)
      .where(and(visible, match)),
  ).as('hits');
  return db
    .select({ id: hits.id, name: hits.name, description: hits.description, location: hits.location, total })
    .from(hits)
    .orderBy(...relevance(hits), desc(hits.createdAt), desc(hits.id))
    .limit(limit);
}

/** Rides matching `q` by pickup, drop or description, best first, then soonest. */
export function rideHits(db: Db, visible: SQL | undefined) {
  const t = rides;
  const m = {
    vector: t.searchVector,
    fields: [t.pickupLocation, t.dropLocation, t.description],
    ranked: [t.pickupLocation, t.dropLocation],
  };
  const hits = unionOfMatches(m, (match, score) =>
    db
      .select({
        id: t.id,
        pickupLocation: t.pickupLocation,
        dropLocation: t.dropLocation,
        description: t.description,
        departureAt: t.departureAt,
        ...score,
      })
      .from(t)
      .where(and(visible, match)),
  ).as('hits');
  return db
    .select({
      id: hits.id,
      pickupLocation: hits.pickupLocation,
      dropLocation: hits.dropLocation,
      description: hits.description,
      total,
    })
    .from(hits)
    .orderBy(...relevance(hits), asc(hits.departureAt), asc(hits.id))
    .limit(limit);
}

/**
 * Students who teach a skill matching `q` (by name, or exactly by one of its aliases, the
 * placeholder `alias` = contract `skillKey(q)`: "js" → JavaScript), best skill match first, then
 * by name. Only the teacher's public profile (name,
 * branch, semester) is read — never the e-mail.
 */
export function teacherHits(db: Db, visible: SQL | undefined) {
  const byAlias = sql`${skills.id} IN (SELECT ${skillAliases.skillId} FROM ${skillAliases} WHERE ${skillAliases.aliasKey} = ${sql.placeholder('alias')})`;
  const m = { vector: skills.searchVector, fields: [skills.name], ranked: [skills.name], extra: [byAlias] };
  const hits = unionOfMatches(m, (match, score) =>
    db
      .select({
        id: userSkills.id,
        // Two columns called "name": the subquery needs distinct names.
        skill: sql<string>`${skills.name}`.as('skill'),
        name: users.name,
        branch: users.branch,
        semester: users.semester,
        ...score,
      })
      .from(userSkills)
      .innerJoin(skills, eq(skills.id, userSkills.skillId))
      .innerJoin(users, eq(users.id, userSkills.userId))
      .where(and(eq(userSkills.type, 'teach'), visible, match)),
  ).as('hits');
  return db
    .select({
      id: hits.id,
      skill: hits.skill,
      name: hits.name,
      branch: hits.branch,
      semester: hits.semester,
      total,
    })
    .from(hits)
    .orderBy(...relevance(hits), sql`${hits.name} ASC NULLS LAST`, asc(hits.id))
    .limit(limit);
}
