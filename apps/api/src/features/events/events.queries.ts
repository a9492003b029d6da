/**
 * Event and club queries and the API shapes (docs/architecture.md "Features in detail", Events and
 * clubs): the reads the service composes and the mapping of rows to `CampusEvent` and `Club` as a
 * viewer may see them. No access rule lives here: the service checks first; the feed's reads take
 * the visibility and block rules of the events' record kind (`events.kind.ts`) as every list does.
 */
import { and, asc, desc, eq, gt, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { CampusEvent, Club, EventGroup, ListEventsQuery, RsvpStatus } from '@campus/contract/events';
import type { Db } from '../../db/client.ts';
import { clubAudit, clubCoordinators, clubFollows, clubs, eventRsvps, events } from '../../db/schema/events.ts';
import { userBlocks } from '../../db/schema/privacy.ts';
import { users } from '../../db/schema/users.ts';
import { isAdmin, type SessionUser } from '../../lib/auth.ts';
import { fileUrl } from '../../lib/blob-store.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { addDays, startOfDayIn, todayIn } from '../../lib/dates.ts';
import { likePattern, moderationOf } from '../../lib/owned-records.ts';
import { listColumns, type PageWindow } from '../../lib/pages.ts';
import { preparedStatements } from '../../lib/prepared.ts';
import { placesByVenue, venueKey } from '../places/places.service.ts';
import { eventKind } from './events.kind.ts';

/** A stored event. */
export type EventRow = typeof events.$inferSelect;
/** A stored event as lists read it: without the search document (`listColumns`). */
export type EventListRow = Omit<EventRow, 'searchVector'>;
/** A stored club. */
export type ClubRow = typeof clubs.$inferSelect;
/** The club columns an event shows. */
const clubRefColumns = { id: clubs.id, slug: clubs.slug, name: clubs.name, category: clubs.category };
/** An event with its club. */
export interface EventWithClub {
  row: EventListRow;
  club: { id: string; slug: string; name: string; category: ClubRow['category'] };
}

/** The SELECT of a list of events with their clubs (without WHERE). */
export function eventsWithClub(db: Db) {
  return db
    .select({ row: listColumns(events), club: clubRefColumns })
    .from(events)
    .innerJoin(clubs, eq(clubs.id, events.clubId));
}

/** The event `id` with its club, or undefined. */
export async function eventWithClub(db: Db, id: string): Promise<EventWithClub | undefined> {
  const [found] = await eventsWithClub(db).where(eq(events.id, id));
  return found;
}

/**
 * The feed's filters besides its tab: the visibility every list of events uses (not hidden, the
 * poster not deactivated), no block between `viewerId` and the poster when given (docs/privacy.md
 * "Block"), club slug, category and search words.
 */
export function feedFilters(db: Db, q: ListEventsQuery, viewerId: string | null): SQL[] {
  const where: SQL[] = [eventKind.visible(db)];
  if (viewerId) where.push(eventKind.notBlocked(viewerId));
  if (q.club) where.push(eq(clubs.slug, q.club));
  if (q.category) where.push(eq(clubs.category, q.category));
  if (q.q) {
    const p = likePattern(q.q);
    where.push(or(ilike(events.title, p), ilike(events.venue, p), ilike(events.description, p))!);
  }
  return where;
}

/** The feed's tab at instant `at`: upcoming = not yet over (`ends_at > at`), past = over. */
export function feedTab(when: ListEventsQuery['when'], at: Date): SQL {
  return when === 'past' ? lte(events.endsAt, at) : gt(events.endsAt, at);
}

/** Whether the feed's WHERE reads the clubs table (a club or category filter), so its count joins it. */
export const feedNeedsClubs = (q: ListEventsQuery): boolean => Boolean(q.club || q.category);

/** The feed's order: upcoming soonest first, past latest first (the id breaks ties). */
export function eventOrder(when: ListEventsQuery['when']): SQL[] {
  return when === 'past' ? [desc(events.startsAt), desc(events.id)] : [asc(events.startsAt), asc(events.id)];
}

/**
 * The rows of one window of the feed at instant `at`, in {@link eventOrder}, read so that the cost
 * follows the page, not the table (docs/performance.md "The events feed"):
 * - upcoming = the events on at `at` (`tstzrange(starts_at, ends_at) @> at`, the GiST index
 *   `events_span_idx`: few, sorted here) followed by those starting after `at`
 *   (`events_starts_idx`, from `at` on) — together exactly `ends_at > at`, in order, without
 *   walking the past events at the front of the start index;
 * - past = `ends_at <= at`, read backwards from `at` on the start index (`starts_at < at` holds for
 *   every past event: `ends_at > starts_at` is a CHECK).
 */
export async function feedRows(
  db: Db,
  q: ListEventsQuery,
  window: Pick<PageWindow, 'limit' | 'offset'>,
  at: Date,
  viewerId: string | null,
): Promise<EventWithClub[]> {
  const filters = feedFilters(db, q, viewerId);
  const select = (where: SQL[]) =>
    eventsWithClub(db)
      .where(and(...filters, ...where))
      .$dynamic();
  if (q.when === 'past')
    return select([lt(events.startsAt, at), lte(events.endsAt, at)])
      .orderBy(...eventOrder('past'))
      .limit(window.limit)
      .offset(window.offset);
  // Unordered and unlimited on purpose: with ORDER BY … LIMIT the planner walks the start index
  // from its first row (seconds at 1M events) whenever the range's statistics are missing (a new
  // index before ANALYZE); without them it reads the GiST index. They are few: sorted here.
  const on = (
    await select([sql`tstzrange(${events.startsAt}, ${events.endsAt}) @> ${at.toISOString()}::timestamptz`])
  ).sort(
    (a, b) =>
      a.row.startsAt.getTime() - b.row.startsAt.getTime() || (a.row.id < b.row.id ? -1 : a.row.id > b.row.id ? 1 : 0),
  );
  const taken = on.slice(window.offset, window.offset + window.limit);
  if (taken.length === window.limit) return taken;
  const later = await select([gt(events.startsAt, at)])
    .orderBy(...eventOrder('upcoming'))
    .limit(window.limit - taken.length)
    .offset(Math.max(0, window.offset - on.length));
  return [...taken, ...later];
}

/**
 * The first instant after `at` at which some event ends (null: none): until then no event leaves
 * the upcoming tab nor enters the past one. One probe of `events_ends_idx`.
 */
export async function nextEventEnd(db: Db, at: Date): Promise<Date | null> {
  const [row] = await db
    .select({ endsAt: events.endsAt })
    .from(events)
    .where(gt(events.endsAt, at))
    .orderBy(asc(events.endsAt))
    .limit(1);
  return row?.endsAt ?? null;
}

/** The instants (ms) that place an event in the feed's groups at `now` ({@link groupIn}). */
export interface GroupBounds {
  now: number;
  /** The start of the institute's tomorrow. */
  tomorrow: number;
  /** The start of the seventh day after today. */
  weekEnd: number;
}

/** {@link GroupBounds} at `now` in `timezone` (computed once per page, not per row). */
export function groupBounds(timezone: string, now = new Date()): GroupBounds {
  const today = todayIn(timezone, now);
  return {
    now: now.getTime(),
    tomorrow: startOfDayIn(addDays(today, 1), timezone).getTime(),
    weekEnd: startOfDayIn(addDays(today, 7), timezone).getTime(),
  };
}

/**
 * Where an event sits in the feed: `past` once it ended; `today` when it starts before the end of
 * the institute's today (or is on now); `week` before the end of the sixth day after; else `later`.
 */
export function groupIn(row: Pick<EventRow, 'startsAt' | 'endsAt'>, b: GroupBounds): EventGroup {
  if (row.endsAt.getTime() <= b.now) return 'past';
  if (row.startsAt.getTime() < b.tomorrow) return 'today';
  if (row.startsAt.getTime() < b.weekEnd) return 'week';
  return 'later';
}

/** {@link groupIn} at `now` in `timezone`. */
export function groupOf(row: Pick<EventRow, 'startsAt' | 'endsAt'>, timezone: string, now = new Date()): EventGroup {
  return groupIn(row, groupBounds(timezone, now));
}

/** What the feed shows of an event to every viewer alike: all of `CampusEvent` but the viewer's own fields. */
export type SharedEvent = Omit<CampusEvent, 'myRsvp' | 'canManage'>;

/**
 * The viewer-independent part of events in the API shape: the places their venues name (one
 * query, `placesByVenue`) and their groups at `bounds`. {@link toApiEvents} adds the viewer's fields.
 */
export async function sharedEvents(
  ctx: ServiceContext,
  list: EventWithClub[],
  bounds: GroupBounds,
): Promise<SharedEvent[]> {
  const places = await placesByVenue(
    ctx,
    list.map((e) => e.row.venue),
  );
  const appUrl = ctx.config.appUrl;
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
    imageUrl: fileUrl(appUrl, row.imageFileId),
    imageThumbUrl: fileUrl(appUrl, row.imageFileId, 'thumb'),
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    group: groupIn(row, bounds),
    ...moderationOf(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** What a viewer's own fields of a feed page need: their answers, the clubs they coordinate, whether any block involves them. */
export interface ViewerState {
  rsvps: Map<string, RsvpStatus>;
  coordinated: Set<string>;
  /** Whether the viewer blocked a student or was blocked by one (the feed then reads without its cache). */
  blocks: boolean;
}

/**
 * The viewer's state for a page of `eventIds` in ONE prepared statement anchored on the viewer's
 * own row: their answers to those events (`event_rsvps` primary key), the clubs they coordinate
 * (`club_coordinators_user_idx`) and whether a block involves them (`user_blocks` key and its
 * `blocked_id` index).
 */
const viewerStatement = preparedStatements('events_viewer_state', (db, name) => {
  const viewer = sql.placeholder('viewer');
  const ids = sql`(select value::uuid from json_array_elements_text(cast(${sql.placeholder('ids')} as json)))`;
  return db
    .select({
      rsvps: sql<unknown>`(select json_object_agg(${eventRsvps.eventId}, ${eventRsvps.status}) from ${eventRsvps} where ${eventRsvps.userId} = ${viewer} and ${eventRsvps.eventId} in ${ids})`,
      coordinated: sql<unknown>`(select json_agg(${clubCoordinators.clubId}) from ${clubCoordinators} where ${clubCoordinators.userId} = ${viewer})`,
      blocks: sql<boolean>`exists (select 1 from ${userBlocks} where ${userBlocks.blockerId} = ${viewer} or ${userBlocks.blockedId} = ${viewer})`,
    })
    .from(users)
    .where(eq(users.id, viewer))
    .prepare(name);
});

/** {@link ViewerState} of `viewerId` for the events `eventIds`. */
export async function viewerState(db: Db, viewerId: string, eventIds: string[]): Promise<ViewerState> {
  const [row] = await viewerStatement(db).execute({ viewer: viewerId, ids: JSON.stringify(eventIds) });
  // JSON columns: parsed by the driver, or text (null when there are no rows to aggregate).
  const json = (v: unknown) => (typeof v === 'string' ? (JSON.parse(v) as unknown) : v);
  return {
    rsvps: new Map(Object.entries((json(row?.rsvps) ?? {}) as Record<string, RsvpStatus>)),
    coordinated: new Set((json(row?.coordinated) ?? []) as string[]),
    blocks: Boolean(row?.blocks),
  };
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
 * Maps events to the API shape for `viewer`: {@link sharedEvents} with the viewer's answers and
 * whether they may manage each (an admin, or a coordinator of its club), read once.
 */
export async function toApiEvents(
  ctx: ServiceContext,
  viewer: SessionUser,
  list: EventWithClub[],
): Promise<CampusEvent[]> {
  const ids = list.map((e) => e.row.id);
  const [rsvps, coordinated, shared] = await Promise.all([
    rsvpsOf(ctx.db, viewer.id, ids),
    list.length ? coordinatedClubIds(ctx.db, viewer.id) : Promise.resolve(new Set<string>()),
    sharedEvents(ctx, list, groupBounds(ctx.config.institute.timezone)),
  ]);
  const admin = isAdmin(viewer);
  return shared.map((e) => ({
    ...e,
    myRsvp: rsvps.get(e.id) ?? 'none',
    canManage: admin || coordinated.has(e.club.id),
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
