/**
 * Notifications and admin sends (docs/product-spec.md §3, docs/design.md §7). A send records one admin action (a targeted
 * send or a broadcast); its notification rows point back to it (`send_id`) so deleting the send
 * recalls every copy (the service deletes them in the same transaction).
 */
import { NOTIFICATION_TYPES } from '@campus/contract/notifications';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { idColumn, tstz } from './columns.ts';
import { files } from './files.ts';
import { users } from './users.ts';

/** One admin send: message, type, file, target (null for a broadcast), recipient count. */
export const notificationSends = pgTable(
  'notification_sends',
  {
    id: idColumn(),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    link: text('link'),
    /** Attachment shared by every copy; deleted with the send. */
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    broadcast: boolean('broadcast').notNull().default(false),
    targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    recipientCount: integer('recipient_count').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('notification_sends_created_idx').on(t.createdAt.desc(), t.id.desc())],
);

/** Per-user notifications (docs/product-spec.md §3 fields plus `link`). */
export const notifications = pgTable(
  'notifications',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull().default('general'),
    link: text('link'),
    /**
     * Attachment: the send's file for a send's copies, else the row's own. No foreign key (a
     * broadcast copies it to every row; per-row FK checks dominated its cost): files are deleted
     * explicitly with their owner (the send, or the row when it has no send).
     */
    fileId: uuid('file_id'),
    isRead: boolean('is_read').notNull().default(false),
    /**
     * The admin send it belongs to (null for product events and a user's own notes). No foreign
     * key, for the same reason as `fileId`: recalling a send deletes its rows explicitly.
     */
    sendId: uuid('send_id'),
    /** Who wrote a user's own note (null for product events and send copies: the send names the sender). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`NOT ${t.isRead}`),
    index('notifications_send_idx').on(t.sendId),
    index('notifications_send_read_idx')
      .on(t.sendId)
      .where(sql`${t.isRead}`),
  ],
);
