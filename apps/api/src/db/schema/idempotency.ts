/**
 * Idempotency keys (docs/design.md §9; IETF HTTP Idempotency-Key draft): the first answer
 * to a creating write sent with an `Idempotency-Key`, kept 24 h per user and key so a repeat gets the
 * same answer instead of a second record. A row without `status` is a request still in progress.
 */
import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { tstz } from './columns.ts';
import { users } from './users.ts';

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of method, path and body: a repeat must be the same request. */
    fingerprint: text('fingerprint').notNull(),
    /** The first answer's status; null while the first request runs. */
    status: integer('status'),
    contentType: text('content_type'),
    body: text('body'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_at_idx').on(t.createdAt)],
);
