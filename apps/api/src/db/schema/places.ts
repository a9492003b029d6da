/**
 * The places directory (docs/architecture.md "Features in detail": Places and the map): one row per
 * place, unique by slug; `search_text` is the name and aliases in lower case, written by the
 * service on every save, with a trigram index for the typo-tolerant search by name or alias; the
 * list's order (category, name) has its own index. `place_audit` keeps one row per administrator's
 * change (create, update, delete, import) with what changed.
 */
import { doublePrecision, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PLACE_CATEGORIES, type OpeningInterval } from '@campus/contract/places-ui';
import { idColumn, timestamps, tstz } from './columns.ts';
import { users } from './users.ts';

export const places = pgTable(
  'places',
  {
    id: idColumn(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    category: text('category', { enum: PLACE_CATEGORIES }).notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    aliases: text('aliases').array().notNull().default([]),
    description: text('description').notNull().default(''),
    /** Opening intervals `{ day, open, close }[]` in the institute's local time; `[]`: none listed. */
    hours: jsonb('hours').$type<OpeningInterval[]>().notNull().default([]),
    floor: text('floor'),
    /** Lower-case name and aliases, for the trigram search. */
    searchText: text('search_text').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('places_slug_idx').on(t.slug),
    index('places_category_name_idx').on(t.category, t.name),
    index('places_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

export const placeAudit = pgTable(
  'place_audit',
  {
    id: idColumn(),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    /** create | update | delete | import. */
    action: text('action').notNull(),
    /** The place's slug, or the import's count. */
    subject: text('subject').notNull(),
    detail: jsonb('detail'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('place_audit_created_idx').on(t.createdAt)],
);
