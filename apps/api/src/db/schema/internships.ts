/**
 * The internship search cache: one row per normalised filter set (`key`), holding
 * the listings of the last scrape for 30 minutes, shared by every API instance. `complete` is true
 * when the scrape reached the source's last page (or the 3-page cap), so a cached row also serves a
 * larger `max_results` than it was fetched for.
 */
import { boolean, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { InternshipListing } from '@campus/contract/internships';
import { tstz } from './columns.ts';

export const internshipSearches = pgTable(
  'internship_searches',
  {
    /** JSON of the normalised filters (category, location, work from home, minimum stipend). */
    key: text('key').primaryKey(),
    /** Listings after our own filters, in the source's order. */
    results: jsonb('results').$type<InternshipListing[]>().notNull(),
    /** First listing URL requested. */
    source: text('source').notNull(),
    complete: boolean('complete').notNull(),
    fetchedAt: tstz('fetched_at').notNull(),
  },
  (t) => [index('internship_searches_fetched_at_idx').on(t.fetchedAt)],
);
