/**
 * Ride sharing rules and access (docs/product-spec.md §3, §4, §5, §7, §9; docs/design.md §4, §7) — the feature's
 * only export surface to its routes, and the reference a new feature copies (docs/architecture.md).
 * Queries and the API shape live in `rides.queries.ts`, demo data in `rides.seed.ts`.
 *
 * - Access (docs/design.md §4): every signed-in student sees rides of active creators (404 otherwise);
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
import { and, eq, gt, ne, sql, type SQL } from 'drizzle-orm';
import {
  RIDE_MESSAGES,
  rideRoute,
  type CreateRideBody,
  type ListRidesQuery,
  type Ride,
  type RideParticipant,
  type UpdateRideBody,
} from '@campus/contract/rides';
import type { PaginationQuery } from '@campus/contract/envelope';
import { rideParticipants, rides } from '../../db/schema/rides.ts';
import type { Changeable } from '../../lib/access.ts';
import type { SessionUser } from '../../lib/auth.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { conflict, forbidden, refuse, validationError } from '../../lib/errors.ts';
import type { ProcessedFile } from '../../lib/images.ts';
import { publishChanges } from '../../lib/live-changes.ts';
import { ownedRecords, type Loaded, type Notice } from '../../lib/owned-records.ts';
import { listPage, type Page } from '../../lib/pages.ts';
import { notify } from '../notifications/notifications.service.ts';
import { rideKind } from './rides.kind.ts';
import * as queries from './rides.queries.ts';

export { seedRidesDemo } from './rides.seed.ts';
/** The instants a ride day filter covers (saved alerts fix a window with it; rides.queries.ts). */
export { dayWindow } from './rides.queries.ts';

/**
 * Rides as owned records (lib/owned-records.ts) of their kind (`rides.kind.ts`: an admin deletion
 * notice names the route); only the creator edits, the creator or an admin deletes; a ride is
 * shown with its participants.
 */
const records = ownedRecords(rideKind, { edit: 'ownerOnly', delete: 'ownerOrAdmin' }, queries.showRide);
/** A stored ride with its creator's display name. */
export type LoadedRide = Loaded<queries.RideRow>;

/** GET /api/rides/{id}: one ride as `viewer` may see it; 404 when unknown or of a deactivated creator. */
export const getRide = records.get;

/**
 * Loads a ride `viewer` may change by `action` (`'edit'` or `'delete'`): 404 when not visible; 403
 * unless the creator (to edit) or also an admin (to delete). The only source of
 * `Changeable<LoadedRide, action>`.
 */
export const getChangeableRide = records.loadChangeable;

/** The page of a ride (notification links, docs/design.md §7). */
const rideLink = (id: string) => `/rides/${id}`;

/** "24 Nov 2026, 2:30 pm" in the institute's time zone (notification texts; saved alerts' too). */
export function localWhen(ctx: ServiceContext, at: Date): string {
  return new Intl.DateTimeFormat('en-IN', {
    timeZone: ctx.config.institute.timezone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(at);
}

/**
 * POST /api/rides: offers a ride by `user` (always the creator; a body `creatorId` is ignored) with
 * all seats available and the optional photo, in one transaction. Direction defaults to `other`.
 */
export function createRide(
  ctx: ServiceContext,
  user: SessionUser,
  body: CreateRideBody,
  image: ProcessedFile | null,
): Promise<Ride> {
  return records.insert(
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
}

/**
 * PUT /api/rides/{id}: partial update (docs/design.md §4) of a ride its creator may change. A departed ride
 * cannot be edited (409); pickup and drop must differ (400). `totalSeats` moves `availableSeats` by
 * the same amount in the one conditional UPDATE, refused with 400 when fewer seats than joined
 * students would remain (even against a concurrent join). A new photo replaces the old one;
 * `remove_image`/`remove_cost` clear them. When the time or a place changed, every participant is
 * notified. One transaction.
 */
export function updateRide(
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

  // Relative to the locked row's own values, so a join committed meanwhile is accounted for.
  const available =
    body.totalSeats === undefined ? undefined : sql`${rides.availableSeats} + ${body.totalSeats} - ${rides.totalSeats}`;
  return records.update(
    ctx,
    viewer,
    loaded,
    {
      pickupLocation: body.pickupLocation,
      dropLocation: body.dropLocation,
      departureAt: body.departureDateTime ? new Date(body.departureDateTime) : undefined,
      totalSeats: body.totalSeats,
      availableSeats: available,
      estimatedCost: body.remove_cost ? null : body.estimatedCost,
      description: body.description,
      phoneNumber: body.phoneNumber,
      direction: body.direction,
    },
    {
      image,
      removeImage: body.remove_image,
      check: available && {
        where: sql`${available} >= 0`,
        refused: async (db) => {
          throw validationError({ totalSeats: RIDE_MESSAGES.seatsBelowJoined(await queries.joinedCount(db, row.id)) });
        },
      },
      notices: async (db, updated) => {
        const moved =
          updated.departureAt.getTime() !== row.departureAt.getTime() ||
          updated.pickupLocation !== row.pickupLocation ||
          updated.dropLocation !== row.dropLocation;
        if (!moved) return [];
        const message = RIDE_MESSAGES.noticeChanged(rideRoute(updated), localWhen(ctx, updated.departureAt));
        return toEach(await queries.participantIds(db, row.id), {
          message,
          type: 'update',
          link: rideLink(row.id),
          push: 'rides',
        });
      },
    },
  );
}

/**
 * DELETE /api/rides/{id}: deletes a checked ride, its participations and photo in one transaction;
 * every participant of a ride not yet departed is notified, and the creator too when an admin
 * deleted it.
 */
export function deleteRide(ctx: ServiceContext, viewer: SessionUser, loaded: Changeable<LoadedRide, 'delete'>) {
  return records.remove(ctx, viewer, loaded, {
    notices: async (db, ride) => {
      if (ride.departureAt.getTime() <= Date.now()) return [];
      const message = RIDE_MESSAGES.noticeDeleted(rideRoute(ride), localWhen(ctx, ride.departureAt));
      return toEach(await queries.participantIds(db, ride.id), {
        message,
        type: 'alert',
        link: '/rides',
        push: 'rides',
      });
    },
  });
}

/** The same notice to each of `userIds`. */
function toEach(userIds: string[], notice: Omit<Notice, 'userId'>): Notice[] {
  return userIds.map((userId) => ({ userId, ...notice }));
}

/**
 * POST /api/rides/{id}/join: `user` takes one seat. In ONE transaction: insert the (ride, user)
 * participation (unique: a second join → 409), then `available_seats - 1` only where seats are
 * left, the ride has not departed and `user` is not its creator; when that UPDATE matches nothing
 * the transaction rolls back with the reason: 404 not visible, 403 own ride, 409 departed or full.
 * The creator is notified, and open streams are told the ride changed (its seats). Returns the participants.
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
      push: 'rides',
    });
    await publishChanges(tx, [{ type: 'ride', id }]);
  });
  return (await queries.participantsOf(ctx, [id])).get(id) ?? [];
}

/**
 * DELETE /api/rides/{id}/join: `user` gives their seat back. In ONE transaction: delete the
 * participation (none → 404 "You have not joined this ride."), then `available_seats + 1` only
 * while the ride has not departed (else 409, rolled back). The creator cannot leave (403). The
 * creator is notified, and open streams are told the ride changed. Returns the participants.
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
      push: 'rides',
    });
    await publishChanges(tx, [{ type: 'ride', id }]);
  });
  return (await queries.participantsOf(ctx, [id])).get(id) ?? [];
}

/**
 * GET /api/rides: upcoming rides (not departed) of active creators, full ones included unless
 * `status=open`, filtered, sorted and paginated in SQL (see `listRidesQuery`). Returns the page as
 * `viewer` may see it and the total count.
 */
export async function listRides(ctx: ServiceContext, viewer: SessionUser, q: ListRidesQuery): Promise<Page<Ride>> {
  const where = and(
    rideKind.browse(rides),
    records.listVisible(ctx.db),
    rideKind.notBlocked(viewer.id),
    ...queries.rideFilters(q, ctx.config.institute.timezone),
  );
  return ridesPage(ctx, viewer, q, where, queries.rideOrder(q.sortBy));
}

/**
 * The rides `userId` joined that depart after `since` and that they may still see, soonest first
 * (at most 500): the events calendar feed adds them when its owner asks.
 */
export function joinedRidesSince(ctx: ServiceContext, userId: string, since: Date) {
  return ctx.db
    .select({
      id: rides.id,
      pickupLocation: rides.pickupLocation,
      dropLocation: rides.dropLocation,
      departureAt: rides.departureAt,
      updatedAt: rides.updatedAt,
    })
    .from(rides)
    .innerJoin(rideParticipants, and(eq(rideParticipants.rideId, rides.id), eq(rideParticipants.userId, userId)))
    .where(and(rideKind.visible(ctx.db), gt(rides.departureAt, since)))
    .orderBy(rides.departureAt)
    .limit(500);
}

/**
 * GET /api/rides/user/rides: the rides `user` offered or joined, departed ones included: upcoming
 * first (soonest first), then past ones (most recent first). Paginated.
 */
export function listUserRides(ctx: ServiceContext, user: SessionUser, q: PaginationQuery): Promise<Page<Ride>> {
  return ridesPage(ctx, user, q, queries.offeredOrJoinedBy(user.id), queries.upcomingThenPast);
}

/**
 * One page of the rides matching `where` in `order` as `viewer` may see them, with the total
 * (`listPage`; a `search` word lowers the count's cap); the page's participants are loaded for all its rides in one query.
 */
async function ridesPage(
  ctx: ServiceContext,
  viewer: SessionUser,
  q: PaginationQuery & { search?: string },
  where: SQL | undefined,
  order: SQL[],
): Promise<Page<Ride>> {
  const found = await listPage(ctx.db, q, {
    from: rides,
    where,
    select: queries.ridesWithCreator(ctx.db),
    orderBy: order,
  });
  return { ...found, items: await queries.toApiRides(ctx, viewer, found.items) };
}
