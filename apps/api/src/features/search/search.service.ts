/**
 * Campus-wide search rules (issue 24 item 1): `GET /api/search` for a signed-in student — the only
 * export surface to the route. One query per group (`search.queries.ts`) over what the viewer can
 * see, with THE SAME visibility as each feature's own list, the feature's own predicate reused:
 *
 * - marketplace: unsold, unexpired listings of active owners (browse, `marketplace.listVisible`);
 * - lost & found: items not yet returned of active reporters (the default list, `lostFound.listVisible`);
 * - rides: upcoming rides (not departed) of active creators (the rides list, `rides.listVisible`);
 * - skills: students who teach a matching skill, never the viewer, never a deactivated student (as
 *   skill-exchange matches), shown by name, branch and semester — never their e-mail.
 *
 * Each hit has a title, a snippet with the matched words marked (`search.snippet.ts`) and the deep
 * link that opens it: `/marketplace/{id}`, `/lost-found/{id}`, `/rides/{id}`,
 * `/skill-exchange?skill=<skill name>`.
 */
import { and, gt, isNull, ne, not, sql } from 'drizzle-orm';
import { rideRoute } from '@campus/contract/rides';
import { skillKey } from '@campus/contract/skill-exchange';
import {
  SEARCH_COUNT_CAP,
  SEARCH_MESSAGES,
  SEARCH_TYPES,
  type SearchData,
  type SearchGroup,
  type SearchQuery,
  type SearchType,
  type SnippetPart,
} from '@campus/contract/search';
import type { Db } from '../../db/client.ts';
import { lostFoundItems } from '../../db/schema/lost-found.ts';
import { marketplaceItems } from '../../db/schema/marketplace.ts';
import { rides } from '../../db/schema/rides.ts';
import { userSkills } from '../../db/schema/skill-exchange.ts';
import { users } from '../../db/schema/users.ts';
import type { SessionUser } from '../../lib/auth.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { preparedStatements } from '../../lib/prepared.ts';
import * as lostFound from '../lost-found/lost-found.service.ts';
import * as marketplace from '../marketplace/marketplace.service.ts';
import * as ridesService from '../rides/rides.service.ts';
import * as queries from './search.queries.ts';
import { bestSnippet, hasMatch, markedSnippet } from './search.snippet.ts';
import { searchTerms } from './search.terms.ts';

/**
 * Each group's query over what a viewer may see, with the placeholders `q` and `limit` (skills also
 * `alias` and `viewer`).
 */
const hitsOf = {
  marketplace: (db: Db) => {
    const t = marketplaceItems;
    return queries.marketplaceHits(db, and(not(t.isSold), gt(t.expiresAt, sql`now()`), marketplace.listVisible(db)));
  },
  'lost-found': (db: Db) => queries.lostFoundHits(db, and(not(lostFoundItems.isReturned), lostFound.listVisible(db))),
  rides: (db: Db) => queries.rideHits(db, and(gt(rides.departureAt, sql`now()`), ridesService.listVisible(db))),
  skills: (db: Db) =>
    queries.teacherHits(db, and(ne(userSkills.userId, sql.placeholder('viewer')), isNull(users.deactivatedAt))),
};
type Rows = { [T in SearchType]: queries.HitRow<ReturnType<(typeof hitsOf)[T]>>[] };

/** The four groups in one statement (no `type`: the header box and `/search`). */
const allGroups = (db: Db) =>
  queries.everyGroup(db, {
    marketplace: hitsOf.marketplace(db),
    'lost-found': hitsOf['lost-found'](db),
    rides: hitsOf.rides(db),
    skills: hitsOf.skills(db),
  });

/**
 * The SQL text and parameters of a search's statement (the four groups, or `type`'s) with the
 * placeholders of {@link search} — for `scripts/bench/search-explain.ts` to show its plan.
 */
export function statementOf(db: Db, type?: SearchType) {
  return (type ? hitsOf[type](db) : allGroups(db)).toSQL();
}

/** One group's statement (`type` given), prepared once per database and group (`lib/prepared.ts`). */
const oneGroup = preparedStatements('search_group', (db, name, type: SearchType) => hitsOf[type](db).prepare(name));
/** The four groups in one statement, prepared once per database. */
const everyGroup = preparedStatements('search_every_group', (db, name) => allGroups(db).prepare(name));

/** Each group's rows mapped to hits: title, snippet with the match marked, deep link. */
const HITS: { [T in SearchType]: (row: Rows[T][number], q: string) => SearchGroup['items'][number] } = {
  marketplace: (r, q) => ({
    id: r.id,
    title: r.name,
    snippet: bestSnippet([r.description, r.name], q),
    link: `/marketplace/${r.id}`,
  }),
  'lost-found': (r, q) => ({
    id: r.id,
    title: r.name,
    snippet: bestSnippet([r.description, r.location, r.name], q),
    link: `/lost-found/${r.id}`,
  }),
  rides: (r, q) => ({
    id: r.id,
    title: rideRoute(r),
    snippet: bestSnippet([r.description, rideRoute(r)], q),
    link: `/rides/${r.id}`,
  }),
  skills: (r, q) => ({
    id: r.id,
    title: r.name ?? SEARCH_MESSAGES.unnamedStudent,
    snippet: teacherSnippet(r.skill, q, r.branch, r.semester),
    link: `/skill-exchange?skill=${encodeURIComponent(r.skill)}`,
  }),
};

/** "Teaches **Python** · CSE · Fifth semester": the skill marked (whole, when it matched by an alias). */
function teacherSnippet(skill: string, q: string, branch: string | null, semester: string | null): SnippetPart[] {
  const marked = markedSnippet(skill, q);
  const skillParts = hasMatch(marked) ? marked : [{ text: skill, match: true }];
  const about = [branch, semester && SEARCH_MESSAGES.semester(semester)].filter(Boolean).join(' · ');
  return [
    { text: `${SEARCH_MESSAGES.teaches} `, match: false },
    ...skillParts,
    ...(about ? [{ text: ` · ${about}`, match: false }] : []),
  ];
}

/**
 * A group from its rows mapped to hits. Each row carries the number of matches counted, at most
 * `SEARCH_COUNT_CAP + 1` (`search.queries.ts`): more than `SEARCH_COUNT_CAP` answers
 * `SEARCH_COUNT_CAP` with `totalCapped: true` (issue 24 item 4).
 */
function group<T extends SearchType>(type: T, rows: Rows[T], q: string): SearchGroup {
  const counted = rows[0]?.total ?? 0;
  const total =
    counted > SEARCH_COUNT_CAP ? { total: SEARCH_COUNT_CAP, totalCapped: true as const } : { total: counted };
  return { type, ...total, items: rows.map((row) => HITS[type](row, q)) };
}

/**
 * GET /api/search (issue 24): the groups of `query.type` (all four, in `SEARCH_TYPES` order, when
 * absent — one statement for the four), each with at most `query.limit` hits, best first, and its
 * `total` — the number of matches `viewer` may see, exact up to `SEARCH_COUNT_CAP` and capped
 * beyond (`totalCapped`). `query` is already validated by the contract (`q` trimmed, 1–100
 * characters; bad input answers 400 before this runs); the database sees only `q`'s bounded terms
 * (`search.terms.ts`, docs/decisions/0201-bounded-search-input.md), and snippets mark those.
 */
export async function search(ctx: ServiceContext, viewer: SessionUser, query: SearchQuery): Promise<SearchData> {
  const { q, limit, type } = query;
  const terms = searchTerms(q);
  const types = type ? [type] : SEARCH_TYPES;
  // Nothing searchable (one-letter words, punctuation, emoji): no hits, and no statement.
  if (!terms.text) return { q, groups: types.map((t) => group(t, [], q)) };
  const params = { q: terms.text, fuzzy: terms.fuzzy, limit, alias: skillKey(q), viewer: viewer.id };
  return withinBudget(ctx, async (db) => {
    if (type) {
      const rows = (await oneGroup(db, type).execute(params)) as Rows[typeof type];
      return { q, groups: [group(type, rows, terms.text)] };
    }
    const [rows] = (await everyGroup(db).execute(params)) as [Rows];
    return { q, groups: SEARCH_TYPES.map((t) => group(t, rows[t], terms.text)) };
  });
}

/**
 * Runs `work` on PostgreSQL inside a transaction whose `statement_timeout` is the search budget
 * (config `search.statementTimeoutMs`, docs/performance.md "Search") and with JIT off, so one search never holds a
 * pooled connection longer than that: PostgreSQL cancels it (SQLSTATE 57014), which the app's error
 * handler answers with 503 + Retry-After (db/faults.ts). On the embedded database (one connection,
 * no timer), or with a budget of 0, `work` runs as it is.
 */
async function withinBudget<T>(ctx: ServiceContext, work: (db: Db) => Promise<T>): Promise<T> {
  const ms = ctx.config.search.statementTimeoutMs;
  if (ctx.database.driver !== 'pg' || ms <= 0) return work(ctx.db);
  return ctx.db.transaction(async (tx) => {
    // JIT off for this statement: at 1M rows PostgreSQL compiled the search statement on every
    // run (157 of 191 ms, docs/performance.md "Search"); its work is a few hundred rows at most.
    await tx.execute(sql`SELECT set_config('statement_timeout', ${String(ms)}, true), set_config('jit', 'off', true)`);
    return work(tx);
  });
}
