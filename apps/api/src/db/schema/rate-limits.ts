/**
 * Fixed-window counters shared by every API instance (docs/design.md §1, §5): per-account limits such as
 * failed logins per hour live here so that scaling out does not multiply them.
 */
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns.ts';

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: tstz('window_start').notNull(),
  count: integer('count').notNull(),
});
