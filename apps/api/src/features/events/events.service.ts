/**
 * Events: rules and access (docs/architecture.md "Features in detail", Events and clubs) — the
 * feature's only export surface to other features. Queries and the API shapes live in
 * `events.queries.ts`, demo data in `events.seed.ts`; the routes also call the clubs
 * (`events.clubs.ts`) and the calendar files (`events.calendar.ts`).
 *
 * - Access: every signed-in student sees events (hidden after reports: only their poster and
 *   admins); a club's coordinators and administrators post, edit, cancel and delete its events and
 *   see the Going list (403 otherwise); administrators make clubs and name their coordinators.
 * - RSVP never overbooks: the answer is changed in ONE transaction that first locks the event's row
 *   (`SELECT … FOR UPDATE`), so concurrent answers — from any instance — queue; a Going is counted
 *   by a conditional UPDATE (`going_count < capacity`), refused with 409 when it matches nothing,
 *   and a CHECK constraint backs it up.
 * - A new event tells the club's followers (bell and Web Push, category `events`); a cancellation
 *   and a deletion tell everyone who answered — in the transaction of the change.
 */
import { and, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  EVENT_MESSAGES,
  eventPath,
  type Attendee,
  type CampusEvent,
  type CreateEventBody,
  type ListEventsQuery,
  type RsvpStatus,
  type UpdateEventBody,
} from '@campus/contract/events';
import { clubs, eventRsvps, events } from '../../db/schema/events.ts';
import type { Changeable } from '../../lib/access.ts';
import { isAdmin, type SessionUser } from '../../lib/auth.ts';
import { deleteFiles, putFile } from '../../lib/blob-store.ts';
import type { ServiceContext } from '../../lib/context.ts';
import type { JsonText, KeptAnswers } from '../../lib/envelope.ts';
import { forbidden, notFound, refuse, validationError } from '../../lib/errors.ts';
import type { ProcessedFile } from '../../lib/images.ts';
import { publishChanges } from '../../lib/live-changes.ts';
import { listPage, type PageText } from '../../lib/pages.ts';
import type { Loaded } from '../../lib/record-kinds.ts';
import { notify } from '../notifications/notifications.service.ts';
import {
  feedKey,
  keptAnswers,
  pageText,
  viewerKey,
  type FeedCache,
  type FilledPage,
  type SharedPage,
} from './events.cache.ts';
import { eventKind } from './events.kind.ts';
import * as queries from './events.queries.ts';
import { remindNow } from './events.reminders.ts';

export { seedEventsDemo } from './events.seed.ts';

export { sendDueReminders, startReminders } from './events.reminders.ts';

/** A stored event with its poster's display name. */
export type LoadedEvent = Loaded<queries.EventRow>;
/** What a coordinator or an admin may do to an event. */
export type EventAction = 'edit' | 'delete' | 'attendees';

/** "24 Nov 2026, 2:30 pm" in the institute's time zone (notification texts). */
function localWhen(ctx: ServiceContext, at: Date): string {
  return new Intl.DateTimeFormat('en-IN', {
    timeZone: ctx.config.institute.timezone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(at);
}

/** The event `row` (already checked visible) in the API shape for `viewer`. */
async function show(ctx: ServiceContext, viewer: SessionUser, id: string): Promise<CampusEvent> {
  const found = await queries.eventWithClub(ctx.db, id);
  if (!found) throw notFound(EVENT_MESSAGES.notFound);
  const [api] = await queries.toApiEvents(ctx, viewer, [found]);
  return api!;
}

/** GET /api/events/{id}: one event `viewer` may see; 404 when unknown or hidden (but to its poster and admins). */
export async function getEvent(ctx: ServiceContext, viewer: SessionUser, id: string): Promise<CampusEvent> {
  await eventKind.loadVisible(ctx, viewer, id);
  return show(ctx, viewer, id);
}

/**
 * Loads an event `viewer` may change by `action`: 404 when not visible, 403 unless an admin or a
 * coordinator of its club. The only source of `Changeable<LoadedEvent, action>`.
 */
export async function getChangeableEvent<A extends EventAction>(
  ctx: ServiceContext,
  viewer: SessionUser,
  id: string,
  _action: A,
): Promise<Changeable<LoadedEvent, A>> {
  const loaded = await eventKind.loadVisible(ctx, viewer, id);
  if (!isAdmin(viewer) && !(await queries.isCoordinatorOf(ctx.db, viewer.id, loaded.row.clubId)))
    throw forbidden(EVENT_MESSAGES.forbidden);
  return loaded as Changeable<LoadedEvent, A>;
}

/**
 * Refuses (403) a student who coordinates no club: who may not post at all is told before the
 * form is read (docs/architecture.md "Authorization by construction", the status order).
 */
export async function assertMayPost(ctx: ServiceContext, viewer: SessionUser): Promise<void> {
  if (isAdmin(viewer)) return;
  if (!(await queries.coordinatedClubIds(ctx.db, viewer.id)).size) throw forbidden(EVENT_MESSAGES.notCoordinator);
}

/**
 * POST /api/events: posts an event of club `body.clubId` (400 when unknown; 403 unless the caller
 * coordinates it or is an admin) with its poster, and tells the club's followers (bell and push,
 * `events`) — one transaction.
 */
export async function createEvent(
  ctx: ServiceContext,
  user: SessionUser,
  body: CreateEventBody,
  image: ProcessedFile | null,
): Promise<CampusEvent> {
  const [club] = await ctx.db.select().from(clubs).where(eq(clubs.id, body.clubId));
  if (!club) throw validationError({ clubId: EVENT_MESSAGES.clubRequired });
  if (!isAdmin(user) && !(await queries.isCoordinatorOf(ctx.db, user.id, club.id)))
    throw forbidden(EVENT_MESSAGES.notCoordinator);
  const id = await ctx.db.transaction(async (tx) => {
    const imageFileId = image ? await putFile(tx, user.id, image) : null;
    const [row] = await tx
      .insert(events)
      .values({
        userId: user.id,
        imageFileId,
        clubId: club.id,
        title: body.title,
        startsAt: new Date(body.startsAt),
        endsAt: new Date(body.endsAt),
        venue: body.venue,
        description: body.description ?? '',
        registrationUrl: body.registrationUrl ?? null,
        capacity: body.capacity ?? null,
      })
      .returning();
    const message = EVENT_MESSAGES.noticeNew(club.name, row!.title, localWhen(ctx, row!.startsAt));
    for (const follower of await queries.followerIds(tx, club.id)) {
      if (follower === user.id) continue;
      await notify({ ...ctx, db: tx }, follower, { message, type: 'event', link: eventPath(row!.id), push: 'events' });
    }
    await publishChanges(tx, [{ type: 'event', id: row!.id }]);
    return row!.id;
  });
  ctx.events.emit('event-feed-changed', 'event');
  return show(ctx, user, id);
}

/**
 * PATCH /api/events/{id}: partial update of a checked event. The end must stay after the start
 * (400); capacity may not go below the students going (400, checked by the UPDATE itself against
 * a concurrent Going); `cancelled=true` cancels it and tells everyone who answered, `false` takes
 * the cancellation back. A new poster replaces the old one. One transaction.
 */
export async function updateEvent(
  ctx: ServiceContext,
  viewer: SessionUser,
  loaded: Changeable<LoadedEvent, 'edit'>,
  body: UpdateEventBody,
  image: ProcessedFile | null,
): Promise<CampusEvent> {
  const { row } = loaded;
  const startsAt = body.startsAt ? new Date(body.startsAt) : row.startsAt;
  const endsAt = body.endsAt ? new Date(body.endsAt) : row.endsAt;
  if (endsAt.getTime() <= startsAt.getTime())
    throw validationError({ [body.endsAt ? 'endsAt' : 'startsAt']: EVENT_MESSAGES.endBeforeStart });
  const capacity = body.remove_capacity ? null : body.capacity;
  const cancelling = body.cancelled === true && !row.cancelledAt;
  await ctx.db.transaction(async (tx) => {
    const imageFileId = image ? await putFile(tx, row.userId, image) : body.remove_image ? null : undefined;
    const set: Partial<typeof events.$inferInsert> = {
      title: body.title,
      startsAt: body.startsAt ? startsAt : undefined,
      endsAt: body.endsAt ? endsAt : undefined,
      venue: body.venue,
      description: body.description,
      registrationUrl: body.remove_url ? null : body.registrationUrl,
      capacity,
      imageFileId,
      cancelledAt: body.cancelled === undefined ? undefined : body.cancelled ? (row.cancelledAt ?? new Date()) : null,
    };
    const changes = Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined));
    if (!Object.keys(changes).length) return;
    const fits: SQL | undefined = typeof capacity === 'number' ? sql`${events.goingCount} <= ${capacity}` : undefined;
    const [updated] = await tx
      .update(events)
      .set(changes)
      .where(and(eq(events.id, row.id), fits))
      .returning();
    if (!updated) {
      const [now] = await tx.select({ going: events.goingCount }).from(events).where(eq(events.id, row.id));
      throw validationError({ capacity: EVENT_MESSAGES.capacityBelowGoing(now?.going ?? 0) });
    }
    if (imageFileId !== undefined) await deleteFiles(tx, [row.imageFileId]);
    if (cancelling) {
      const message = EVENT_MESSAGES.noticeCancelled(updated.title, localWhen(ctx, updated.startsAt));
      for (const userId of await queries.answeredIds(tx, row.id))
        await notify({ ...ctx, db: tx }, userId, { message, type: 'alert', link: eventPath(row.id), push: 'events' });
    }
    await publishChanges(tx, [{ type: 'event', id: row.id }]);
  });
  ctx.events.emit('event-feed-changed', 'event');
  return show(ctx, viewer, row.id);
}

/**
 * DELETE /api/events/{id}: deletes a checked event, its answers and poster; everyone who answered
 * an event not yet over nor cancelled is told it is off. One transaction.
 */
export async function deleteEvent(
  ctx: ServiceContext,
  _viewer: SessionUser,
  loaded: Changeable<LoadedEvent, 'delete'>,
): Promise<void> {
  const { row } = loaded;
  await ctx.db.transaction(async (tx) => {
    const tell = row.endsAt.getTime() > Date.now() && !row.cancelledAt ? await queries.answeredIds(tx, row.id) : [];
    await tx.delete(events).where(eq(events.id, row.id));
    await deleteFiles(tx, [row.imageFileId]);
    const message = EVENT_MESSAGES.noticeCancelled(row.title, localWhen(ctx, row.startsAt));
    for (const userId of tell)
      await notify({ ...ctx, db: tx }, userId, { message, type: 'alert', link: '/events', push: 'events' });
    await publishChanges(tx, [{ type: 'event', id: row.id }]);
  });
  ctx.events.emit('event-feed-changed', 'event');
}

/**
 * PUT /api/events/{id}/rsvp: `user`'s answer becomes `status`. In ONE transaction: lock the
 * event's row; refuse a cancelled (409) or finished (409) event; then move the counts — a new Going
 * only where `capacity` is null or `going_count < capacity` (409 "This event is full." otherwise) —
 * and store or delete the answer; an answer inside the reminder window is reminded at once
 * (`events.reminders.ts`). Returns the event with its new counts.
 */
export async function rsvp(
  ctx: ServiceContext,
  user: SessionUser,
  id: string,
  status: RsvpStatus,
): Promise<CampusEvent> {
  await eventKind.loadVisible(ctx, user, id);
  await ctx.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(events).where(eq(events.id, id)).for('update');
    if (!locked) refuse(404, EVENT_MESSAGES.notFound);
    const [mine] = await tx
      .select({ status: eventRsvps.status })
      .from(eventRsvps)
      .where(and(eq(eventRsvps.eventId, id), eq(eventRsvps.userId, user.id)));
    const before: RsvpStatus = mine?.status ?? 'none';
    if (before === status) return;
    if (status !== 'none') {
      if (locked.cancelledAt) refuse(409, EVENT_MESSAGES.cancelledEvent);
      if (locked.endsAt.getTime() <= Date.now()) refuse(409, EVENT_MESSAGES.over);
    }
    const delta = (s: RsvpStatus) => (status === s ? 1 : 0) - (before === s ? 1 : 0);
    const [moved] = await tx
      .update(events)
      .set({
        goingCount: sql`${events.goingCount} + ${delta('going')}`,
        interestedCount: sql`${events.interestedCount} + ${delta('interested')}`,
      })
      .where(
        and(
          eq(events.id, id),
          status === 'going' ? or(isNull(events.capacity), lt(events.goingCount, events.capacity)) : undefined,
        ),
      )
      .returning({ id: events.id });
    if (!moved) refuse(409, EVENT_MESSAGES.full);
    if (status === 'none') {
      await tx.delete(eventRsvps).where(and(eq(eventRsvps.eventId, id), eq(eventRsvps.userId, user.id)));
    } else {
      await tx
        .insert(eventRsvps)
        .values({ eventId: id, userId: user.id, status })
        .onConflictDoUpdate({
          target: [eventRsvps.eventId, eventRsvps.userId],
          set: { status, updatedAt: new Date() },
        });
      await remindNow(ctx, tx, user.id, id);
    }
    await publishChanges(tx, [{ type: 'event', id }]);
  });
  ctx.events.emit('event-feed-changed', 'event');
  return show(ctx, user, id);
}

/** GET /api/events/{id}/going: the students going to a checked event, by name. */
export async function attendees(
  ctx: ServiceContext,
  loaded: Changeable<LoadedEvent, 'attendees'>,
): Promise<Attendee[]> {
  return queries.goingList(ctx.db, loaded.row.id);
}

/**
 * The feed's page for `q` as every viewer sees it (`events.cache.ts`), read at one instant: the
 * window's rows (`feedRows`: by the indexes that serve the tab's order), the capped total
 * (`listPage`; the count joins the clubs only for a club or category filter) and the instant the
 * page stops holding — the next end of any event or the institute's midnight. With `viewerId`, the
 * page without the events of students who have a block with them (docs/privacy.md "Block").
 */
async function sharedPage(ctx: ServiceContext, q: ListEventsQuery, viewerId: string | null): Promise<FilledPage> {
  const at = new Date();
  const found = await listPage(
    ctx.db,
    { ...q, search: q.q },
    {
      from: events,
      joins: queries.feedNeedsClubs(q) ? [[clubs, eq(clubs.id, events.clubId)]] : undefined,
      where: and(queries.feedTab(q.when, at), ...queries.feedFilters(ctx.db, q, viewerId)),
      rows: (window) => queries.feedRows(ctx.db, q, window, at, viewerId),
    },
  );
  const bounds = queries.groupBounds(ctx.config.institute.timezone, at);
  const [shared, nextEnd] = await Promise.all([
    queries.sharedEvents(ctx, found.items, bounds),
    queries.nextEventEnd(ctx.db, at),
  ]);
  const page: SharedPage = {
    fragments: shared.map((e) => JSON.stringify(e).slice(0, -1)),
    ids: shared.map((e) => e.id),
    clubIds: shared.map((e) => e.club.id),
    total: found.total,
    ...(found.totalCapped && { totalCapped: true as const }),
    ...(!viewerId && { answers: keptAnswers() }),
  };
  return { page, until: Math.min(nextEnd?.getTime() ?? Infinity, bounds.tomorrow) };
}

/** The feed's answer: its `data` made on demand (not when the viewer's compressed answer is kept), its total and `kept`. */
export type FeedAnswer = Omit<PageText, 'items'> & {
  items: () => JsonText;
  kept?: { answers: KeptAnswers; key: string };
};

/**
 * GET /api/events: the feed — upcoming (not yet over, soonest first) or past (latest first) events
 * that are visible, filtered by club slug, category and words, paged with `listPage`, as JSON text
 * (`sendPageText`). The page every viewer sees alike comes from `feed` (filled on a miss); the
 * viewer's answers, the clubs they coordinate and whether a block involves them are one statement,
 * kept with the page (`FeedCache.viewerState`).
 * A viewer with a block reads the feed without the cache, without the blocked students' events.
 * `kept`: where the cached page keeps its compressed answers, and this viewer's key among them
 * (`sendPageText`); `items` is made only when that answer is not kept.
 */
export async function listEvents(
  ctx: ServiceContext,
  viewer: SessionUser,
  q: ListEventsQuery,
  feed: FeedCache,
): Promise<FeedAnswer> {
  const key = feedKey(q);
  const shared = await feed.get(key, async () => sharedPage(ctx, q, null));
  let page = shared;
  let state = await feed.viewerState(key, viewer.id, shared, () => queries.viewerState(ctx.db, viewer.id, shared.ids));
  if (state.blocks) {
    page = (await sharedPage(ctx, q, viewer.id)).page;
    state = await queries.viewerState(ctx.db, viewer.id, page.ids);
  }
  const admin = isAdmin(viewer);
  return {
    items: () => pageText(page, state, admin),
    total: page.total,
    ...(page.totalCapped && { totalCapped: true as const }),
    ...(page.answers && { kept: { answers: page.answers, key: viewerKey(page, state, admin) } }),
  };
}
