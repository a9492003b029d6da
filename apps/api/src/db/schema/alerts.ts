/**
 * Saved alerts (docs/alerts.md). An alert keeps its list's filters twice: as given (`filters`, for
 * its name and for opening the list again) and as the columns the match statement reads — the
 * search words as `simple`-configuration lexemes (`words`, matched against a record's
 * `search_vector`), category, price bounds (₹), the ride window and seats. The GIN index on
 * `words` finds the alerts sharing a word with a new record; the partial index on
 * `(kind, category)` the alerts without words. `alert_matches` records each alert's matches once
 * (its key makes a match never notify twice; its time serves the daily cap and the e-mail digest);
 * `alert_outbox` queues records that became visible, in their own transaction (lib/outbox.ts).
 */
import { ALERT_KINDS } from '@campus/contract/alerts';
import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { idColumn, timestamps, tstz } from './columns.ts';
import { notifications } from './notifications.ts';
import { users } from './users.ts';

export const alerts = pgTable(
  'alerts',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ALERT_KINDS }).notNull(),
    name: text('name').notNull(),
    /** The filters as saved (contract `StoredAlertFilters`). */
    filters: jsonb('filters').$type<Record<string, string | number>>().notNull(),
    /** Lexemes of the search words (`simple` configuration); every one must be in the record's. */
    words: text('words')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    category: text('category'),
    /** ₹, inclusive; marketplace price or ride cost. */
    minPrice: integer('min_price'),
    maxPrice: integer('max_price'),
    /** Rides: departure at or after / before these instants. */
    departsFrom: tstz('departs_from'),
    departsBefore: tstz('departs_before'),
    direction: text('direction'),
    minSeats: integer('min_seats'),
    /** Lost & found: true = found reports, false = lost reports, null = both. */
    isFound: boolean('is_found'),
    pausedAt: tstz('paused_at'),
    emailDigest: boolean('email_digest').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('alerts_user_created_idx').on(t.userId, t.createdAt),
    index('alerts_words_idx')
      .using('gin', t.words)
      .where(sql`${t.pausedAt} IS NULL`),
    index('alerts_wordless_idx')
      .on(t.kind, t.category)
      .where(sql`${t.pausedAt} IS NULL AND ${t.words} = '{}'::text[]`),
  ],
);

export const alertMatches = pgTable(
  'alert_matches',
  {
    alertId: uuid('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    recordId: uuid('record_id').notNull(),
    notificationId: uuid('notification_id').references(() => notifications.id, { onDelete: 'set null' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
    /** Set once the match went out in a daily e-mail digest. */
    digestedAt: tstz('digested_at'),
  },
  (t) => [
    primaryKey({ columns: [t.alertId, t.recordId] }),
    index('alert_matches_alert_created_idx').on(t.alertId, t.createdAt),
    index('alert_matches_undigested_idx')
      .on(t.createdAt)
      .where(sql`${t.digestedAt} IS NULL`),
  ],
);

export const alertOutbox = pgTable('alert_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** The record kind's campus-search group (`marketplace`, `lost-found`, `rides`). */
  kind: text('kind', { enum: ALERT_KINDS }).notNull(),
  recordId: uuid('record_id').notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

/** The last daily digest mail each student got (at most one a day, docs/alerts.md). */
export const alertDigests = pgTable('alert_digests', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sentAt: tstz('sent_at').notNull(),
});
