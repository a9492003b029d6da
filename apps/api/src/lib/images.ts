/**
 * The upload pipeline's checks and re-encoding (DESIGN §6): size limit, magic bytes (file-type),
 * sharp re-encode to WebP (auto-rotated, all metadata such as EXIF/GPS stripped, longest side
 * ≤ 1600 px, pixel cap) plus a thumbnail. PDFs (notification attachments) are checked by magic
 * bytes and stored as they are.
 */
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import {
  FILE_MESSAGES,
  IMAGE_MIME_TYPES,
  MAX_IMAGE_SIDE,
  MAX_UPLOAD_BYTES,
  THUMBNAIL_SIDE,
} from '@campus/contract/files';
import { badRequest, tooLarge } from './errors.ts';

/** A processed upload ready for the blob store. */
export interface ProcessedFile {
  contentType: string;
  bytes: Uint8Array;
  thumbBytes: Uint8Array | null;
  width: number | null;
  height: number | null;
}

/** Pixel cap for decoding (≈ 50 megapixels) so a decompression bomb is refused. */
const PIXEL_LIMIT = 50_000_000;

/**
 * Validates and re-encodes an upload. Throws 413 (size ≥ 5 MiB) or 400 (not an accepted type,
 * or unreadable). `allowPdf` accepts PDFs as well (notification attachments, DESIGN §6).
 */
export async function processUpload(input: Buffer, opts: { allowPdf?: boolean } = {}): Promise<ProcessedFile> {
  if (input.length >= MAX_UPLOAD_BYTES) throw tooLarge(FILE_MESSAGES.tooLarge);
  const type = await fileTypeFromBuffer(input);
  const wrongType = opts.allowPdf ? FILE_MESSAGES.notImageOrPdf : FILE_MESSAGES.notImage;
  if (!type) throw badRequest(wrongType);
  if (type.mime === 'application/pdf' && opts.allowPdf) {
    return {
      contentType: 'application/pdf',
      bytes: new Uint8Array(input),
      thumbBytes: null,
      width: null,
      height: null,
    };
  }
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(type.mime)) throw badRequest(wrongType);
  try {
    const base = sharp(input, { limitInputPixels: PIXEL_LIMIT, animated: false }).rotate();
    const { data, info } = await base
      .clone()
      .resize(MAX_IMAGE_SIDE, MAX_IMAGE_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const thumb = await base
      .clone()
      .resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
    return {
      contentType: 'image/webp',
      bytes: new Uint8Array(data),
      thumbBytes: new Uint8Array(thumb),
      width: info.width,
      height: info.height,
    };
  } catch {
    throw badRequest(FILE_MESSAGES.unreadable);
  }
}
