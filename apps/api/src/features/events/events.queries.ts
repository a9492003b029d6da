/**
 * Event and club queries and the API shapes (docs/architecture.md "Features in detail", Events and
 * clubs): the reads the service composes and the mapping of rows to `CampusEvent` and `Club` as a
 * viewer may see them. No access rule lives here: the service checks first.
 */
import { and, asc, desc, eq, gt, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { CampusEvent, Club, EventGroup, ListEventsQuery, RsvpStatus } from '@campus/contract/events';
import type { Db } from '../../db/client.ts';
import { clubAudit, clubCoordinators, clubFollows, clubs, eventRsvps, events } from '../../db/schema/events.ts';
import { users } from '../../db/schema/users.ts';
import { isAdmin, type SessionUser } from '../../lib/auth.ts';
import { fileUrl } from '../../lib/blob-store.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { addDays, startOfDayIn, todayIn } from '../../lib/dates.ts';
import { likePattern, moderationOf } from '../../lib/owned-records.ts';
import { placesByVenue, venueKey } from '../places/places.service.ts';

/** A stored event. */
export type EventRow = typeof events.$inferSelect;
/** A stored club. */
export type ClubRow = typeof clubs.$inferSelect;
/** The club columns an event shows. */
const clubRefColumns = { id: clubs.id, slug: clubs.slug, name: clubs.name, category: clubs.category };
/** An event with its club. */
export interface EventWithClub {
  row: EventRow;
  club: { id: string; slug: string; name: string; category: ClubRow['category'] };
}

/** The SELECT of a list of events with their clubs (without WHERE). */
export function eventsWithClub(db: Db) {
  return db.select({ row: events, club: clubRefColumns }).from(events).innerJoin(clubs, eq(clubs.id, events.clubId));
}

/** The event `id` with its club, or undefined. */
export async function eventWithClub(db: Db, id: string): Promise<EventWithClub | undefined> {
  const [found] = await eventsWithClub(db).where(eq(events.id, id));
  return found;
}

/** The feed's filters: the tab (`when`), club slug, category and search words. */
export function eventFilters(q: ListEventsQuery): SQL[] {
  const where: SQL[] = [q.when === 'past' ? lte(events.endsAt, sql`now()`) : gt(events.endsAt, sql`now()`)];
  if (q.club) where.push(eq(clubs.slug, q.club));
  if (q.category) where.push(eq(clubs.category, q.category));
  if (q.q) {
    const p = likePattern(q.q);
    where.push(or(ilike(events.title, p), ilike(events.venue, p), ilike(events.description, p))!);
  }
  return where;
}

/** The feed's order: upcoming soonest first, past latest first (the id breaks ties). */
export function eventOrder(when: ListEventsQuery['when']): SQL[] {
  return when === 'past' ? [desc(events.startsAt), desc(events.id)] : [asc(events.startsAt), asc(events.id)];
}

/**
 * Where an event sits in the feed: `past` once it ended; `today` when it starts before the end of
 * the institute's today (or is on now); `week` before the end of the sixth day after; else `later`.
 */
export function groupOf(row: Pick<EventRow, 'startsAt' | 'endsAt'>, timezone: string, now = new Date()): EventGroup {
  if (row.endsAt.getTime() <= now.getTime()) return 'past';
  const today = todayIn(timezone, now);
  if (row.startsAt.getTime() < startOfDayIn(addDays(today, 1), timezone).getTime()) return 'today';
  if (row.startsAt.getTime() < startOfDayIn(addDays(today, 7), timezone).getTime()) return 'week';
  return 'later';
}

/** `userId`'s answers to `eventIds`, by event. */
export async function rsvpsOf(db: Db, userId: string, eventIds: string[]): Promise<Map<string, RsvpStatus>> {
  if (!eventIds.length) return new Map();
  const rows = await db
    .select({ eventId: eventRsvps.eventId, status: eventRsvps.status })
    .from(eventRsvps)
    .where(and(eq(eventRsvps.userId, userId), inArray(eventRsvps.eventId, eventIds)));
  return new Map(rows.map((r) => [r.eventId, r.status]));
}

/** The clubs `userId` coordinates (ids). */
export async function coordinatedClubIds(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db
    .select({ clubId: clubCoordinators.clubId })
    .from(clubCoordinators)
    .where(eq(clubCoordinators.userId, userId));
  return new Set(rows.map((r) => r.clubId));
}

/** Whether `userId` coordinates club `clubId`. */
export async function isCoordinatorOf(db: Db, userId: string, clubId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(clubCoordinators)
    .where(and(eq(clubCoordinators.userId, userId), eq(clubCoordinators.clubId, clubId)));
  return Boolean(row);
}

/**
 * Maps events to the API shape for `viewer`, loading the viewer's answers, coordinated clubs and
 * the places the venues name (the places directory's `placesByVenue`) once.
 */
export async function toApiEvents(
  ctx: ServiceContext,
  viewer: SessionUser,
  list: EventWithClub[],
): Promise<CampusEvent[]> {
  const ids = list.map((e) => e.row.id);
  const [rsvps, coordinated, places] = await Promise.all([
    rsvpsOf(ctx.db, viewer.id, ids),
    list.length ? coordinatedClubIds(ctx.db, viewer.id) : Promise.resolve(new Set<string>()),
    placesByVenue(
      ctx,
      list.map((e) => e.row.venue),
    ),
  ]);
  const tz = ctx.config.institute.timezone;
  const now = new Date();
  const admin = isAdmin(viewer);
  return list.map(({ row, club }) => ({
    id: row.id,
    posterId: row.userId,
    club,
    title: row.title,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    venue: row.venue,
    venuePlace: places.get(venueKey(row.venue)) ?? null,
    description: row.description,
    registrationUrl: row.registrationUrl,
    capacity: row.capacity,
    goingCount: row.goingCount,
    interestedCount: row.interestedCount,
    imageUrl: fileUrl(ctx.config.appUrl, row.imageFileId),
    imageThumbUrl: fileUrl(ctx.config.appUrl, row.imageFileId, 'thumb'),
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    group: groupOf(row, tz, now),
    myRsvp: rsvps.get(row.id) ?? 'none',
    canManage: admin || coordinated.has(club.id),
    ...moderationOf(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** The students who answered `eventId` (the ones a cancellation tells). */
export async function answeredIds(db: Db, eventId: string): Promise<string[]> {
  const rows = await db.select({ userId: eventRsvps.userId }).from(eventRsvps).where(eq(eventRsvps.eventId, eventId));
  return rows.map((r) => r.userId);
}

/** The followers of `clubId`. */
export async function followerIds(db: Db, clubId: string): Promise<string[]> {
  const rows = await db.select({ userId: clubFollows.userId }).from(clubFollows).where(eq(clubFollows.clubId, clubId));
  return rows.map((r) => r.userId);
}

/** The students going to `eventId`, by name, with their e-mails. */
export function goingList(db: Db, eventId: string) {
  return db
    .select({ userId: users.id, name: users.name, email: users.email })
    .from(eventRsvps)
    .innerJoin(users, eq(users.id, eventRsvps.userId))
    .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.status, 'going')))
    .orderBy(asc(users.name), asc(users.id));
}

/** The SELECT of clubs with their follower count and whether `viewerId` follows each (without WHERE). */
export function clubsFor(db: Db, viewerId: string) {
  return db
    .select({
      row: clubs,
      followerCount: sql<number>`(select count(*)::int from ${clubFollows} where ${clubFollows.clubId} = ${clubs.id})`,
      isFollowing: sql<boolean>`exists (select 1 from ${clubFollows} where ${clubFollows.clubId} = ${clubs.id} and ${clubFollows.userId} = ${viewerId})`,
      isCoordinator: sql<boolean>`exists (select 1 from ${clubCoordinators} where ${clubCoordinators.clubId} = ${clubs.id} and ${clubCoordinators.userId} = ${viewerId})`,
    })
    .from(clubs);
}

/** A club row with its counts, in the API shape. */
export function toApiClub(
  appUrl: string,
  r: { row: ClubRow; followerCount: number; isFollowing: boolean; isCoordinator: boolean },
): Club {
  const { row } = r;
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    category: row.category,
    description: row.description,
    logoUrl: fileUrl(appUrl, row.logoFileId, 'thumb'),
    followerCount: Number(r.followerCount),
    isFollowing: Boolean(r.isFollowing),
    isCoordinator: Boolean(r.isCoordinator),
  };
}

/** The club's coordinators with their e-mails (administrators only), by name. */
export function coordinatorEmailsOf(db: Db, clubId: string) {
  return db
    .select({ userId: users.id, name: users.name, email: users.email })
    .from(clubCoordinators)
    .innerJoin(users, eq(users.id, clubCoordinators.userId))
    .where(eq(clubCoordinators.clubId, clubId))
    .orderBy(asc(users.name), asc(users.id));
}

/** The coordinators of `clubId`, by name. */
export function coordinatorsOf(db: Db, clubId: string) {
  return db
    .select({ userId: users.id, name: users.name })
    .from(clubCoordinators)
    .innerJoin(users, eq(users.id, clubCoordinators.userId))
    .where(eq(clubCoordinators.clubId, clubId))
    .orderBy(asc(users.name), asc(users.id));
}

/** The users with these e-mails (lower case), by e-mail. */
export async function usersByEmail(db: Db, emails: string[]): Promise<Map<string, string>> {
  if (!emails.length) return new Map();
  const found = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
  return new Map(found.map((u) => [u.email, u.id]));
}

/** Writes one `club_audit` row: what an administrator changed. */
export async function audit(
  db: Db,
  adminId: string,
  action: 'create' | 'update' | 'delete' | 'coordinators' | 'import',
  subject: string,
  detail: unknown,
): Promise<void> {
  await db.insert(clubAudit).values({ adminId, action, subject, detail });
}
