/**
 * Lost and found rules and queries (docs/product-spec.md §3, §5, §7; docs/design.md §4): items with a photo,
 * partial updates, owner-or-admin changes, mark returned, and the list (newest first, paginated,
 * filtered by type, category and search in SQL). Items of deactivated owners leave every list.
 */
import { and, count, desc, eq, ilike, not, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  LOST_FOUND_MESSAGES,
  type CreateLostFoundItemBody,
  type ListLostFoundItemsQuery,
  type LostFoundItem,
  type UpdateLostFoundItemBody,
} from '@campus/contract/lost-found';
import { lostFoundItems, lostFoundMatches } from '../../db/schema/lost-found.ts';
import { users } from '../../db/schema/users.ts';
import type { Changeable } from '../../lib/access.ts';
import type { SessionUser } from '../../lib/auth.ts';
import { fileUrl } from '../../lib/blob-store.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { isFutureDate, todayIn } from '../../lib/dates.ts';
import { validationError } from '../../lib/errors.ts';
import type { ProcessedFile } from '../../lib/images.ts';
import { likePattern, moderationOf, ownedRecords, type Loaded } from '../../lib/owned-records.ts';
import { listPage, type Page } from '../../lib/pages.ts';
import { hit, peek } from '../../lib/rate-limit.ts';
import { notify } from '../notifications/notifications.service.ts';
import { lostFoundKind } from './lost-found.kind.ts';

/** Maps a row to the API shape (docs/product-spec.md §3); `image_url` absolute from `APP_URL` (docs/design.md §4). */
function toApiItem(
  row: typeof lostFoundItems.$inferSelect,
  reporterName: string | null,
  appUrl: string,
): LostFoundItem {
  return {
    id: row.id,
    userId: row.userId,
    item_name: row.itemName,
    description: row.description,
    location_found: row.locationFound,
    owner_contact: row.ownerContact,
    category: row.category,
    image_url: fileUrl(appUrl, row.imageFileId),
    image_thumb_url: fileUrl(appUrl, row.imageFileId, 'thumb'),
    is_found: row.isFound,
    date_found: row.dateFound,
    is_returned: row.isReturned,
    reporter_name: reporterName,
    ...moderationOf(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Refuses a `date_found` after today in the institute's time zone (400, field message). */
function checkDate(ctx: ServiceContext, date: string | undefined): void {
  if (isFutureDate(date, ctx.config.institute.timezone))
    throw validationError({ date_found: LOST_FOUND_MESSAGES.dateFuture });
}

/**
 * Lost & found items as owned records (lib/owned-records.ts) of their kind (`lost-found.kind.ts`):
 * their reporter or an admin edits and deletes them (the admin deletion tells the reporter, linking
 * to /lost-found).
 */
const records = ownedRecords(
  lostFoundKind,
  { edit: 'ownerOrAdmin', delete: 'ownerOrAdmin' },
  (ctx, { row, ownerName }) => toApiItem(row, ownerName, ctx.config.appUrl),
);
/** A stored lost & found item with its reporter's display name. */
export type LoadedItem = Loaded<typeof lostFoundItems.$inferSelect>;

/**
 * One item (GET …/lost-items/{id}); 404 when unknown or of a deactivated reporter (except for an
 * admin). The finder's own found report carries `possible_matches`: the open lost reports paired
 * with it (neither returned, the lost one visible), without naming them (docs/alerts.md).
 */
export async function getItem(ctx: ServiceContext, viewer: SessionUser, id: string): Promise<LostFoundItem> {
  const item = await records.get(ctx, viewer, id);
  if (!item.is_found || item.userId !== viewer.id || item.is_returned) return item;
  const lost = alias(lostFoundItems, 'lost');
  const [row] = await ctx.db
    .select({ n: count() })
    .from(lostFoundMatches)
    .innerJoin(lost, eq(lost.id, lostFoundMatches.lostId))
    .where(and(eq(lostFoundMatches.foundId, id), not(lost.isReturned), lostFoundKind.visible(ctx.db, lost)));
  return { ...item, possible_matches: row!.n };
}

/** A lost and a found report pair when their score reaches this (docs/alerts.md "Lost and found"). */
export const PAIR_SCORE_MIN = 0.6;
/** Added to the score when the places are alike (word similarity ≥ 0.5): a boost, never a filter. */
export const PAIR_PLACE_BOOST = 0.1;
/** At most this many new pairs are made for one report. */
const PAIRS_PER_REPORT = 5;
/**
 * "Is it yours?" notices a day: per lost report, and per finder over all losers (docs/security.md
 * "Fair shares"), so one student's stream of "found" reports cannot flood a loser with links to
 * their text. A pair over either cap is still made (the finder's count shows it), only not told.
 */
export const NOTICES_PER_DAY = { lostReport: 3, finder: 5 } as const;
const DAY_MS = 24 * 3600 * 1000;

/** "A blue steel bottle was found at Library on 24 Nov — is it yours?" (docs/alerts.md). */
export function foundNotice(found: { itemName: string; locationFound: string; dateFound: string }): string {
  const article = /^[aeiou]/i.test(found.itemName) ? 'An' : 'A';
  const [y, m, d] = found.dateFound.split('-').map(Number);
  const day = new Date(Date.UTC(y!, m! - 1, d!)).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  return `${article} ${found.itemName} was found at ${found.locationFound} on ${day} — is it yours?`;
}

/**
 * Pairs report `id`, which just became visible, with the open reports of the other type that may
 * be the same thing (docs/alerts.md "Lost and found"), and tells each new pair's loser, linking
 * to the found report — within {@link NOTICES_PER_DAY} (counted in `rate_limits`, in this
 * transaction). A pair: same category; different reporters; neither returned, both
 * visible; found on or after the lost day minus one day; and a score of at least
 * {@link PAIR_SCORE_MIN} — the best of the `pg_trgm` word similarity of either name within the
 * other's name and description and the share of the names' words they have in common (of the
 * longer name: "blue water bottle" and "blue steel bottle" share 2 of 3), plus
 * {@link PAIR_PLACE_BOOST} when the places are alike. Candidates come
 * from the open-by-category index; at most {@link PAIRS_PER_REPORT} best new pairs. Run inside
 * the alerts outbox drain's transaction (`ctx.db`).
 */
export async function pairLostAndFound(ctx: ServiceContext, id: string): Promise<void> {
  const visible = (name: 'r' | 'o') => lostFoundKind.visible(ctx.db, alias(lostFoundItems, name));
  const result = (await ctx.db.execute(sql`
    WITH pairs AS (
      SELECT (x.l).id AS lost_id, (x.f).id AS found_id, s.score
      FROM lost_found_items r
      JOIN lost_found_items o
        ON o.category = r.category AND o.is_found <> r.is_found AND o.user_id <> r.user_id AND NOT o.is_returned
      CROSS JOIN LATERAL (
        SELECT CASE WHEN r.is_found THEN o ELSE r END AS l, CASE WHEN r.is_found THEN r ELSE o END AS f
      ) x
      CROSS JOIN LATERAL (
        SELECT tsvector_to_array(to_tsvector('simple'::regconfig, (x.l).item_name)) AS lw,
               tsvector_to_array(to_tsvector('simple'::regconfig, (x.f).item_name)) AS fw
      ) names
      CROSS JOIN LATERAL (
        SELECT greatest(
            word_similarity((x.l).item_name, (x.f).item_name || ' ' || coalesce((x.f).description, '')),
            word_similarity((x.f).item_name, (x.l).item_name || ' ' || coalesce((x.l).description, '')),
            (SELECT count(*) FROM unnest(names.lw) w WHERE w = ANY(names.fw))::float8
              / greatest(1, cardinality(names.lw), cardinality(names.fw)))
          + CASE WHEN word_similarity((x.l).location_found, (x.f).location_found) >= 0.5
              THEN ${PAIR_PLACE_BOOST}::float8 ELSE 0 END AS score
      ) s
      WHERE r.id = ${id} AND NOT r.is_returned AND ${visible('r')} AND ${visible('o')}
        AND (x.f).date_found >= (x.l).date_found - 1
        AND s.score >= ${PAIR_SCORE_MIN}::float8
      ORDER BY s.score DESC
      LIMIT ${PAIRS_PER_REPORT}
    ),
    made AS (
      INSERT INTO lost_found_matches (lost_id, found_id, score)
      SELECT lost_id, found_id, score FROM pairs
      ON CONFLICT DO NOTHING
      RETURNING lost_id, found_id
    )
    SELECT l.user_id AS "loserId", l.id AS "lostId", f.user_id AS "finderId", f.id AS "foundId", f.item_name AS "itemName",
           f.location_found AS "locationFound", f.date_found::text AS "dateFound"
    FROM made JOIN lost_found_items l ON l.id = made.lost_id JOIN lost_found_items f ON f.id = made.found_id`)) as unknown as {
    rows: Array<{
      loserId: string;
      lostId: string;
      finderId: string;
      foundId: string;
      itemName: string;
      locationFound: string;
      dateFound: string;
    }>;
  };
  for (const pair of result.rows) {
    const perReport = `lf-notice:lost:${pair.lostId}`;
    const perFinder = `lf-notice:finder:${pair.finderId}`;
    if ((await peek(ctx.db, perReport, DAY_MS)).count >= NOTICES_PER_DAY.lostReport) continue;
    if ((await peek(ctx.db, perFinder, DAY_MS)).count >= NOTICES_PER_DAY.finder) continue;
    await hit(ctx.db, perReport, DAY_MS);
    await hit(ctx.db, perFinder, DAY_MS);
    await notify(ctx, pair.loserId, {
      message: foundNotice(pair),
      type: 'alert',
      link: lostFoundKind.link(pair.foundId),
      push: 'alerts',
    });
  }
}

/** An item `viewer` may change by `action` (404 when not visible, 403 unless own or admin). */
export const getChangeableItem = records.loadChangeable;
/** Deletes a checked item and its photo (DELETE …/lost-items/{id}); an admin deletion tells the reporter. */
export const deleteItem = records.remove;

/**
 * Creates an item (POST /api/lost-and-found/lost-items): `is_found` defaults to true, `date_found`
 * to today (institute time zone) and may not be in the future. Photo and row in one transaction.
 */
export function createItem(
  ctx: ServiceContext,
  user: SessionUser,
  body: CreateLostFoundItemBody,
  image: ProcessedFile | null,
): Promise<LostFoundItem> {
  checkDate(ctx, body.date_found);
  return records.insert(
    ctx,
    user,
    {
      itemName: body.item_name,
      description: body.description ?? null,
      locationFound: body.location_found,
      ownerContact: body.owner_contact,
      category: body.category,
      isFound: body.is_found ?? true,
      dateFound: body.date_found ?? todayIn(ctx.config.institute.timezone),
    },
    image,
  );
}

/**
 * Partial update (PUT …/lost-items/{id}, docs/design.md §4) of a checked item: sent fields change; a new
 * photo replaces the old, `remove_image` deletes it, no file keeps it; `is_returned` marks it
 * returned. One transaction.
 */
export function updateItem(
  ctx: ServiceContext,
  viewer: SessionUser,
  loaded: Changeable<LoadedItem, 'edit'>,
  body: UpdateLostFoundItemBody,
  image: ProcessedFile | null,
): Promise<LostFoundItem> {
  checkDate(ctx, body.date_found);
  return records.update(
    ctx,
    viewer,
    loaded,
    {
      itemName: body.item_name,
      category: body.category,
      locationFound: body.location_found,
      ownerContact: body.owner_contact,
      description: body.description,
      isFound: body.is_found,
      dateFound: body.date_found,
      isReturned: body.is_returned,
    },
    { image, removeImage: body.remove_image },
  );
}

/**
 * List (GET /api/lost-and-found/lost-items): newest first, paginated; items of active owners
 * only; not returned unless `includeReturned`; `type` lost/found maps `is_found`; `category`;
 * `search` in name, description or location (case-insensitive, literal); `mine` = the viewer's.
 */
export async function listItems(
  ctx: ServiceContext,
  viewer: SessionUser,
  q: ListLostFoundItemsQuery,
): Promise<Page<LostFoundItem>> {
  const t = lostFoundItems;
  const conditions: SQL[] = [records.listVisible(ctx.db), lostFoundKind.notBlocked(viewer.id)];
  if (!q.includeReturned) conditions.push(lostFoundKind.browse(t));
  if (q.type) conditions.push(eq(t.isFound, q.type === 'found'));
  if (q.category) conditions.push(eq(t.category, q.category));
  if (q.mine) conditions.push(eq(t.userId, viewer.id));
  if (q.search) {
    const p = likePattern(q.search);
    conditions.push(or(ilike(t.itemName, p), ilike(t.description, p), ilike(t.locationFound, p))!);
  }
  return listPage(ctx.db, q, {
    from: t,
    where: and(...conditions),
    select: ctx.db.select({ item: t, reporterName: users.name }).from(t).innerJoin(users, eq(users.id, t.userId)),
    orderBy: [desc(t.createdAt), desc(t.id)],
    map: (r) => toApiItem(r.item, r.reporterName, ctx.config.appUrl),
  });
}

/** Demo lost & found items, newest first in the last week. */
export async function seedLostFoundDemo(ctx: ServiceContext, demo: { students: { id: string }[] }): Promise<void> {
  const s = demo.students;
  if (!s.length) return;
  const DAY = 86_400_000;
  const now = Date.now();
  const rows: Array<Omit<typeof lostFoundItems.$inferInsert, 'userId' | 'dateFound'> & { owner: number }> = [
    {
      owner: 1,
      itemName: 'Blue Milton water bottle',
      category: 'Accessories',
      locationFound: 'Library, 2nd floor reading room',
      description: 'Has a sticker of a rocket on it.',
      ownerContact: '9876502345',
      isFound: true,
    },
    {
      owner: 2,
      itemName: 'Hostel room keys (ring with red tag)',
      category: 'Keys',
      locationFound: 'Near the mess',
      description: 'Three keys on a ring with a red tag.',
      ownerContact: '9876503456',
      isFound: false,
    },
    {
      owner: 3,
      itemName: 'College ID card',
      category: 'Cards',
      locationFound: 'Academic block, Lab 3',
      description: null,
      ownerContact: '9876504567',
      isFound: true,
    },
    {
      owner: 0,
      itemName: 'Black leather wallet',
      category: 'Wallets/Purses',
      locationFound: 'Sports complex',
      description: 'Contains a metro card; no cash.',
      ownerContact: '9876501234',
      isFound: true,
    },
    {
      owner: 4,
      itemName: 'Physics lab record',
      category: 'Books/Notes',
      locationFound: 'Seminar hall',
      description: 'Green cover, name on the first page.',
      ownerContact: '9876505678',
      isFound: false,
    },
    {
      owner: 5,
      itemName: 'OnePlus earbuds case',
      category: 'Electronics',
      locationFound: 'Canteen',
      description: 'White case, earbuds inside.',
      ownerContact: '9876506789',
      isFound: true,
    },
  ];
  await ctx.db.insert(lostFoundItems).values(
    rows.map(({ owner, ...r }, i) => {
      const createdAt = new Date(now - (i + 0.1) * DAY);
      return {
        ...r,
        userId: s[owner % s.length]!.id,
        dateFound: todayIn(ctx.config.institute.timezone, createdAt),
        createdAt,
        updatedAt: createdAt,
      };
    }),
  );
}
