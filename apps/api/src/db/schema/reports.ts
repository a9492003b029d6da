/**
 * Reports and moderation. A moderation case is the one entry per reported
 * target an administrator works (a partial unique index keeps one pending case per target); each
 * report is one student's report on it (a partial unique index keeps one open report per reporter
 * and target: a second answers 409); each administrator action is an audit row (who, when, what,
 * note). The reported item itself carries `hidden_at` (marketplace, lost & found, rides). Erasing an
 * account keeps its reports and audit rows without it (`reporter_id`, `admin_id` set null; shown as
 * "a deleted account", docs/privacy.md).
 */
import {
  CASE_STATES,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGET_TYPES,
  RESOLVE_ACTIONS,
} from '@campus/contract/reports';
import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, tstz } from './columns.ts';
import { users } from './users.ts';

/** One entry per reported target: its owner, state and when it was last reported. */
export const moderationCases = pgTable(
  'moderation_cases',
  {
    id: idColumn(),
    targetType: text('target_type', { enum: REPORT_TARGET_TYPES }).notNull(),
    /** The reported record's id (a user's id for `user`); no foreign key: it spans four tables. */
    targetId: uuid('target_id').notNull(),
    /** Whose content it is (the user for `user`). */
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state', { enum: CASE_STATES }).notNull().default('open'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    lastReportAt: tstz('last_report_at').notNull().defaultNow(),
    resolvedAt: tstz('resolved_at'),
  },
  (t) => [
    uniqueIndex('moderation_cases_pending_target_idx')
      .on(t.targetType, t.targetId)
      .where(sql`${t.state} in ('open', 'hidden')`),
    index('moderation_cases_state_last_idx').on(t.state, t.lastReportAt.desc(), t.id.desc()),
  ],
);

/** One student's report on a case; open until the case is resolved. */
export const reports = pgTable(
  'reports',
  {
    id: idColumn(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => moderationCases.id, { onDelete: 'cascade' }),
    /** Who filed it; null once their account was erased (the report stays, from "a deleted account"). */
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    targetType: text('target_type', { enum: REPORT_TARGET_TYPES }).notNull(),
    targetId: uuid('target_id').notNull(),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    details: text('details'),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reports_open_reporter_target_idx')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
    index('reports_case_idx').on(t.caseId, t.createdAt),
  ],
);

/** The audit trail: one row per administrator action on a case. */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: idColumn(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => moderationCases.id, { onDelete: 'cascade' }),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: RESOLVE_ACTIONS }).notNull(),
    note: text('note'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('moderation_actions_case_idx').on(t.caseId, t.createdAt)],
);
