/**
 * Lost and found reports (spec §3, issue 5): `is_found` (true = found, false = lost), the day it
 * was found or lost, a photo in `files`, and `is_returned`. Partial indexes serve the default list
 * (not returned, newest first, optionally by type or category); `user_id` serves the owner's view;
 * trigram (pg_trgm) GIN indexes serve the case-insensitive search in name, description and place.
 */
import { LOST_FOUND_CATEGORIES } from '@campus/contract/lost-found';
import { sql } from 'drizzle-orm';
import { boolean, date, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './columns.ts';
import { files } from './files.ts';
import { users } from './users.ts';

export const lostFoundItems = pgTable(
  'lost_found_items',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemName: text('item_name').notNull(),
    description: text('description'),
    locationFound: text('location_found').notNull(),
    ownerContact: text('owner_contact'),
    category: text('category', { enum: LOST_FOUND_CATEGORIES }).notNull(),
    imageFileId: uuid('image_file_id').references(() => files.id, { onDelete: 'set null' }),
    isFound: boolean('is_found').notNull().default(true),
    /** `yyyy-MM-dd` in the institute's time zone. */
    dateFound: date('date_found', { mode: 'string' }).notNull(),
    isReturned: boolean('is_returned').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('lost_found_items_open_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`NOT ${t.isReturned}`),
    index('lost_found_items_open_type_created_idx')
      .on(t.isFound, t.createdAt, t.id)
      .where(sql`NOT ${t.isReturned}`),
    index('lost_found_items_open_category_created_idx')
      .on(t.category, t.createdAt, t.id)
      .where(sql`NOT ${t.isReturned}`),
    index('lost_found_items_created_idx').on(t.createdAt, t.id),
    index('lost_found_items_user_created_idx').on(t.userId, t.createdAt),
    index('lost_found_items_name_trgm_idx').using('gin', t.itemName.op('gin_trgm_ops')),
    index('lost_found_items_description_trgm_idx').using('gin', t.description.op('gin_trgm_ops')),
    index('lost_found_items_location_trgm_idx').using('gin', t.locationFound.op('gin_trgm_ops')),
  ],
);
