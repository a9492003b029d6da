/**
 * Marketplace listings (spec §3, issue 5): integer rupee prices, a photo in `files`, sold state and
 * a 60-day expiry. Partial indexes serve the browse query (unsold, newest/oldest or by price, with
 * or without a category); `user_id, created_at` serves "My listings"; trigram (pg_trgm) GIN indexes
 * serve the case-insensitive search in name and description.
 */
import { ITEM_CONDITIONS, MARKETPLACE_CATEGORIES } from '@campus/contract/marketplace';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { idColumn, timestamps, tstz } from './columns.ts';
import { files } from './files.ts';
import { users } from './users.ts';

export const marketplaceItems = pgTable(
  'marketplace_items',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemName: text('item_name').notNull(),
    /** Whole rupees ≥ 0. */
    price: integer('price').notNull(),
    category: text('category', { enum: MARKETPLACE_CATEGORIES }).notNull(),
    description: text('description').notNull(),
    itemCondition: text('item_condition', { enum: ITEM_CONDITIONS }).notNull(),
    ownerContact: text('owner_contact').notNull(),
    imageFileId: uuid('image_file_id').references(() => files.id, { onDelete: 'set null' }),
    isSold: boolean('is_sold').notNull().default(false),
    /** The listing leaves browse at this instant unless renewed (60 days after listing/renewal). */
    expiresAt: tstz('expires_at').notNull(),
    ...timestamps,
  },
  (t) => [
    index('marketplace_items_browse_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`NOT ${t.isSold}`),
    index('marketplace_items_browse_category_created_idx')
      .on(t.category, t.createdAt, t.id)
      .where(sql`NOT ${t.isSold}`),
    index('marketplace_items_browse_price_idx')
      .on(t.price, t.createdAt)
      .where(sql`NOT ${t.isSold}`),
    index('marketplace_items_browse_category_price_idx')
      .on(t.category, t.price, t.createdAt)
      .where(sql`NOT ${t.isSold}`),
    index('marketplace_items_user_created_idx').on(t.userId, t.createdAt),
    index('marketplace_items_name_trgm_idx').using('gin', t.itemName.op('gin_trgm_ops')),
    index('marketplace_items_description_trgm_idx').using('gin', t.description.op('gin_trgm_ops')),
  ],
);
