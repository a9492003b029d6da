/**
 * iCalendar files of events (docs/architecture.md "Features in detail", Events and clubs;
 * docs/decisions/0701-icalendar-feeds.md): one event's `.ics`, and each student's private feed of
 * the events they answered Going or Interested, at a secret URL that rotation replaces (the old
 * URL then answers 404). Built with ical-generator: times in UTC (`DTSTART:…Z`, an instant every
 * calendar shows in its own zone), a stable `UID` per event (`<event id>@<app host>`), and
 * `STATUS:CANCELLED` for a cancelled event.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import ical, { ICalEventStatus } from 'ical-generator';
import { eventPath } from '@campus/contract/events';
import { calendarFeeds, eventRsvps, events } from '../../db/schema/events.ts';
import { users } from '../../db/schema/users.ts';
import type { SessionUser } from '../../lib/auth.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { eventKind } from './events.kind.ts';
import * as queries from './events.queries.ts';

/** The 404 of an unknown or rotated feed token. */
export const FEED_NOT_FOUND = 'Calendar feed not found.';
/** How long calendar apps may keep a fetched feed before asking again. */
const FEED_TTL_SECONDS = 3600;

/** An event as a calendar needs it. */
type CalendarEntry = queries.EventWithClub;

/** The `.ics` text of `entries`, named `name`. */
function calendarOf(ctx: ServiceContext, name: string, entries: CalendarEntry[]): string {
  const host = new URL(ctx.config.appUrl).host;
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
  return cal.toString();
}

/** GET /api/events/{id}/ics: the one event `viewer` may see, as an `.ics` file (404 as the event). */
export async function eventIcs(ctx: ServiceContext, viewer: SessionUser, id: string): Promise<string> {
  await eventKind.loadVisible(ctx, viewer, id);
  const found = await queries.eventWithClub(ctx.db, id);
  if (!found) throw notFound(eventKind.messages.notFound);
  return calendarOf(ctx, found.row.title, [found]);
}

/** The feed's URL for `token`. */
const feedUrl = (ctx: ServiceContext, token: string) => `${ctx.config.appUrl}/api/calendar/${token}.ics`;
/** A fresh feed token: 32 random bytes, base64url. */
const newToken = () => randomBytes(32).toString('base64url');

/** GET /api/calendar/feed: `user`'s feed URL, made on first use. */
export async function feedOf(ctx: ServiceContext, user: SessionUser): Promise<{ url: string }> {
  await ctx.db.insert(calendarFeeds).values({ userId: user.id, token: newToken() }).onConflictDoNothing();
  const [feed] = await ctx.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, user.id));
  return { url: feedUrl(ctx, feed!.token) };
}

/** POST /api/calendar/feed/rotate: replaces `user`'s token; the old URL answers 404 from now on. */
export async function rotateFeed(ctx: ServiceContext, user: SessionUser): Promise<{ url: string }> {
  const token = newToken();
  await ctx.db
    .insert(calendarFeeds)
    .values({ userId: user.id, token })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token, updatedAt: new Date() } });
  return { url: feedUrl(ctx, token) };
}

/**
 * GET /api/calendar/{token}.ics: the feed of the student whose token it is — the events they
 * answered Going or Interested that are visible (cancelled ones marked). 404 for an unknown or
 * rotated token, or a deactivated student.
 */
export async function feedIcs(ctx: ServiceContext, file: string): Promise<string> {
  const token = file.endsWith('.ics') ? file.slice(0, -4) : '';
  if (!token || token.length > 100) throw notFound(FEED_NOT_FOUND);
  const [owner] = await ctx.db
    .select({ id: users.id })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(and(eq(calendarFeeds.token, token), isNull(users.deactivatedAt)));
  if (!owner) throw notFound(FEED_NOT_FOUND);
  const mine = ctx.db.select({ id: eventRsvps.eventId }).from(eventRsvps).where(eq(eventRsvps.userId, owner.id));
  const entries = await queries
    .eventsWithClub(ctx.db)
    .where(and(inArray(events.id, mine), eventKind.visible(ctx.db), sql`${events.endsAt} > now() - interval '90 days'`))
    .orderBy(events.startsAt);
  return calendarOf(ctx, 'Campus events', entries);
}
