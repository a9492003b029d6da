/**
 * Who may read a stored file (docs/design.md §6): a file is served only to those who may
 * see the record it belongs to —
 * - an avatar: anyone signed in, while its user is not deactivated;
 * - the photo of a record of any kind (`src/record-kinds.ts`: marketplace item, lost & found report,
 *   ride): anyone signed in, while the record is visible (its owner is not deactivated, and it is
 *   not hidden after reports nor removed unless the viewer owns it — the same rules as the kinds'
 *   `loadVisible`);
 * - a notification attachment: the notification's recipients (a send's copies share the file);
 * - administrators: every file.
 * Anything else — an unknown id, a file whose record is gone or hidden, an attachment sent to
 * someone else — answers 404 "File not found." like a missing file (docs/design.md §4: not visible → 404).
 *
 * Record lookups are anchored on `files.owner_id`, which is always the owner of the record the
 * file belongs to (`putFile` callers pass it), so each one is an index lookup by user
 * (`…_user_created_idx`, `rides_creator_departure_idx`, the users primary key,
 * `notifications_user_created_idx`) rather than a scan of a whole table.
 */
import { and, eq, exists, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { FILE_MESSAGES } from '@campus/contract/files';
import { files } from '../../db/schema/files.ts';
import { users } from '../../db/schema/users.ts';
import { isAdmin, type SessionUser } from '../../lib/auth.ts';
import { readFileBody, type FileHead } from '../../lib/blob-store.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import type { KindTable } from '../../lib/record-kinds.ts';
import { RECORD_KINDS } from '../../record-kinds.ts';
import { attachmentOf } from '../notifications/notifications.service.ts';

declare const readable: unique symbol;

/** A file head the viewer was checked to be allowed to read (only {@link loadReadableFile} makes one). */
export type ReadableFile = FileHead & { readonly [readable]: true };

const fileOwner = alias(users, 'file_owner');

/**
 * Loads the head (content type, SHA-256, whether a thumbnail exists) of file `id` if `viewer` may
 * read it under the rules above, or throws 404 "File not found.". The access condition is part of
 * the only query that reads the row, so nothing about a file is read before the check.
 */
export async function loadReadableFile(ctx: ServiceContext, viewer: SessionUser, id: string): Promise<ReadableFile> {
  const db = ctx.db;
  const photoOf = (table: KindTable): SQL =>
    exists(
      db
        .select({ one: sql`1` })
        .from(table)
        .where(
          and(
            eq(table.userId, files.ownerId),
            eq(table.imageFileId, files.id),
            or(isNull(table.hiddenAt), eq(table.userId, viewer.id)),
          ),
        ),
    );
  const attachmentOfViewer = attachmentOf(db, viewer.id, files.id);
  const ofVisibleRecord = and(
    isNotNull(fileOwner.id),
    isNull(fileOwner.deactivatedAt),
    or(eq(fileOwner.avatarFileId, files.id), ...RECORD_KINDS.map((kind) => photoOf(kind.table))),
  );
  const allowed = isAdmin(viewer) ? undefined : or(ofVisibleRecord, attachmentOfViewer);
  const [row] = await db
    .select({
      id: files.id,
      contentType: files.contentType,
      sha256: files.sha256,
      hasThumb: sql<boolean>`${files.thumbBytes} is not null`,
    })
    .from(files)
    .leftJoin(fileOwner, eq(fileOwner.id, files.ownerId))
    .where(and(eq(files.id, id), allowed));
  if (!row) throw notFound(FILE_MESSAGES.notFound);
  return row as ReadableFile;
}

/**
 * The bytes of a file checked by {@link loadReadableFile}: the thumbnail when `thumb` and the file
 * has one, else the file itself; 404 "File not found." if it was deleted meanwhile.
 */
export async function readableFileBytes(ctx: ServiceContext, file: ReadableFile, thumb: boolean): Promise<Uint8Array> {
  const bytes = await readFileBody(ctx.db, file.id, thumb && file.hasThumb ? 'thumb' : 'full');
  if (!bytes) throw notFound(FILE_MESSAGES.notFound);
  return bytes;
}
