/**
 * Data rights (docs/privacy.md): who blocked whom, the accounts closed and waiting for erasure, and
 * the audit trail of administrators closing and reactivating accounts.
 */
import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { idColumn, tstz } from './columns.ts';
import { users } from './users.ts';

/**
 * One row per student a student blocked (docs/privacy.md "Block"): `blockerId` no longer sees
 * `blockedId`'s records; `blockedId` can no longer reach `blockerId`. Neither is told.
 */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('user_blocks_blocked_idx').on(t.blockedId)],
);

/**
 * An account closed by its student or an administrator (docs/privacy.md "Delete my account"): hidden
 * at once, erased by the erasure job once `eraseAfter` has passed, unless kept before. The row goes
 * with the user.
 */
export const accountClosures = pgTable(
  'account_closures',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    closedAt: tstz('closed_at').notNull().defaultNow(),
    /** When the erasure job may erase the account (closing + ACCOUNT_DELETION_GRACE_DAYS). */
    eraseAfter: tstz('erase_after').notNull(),
    /** The administrator who closed it; null when the student did. */
    closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('account_closures_erase_after_idx').on(t.eraseAfter)],
);

/** What an administrator did to an account (`account_audit.action`). */
export const ACCOUNT_AUDIT_ACTIONS = ['close', 'reactivate'] as const;

/**
 * The audit trail of administrators closing an account, or keeping a closed one by reactivating it
 * (docs/privacy.md "Delete my account"): one row per action. It outlives both accounts without
 * their data: erasing either sets its id to null ("a deleted account").
 */
export const accountAudit = pgTable(
  'account_audit',
  {
    id: idColumn(),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: ACCOUNT_AUDIT_ACTIONS }).notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('account_audit_created_idx').on(t.createdAt)],
);
