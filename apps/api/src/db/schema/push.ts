/**
 * Web Push (docs/decisions/0501-web-push.md; docs/design.md §7): one subscription per device, the
 * categories a student switched off, and the outbox of pushes to send after commit (drained by the
 * `push` outbox worker, lib/outbox.ts). The VAPID key pair, when the environment gives none, is the
 * `vapid` row of `app_secrets` (lib/tokens.ts).
 */
import { PUSH_CATEGORIES } from '@campus/contract/push';
import { bigserial, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { idColumn, tstz } from './columns.ts';
import { notifications } from './notifications.ts';
import { users } from './users.ts';

/** A browser's push subscription (its endpoint is unique: a device belongs to whoever subscribed it last). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    /** The browser's P-256 public key (base64url), for the payload's encryption (RFC 8291). */
    p256dh: text('p256dh').notNull(),
    /** The browser's 16-byte auth secret (base64url). */
    auth: text('auth').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    /** When a push last reached its push service (or it was subscribed again). */
    lastUsedAt: tstz('last_used_at').notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/** A category a student switched off (no row: on). */
export const pushOptOuts = pgTable(
  'push_opt_outs',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category', { enum: PUSH_CATEGORIES }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.category] })],
);

/**
 * Pushes to send: one row per notification, inserted in the notification's transaction (and by
 * the saved-alert match statement, category `alerts`); the worker deletes it in the transaction
 * that sends it.
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    category: text('category', { enum: PUSH_CATEGORIES }).notNull(),
  },
  // A recalled broadcast deletes its notifications: the cascade finds their rows by index.
  (t) => [index('push_outbox_notification_idx').on(t.notificationId)],
);
