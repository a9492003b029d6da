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
import { COUNT_CAP } from '@campus/contract/envelope';
import { rideRoute } from '@campus/contract/rides';
import { skillKey } from '@campus/contract/skill-exchange';
import {
  SEARCH_MESSAGES,
  SEARCH_TYPES,
  type SearchData,
  type SearchGroup,
  type SearchQuery,
  type SearchType,
  type SnippetPart,
} from '@campus/contract/search';
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

/**
 * Each group's statement over what a viewer may see, prepared once per database (`lib/prepared.ts`);
 * executed with the query text `q`, `limit` (and skills: `alias`, `viewer`).
 */
const statements = {
  marketplace: preparedStatements('search_marketplace', (db, name) => {
    const t = marketplaceItems;
    return queries
      .marketplaceHits(db, and(not(t.isSold), gt(t.expiresAt, sql`now()`), marketplace.listVisible(db)))
      .prepare(name);
  }),
  lostFound: preparedStatements('search_lost_found', (db, name) =>
    queries.lostFoundHits(db, and(not(lostFoundItems.isReturned), lostFound.listVisible(db))).prepare(name),
  ),
  rides: preparedStatements('search_rides', (db, name) =>
    queries.rideHits(db, and(gt(rides.departureAt, sql`now()`), ridesService.listVisible(db))).prepare(name),
  ),
  skills: preparedStatements('search_skills', (db, name) =>
    queries
      .teacherHits(db, and(ne(userSkills.userId, sql.placeholder('viewer')), isNull(users.deactivatedAt)))
      .prepare(name),
  ),
};

/** One group's search for `viewer`: `q` trimmed, at most `limit` hits. */
type GroupSearcher = (ctx: ServiceContext, viewer: SessionUser, q: string, limit: number) => Promise<SearchGroup>;

const GROUPS: Record<SearchType, GroupSearcher> = {
  async marketplace(ctx, _viewer, q, limit) {
    const rows = await statements.marketplace(ctx.db).execute({ q, limit });
    return group('marketplace', rows, (r) => ({
      id: r.id,
      title: r.name,
      snippet: bestSnippet([r.description, r.name], q),
      link: `/marketplace/${r.id}`,
    }));
  },

  async 'lost-found'(ctx, _viewer, q, limit) {
    const rows = await statements.lostFound(ctx.db).execute({ q, limit });
    return group('lost-found', rows, (r) => ({
      id: r.id,
      title: r.name,
      snippet: bestSnippet([r.description, r.location, r.name], q),
      link: `/lost-found/${r.id}`,
    }));
  },

  async rides(ctx, _viewer, q, limit) {
    const rows = await statements.rides(ctx.db).execute({ q, limit });
    return group('rides', rows, (r) => ({
      id: r.id,
      title: rideRoute(r),
      snippet: bestSnippet([r.description, rideRoute(r)], q),
      link: `/rides/${r.id}`,
    }));
  },

  async skills(ctx, viewer, q, limit) {
    const rows = await statements.skills(ctx.db).execute({ q, limit, alias: skillKey(q), viewer: viewer.id });
    return group('skills', rows, (r) => ({
      id: r.id,
      title: r.name ?? SEARCH_MESSAGES.unnamedStudent,
      snippet: teacherSnippet(r.skill, q, r.branch, r.semester),
      link: `/skill-exchange?skill=${encodeURIComponent(r.skill)}`,
    }));
  },
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
 * `COUNT_CAP + 1` (`search.queries.ts`): more than `COUNT_CAP` answers `COUNT_CAP` with
 * `totalCapped: true` (issue 24 item 4).
 */
function group<R extends { total: number }>(
  type: SearchType,
  rows: R[],
  toHit: (row: R) => SearchGroup['items'][number],
): SearchGroup {
  const counted = rows[0]?.total ?? 0;
  const total = counted > COUNT_CAP ? { total: COUNT_CAP, totalCapped: true as const } : { total: counted };
  return { type, ...total, items: rows.map(toHit) };
}

/**
 * GET /api/search (issue 24): the groups of `query.type` (all four, in `SEARCH_TYPES` order, when
 * absent), each with at most `query.limit` hits, best first, and its `total` — the number of
 * matches `viewer` may see, exact up to `COUNT_CAP` and capped beyond (`totalCapped`). `query` is
 * already validated by the contract (`q` trimmed, 1–100 characters; bad input answers 400 before
 * this runs).
 */
export async function search(ctx: ServiceContext, viewer: SessionUser, query: SearchQuery): Promise<SearchData> {
  const types = query.type ? [query.type] : SEARCH_TYPES;
  const groups = await Promise.all(types.map((type) => GROUPS[type](ctx, viewer, query.q, query.limit)));
  return { q: query.q, groups };
}
