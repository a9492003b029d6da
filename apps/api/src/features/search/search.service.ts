/**
 * Campus-wide search rules: `GET /api/search` for a signed-in student — the only
 * export surface to the route. One query per group (`search.queries.ts`) over what the viewer can
 * see, with THE SAME visibility as each feature's own list — for a record kind (`src/record-kinds.ts`)
 * its browse rule and visibility predicate, declared once by its feature (`<f>.kind.ts`):
 *
 * - marketplace: unsold, unexpired listings of active owners (browse);
 * - lost & found: items not yet returned of active reporters (the default list);
 * - rides: upcoming rides (not departed) of active creators (the rides list);
 * - events: as the events list;
 * - skills: students who teach a matching skill, never the viewer, never a deactivated student (as
 *   skill-exchange matches), shown by name, branch and semester — never their e-mail;
 * - places: every place of the directory (public, as the campus map), by name or alias.
 *
 * Each hit has a title, a snippet with the matched words marked (`search.snippet.ts`) and the deep
 * link that opens it: a record's kind link (`/marketplace/{id}`, `/lost-found/{id}`, `/rides/{id}`),
 * `/skill-exchange?skill=<skill name>`, `/map/{slug}`.
 */
import { sql } from 'drizzle-orm';
import pLimit, { type LimitFunction } from 'p-limit';
import { COMMON_MESSAGES } from '@campus/contract/envelope';
import { PLACE_CATEGORY_LABELS, type PlaceCategory } from '@campus/contract/places-ui';
import type { KindSearchType } from '@campus/contract/record-kinds';
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
import { keptPlan } from '../../db/pglite-plans.ts';
import type { SessionUser } from '../../lib/auth.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { cappedTotal } from '../../lib/pages.ts';
import { preparedStatements } from '../../lib/prepared.ts';
import type { Columns } from '../../lib/record-kinds.ts';
import { kindOfSearch } from '../../record-kinds.ts';
import { placeSearch } from '../places/places.service.ts';
import { teacherSearch } from '../skill-exchange/skill-exchange.service.ts';
import * as queries from './search.queries.ts';
import { bestSnippet, hasMatch, markedSnippet } from './search.snippet.ts';
import { searchTerms } from './search.terms.ts';

/**
 * The groups that are not record kinds, each another feature's searched rows: skill exchange's
 * teachers (its `teacherSearch`) and the places directory (its `placeSearch`).
 */
function sourceOf(type: Exclude<SearchType, KindSearchType>): unknown {
  switch (type) {
    case 'skills':
      return teacherSearch();
    case 'places':
      return placeSearch();
    default:
      return type satisfies never;
  }
}

/**
 * Each group's query over what a viewer may see, with the placeholders `q` and `limit` (skills also
 * `alias` and `viewer`): a record kind's group (`src/record-kinds.ts`) over its browse rule and
 * visibility, the other groups over their feature's source ({@link sourceOf}).
 */
const hitsOf = Object.fromEntries(
  SEARCH_TYPES.map((type) => {
    const kind = kindOfSearch(type);
    const hits = kind
      ? (db: Db) => queries.recordHits(db, kind, kind.browsable(db, sql.placeholder('viewer')))
      : (db: Db) =>
          queries.sourceHits(db, sourceOf(type as Exclude<SearchType, KindSearchType>) as queries.Searched<Columns>);
    return [type, hits];
  }),
) as Record<
  SearchType,
  (db: Db) => ReturnType<typeof queries.recordHits> | ReturnType<typeof queries.sourceHits<Columns>>
>;

/** A group's statement's answer: its hits (`id` and the shown columns, best first) and `total`. */
type Found = { total: number; hits: Array<{ id: string } & Record<string, unknown>> };

/** Every group in one statement (no `type`: the header box and `/search`). */
const allGroups = (db: Db) =>
  queries.everyGroup(db, Object.fromEntries(SEARCH_TYPES.map((type) => [type, hitsOf[type](db)])));

/**
 * The SQL text and parameters of a search's statement (every group, or `type`'s) with the
 * placeholders of {@link search} — for `scripts/bench/search-explain.ts` to show its plan.
 */
export function statementOf(db: Db, type?: SearchType) {
  return (type ? hitsOf[type](db) : allGroups(db)).toSQL();
}

/**
 * One group's statement (`type` given), prepared once per database and group (`lib/prepared.ts`).
 * On the embedded database each runs as a named statement with a kept generic plan (`keptPlan`,
 * db/pglite-plans.ts): PGlite's driver planned it on every search, which cost more than running it
 * (docs/performance.md "Search").
 */
const oneGroup = preparedStatements('search_group', (db, name, type: SearchType) =>
  hitsOf[type](keptPlan(db, name)).prepare(name),
);
/** Every group in one statement, prepared once per database (a kept plan on PGlite, as above). */
const everyGroup = preparedStatements('search_every_group', (db, name) => allGroups(keptPlan(db, name)).prepare(name));

/**
 * A group's row mapped to a hit: title, snippet with the match marked, deep link — a record's from
 * its kind (title, snippet texts, link), a place's from its name, category and aliases (opened on
 * the campus map), a teacher's from the skill and their public profile.
 */
function hitOf(type: SearchType, row: Found['hits'][number], q: string): SearchGroup['items'][number] {
  const kind = kindOfSearch(type);
  if (kind)
    return {
      id: row.id,
      title: kind.title(row),
      snippet: bestSnippet(kind.search.snippet(row), q),
      link: kind.link(row.id),
    };
  if (type === 'places') {
    const p = row as Found['hits'][number] & { slug: string; name: string; category: PlaceCategory; aliases: string[] };
    return { id: p.id, title: p.name, snippet: placeSnippet(p.category, p.aliases, q), link: `/map/${p.slug}` };
  }
  const r = row as Found['hits'][number] & {
    skill: string;
    name: string | null;
    branch: string | null;
    semester: string | null;
  };
  return {
    id: r.id,
    title: r.name ?? SEARCH_MESSAGES.unnamedStudent,
    snippet: teacherSnippet(r.skill, q, r.branch, r.semester),
    link: `/skill-exchange?skill=${encodeURIComponent(r.skill)}`,
  };
}

/** "Academic · Also called **LHC**, Lecture Halls": the category, then the aliases with the match marked. */
function placeSnippet(category: PlaceCategory, aliases: string[], q: string): SnippetPart[] {
  const label = PLACE_CATEGORY_LABELS[category];
  if (!aliases.length) return [{ text: label, match: false }];
  return [{ text: `${label} · ${SEARCH_MESSAGES.alsoCalled} `, match: false }, ...markedSnippet(aliases.join(', '), q)];
}

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
 * A group from its statement's answer, its hits mapped. `total` is the number of matches counted,
 * at most `SEARCH_COUNT_CAP + 1` (`search.queries.ts`): more than `SEARCH_COUNT_CAP` answers
 * `SEARCH_COUNT_CAP` with `totalCapped: true` — `cappedTotal`, the rule every list's total follows
 * (lib/pages.ts).
 */
function group(type: SearchType, found: Found, q: string): SearchGroup {
  return {
    type,
    ...cappedTotal(found.total, SEARCH_COUNT_CAP),
    items: found.hits.map((row) => hitOf(type, row, q)),
  };
}

/** A group with nothing found. */
const NOTHING: Found = { total: 0, hits: [] };

/**
 * GET /api/search: the groups of `query.type` (every group, in `SEARCH_TYPES` order, when
 * absent — one statement for them all), each with at most `query.limit` hits, best first, and its
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
  if (!terms.text) return { q, groups: types.map((t) => group(t, NOTHING, q)) };
  const params = { q: terms.text, fuzzy: terms.fuzzy, limit, alias: skillKey(q), viewer: viewer.id };
  return inSearchSlot(ctx, () =>
    withinBudget(ctx, async (db) => {
      if (type) {
        const [found] = (await oneGroup(db, type).execute(params)) as Found[];
        return { q, groups: [group(type, found ?? NOTHING, terms.text)] };
      }
      const [row] = (await everyGroup(db).execute(params)) as unknown as [Record<SearchType, Found>];
      return { q, groups: SEARCH_TYPES.map((t) => group(t, row[t], terms.text)) };
    }),
  );
}

/** Each app's search slots (keyed by its context), made on first use. */
const slotsOf = new WeakMap<ServiceContext, LimitFunction>();
/** Seconds a search refused for want of a slot is told to wait: a search takes well under one. */
const BUSY_RETRY_AFTER_SECONDS = 1;

/**
 * Runs `work` in one of the process's search slots (`config.search.concurrency`: 1 on the
 * embedded database, 4 on PostgreSQL; docs/performance.md "Search"), so searches never take more
 * than their share of the database and lists never wait behind a line of them: with every slot
 * taken the search is refused at once with 503 "The server is busy…" and `Retry-After: 1` — it
 * does not queue.
 */
function inSearchSlot<T>(ctx: ServiceContext, work: () => Promise<T>): Promise<T> {
  let slots = slotsOf.get(ctx);
  if (!slots) slotsOf.set(ctx, (slots = pLimit(ctx.config.search.concurrency)));
  if (slots.activeCount + slots.pendingCount >= slots.concurrency)
    throw new AppError(503, COMMON_MESSAGES.busy, undefined, { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) });
  return slots(work);
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
