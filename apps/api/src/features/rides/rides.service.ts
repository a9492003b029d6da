/**
 * Ride sharing rules and queries (spec §3, §4, §5, §7, §9; DESIGN §4, §7; issue 11).
 *
 * - Access (DESIGN §4): every signed-in student sees rides of active creators (404 otherwise);
 *   only the creator edits (`ownerOnly`); the creator or an admin deletes (moderation; the creator
 *   is told). The creator's phone is revealed to the creator, participants and admins only.
 * - Seats can never be overbooked: join inserts the (ride, user) participation — unique, so a
 *   second join by the same student finds the conflict — and then decrements `available_seats`
 *   with a conditional UPDATE (seats left, not departed, not the creator) in ONE transaction;
 *   cancel deletes the participation and increments in one transaction. Row locks make concurrent
 *   joins wait and re-check the condition; a CHECK constraint backs it up.
 * - The list is filtered, sorted and paginated in SQL; days and weeks are the institute's
 *   (`lib/dates.ts`); departed rides leave it, full rides stay (marked by `isFull`).
 * - Join and cancel notify the creator; an edit of time or places and a deletion notify every
 *   participant (`notify`, in the same transaction, linking to the ride).
 */
import { and, asc, desc, eq, gt, gte, ilike, inArray, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  RIDE_MESSAGES,
  rideRoute,
  type CreateRideBody,
  type ListRidesQuery,
  type Ride,
  type RideDirection,
  type RideParticipant,
  type UpdateRideBody,
} from '@campus/contract/rides';
import type { PaginationQuery } from '@campus/contract/envelope';
import { rideParticipants, rides } from '../../db/schema/rides.ts';
import { users } from '../../db/schema/users.ts';
import type { Db } from '../../db/client.ts';
import type { Changeable } from '../../lib/access.ts';
import { isAdmin, type SessionUser } from '../../lib/auth.ts';
import { deleteFiles, fileUrl, putFile } from '../../lib/blob-store.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { addDays, daysRangeIn, isoWeekday, todayIn } from '../../lib/dates.ts';
import { pageOffset } from '../../lib/envelope.ts';
import { conflict, forbidden, refuse, validationError } from '../../lib/errors.ts';
import type { ProcessedFile } from '../../lib/images.ts';
import { likePattern, ownedRecords, type Loaded } from '../../lib/listing.ts';
import { notify } from '../notifications/notifications.service.ts';

type RideRow = typeof rides.$inferSelect;

/** Rides with their access-checked loaders (lib/listing.ts); an admin deletion notice names the route. */
const records = ownedRecords(
  rides,
  RIDE_MESSAGES,
  { link: '/rides', notify, title: (ride) => rideRoute(ride) },
  { edit: 'ownerOnly', delete: 'ownerOrAdmin' },
);
/** What may be done to a ride: only its creator edits it; the creator or an admin deletes it. */
export type RideAction = 'edit' | 'delete';
/** A stored ride with its creator's display name. */
export type LoadedRide = Loaded<RideRow>;

/** The page of a ride (notification links, DESIGN §7). */
const rideLink = (id: string) => `/rides/${id}`;

/** "24 Nov 2026, 2:30 pm" in the institute's time zone (notification texts). */
function localWhen(ctx: ServiceContext, at: Date): string {
  return new Intl.DateTimeFormat('en-IN', {
    timeZone: ctx.config.institute.timezone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(at);
}

/** The participants of `rideIds` with their names and avatars, oldest join first, in one query. */
async function participantsOf(ctx: ServiceContext, db: Db, rideIds: string[]): Promise<Map<string, RideParticipant[]>> {
  const byRide = new Map<string, RideParticipant[]>();
  if (!rideIds.length) return byRide;
  const rows = await db
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

/** A ride row with its creator's name and avatar file. */
interface RideWithCreator {
  row: RideRow;
  creatorName: string | null;
  creatorAvatarFileId: string | null;
}

/** Maps a row to the API shape (spec §3) for `viewer`: the phone only for creator, participants, admins. */
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
    direction: row.direction as RideDirection,
    participants,
    name: creator.name,
    avatar: creator.avatar,
    creator,
    isFull: row.availableSeats <= 0,
    hasDeparted: row.departureAt.getTime() <= Date.now(),
    isJoined,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Maps rows to API rides for `viewer`, loading all their participants in one query. */
async function toApiRides(ctx: ServiceContext, viewer: SessionUser, list: RideWithCreator[]): Promise<Ride[]> {
  const participants = await participantsOf(
    ctx,
    ctx.db,
    list.map((r) => r.row.id),
  );
  return list.map((r) => toApiRide(ctx, viewer, r, participants.get(r.row.id) ?? []));
}

/** The columns every ride query selects: the ride and its creator. */
const withCreator = { row: rides, creatorName: users.name, creatorAvatarFileId: users.avatarFileId };

/** Loads one ride `viewer` may see as the API shape (404 unknown or of a deactivated creator). */
async function apiRideById(ctx: ServiceContext, viewer: SessionUser, id: string): Promise<Ride> {
  const { row } = await records.loadVisible(ctx, viewer, id);
  const [creator] = await ctx.db
    .select({ name: users.name, avatarFileId: users.avatarFileId })
    .from(users)
    .where(eq(users.id, row.userId));
  const participants = await participantsOf(ctx, ctx.db, [row.id]);
  return toApiRide(
    ctx,
    viewer,
    { row, creatorName: creator?.name ?? null, creatorAvatarFileId: creator?.avatarFileId ?? null },
    participants.get(row.id) ?? [],
  );
}

/** GET /api/rides/{id}: one ride as `viewer` may see it; 404 when not visible. */
export function getRide(ctx: ServiceContext, viewer: SessionUser, id: string): Promise<Ride> {
  return apiRideById(ctx, viewer, id);
}

/**
 * Loads a ride `viewer` may change by `action`: 404 when not visible; 403 unless the creator (to
 * edit) or also an admin (to delete). The only source of `Changeable<LoadedRide, action>`.
 */
export function getChangeableRide<A extends RideAction>(
  ctx: ServiceContext,
  viewer: SessionUser,
  id: string,
  action: A,
): Promise<Changeable<LoadedRide, A>> {
  return records.loadChangeable(ctx, viewer, id, action);
}

/**
 * POST /api/rides: offers a ride by `user` (always the creator; a body `creatorId` is ignored) with
 * all seats available and the optional photo, in one transaction. Direction defaults to `other`.
 */
export async function createRide(
  ctx: ServiceContext,
  user: SessionUser,
  body: CreateRideBody,
  image: ProcessedFile | null,
): Promise<Ride> {
  const row = await records.insert(
    ctx,
    user,
    {
      pickupLocation: body.pickupLocation,
      dropLocation: body.dropLocation,
      departureAt: new Date(body.departureDateTime),
      totalSeats: body.totalSeats,
      availableSeats: body.totalSeats,
      estimatedCost: body.estimatedCost ?? null,
      description: body.description ?? '',
      phoneNumber: body.phoneNumber,
      direction: body.direction ?? 'other',
    },
    image,
  );
  return toApiRide(
    ctx,
    user,
    { row: row as RideRow, creatorName: user.name, creatorAvatarFileId: user.avatarFileId },
    [],
  );
}

/**
 * PUT /api/rides/{id}: partial update (DESIGN §4) of a ride its creator may change. A departed ride
 * cannot be edited (409). `totalSeats` moves `availableSeats` by the same amount in one conditional
 * UPDATE, refused with 400 when fewer seats than joined students would remain (even against a
 * concurrent join). A new photo replaces the old one; `remove_image`/`remove_cost` clear them. When
 * the time or a place changed, every participant is notified. One transaction.
 */
export async function updateRide(
  ctx: ServiceContext,
  viewer: SessionUser,
  loaded: Changeable<LoadedRide, 'edit'>,
  body: UpdateRideBody,
  image: ProcessedFile | null,
): Promise<Ride> {
  const { row } = loaded;
  if (row.departureAt.getTime() <= Date.now()) throw conflict(RIDE_MESSAGES.departed);
  const pickup = body.pickupLocation ?? row.pickupLocation;
  const drop = body.dropLocation ?? row.dropLocation;
  if (pickup.toLowerCase() === drop.toLowerCase())
    throw validationError({ [body.dropLocation ? 'dropLocation' : 'pickupLocation']: RIDE_MESSAGES.samePlaces });

  await ctx.db.transaction(async (tx) => {
    const set: Partial<Record<keyof RideRow, unknown>> = {
      pickupLocation: body.pickupLocation,
      dropLocation: body.dropLocation,
      departureAt: body.departureDateTime ? new Date(body.departureDateTime) : undefined,
      estimatedCost: body.remove_cost ? null : body.estimatedCost,
      description: body.description,
      phoneNumber: body.phoneNumber,
      direction: body.direction,
    };
    if (image) set.imageFileId = await putFile(tx, row.userId, image);
    else if (body.remove_image) set.imageFileId = null;
    const conditions: SQL[] = [eq(rides.id, row.id)];
    if (body.totalSeats !== undefined) {
      // Relative to the locked row's own values, so a join committed meanwhile is accounted for.
      const available = sql`${rides.availableSeats} + ${body.totalSeats} - ${rides.totalSeats}`;
      set.totalSeats = body.totalSeats;
      set.availableSeats = available;
      conditions.push(sql`${available} >= 0`);
    }
    const changes = Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined));
    if (Object.keys(changes).length) {
      const [updated] = await tx
        .update(rides)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(...conditions))
        .returning();
      if (!updated) {
        const [{ joined } = { joined: 0 }] = await tx
          .select({ joined: sql<number>`count(*)::int` })
          .from(rideParticipants)
          .where(eq(rideParticipants.rideId, row.id));
        throw validationError({ totalSeats: RIDE_MESSAGES.seatsBelowJoined(Number(joined)) });
      }
      if ('imageFileId' in changes) await deleteFiles(tx, [row.imageFileId]);
      const moved =
        updated.departureAt.getTime() !== row.departureAt.getTime() ||
        updated.pickupLocation !== row.pickupLocation ||
        updated.dropLocation !== row.dropLocation;
      if (moved) {
        const joined = await tx
          .select({ userId: rideParticipants.userId })
          .from(rideParticipants)
          .where(eq(rideParticipants.rideId, row.id));
        const message = RIDE_MESSAGES.noticeChanged(rideRoute(updated), localWhen(ctx, updated.departureAt));
        for (const p of joined)
          await notify({ ...ctx, db: tx }, p.userId, { message, type: 'update', link: rideLink(row.id) });
      }
    }
  });
  return apiRideById(ctx, viewer, row.id);
}

/**
 * DELETE /api/rides/{id}: deletes a checked ride, its participations and photo in one transaction;
 * every participant is notified, and the creator too when an admin deleted it.
 */
export async function deleteRide(ctx: ServiceContext, viewer: SessionUser, loaded: Changeable<LoadedRide, 'delete'>) {
  const { row } = loaded;
  await ctx.db.transaction(async (tx) => {
    const joined = await tx
      .select({ userId: rideParticipants.userId })
      .from(rideParticipants)
      .where(eq(rideParticipants.rideId, row.id));
    await tx.delete(rides).where(eq(rides.id, row.id));
    await deleteFiles(tx, [row.imageFileId]);
    const txCtx = { ...ctx, db: tx };
    if (row.departureAt.getTime() > Date.now()) {
      const message = RIDE_MESSAGES.noticeDeleted(rideRoute(row), localWhen(ctx, row.departureAt));
      for (const p of joined) await notify(txCtx, p.userId, { message, type: 'alert', link: '/rides' });
    }
    if (row.userId !== viewer.id)
      await notify(txCtx, row.userId, {
        message: RIDE_MESSAGES.adminDeleted(rideRoute(row)),
        type: 'system',
        link: '/rides',
      });
  });
}

/**
 * POST /api/rides/{id}/join: `user` takes one seat. In ONE transaction: insert the (ride, user)
 * participation (unique: a second join → 409), then `available_seats - 1` only where seats are
 * left, the ride has not departed and `user` is not its creator; when that UPDATE matches nothing
 * the transaction rolls back with the reason: 404 not visible, 403 own ride, 409 departed or full.
 * The creator is notified. Returns the participants.
 */
export async function joinRide(ctx: ServiceContext, user: SessionUser, id: string): Promise<RideParticipant[]> {
  const { row } = await records.loadVisible(ctx, user, id);
  if (row.userId === user.id) throw forbidden(RIDE_MESSAGES.ownRide);
  await ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(rideParticipants)
      .values({ rideId: id, userId: user.id })
      .onConflictDoNothing({ target: [rideParticipants.rideId, rideParticipants.userId] })
      .returning({ id: rideParticipants.id });
    if (!inserted.length) refuse(409, RIDE_MESSAGES.alreadyJoined);
    const [taken] = await tx
      .update(rides)
      .set({ availableSeats: sql`${rides.availableSeats} - 1` })
      .where(
        and(
          eq(rides.id, id),
          gt(rides.availableSeats, 0),
          gt(rides.departureAt, sql`now()`),
          ne(rides.userId, user.id),
        ),
      )
      .returning();
    if (!taken) {
      const [now] = await tx.select().from(rides).where(eq(rides.id, id));
      if (!now) refuse(404, RIDE_MESSAGES.notFound);
      if (now.departureAt.getTime() <= Date.now()) refuse(409, RIDE_MESSAGES.departed);
      refuse(409, RIDE_MESSAGES.full);
    }
    await notify({ ...ctx, db: tx }, taken.userId, {
      message: RIDE_MESSAGES.noticeJoined(user.name ?? user.email, rideRoute(taken), localWhen(ctx, taken.departureAt)),
      type: 'event',
      link: rideLink(id),
    });
  });
  return (await participantsOf(ctx, ctx.db, [id])).get(id) ?? [];
}

/**
 * DELETE /api/rides/{id}/join: `user` gives their seat back. In ONE transaction: delete the
 * participation (none → 404 "You have not joined this ride."), then `available_seats + 1` only
 * while the ride has not departed (else 409, rolled back). The creator cannot leave (403). The
 * creator is notified. Returns the participants.
 */
export async function leaveRide(ctx: ServiceContext, user: SessionUser, id: string): Promise<RideParticipant[]> {
  const { row } = await records.loadVisible(ctx, user, id);
  if (row.userId === user.id) throw forbidden(RIDE_MESSAGES.creatorCannotLeave);
  await ctx.db.transaction(async (tx) => {
    const removed = await tx
      .delete(rideParticipants)
      .where(and(eq(rideParticipants.rideId, id), eq(rideParticipants.userId, user.id)))
      .returning({ id: rideParticipants.id });
    if (!removed.length) refuse(404, RIDE_MESSAGES.notJoined);
    const [freed] = await tx
      .update(rides)
      .set({ availableSeats: sql`${rides.availableSeats} + 1` })
      .where(and(eq(rides.id, id), gt(rides.departureAt, sql`now()`)))
      .returning();
    if (!freed) refuse(409, RIDE_MESSAGES.departed);
    await notify({ ...ctx, db: tx }, freed.userId, {
      message: RIDE_MESSAGES.noticeLeft(user.name ?? user.email, rideRoute(freed), localWhen(ctx, freed.departureAt)),
      type: 'event',
      link: rideLink(id),
    });
  });
  return (await participantsOf(ctx, ctx.db, [id])).get(id) ?? [];
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

/** ORDER BY of each sort; departure then id break ties so pages never overlap. */
function orderFor(sort: ListRidesQuery['sortBy']): SQL[] {
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

/**
 * GET /api/rides: upcoming rides (not departed) of active creators, full ones included unless
 * `status=open`, filtered, sorted and paginated in SQL (see `listRidesQuery`). Returns the page as
 * `viewer` may see it and the total count.
 */
export async function listRides(
  ctx: ServiceContext,
  viewer: SessionUser,
  q: ListRidesQuery,
): Promise<{ items: Ride[]; total: number }> {
  const t = rides;
  const tz = ctx.config.institute.timezone;
  const conditions: SQL[] = [gt(t.departureAt, sql`now()`), records.listVisible(ctx.db)];
  if (q.search) {
    const pattern = likePattern(q.search);
    conditions.push(or(ilike(t.pickupLocation, pattern), ilike(t.dropLocation, pattern))!);
  }
  for (const window of [dayWindow(q.dateRange, q, tz), dayWindow(q.timeFrame, q, tz)]) {
    if (window?.start) conditions.push(gte(t.departureAt, window.start));
    if (window?.end) conditions.push(lt(t.departureAt, window.end));
  }
  if (q.minSeats !== undefined) conditions.push(gte(t.availableSeats, q.minSeats));
  if (q.maxPrice !== undefined) conditions.push(lte(t.estimatedCost, q.maxPrice));
  if (q.direction) conditions.push(eq(t.direction, q.direction));
  if (q.status === 'open') conditions.push(gt(t.availableSeats, 0));
  if (q.status === 'full') conditions.push(eq(t.availableSeats, 0));
  const where = and(...conditions);
  const offset = pageOffset(q);
  const rows = await ctx.db
    .select(withCreator)
    .from(t)
    .innerJoin(users, eq(users.id, t.userId))
    .where(where)
    .orderBy(...orderFor(q.sortBy))
    .limit(q.limit)
    .offset(offset);
  const total =
    rows.length > 0 && rows.length < q.limit
      ? offset + rows.length
      : Number(
          (
            await ctx.db
              .select({ n: sql<number>`count(*)::int` })
              .from(t)
              .where(where)
          )[0]?.n ?? 0,
        );
  return { items: await toApiRides(ctx, viewer, rows), total };
}

/**
 * GET /api/rides/user/rides: the rides `user` offered or joined, departed ones included: upcoming
 * first (soonest first), then past ones (most recent first). Paginated.
 */
export async function listUserRides(
  ctx: ServiceContext,
  user: SessionUser,
  q: PaginationQuery,
): Promise<{ items: Ride[]; total: number }> {
  const t = rides;
  const mine = or(
    eq(t.userId, user.id),
    sql`EXISTS (SELECT 1 FROM ${rideParticipants} WHERE ${rideParticipants.rideId} = ${t.id} AND ${rideParticipants.userId} = ${user.id})`,
  )!;
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select(withCreator)
      .from(t)
      .innerJoin(users, eq(users.id, t.userId))
      .where(mine)
      .orderBy(
        sql`(${t.departureAt} <= now()) ASC`,
        sql`CASE WHEN ${t.departureAt} > now() THEN ${t.departureAt} END ASC`,
        desc(t.departureAt),
        asc(t.id),
      )
      .limit(q.limit)
      .offset(pageOffset(q)),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(t)
      .where(mine),
  ]);
  return { items: await toApiRides(ctx, user, rows), total: Number(count?.n ?? 0) };
}

/**
 * Demo rides (issue 3 seeder hook): upcoming rides between the institute's common places
 * (`ridePlaces`, the first being the campus) offered by demo students, some already joined by
 * others; `available_seats` = seats − participants, as join keeps it.
 */
export async function seedRidesDemo(ctx: ServiceContext, demo: { students: { id: string }[] }): Promise<void> {
  const s = demo.students;
  if (s.length < 2) return;
  const places = ctx.config.institute.ridePlaces;
  const campus = places[0]!;
  const other = (i: number) => places[1 + (i % Math.max(1, places.length - 1))] ?? 'Railway Station';
  const HOUR = 3_600_000;
  const now = Date.now();
  const plan = [
    { from: campus, to: other(1), inHours: 5, seats: 3, cost: 400, joined: 1, direction: 'fromCollege' },
    { from: other(2), to: campus, inHours: 20, seats: 4, cost: 1800, joined: 2, direction: 'toCollege' },
    { from: campus, to: other(3), inHours: 30, seats: 2, cost: null, joined: 2, direction: 'fromCollege' },
    { from: other(0), to: campus, inHours: 52, seats: 3, cost: 90, joined: 0, direction: 'toCollege' },
    { from: campus, to: other(2), inHours: 75, seats: 6, cost: 1200, joined: 1, direction: 'fromCollege' },
    { from: campus, to: 'Murthal', inHours: 100, seats: 3, cost: 300, joined: 0, direction: 'other' },
  ];
  await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .insert(rides)
      .values(
        plan.map((p, i) => ({
          userId: s[i % s.length]!.id,
          pickupLocation: p.from,
          dropLocation: p.to,
          departureAt: new Date(Math.ceil((now + p.inHours * HOUR) / (15 * 60_000)) * 15 * 60_000),
          totalSeats: p.seats,
          availableSeats: p.seats - Math.min(p.joined, s.length - 1),
          estimatedCost: p.cost,
          description: i === 1 ? 'Flight lands at 14:10; happy to wait 30 minutes.' : '',
          phoneNumber: `98765${String(10000 + i * 1111).slice(0, 5)}`,
          direction: p.direction,
        })),
      )
      .returning({ id: rides.id, userId: rides.userId });
    const joins = rows.flatMap((r, i) =>
      s
        .filter((u) => u.id !== r.userId)
        .slice(0, plan[i]!.joined)
        .map((u) => ({ rideId: r.id, userId: u.id })),
    );
    if (joins.length) await tx.insert(rideParticipants).values(joins);
  });
}
