/**
 * The blob-store interface of docs/design.md §6 and its Postgres implementation (the `files` table), so
 * embedded, single-server and multi-instance deployments need no extra service.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { files } from '../db/schema/files.ts';
import type { ProcessedFile } from './images.ts';
import { sha256Hex } from './tokens.ts';

/** What serving a file needs before its bytes: content type, SHA-256 (the ETag), thumbnail or not. */
export interface FileHead {
  id: string;
  contentType: string;
  sha256: string;
  hasThumb: boolean;
}

/**
 * Saves a processed upload owned by `ownerId`; returns the new file id. Works inside a transaction.
 * `ownerId` must be the owner of the record the file belongs to (the avatar's user, the listing's
 * or ride's owner, the notification's sender): file access (`features/files/files.service.ts`)
 * finds the record through it.
 */
export async function putFile(db: Db, ownerId: string | null, file: ProcessedFile): Promise<string> {
  const [row] = await db
    .insert(files)
    .values({
      ownerId,
      contentType: file.contentType,
      size: file.bytes.byteLength,
      sha256: sha256Hex(file.bytes),
      bytes: file.bytes,
      thumbBytes: file.thumbBytes,
      width: file.width,
      height: file.height,
    })
    .returning({ id: files.id });
  return row!.id;
}

/**
 * Reads the stored bytes of file `id` (`variant` `thumb`: its thumbnail), or undefined when there
 * is no such file. Callers check access first (`features/files/files.service.ts`).
 */
export async function readFileBody(db: Db, id: string, variant: 'full' | 'thumb'): Promise<Uint8Array | undefined> {
  const column = variant === 'thumb' ? files.thumbBytes : files.bytes;
  const [row] = await db.select({ bytes: column }).from(files).where(eq(files.id, id));
  return row?.bytes ?? undefined;
}

/** Deletes files by id (no-op for an empty list). */
export async function deleteFiles(db: Db, ids: (string | null | undefined)[]): Promise<void> {
  const list = ids.filter((x): x is string => !!x);
  if (list.length) await db.delete(files).where(inArray(files.id, list));
}

/** Absolute URL of a stored file for responses (docs/design.md §4), or null. */
export function fileUrl(appUrl: string, id: string | null | undefined, variant?: 'thumb'): string | null {
  if (!id) return null;
  return `${appUrl}/api/files/${id}${variant ? `?variant=${variant}` : ''}`;
}
