/**
 * Events as a record kind (lib/record-kinds.ts; docs/architecture.md "Record kinds and their
 * capabilities"): named by their title, soonest first, reported as `event`, searched in title,
 * venue and description; the feed and campus search show the ones not yet over and not cancelled.
 * The events service builds its records on it; search, reports and file access read it from
 * `src/record-kinds.ts`.
 */
import { and, gt, isNull, sql } from 'drizzle-orm';
import { EVENT_MESSAGES } from '@campus/contract/events';
import { events } from '../../db/schema/events.ts';
import { recordKind } from '../../lib/record-kinds.ts';
import { notify } from '../notifications/notifications.service.ts';

/** The events' kind of record. */
export const eventKind = recordKind({
  kind: 'event',
  table: events,
  titleColumns: { title: events.title },
  title: (e) => e.title,
  time: events.startsAt,
  order: 'soonest',
  messages: EVENT_MESSAGES,
  notify,
  browse: (t) => and(gt(t.endsAt, sql`now()`), isNull(t.cancelledAt))!,
  search: {
    fields: [events.title, events.venue, events.description],
    ranked: [events.title],
    shown: { description: events.description, venue: events.venue },
    snippet: (hit) => [hit.description, hit.venue],
  },
});
