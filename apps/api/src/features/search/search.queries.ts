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
 * Ranked: full-text matches first (by `ts_rank`, the name weighted above the rest), then by the best
 * trigram word similarity, then newest. Each row carries `total`, the number of matches in all
 * (`count(*) OVER ()`, exact: ranking reads every match anyway). The same SQL runs on PostgreSQL and
 * PGlite (which ships `pg_trgm`).
 */
import { and, asc, desc, eq, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { skillKey } from '@campus/contract/skill-exchange';
import type { Db } from '../../db/client.ts';
import { lostFoundItems } from '../../db/schema/lost-found.ts';
import { marketplaceItems } from '../../db/schema/marketplace.ts';
import { rides } from '../../db/schema/rides.ts';
import { skillAliases, skills, userSkills } from '../../db/schema/skill-exchange.ts';
import { users } from '../../db/schema/users.ts';

/** What a group query needs: the trimmed query text, hits wanted, and who may be seen (the service's rule). */
export interface GroupSearch {
  q: string;
  limit: number;
  visible: SQL | undefined;
}

/** The full-text query of `q` (websearch syntax: words, "quoted phrases", -excluded, or). */
const tsQuery = (q: string) => sql`websearch_to_tsquery('simple', ${q})`;

/** Matches `q` by full text on `vector` or by trigram word similarity in one of `fields`. */
function matching(q: string, vector: AnyColumn, fields: AnyColumn[]): SQL {
  return or(sql`${vector} @@ ${tsQuery(q)}`, ...fields.map((f) => sql`${q} <% ${f}`))!;
}

/** ORDER BY of a group: full-text matches first, by rank; then the best trigram similarity. */
function relevance(q: string, vector: AnyColumn, fields: AnyColumn[]): SQL[] {
  const similarity = fields.map((f) => sql`word_similarity(${q}, coalesce(${f}, ''))`);
  return [
    sql`(${vector} @@ ${tsQuery(q)}) DESC`,
    sql`ts_rank(${vector}, ${tsQuery(q)}) DESC`,
    sql`greatest(${sql.join(similarity, sql`, `)}) DESC`,
  ];
}

/** How many matches in all, on every row. */
const total = sql<number>`(count(*) OVER ())::int`.mapWith(Number);

/** Marketplace listings matching `q` by name or description, best first. */
export function marketplaceHits(db: Db, { q, limit, visible }: GroupSearch) {
  const t = marketplaceItems;
  const fields = [t.itemName, t.description];
  return db
    .select({ id: t.id, name: t.itemName, description: t.description, total })
    .from(t)
    .where(and(visible, matching(q, t.searchVector, fields)))
    .orderBy(...relevance(q, t.searchVector, fields), desc(t.createdAt), desc(t.id))
    .limit(limit);
}

/** Lost & found items matching `q` by name, description or place, best first. */
export function lostFoundHits(db: Db, { q, limit, visible }: GroupSearch) {
  const t = lostFoundItems;
  const fields = [t.itemName, t.description, t.locationFound];
  return db
    .select({
      id: t.id,
      name: t.itemName,
      description: t.description,
      location: t.locationFound,
      isFound: t.isFound,
      total,
    })
    .from(t)
    .where(and(visible, matching(q, t.searchVector, fields)))
    .orderBy(...relevance(q, t.searchVector, fields), desc(t.createdAt), desc(t.id))
    .limit(limit);
}

/** Rides matching `q` by pickup, drop or description, best first, then soonest. */
export function rideHits(db: Db, { q, limit, visible }: GroupSearch) {
  const t = rides;
  const fields = [t.pickupLocation, t.dropLocation, t.description];
  return db
    .select({
      id: t.id,
      pickupLocation: t.pickupLocation,
      dropLocation: t.dropLocation,
      description: t.description,
      departureAt: t.departureAt,
      total,
    })
    .from(t)
    .where(and(visible, matching(q, t.searchVector, fields)))
    .orderBy(...relevance(q, t.searchVector, fields), asc(t.departureAt), asc(t.id))
    .limit(limit);
}

/**
 * Students who teach a skill matching `q` (by name, or exactly by one of its aliases: "js" →
 * JavaScript), best skill match first, then by name. Only the teacher's public profile (name,
 * branch, semester) is read — never the e-mail.
 */
export function teacherHits(db: Db, { q, limit, visible }: GroupSearch) {
  const fields = [skills.name];
  const byAlias = sql`${skills.id} IN (SELECT ${skillAliases.skillId} FROM ${skillAliases} WHERE ${skillAliases.aliasKey} = ${skillKey(q)})`;
  return db
    .select({
      id: userSkills.id,
      skill: skills.name,
      name: users.name,
      branch: users.branch,
      semester: users.semester,
      total,
    })
    .from(userSkills)
    .innerJoin(skills, eq(skills.id, userSkills.skillId))
    .innerJoin(users, eq(users.id, userSkills.userId))
    .where(and(eq(userSkills.type, 'teach'), visible, or(matching(q, skills.searchVector, fields), byAlias)))
    .orderBy(...relevance(q, skills.searchVector, fields), sql`${users.name} ASC NULLS LAST`, asc(userSkills.id))
    .limit(limit);
}
