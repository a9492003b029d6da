/**
 * Ride queries and the API shape (docs/product-spec.md §3, §7): the Drizzle reads the service composes
 * (participants, creators, the list's filters and sort, one page of rides) and the mapping of a row
 * to the `Ride` a viewer may see. No access rule lives here: the service checks first, then calls
 * these (docs/design.md §4).
 */
import { asc, desc, eq, gt, gte, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { ListRidesQuery, Ride, RideParticipant } from '@campus/contract/rides';
import { rideParticipants, rides } from '../../db/schema/rides.ts';
import { users } from '../../db/schema/users.ts';
import type { Db } from '../../db/client.ts';
import { isAdmin, type SessionUser } from '../../lib/auth.ts';
import { fileUrl } from '../../lib/blob-store.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { addDays, daysRangeIn, isoWeekday, todayIn } from '../../lib/dates.ts';
import { likePattern, moderationOf, type Loaded } from '../../lib/owned-records.ts';

/** A stored ride (the creator is `userId`, like every owned record). */
export type RideRow = typeof rides.$inferSelect;

/** A ride row with its creator's name and avatar file. */
export interface RideWithCreator {
  row: RideRow;
  creatorName: string | null;
  creatorAvatarFileId: string | null;
}

/** The columns a list of rides selects: the ride and its creator. */
const withCreator = { row: rides, creatorName: users.name, creatorAvatarFileId: users.avatarFileId };

/** The participants of `rideIds` with their names and avatars, oldest join first, in one query. */
export async function participantsOf(ctx: ServiceContext, rideIds: string[]): Promise<Map<string, RideParticipant[]>> {
  const byRide = new Map<string, RideParticipant[]>();
  if (!rideIds.length) return byRide;
  const rows = await ctx.db
    .select({ p: rideParticipants, name: users.name, avatarFileId: users.avatarFileId })
    .from(rideParticipants)
    .innerJoin(users, eq(users.id, rideParticipants.userId))
    .where(inArray(rideParticipants.rideId, rideIds))
    .orderBy(asc(rideParticipants.joinedAt), asc(rideParticipants.id));
  for (const r of rows) {
    const list = byRide.get(r.p.rideId) ?? [];
    list.push({
      id: r.p.id,
      rideId: r.p.rideId,
      userId: r.p.userId,
      joinedAt: r.p.joinedAt.toISOString(),
      participant: { id: r.p.userId, name: r.name, avatar: fileUrl(ctx.config.appUrl, r.avatarFileId) },
    });
    byRide.set(r.p.rideId, list);
  }
  return byRide;
}

/** The ids of the students who joined `rideId` (whom an edit or a deletion notifies). */
export async function participantIds(db: Db, rideId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: rideParticipants.userId })
    .from(rideParticipants)
    .where(eq(rideParticipants.rideId, rideId));
  return rows.map((r) => r.userId);
}

/** How many students joined `rideId`. */
export async function joinedCount(db: Db, rideId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(rideParticipants)
    .where(eq(rideParticipants.rideId, rideId));
  return Number(row?.n ?? 0);
}

/** Maps a row to the API shape (docs/product-spec.md §3) for `viewer`: the phone only for creator, participants, admins. */
function toApiRide(
  ctx: ServiceContext,
  viewer: SessionUser,
  r: RideWithCreator,
  participants: RideParticipant[],
): Ride {
  const { row } = r;
  const appUrl = ctx.config.appUrl;
  const isJoined = participants.some((p) => p.userId === viewer.id);
  const mayCall = row.userId === viewer.id || isJoined || isAdmin(viewer);
  const creator = { id: row.userId, name: r.creatorName, avatar: fileUrl(appUrl, r.creatorAvatarFileId) };
  return {
    id: row.id,
    creatorId: row.userId,
    pickupLocation: row.pickupLocation,
    dropLocation: row.dropLocation,
    departureDateTime: row.departureAt.toISOString(),
    totalSeats: row.totalSeats,
    availableSeats: row.availableSeats,
    estimatedCost: row.estimatedCost,
    description: row.description,
    phoneNumber: mayCall ? row.phoneNumber : null,
    hasPhone: row.phoneNumber !== '',
    imageUrl: fileUrl(appUrl, row.imageFileId),
    imageThumbUrl: fileUrl(appUrl, row.imageFileId, 'thumb'),
    direction: row.direction,
    participants,
    name: creator.name,
    avatar: creator.avatar,
    creator,
    isFull: row.availableSeats <= 0,
    hasDeparted: row.departureAt.getTime() <= Date.now(),
    isJoined,
    ...moderationOf(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Maps rows to API rides for `viewer`, loading all their participants in one query. */
export async function toApiRides(ctx: ServiceContext, viewer: SessionUser, list: RideWithCreator[]): Promise<Ride[]> {
  const participants = await participantsOf(
    ctx,
    list.map((r) => r.row.id),
  );
  return list.map((r) => toApiRide(ctx, viewer, r, participants.get(r.row.id) ?? []));
}

/** A loaded (visible) ride as `viewer` may see it: its creator's avatar and its participants. */
export async function showRide(ctx: ServiceContext, { row }: Loaded<RideRow>, viewer: SessionUser): Promise<Ride> {
  const [creator] = await ctx.db
    .select({ name: users.name, avatarFileId: users.avatarFileId })
    .from(users)
    .where(eq(users.id, row.userId));
  const participants = await participantsOf(ctx, [row.id]);
  return toApiRide(
    ctx,
    viewer,
    { row, creatorName: creator?.name ?? null, creatorAvatarFileId: creator?.avatarFileId ?? null },
    participants.get(row.id) ?? [],
  );
}

/**
 * The instants `[start, end)` a day filter covers in the institute's time zone, or null for none:
 * today, tomorrow, week (today … the coming Sunday), nextWeek (next Monday … Sunday), custom
 * (`startDate` … `endDate` inclusive; either may be open).
 */
export function dayWindow(
  range: ListRidesQuery['dateRange'] | ListRidesQuery['timeFrame'],
  q: Pick<ListRidesQuery, 'startDate' | 'endDate'>,
  timezone: string,
  now = new Date(),
): { start?: Date; end?: Date } | null {
  const today = todayIn(timezone, now);
  switch (range) {
    case 'today':
      return daysRangeIn(today, today, timezone);
    case 'tomorrow': {
      const d = addDays(today, 1);
      return daysRangeIn(d, d, timezone);
    }
    case 'week':
      return daysRangeIn(today, addDays(today, 7 - isoWeekday(today)), timezone);
    case 'nextWeek': {
      const monday = addDays(today, 8 - isoWeekday(today));
      return daysRangeIn(monday, addDays(monday, 6), timezone);
    }
    case 'custom': {
      if (!q.startDate && !q.endDate) return null;
      const start = q.startDate ? daysRangeIn(q.startDate, q.startDate, timezone).start : undefined;
      const end = q.endDate ? daysRangeIn(q.endDate, q.endDate, timezone).end : undefined;
      return { start, end };
    }
    default:
      return null;
  }
}

/**
 * The list's filters (see `listRidesQuery`) as SQL conditions: search in pickup or drop
 * (case-insensitive, literal), the day windows, seats, price, direction and open/full status.
 */
export function rideFilters(q: ListRidesQuery, timezone: string): SQL[] {
  const t = rides;
  const conditions: SQL[] = [];
  if (q.search) {
    const pattern = likePattern(q.search);
    conditions.push(or(ilike(t.pickupLocation, pattern), ilike(t.dropLocation, pattern))!);
  }
  for (const window of [dayWindow(q.dateRange, q, timezone), dayWindow(q.timeFrame, q, timezone)]) {
    if (window?.start) conditions.push(gte(t.departureAt, window.start));
    if (window?.end) conditions.push(lt(t.departureAt, window.end));
  }
  if (q.minSeats !== undefined) conditions.push(gte(t.availableSeats, q.minSeats));
  if (q.maxPrice !== undefined) conditions.push(lte(t.estimatedCost, q.maxPrice));
  if (q.direction) conditions.push(eq(t.direction, q.direction));
  if (q.status === 'open') conditions.push(gt(t.availableSeats, 0));
  if (q.status === 'full') conditions.push(eq(t.availableSeats, 0));
  return conditions;
}

/** ORDER BY of each sort; departure then id break ties so pages never overlap. */
export function rideOrder(sort: ListRidesQuery['sortBy']): SQL[] {
  const t = rides;
  switch (sort) {
    case 'dateDesc':
      return [desc(t.departureAt), desc(t.id)];
    case 'priceAsc':
      return [sql`${t.estimatedCost} ASC NULLS LAST`, asc(t.departureAt), asc(t.id)];
    case 'priceDesc':
      return [sql`${t.estimatedCost} DESC NULLS LAST`, asc(t.departureAt), asc(t.id)];
    case 'seatsDesc':
      return [desc(t.availableSeats), asc(t.departureAt), asc(t.id)];
    default:
      return [asc(t.departureAt), asc(t.id)];
  }
}

/** "My rides" order: upcoming first (soonest first), then departed ones (most recent first). */
export const upcomingThenPast: SQL[] = [
  sql`(${rides.departureAt} <= now()) ASC`,
  sql`CASE WHEN ${rides.departureAt} > now() THEN ${rides.departureAt} END ASC`,
  desc(rides.departureAt),
  asc(rides.id),
];

/** Rides `user` offered or joined. */
export function offeredOrJoinedBy(userId: string): SQL {
  return or(
    eq(rides.userId, userId),
    // A ride hidden after reports or removed is gone for its riders too; its creator keeps it.
    sql`${rides.hiddenAt} IS NULL AND EXISTS (SELECT 1 FROM ${rideParticipants} WHERE ${rideParticipants.rideId} = ${rides.id} AND ${rideParticipants.userId} = ${userId})`,
  )!;
}

/** Rides with their creators (`RideRow`s with `creatorName`, `creatorAvatarFileId`), for `listPage` to narrow by WHERE, order and window. */
export function ridesWithCreator(db: Db) {
  return db.select(withCreator).from(rides).innerJoin(users, eq(users.id, rides.userId));
}
