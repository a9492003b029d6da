/**
 * The columns every record a student owns and publishes has (listings, lost & found items, rides):
 * the id, the owner, a photo in `files`, the moderation marks, the full-text document and the
 * timestamps — what a record kind (`lib/record-kinds.ts` `KindTable`) reads. Declared once here;
 * each owned table spreads {@link ownedColumns} and adds its own fields (docs/architecture.md
 * "Building blocks").
 */
import { uuid } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { idColumn, timestamps, tstz, tsvector } from './columns.ts';
import { files } from './files.ts';
import { users } from './users.ts';

/**
 * The shared column builders of an owned table: `id`; `userId`, the owner — column `user_id`, or
 * `owner` (`creator_id` for rides, docs/architecture.md glossary "owner"), deleted with the user;
 * `imageFileId` (the photo, set null when its file goes); `hiddenAt` and `removedAt` (reports and
 * moderation); `searchVector`, the full-text document the database generates from `searchVector`
 * (campus search); `createdAt` and `updatedAt`.
 */
export function ownedColumns({
  owner = 'user_id',
  searchVector,
}: {
  owner?: 'user_id' | 'creator_id';
  searchVector: SQL;
}) {
  return {
    id: idColumn(),
    userId: uuid(owner)
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    imageFileId: uuid('image_file_id').references(() => files.id, { onDelete: 'set null' }),
    /**
     * Set while reports hide it pending review, and for good once an administrator removes it
     * (docs/architecture.md, reports and moderation): lists, search and deep links leave it out for
     * everyone but its owner and admins.
     */
    hiddenAt: tstz('hidden_at'),
    /** Set when an administrator removed it after reports; `hidden_at` stays set too. */
    removedAt: tstz('removed_at'),
    /** Full-text search document, kept by the database. */
    searchVector: tsvector('search_vector').notNull().generatedAlwaysAs(searchVector),
    ...timestamps,
  };
}
