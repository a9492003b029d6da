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
import * as lostFound from '../lost-found/lost-found.service.ts';
import * as marketplace from '../marketplace/marketplace.service.ts';
import * as ridesService from '../rides/rides.service.ts';
import * as queries from './search.queries.ts';
import { bestSnippet, hasMatch, markedSnippet } from './search.snippet.ts';

/** One group's search for `viewer`: `q` trimmed, at most `limit` hits. */
type GroupSearcher = (ctx: ServiceContext, viewer: SessionUser, q: string, limit: number) => Promise<SearchGroup>;

const GROUPS: Record<SearchType, GroupSearcher> = {
  async marketplace(ctx, _viewer, q, limit) {
    const t = marketplaceItems;
    const visible = and(not(t.isSold), gt(t.expiresAt, sql`now()`), marketplace.listVisible(ctx.db));
    const rows = await queries.marketplaceHits(ctx.db, { q, limit, visible });
    return group('marketplace', rows, (r) => ({
      id: r.id,
      title: r.name,
      snippet: bestSnippet([r.description, r.name], q),
      link: `/marketplace/${r.id}`,
    }));
  },

  async 'lost-found'(ctx, _viewer, q, limit) {
    const visible = and(not(lostFoundItems.isReturned), lostFound.listVisible(ctx.db));
    const rows = await queries.lostFoundHits(ctx.db, { q, limit, visible });
    return group('lost-found', rows, (r) => ({
      id: r.id,
      title: r.name,
      snippet: bestSnippet([r.description, r.location, r.name], q),
      link: `/lost-found/${r.id}`,
    }));
  },

  async rides(ctx, _viewer, q, limit) {
    const visible = and(gt(rides.departureAt, sql`now()`), ridesService.listVisible(ctx.db));
    const rows = await queries.rideHits(ctx.db, { q, limit, visible });
    return group('rides', rows, (r) => ({
      id: r.id,
      title: rideRoute(r),
      snippet: bestSnippet([r.description, rideRoute(r)], q),
      link: `/rides/${r.id}`,
    }));
  },

  async skills(ctx, viewer, q, limit) {
    const visible = and(ne(userSkills.userId, viewer.id), isNull(users.deactivatedAt));
    const rows = await queries.teacherHits(ctx.db, { q, limit, visible });
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

/** A group from its rows (each carrying the total) mapped to hits. */
function group<R extends { total: number }>(
  type: SearchType,
  rows: R[],
  toHit: (row: R) => SearchGroup['items'][number],
): SearchGroup {
  return { type, total: rows[0]?.total ?? 0, items: rows.map(toHit) };
}

/**
 * GET /api/search (issue 24): the groups of `query.type` (all four, in `SEARCH_TYPES` order, when
 * absent), each with at most `query.limit` hits, best first, and its `total` — the exact number of
 * matches `viewer` may see (not capped). `query` is already validated by the contract (`q` trimmed,
 * 1–100 characters; bad input answers 400 before this runs).
 */
export async function search(ctx: ServiceContext, viewer: SessionUser, query: SearchQuery): Promise<SearchData> {
  const types = query.type ? [query.type] : SEARCH_TYPES;
  const groups = await Promise.all(types.map((type) => GROUPS[type](ctx, viewer, query.q, query.limit)));
  return { q: query.q, groups };
}
