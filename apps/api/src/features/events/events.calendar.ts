/**
 * iCalendar files of events (docs/architecture.md "Features in detail", Events and clubs;
 * docs/decisions/0701-icalendar-feeds.md): one event's `.ics`, and each student's private feed of
 * the events they answered Going or Interested, at a secret URL that rotation replaces (the old
 * URL then answers 404), with two options: their timetable classes (from the attendance service)
 * and the rides they joined (from the rides service). Built with ical-generator: times in UTC
 * (`DTSTART:…Z`, an instant every calendar shows in its own zone), a stable `UID` per entry
 * (`<event id>@<app host>`, `class-<subject>-<date>-<start>@…`, `ride-<ride id>@…`), and
 * `STATUS:CANCELLED` for a cancelled event.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import ical, { ICalEventStatus, type ICalCalendar } from 'ical-generator';
import { eventPath, type CalendarFeed, type CalendarFeedOptionsBody } from '@campus/contract/events';
import { rideRoute } from '@campus/contract/rides-ui';
import { calendarFeeds, eventRsvps, events } from '../../db/schema/events.ts';
import { users } from '../../db/schema/users.ts';
import type { SessionUser } from '../../lib/auth.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { addDays, todayIn, withZoneOffset } from '../../lib/dates.ts';
import { notFound } from '../../lib/errors.ts';
import { classesBetween } from '../attendance/attendance.service.ts';
import { joinedRidesSince } from '../rides/rides.service.ts';
import { eventKind } from './events.kind.ts';
import * as queries from './events.queries.ts';

/** The 404 of an unknown or rotated feed token. */
export const FEED_NOT_FOUND = 'Calendar feed not found.';
/** How long calendar apps may keep a fetched feed before asking again. */
const FEED_TTL_SECONDS = 3600;
/** How many days ahead the feed lists timetable classes. */
const CLASS_DAYS_AHEAD = 120;

/** An event as a calendar needs it. */
type CalendarEntry = queries.EventWithClub;

/** The host the entries' UIDs end with. */
const uidHost = (ctx: ServiceContext) => new URL(ctx.config.appUrl).host;

/** A calendar of `entries`, named `name`. */
function calendarOf(ctx: ServiceContext, name: string, entries: CalendarEntry[]): ICalCalendar {
  const host = uidHost(ctx);
  const cal = ical({ name, prodId: { company: 'Campus Companion', product: 'events' }, ttl: FEED_TTL_SECONDS });
  for (const { row, club } of entries) {
    cal.createEvent({
      id: `${row.id}@${host}`,
      start: row.startsAt,
      end: row.endsAt,
      stamp: row.updatedAt,
      lastModified: row.updatedAt,
      summary: row.title,
      location: row.venue,
      description: [club.name, row.description].filter(Boolean).join('\n\n'),
      url: `${ctx.config.appUrl}${eventPath(row.id)}`,
      status: row.cancelledAt ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return cal;
}

/** An institute date and `HH:mm` time as an instant. */
function instantIn(ctx: ServiceContext, date: string, time: string): Date {
  return new Date(withZoneOffset(`${date}T${time}`, ctx.config.institute.timezone) as string);
}

/** Adds the timetable classes of `owner` from today to {@link CLASS_DAYS_AHEAD} days ahead. */
async function addClasses(ctx: ServiceContext, cal: ICalCalendar, owner: FeedOwner): Promise<void> {
  const host = uidHost(ctx);
  const today = todayIn(ctx.config.institute.timezone);
  const classes = await classesBetween(ctx, owner.id, owner, today, addDays(today, CLASS_DAYS_AHEAD));
  for (const c of classes) {
    cal.createEvent({
      id: `class-${c.subjectId}-${c.date}-${c.start.replace(':', '')}${c.extra ? '-extra' : ''}@${host}`,
      start: instantIn(ctx, c.date, c.start),
      end: instantIn(ctx, c.date, c.end),
      summary: `${c.code} ${c.name}`,
      location: c.room,
      status: ICalEventStatus.CONFIRMED,
    });
  }
}

/** Adds the rides `owner` joined that depart from 90 days back (each at its departure; rides have no end). */
async function addRides(ctx: ServiceContext, cal: ICalCalendar, owner: FeedOwner): Promise<void> {
  const host = uidHost(ctx);
  for (const r of await joinedRidesSince(ctx, owner.id, new Date(Date.now() - 90 * 86_400_000))) {
    cal.createEvent({
      id: `ride-${r.id}@${host}`,
      start: r.departureAt,
      stamp: r.updatedAt,
      lastModified: r.updatedAt,
      summary: `Ride: ${rideRoute(r)}`,
      location: r.pickupLocation,
      url: `${ctx.config.appUrl}/rides/${r.id}`,
      status: ICalEventStatus.CONFIRMED,
    });
  }
}

/** GET /api/events/{id}/ics: the one event `viewer` may see, as an `.ics` file (404 as the event). */
export async function eventIcs(ctx: ServiceContext, viewer: SessionUser, id: string): Promise<string> {
  await eventKind.loadVisible(ctx, viewer, id);
  const found = await queries.eventWithClub(ctx.db, id);
  if (!found) throw notFound(eventKind.messages.notFound);
  return calendarOf(ctx, found.row.title, [found]).toString();
}

/** The feed's URL for `token`. */
const feedUrl = (ctx: ServiceContext, token: string) => `${ctx.config.appUrl}/api/calendar/${token}.ics`;
/** A fresh feed token: 32 random bytes, base64url. */
const newToken = () => randomBytes(32).toString('base64url');

/** A stored feed in the API shape. */
const toFeed = (ctx: ServiceContext, row: typeof calendarFeeds.$inferSelect): CalendarFeed => ({
  url: feedUrl(ctx, row.token),
  includeClasses: row.includeClasses,
  includeRides: row.includeRides,
});

/** GET /api/calendar/feed: `user`'s feed URL and options, made on first use. */
export async function feedOf(ctx: ServiceContext, user: SessionUser): Promise<CalendarFeed> {
  await ctx.db.insert(calendarFeeds).values({ userId: user.id, token: newToken() }).onConflictDoNothing();
  const [feed] = await ctx.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, user.id));
  return toFeed(ctx, feed!);
}

/**
 * PATCH /api/calendar/feed: sets `user`'s feed options (those sent; the others stay), making the
 * feed on first use. The URL stays.
 */
export async function setFeedOptions(
  ctx: ServiceContext,
  user: SessionUser,
  body: CalendarFeedOptionsBody,
): Promise<CalendarFeed> {
  const set = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
  const [feed] = await ctx.db
    .insert(calendarFeeds)
    .values({ userId: user.id, token: newToken(), ...set })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { ...set, updatedAt: new Date() } })
    .returning();
  return toFeed(ctx, feed!);
}

/** POST /api/calendar/feed/rotate: replaces `user`'s token (options kept); the old URL answers 404 from now on. */
export async function rotateFeed(ctx: ServiceContext, user: SessionUser): Promise<CalendarFeed> {
  const token = newToken();
  const [feed] = await ctx.db
    .insert(calendarFeeds)
    .values({ userId: user.id, token })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token, updatedAt: new Date() } })
    .returning();
  return toFeed(ctx, feed!);
}

/** The student a feed token belongs to, with the feed's options. */
type FeedOwner = {
  id: string;
  branch: string | null;
  semester: string | null;
  includeClasses: boolean;
  includeRides: boolean;
};

/**
 * GET /api/calendar/{token}.ics: the feed of the student whose token it is — the events they
 * answered Going or Interested that are visible (cancelled ones marked), and, when its options
 * say so, their timetable classes and the rides they joined. 404 for an unknown or rotated token,
 * or a deactivated student.
 */
export async function feedIcs(ctx: ServiceContext, file: string): Promise<string> {
  const token = file.endsWith('.ics') ? file.slice(0, -4) : '';
  if (!token || token.length > 100) throw notFound(FEED_NOT_FOUND);
  const [owner]: FeedOwner[] = await ctx.db
    .select({
      id: users.id,
      branch: users.branch,
      semester: users.semester,
      includeClasses: calendarFeeds.includeClasses,
      includeRides: calendarFeeds.includeRides,
    })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(and(eq(calendarFeeds.token, token), isNull(users.deactivatedAt)));
  if (!owner) throw notFound(FEED_NOT_FOUND);
  const mine = ctx.db.select({ id: eventRsvps.eventId }).from(eventRsvps).where(eq(eventRsvps.userId, owner.id));
  const entries = await queries
    .eventsWithClub(ctx.db)
    .where(and(inArray(events.id, mine), eventKind.visible(ctx.db), sql`${events.endsAt} > now() - interval '90 days'`))
    .orderBy(events.startsAt);
  const cal = calendarOf(ctx, 'Campus events', entries);
  if (owner.includeClasses) await addClasses(ctx, cal, owner);
  if (owner.includeRides) await addRides(ctx, cal, owner);
  return cal.toString();
}
