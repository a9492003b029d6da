/**
 * The upload pipeline's checks and re-encoding (DESIGN §6): size limit, magic bytes (file-type),
 * sharp re-encode to WebP (auto-rotated, all metadata such as EXIF/GPS stripped, longest side
 * ≤ 1600 px, pixel cap) plus a thumbnail. PDFs (notification attachments) are checked by magic
 * bytes and stored as they are.
 */
import { fileTypeFromBuffer } from 'file-type';
import pLimit from 'p-limit';
import sharp from 'sharp';
import { COMMON_MESSAGES } from '@campus/contract/envelope';
import {
  FILE_MESSAGES,
  IMAGE_MIME_TYPES,
  MAX_ASPECT_RATIO,
  MAX_IMAGE_SIDE,
  MAX_INPUT_SIDE,
  MAX_UPLOAD_BYTES,
  THUMBNAIL_SIDE,
} from '@campus/contract/files';
import { AppError, badRequest, tooLarge } from './errors.ts';

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
 * Image work runs at most `concurrency` images at once, fewer than libuv's 4 pool threads, so
 * password hashing, file and DNS work still find a thread while images are decoded (issue 9);
 * at most `maxWaiting` more wait their turn, beyond that the upload answers 503 with Retry-After.
 */
export const IMAGE_QUEUE = { concurrency: 2, maxWaiting: 6, retryAfterSeconds: 5 } as const;
const imageLimit = pLimit(IMAGE_QUEUE.concurrency);

/**
 * Runs `work` in the image queue ({@link IMAGE_QUEUE}); throws 503 "The server is busy…" with
 * `Retry-After` when the queue is full.
 */
function inImageQueue<T>(work: () => Promise<T>): Promise<T> {
  if (imageLimit.activeCount + imageLimit.pendingCount >= IMAGE_QUEUE.concurrency + IMAGE_QUEUE.maxWaiting)
    throw new AppError(503, COMMON_MESSAGES.busy, undefined, { 'retry-after': String(IMAGE_QUEUE.retryAfterSeconds) });
  return imageLimit(work);
}

/**
 * Reads only the image header and refuses (400 "Images may be at most 10,000 pixels…") a side over
 * {@link MAX_INPUT_SIDE} px or a ratio of sides over {@link MAX_ASPECT_RATIO}, before any pixel is
 * decoded; an unreadable header → 400 "The image could not be read." (issue 9, DESIGN §6).
 */
async function checkDimensions(input: Buffer): Promise<void> {
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(input, { limitInputPixels: PIXEL_LIMIT, animated: false }).metadata());
  } catch {
    throw badRequest(FILE_MESSAGES.unreadable);
  }
  if (!width || !height) throw badRequest(FILE_MESSAGES.unreadable);
  const long = Math.max(width, height);
  if (long > MAX_INPUT_SIDE || long > MAX_ASPECT_RATIO * Math.min(width, height))
    throw badRequest(FILE_MESSAGES.dimensions);
}

/**
 * Validates and re-encodes an upload. Throws 413 (size ≥ 5 MiB), 400 (not an accepted type, a
 * side over 10,000 px or a ratio over 20:1 read from the header, or unreadable) or 503 with
 * Retry-After (image queue full, {@link IMAGE_QUEUE}). `allowPdf` accepts PDFs as well
 * (notification attachments, DESIGN §6).
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
  await checkDimensions(input);
  return inImageQueue(() => reencode(input));
}

/** Re-encodes a checked image to WebP (≤ 1600 px) plus a thumbnail (≤ 320 px); 400 when unreadable. */
async function reencode(input: Buffer): Promise<ProcessedFile> {
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
