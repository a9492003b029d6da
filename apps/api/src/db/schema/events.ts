/**
 * Events and clubs (docs/architecture.md "Features in detail", Events and clubs). `clubs` are made
 * by administrators; `club_coordinators` names the students who post for a club and
 * `club_follows` who follows it (one row per pair, unique). `events` are owned records (the poster
 * is `user_id`, `ownedColumns`: reports hide them, campus search reads `search_vector` — title
 * weight A, venue and description B). `going_count` and `interested_count` are kept by the RSVP
 * transaction under the event's row lock; a CHECK keeps Going within `capacity`, so no event is
 * ever over capacity. `event_rsvps` has one row per student and event (unique). Indexes serve the
 * feed (the events on now by their time range, the later ones by start, past ones by start
 * backwards, the capped count by end), a club's events, a student's RSVPs and follows, and search.
 * `calendar_feeds` holds each student's private feed token and its options; `club_audit` one row
 * per administrator's change to the clubs.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { CLUB_CATEGORIES } from '@campus/contract/events-ui';
import { files } from './files.ts';
import { idColumn, timestamps, tstz } from './columns.ts';
import { ownedColumns } from './owned-columns.ts';
import { users } from './users.ts';

export const clubs = pgTable(
  'clubs',
  {
    id: idColumn(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    category: text('category', { enum: CLUB_CATEGORIES }).notNull(),
    description: text('description').notNull().default(''),
    logoFileId: uuid('logo_file_id').references(() => files.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [unique('clubs_slug_unique').on(t.slug), index('clubs_category_name_idx').on(t.category, t.name)],
);

export const clubCoordinators = pgTable(
  'club_coordinators',
  {
    clubId: uuid('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.clubId, t.userId] }), index('club_coordinators_user_idx').on(t.userId)],
);

export const clubFollows = pgTable(
  'club_follows',
  {
    clubId: uuid('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clubId, t.userId] }), index('club_follows_user_idx').on(t.userId)],
);

export const events = pgTable(
  'events',
  {
    ...ownedColumns({
      searchVector: sql`setweight(to_tsvector('simple'::regconfig, "title"), 'A') || setweight(to_tsvector('simple'::regconfig, "venue" || ' ' || "description"), 'B')`,
    }),
    clubId: uuid('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    startsAt: tstz('starts_at').notNull(),
    endsAt: tstz('ends_at').notNull(),
    venue: text('venue').notNull(),
    description: text('description').notNull().default(''),
    registrationUrl: text('registration_url'),
    /** Null: no limit. */
    capacity: integer('capacity'),
    goingCount: integer('going_count').notNull().default(0),
    interestedCount: integer('interested_count').notNull().default(0),
    /** Set when a coordinator cancelled it; it stays in the feed, marked. */
    cancelledAt: tstz('cancelled_at'),
  },
  (t) => [
    check(
      'events_going_check',
      sql`${t.goingCount} >= 0 AND ${t.interestedCount} >= 0 AND (${t.capacity} IS NULL OR ${t.goingCount} <= ${t.capacity})`,
    ),
    check('events_times_check', sql`${t.endsAt} > ${t.startsAt}`),
    index('events_starts_idx').on(t.startsAt, t.id),
    index('events_ends_idx').on(t.endsAt, t.id),
    // The feed (events.queries.ts `feedRows`): the events on now — a range containing the instant —
    // so the upcoming tab never walks the past events at the front of `events_starts_idx`.
    index('events_span_idx').using('gist', sql`tstzrange(${t.startsAt}, ${t.endsAt})`),
    // The feed's capped count of visible upcoming or past events: an index-only scan by end.
    index('events_visible_ends_idx')
      .on(t.endsAt, t.userId)
      .where(sql`${t.hiddenAt} IS NULL`),
    index('events_club_starts_idx').on(t.clubId, t.startsAt),
    index('events_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    index('events_venue_trgm_idx').using('gin', t.venue.op('gin_trgm_ops')),
    index('events_description_trgm_idx').using('gin', t.description.op('gin_trgm_ops')),
    index('events_search_idx').using('gin', t.searchVector),
  ],
);

export const eventRsvps = pgTable(
  'event_rsvps',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['going', 'interested'] as const }).notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index('event_rsvps_user_idx').on(t.userId, t.status)],
);

/**
 * The reminders sent (docs/architecture.md "Features in detail", Events and clubs): a student's
 * reminder of an event is claimed by inserting its row — the primary key lets exactly one instance
 * win — in the transaction that sends it, so each student gets one reminder per event.
 */
export const eventReminders = pgTable(
  'event_reminders',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentAt: tstz('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] })],
);

/**
 * Each student's private calendar feed: the secret token of its URL (`/api/calendar/<token>.ics`),
 * replaced on rotation (the old URL then answers 404).
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    /** The feed's options: the student's timetable classes, and the rides they joined. */
    includeClasses: boolean('include_classes').notNull().default(false),
    includeRides: boolean('include_rides').notNull().default(false),
    ...timestamps,
  },
  (t) => [unique('calendar_feeds_token_unique').on(t.token)],
);

/** One row per administrator's change to the clubs (create, update, delete, coordinators, import). */
export const clubAudit = pgTable(
  'club_audit',
  {
    id: idColumn(),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    /** create | update | delete | coordinators | import. */
    action: text('action').notNull(),
    /** The club's slug, or the import's count. */
    subject: text('subject').notNull(),
    detail: jsonb('detail'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('club_audit_created_idx').on(t.createdAt)],
);
