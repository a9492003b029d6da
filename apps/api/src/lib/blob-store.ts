/**
 * The blob-store interface of DESIGN §6 and its Postgres implementation (the `files` table), so
 * embedded, single-server and multi-instance deployments need no extra service.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { files } from '../db/schema/files.ts';
import type { ProcessedFile } from './images.ts';
import { sha256Hex } from './tokens.ts';

/** A stored file as read back for serving. */
export interface StoredFile {
  id: string;
  contentType: string;
  sha256: string;
  bytes: Uint8Array;
  thumbBytes: Uint8Array | null;
}

/** Saves a processed upload owned by `ownerId`; returns the new file id. Works inside a transaction. */
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

/** Reads a file by id, or undefined. */
export async function getFile(db: Db, id: string): Promise<StoredFile | undefined> {
  const [row] = await db
    .select({
      id: files.id,
      contentType: files.contentType,
      sha256: files.sha256,
      bytes: files.bytes,
      thumbBytes: files.thumbBytes,
    })
    .from(files)
    .where(eq(files.id, id));
  return row;
}

/** Deletes files by id (no-op for an empty list). */
export async function deleteFiles(db: Db, ids: (string | null | undefined)[]): Promise<void> {
  const list = ids.filter((x): x is string => !!x);
  if (list.length) await db.delete(files).where(inArray(files.id, list));
}

/** Absolute URL of a stored file for responses (DESIGN §4), or null. */
export function fileUrl(appUrl: string, id: string | null | undefined, variant?: 'thumb'): string | null {
  if (!id) return null;
  return `${appUrl}/api/files/${id}${variant ? `?variant=${variant}` : ''}`;
}
