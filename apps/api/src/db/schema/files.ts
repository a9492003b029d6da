/**
 * Stored files (docs/design.md §6): bytes live in Postgres behind the blob-store interface of
 * `lib/blob-store.ts`; each row is deleted together with the record that owns it.
 */
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { bytea, idColumn, tstz } from './columns.ts';

export const files = pgTable(
  'files',
  {
    id: idColumn(),
    /** Uploader; files outlive nothing: the owning record deletes them. */
    ownerId: uuid('owner_id'),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** SHA-256 hex of `bytes`, used as the ETag. */
    sha256: text('sha256').notNull(),
    bytes: bytea('bytes').notNull(),
    /** Small WebP thumbnail for images (null for PDFs). */
    thumbBytes: bytea('thumb_bytes'),
    width: integer('width'),
    height: integer('height'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('files_owner_idx').on(t.ownerId)],
);
