/**
 * Rules shared by the features where users post listings with a photo (marketplace, lost and
 * found): id shape, owner-or-admin, literal search patterns, paging and the photo change of a
 * partial update (DESIGN §4). Each feature keeps its own messages, tables and queries.
 */
import type { PaginationQuery } from '@campus/contract/envelope';
import type { Db } from '../db/client.ts';
import { isAdmin, type SessionUser } from './auth.ts';
import { putFile } from './blob-store.ts';
import type { ProcessedFile } from './images.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `id` is a UUID (malformed ids answer 404 without a query). */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}

/** True when `viewer` owns the row (`ownerId`) or is an admin. */
export function ownsOrAdmin(viewer: SessionUser, ownerId: string): boolean {
  return ownerId === viewer.id || isAdmin(viewer);
}

/** Escapes `%`, `_` and `\` so a search term matches literally inside ILIKE. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Rows to skip for the requested page. */
export function pageOffset(q: PaginationQuery): number {
  return (q.page - 1) * q.limit;
}

/**
 * The photo change of a partial update, inside its transaction: a new image is stored (owned by
 * `ownerId`) and its id returned; `remove` without an image returns null; otherwise undefined (the
 * photo stays). When the result is not undefined the caller deletes the old file after the update.
 */
export async function newImageFileId(
  db: Db,
  ownerId: string,
  image: ProcessedFile | null,
  remove: boolean | undefined,
): Promise<string | null | undefined> {
  if (image) return putFile(db, ownerId, image);
  return remove ? null : undefined;
}
