/**
 * Lost and found rules and queries (spec §3, §5, §7; DESIGN §4; issue 5): reports with a photo,
 * partial updates, owner-or-admin changes, mark returned, and the list (newest first, paginated,
 * filtered by type, category and search in SQL). Reports of deactivated owners leave every list.
 */
import { and, desc, eq, ilike, isNull, not, or, sql, type SQL } from 'drizzle-orm';
import {
  LOST_FOUND_MESSAGES,
  type CreateLostFoundItemBody,
  type ListLostFoundItemsQuery,
  type LostFoundItem,
  type UpdateLostFoundItemBody,
} from '@campus/contract/lost-found';
import { lostFoundItems } from '../../db/schema/lost-found.ts';
import { users } from '../../db/schema/users.ts';
import { isAdmin, type SessionUser } from '../../lib/auth.ts';
import { deleteFiles, fileUrl, putFile } from '../../lib/blob-store.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { forbidden, notFound, validationError } from '../../lib/errors.ts';
import type { ProcessedFile } from '../../lib/images.ts';
import { isUuid, likePattern, newImageFileId, ownsOrAdmin, pageOffset } from '../../lib/listing.ts';
import { notify } from '../notifications/notifications.service.ts';

type ReportRow = typeof lostFoundItems.$inferSelect;
/** A stored report with its reporter's display name. */
export interface LoadedReport {
  item: ReportRow;
  reporterName: string | null;
}

/** Maps a row to the API shape (spec §3); `image_url` absolute from `APP_URL` (DESIGN §4). */
export function toApiReport(row: ReportRow, reporterName: string | null, appUrl: string): LostFoundItem {
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
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Today as `yyyy-MM-dd` in the institute's time zone (DESIGN §4). */
export function todayIn(timezone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** Refuses a `date_found` after today in the institute's time zone (400, field message). */
function checkDate(ctx: ServiceContext, date: string | undefined): void {
  if (date !== undefined && date > todayIn(ctx.config.institute.timezone))
    throw validationError({ date_found: LOST_FOUND_MESSAGES.dateFuture });
}

/**
 * Loads a report the viewer may see, or throws 404 (unknown or malformed id, or a report of a
 * deactivated owner for anyone but an admin).
 */
export async function getVisibleReport(ctx: ServiceContext, viewer: SessionUser, id: string): Promise<LoadedReport> {
  if (!isUuid(id)) throw notFound(LOST_FOUND_MESSAGES.notFound);
  const [row] = await ctx.db
    .select({ item: lostFoundItems, reporterName: users.name, deactivatedAt: users.deactivatedAt })
    .from(lostFoundItems)
    .innerJoin(users, eq(users.id, lostFoundItems.userId))
    .where(eq(lostFoundItems.id, id));
  if (!row || (row.deactivatedAt && !isAdmin(viewer))) throw notFound(LOST_FOUND_MESSAGES.notFound);
  return { item: row.item, reporterName: row.reporterName };
}

/** Loads a report the viewer may change: 404 when not visible, 403 unless own or admin (DESIGN §4). */
export async function getChangeableReport(ctx: ServiceContext, viewer: SessionUser, id: string): Promise<LoadedReport> {
  const loaded = await getVisibleReport(ctx, viewer, id);
  if (!ownsOrAdmin(viewer, loaded.item.userId)) throw forbidden(LOST_FOUND_MESSAGES.forbidden);
  return loaded;
}

/**
 * Creates a report (POST /api/lost-and-found/lost-items): `is_found` defaults to true, `date_found`
 * to today (institute time zone) and may not be in the future. Photo and row in one transaction.
 */
export async function createReport(
  ctx: ServiceContext,
  user: SessionUser,
  body: CreateLostFoundItemBody,
  image: ProcessedFile | null,
): Promise<LostFoundItem> {
  checkDate(ctx, body.date_found);
  const row = await ctx.db.transaction(async (tx) => {
    const imageFileId = image ? await putFile(tx, user.id, image) : null;
    const [inserted] = await tx
      .insert(lostFoundItems)
      .values({
        userId: user.id,
        itemName: body.item_name,
        description: body.description ?? null,
        locationFound: body.location_found,
        ownerContact: body.owner_contact,
        category: body.category,
        imageFileId,
        isFound: body.is_found ?? true,
        dateFound: body.date_found ?? todayIn(ctx.config.institute.timezone),
      })
      .returning();
    return inserted!;
  });
  return toApiReport(row, user.name, ctx.config.appUrl);
}

/**
 * Partial update (PUT …/lost-items/{id}, DESIGN §4) of a report checked with
 * `getChangeableReport`: sent fields change; a new photo replaces the old, `remove_image` deletes
 * it, no file keeps it; `is_returned` marks it returned. One transaction.
 */
export async function updateReport(
  ctx: ServiceContext,
  loaded: LoadedReport,
  body: UpdateLostFoundItemBody,
  image: ProcessedFile | null,
): Promise<LostFoundItem> {
  checkDate(ctx, body.date_found);
  const { item } = loaded;
  const set: Partial<typeof lostFoundItems.$inferInsert> = {};
  if (body.item_name !== undefined) set.itemName = body.item_name;
  if (body.category !== undefined) set.category = body.category;
  if (body.location_found !== undefined) set.locationFound = body.location_found;
  if (body.owner_contact !== undefined) set.ownerContact = body.owner_contact;
  if (body.description !== undefined) set.description = body.description;
  if (body.is_found !== undefined) set.isFound = body.is_found;
  if (body.date_found !== undefined) set.dateFound = body.date_found;
  if (body.is_returned !== undefined) set.isReturned = body.is_returned;
  const row = await ctx.db.transaction(async (tx) => {
    const imageFileId = await newImageFileId(tx, item.userId, image, body.remove_image);
    if (imageFileId !== undefined) set.imageFileId = imageFileId;
    if (!Object.keys(set).length) return item;
    const [updated] = await tx.update(lostFoundItems).set(set).where(eq(lostFoundItems.id, item.id)).returning();
    if (imageFileId !== undefined) await deleteFiles(tx, [item.imageFileId]);
    return updated ?? item;
  });
  return toApiReport(row, loaded.reporterName, ctx.config.appUrl);
}

/**
 * Deletes a report and its photo. When an admin deletes someone else's report, the reporter is
 * notified (notifications' `notify`, link /lost-found) in the same transaction.
 */
export async function deleteReport(ctx: ServiceContext, viewer: SessionUser, loaded: LoadedReport): Promise<void> {
  const { item } = loaded;
  await ctx.db.transaction(async (tx) => {
    await tx.delete(lostFoundItems).where(eq(lostFoundItems.id, item.id));
    await deleteFiles(tx, [item.imageFileId]);
    if (item.userId !== viewer.id)
      await notify({ ...ctx, db: tx }, item.userId, {
        message: LOST_FOUND_MESSAGES.adminDeleted(item.itemName),
        type: 'system',
        link: '/lost-found',
      });
  });
}

/**
 * List (GET /api/lost-and-found/lost-items): newest first, paginated; reports of active owners
 * only; not returned unless `includeReturned`; `type` lost/found maps `is_found`; `category`;
 * `search` in name, description or location (case-insensitive, literal); `mine` = the viewer's.
 */
export async function listReports(
  ctx: ServiceContext,
  viewer: SessionUser,
  q: ListLostFoundItemsQuery,
): Promise<{ items: LostFoundItem[]; total: number }> {
  const t = lostFoundItems;
  const conditions: SQL[] = [isNull(users.deactivatedAt)];
  if (!q.includeReturned) conditions.push(not(t.isReturned));
  if (q.type) conditions.push(eq(t.isFound, q.type === 'found'));
  if (q.category) conditions.push(eq(t.category, q.category));
  if (q.mine) conditions.push(eq(t.userId, viewer.id));
  if (q.search) {
    const p = likePattern(q.search);
    conditions.push(or(ilike(t.itemName, p), ilike(t.description, p), ilike(t.locationFound, p))!);
  }
  const where = and(...conditions);
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select({ item: t, reporterName: users.name })
      .from(t)
      .innerJoin(users, eq(users.id, t.userId))
      .where(where)
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(q.limit)
      .offset(pageOffset(q)),
    ctx.db
      .select({ total: sql<number>`count(*)::int` })
      .from(t)
      .innerJoin(users, eq(users.id, t.userId))
      .where(where),
  ]);
  return {
    items: rows.map((r) => toApiReport(r.item, r.reporterName, ctx.config.appUrl)),
    total: Number(count?.total ?? 0),
  };
}

/** Demo lost & found reports (issue 3 seeder hook), newest first in the last week. */
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
