/**
 * The upload pipeline's checks and re-encoding (docs/design.md §6): size limit, magic bytes (file-type),
 * header checks (sides, ratio, decoded bytes), a fair queue per uploader, sharp
 * re-encode to WebP (auto-rotated, all metadata such as EXIF/GPS stripped, longest side
 * ≤ 1600 px, pixel cap) plus a thumbnail. PDFs (notification attachments) are checked by magic
 * bytes and stored as they are.
 */
import { fileTypeFromBuffer } from 'file-type';
import pLimit, { type LimitFunction } from 'p-limit';
import type { DepthEnum, Metadata } from 'sharp';
import { COMMON_MESSAGES } from '@campus/contract/envelope';
import {
  FILE_MESSAGES,
  IMAGE_MIME_TYPES,
  MAX_ASPECT_RATIO,
  MAX_DECODED_BYTES,
  MAX_DEEP_OR_INTERLACED_PIXELS,
  MAX_IMAGE_SIDE,
  MAX_INPUT_SIDE,
  MAX_UPLOAD_BYTES,
  THUMBNAIL_SIDE,
} from '@campus/contract/files';
import { AppError, badRequest, tooLarge } from './errors.ts';

const loadSharp = () => import('sharp').then((m) => m.default);
let sharpModule: ReturnType<typeof loadSharp> | undefined;
/**
 * sharp (libvips), loaded on the first upload: at start it would cost ~60 modules and the native
 * library's memory (docs/performance.md "Start-up and memory of the server").
 */
function sharp(): ReturnType<typeof loadSharp> {
  sharpModule ??= loadSharp();
  return sharpModule;
}

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
 * The image queue: at most `concurrency` images are decoded at once,
 * fewer than libuv's 4 pool threads, so password hashing, file and DNS work still find a thread.
 * It is fair per uploader: each user has at most one image in the shared line (waiting or being
 * decoded) and at most `perUserWaiting` more behind it, so one user's many uploads hold one place
 * in the line and another user's photo waits for at most one image per other uploader. At most
 * `maxWaiting` images wait in the shared line. Beyond either bound an upload answers 503 with
 * `Retry-After: retryAfterSeconds`.
 */
export const IMAGE_QUEUE = { concurrency: 2, maxWaiting: 12, perUserWaiting: 2, retryAfterSeconds: 5 } as const;
const sharedLine = pLimit(IMAGE_QUEUE.concurrency);
/** One line per uploader (concurrency 1), deleted when it empties. */
const userLines = new Map<string, LimitFunction>();

/** The 503 "The server is busy…" with `Retry-After` of a full queue. */
const queueFull = () =>
  new AppError(503, COMMON_MESSAGES.busy, undefined, { 'retry-after': String(IMAGE_QUEUE.retryAfterSeconds) });

/**
 * Runs `work` in the image queue ({@link IMAGE_QUEUE}) on behalf of `owner` (a user id; without one
 * the upload takes only a place in the shared line); throws 503 with `Retry-After` when the
 * uploader's own line or the shared line is full.
 */
function inImageQueue<T>(owner: string | undefined, work: () => Promise<T>): Promise<T> {
  if (sharedLine.activeCount + sharedLine.pendingCount >= IMAGE_QUEUE.concurrency + IMAGE_QUEUE.maxWaiting)
    throw queueFull();
  if (owner === undefined) return sharedLine(work);
  let line = userLines.get(owner);
  if (!line) userLines.set(owner, (line = pLimit(1)));
  if (line.activeCount + line.pendingCount > IMAGE_QUEUE.perUserWaiting) throw queueFull();
  const own = line;
  return own(() => sharedLine(work)).finally(() => {
    if (own.activeCount + own.pendingCount === 0 && userLines.get(owner) === own) userLines.delete(owner);
  });
}

/** Bytes per sample of a libvips pixel format (sharp metadata `depth`). */
const BYTES_PER_SAMPLE: Record<keyof DepthEnum, number> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
  double: 8,
  complex: 8,
  dpcomplex: 16,
};

/**
 * Reads only the image header and refuses, before any pixel is decoded ( * docs/design.md §6):
 * - 400 "Images may be at most 10,000 pixels…" for a side over {@link MAX_INPUT_SIDE} px or a ratio
 *   of sides over {@link MAX_ASPECT_RATIO};
 * - 400 "This image is too large to process…" when width × height × channels × bytes per sample
 *   exceeds {@link MAX_DECODED_BYTES}, or an interlaced/progressive or more-than-8-bit image has
 *   more than {@link MAX_DEEP_OR_INTERLACED_PIXELS} pixels;
 * - 400 "The image could not be read." for an unreadable header.
 */
async function checkDimensions(input: Buffer): Promise<void> {
  let meta: Metadata;
  try {
    meta = await (await sharp())(input, { limitInputPixels: PIXEL_LIMIT, animated: false }).metadata();
  } catch {
    throw badRequest(FILE_MESSAGES.unreadable);
  }
  const { width, height } = meta;
  if (!width || !height) throw badRequest(FILE_MESSAGES.unreadable);
  const long = Math.max(width, height);
  if (long > MAX_INPUT_SIDE || long > MAX_ASPECT_RATIO * Math.min(width, height))
    throw badRequest(FILE_MESSAGES.dimensions);
  const bytesPerSample = BYTES_PER_SAMPLE[meta.depth] ?? 8;
  const deep = bytesPerSample > 1 || (meta.bitsPerSample ?? 8) > 8;
  const pixels = width * height;
  if (
    pixels * (meta.channels || 4) * bytesPerSample > MAX_DECODED_BYTES ||
    ((deep || meta.isProgressive) && pixels > MAX_DEEP_OR_INTERLACED_PIXELS)
  )
    throw badRequest(FILE_MESSAGES.decodedTooLarge);
}

/**
 * Validates and re-encodes an upload. Throws 413 (size ≥ 5 MiB), 400 (not an accepted type; from
 * the header: a side over 10,000 px, a ratio over 20:1, a decoded size over the limits of
 * {@link checkDimensions}; or unreadable) or 503 with Retry-After (image queue full,
 * {@link IMAGE_QUEUE}). `allowPdf` accepts PDFs as well (notification attachments, docs/design.md §6);
 * `owner` is the uploading user's id, which gives the upload its place in the fair queue.
 */
export async function processUpload(
  input: Buffer,
  opts: { allowPdf?: boolean; owner?: string } = {},
): Promise<ProcessedFile> {
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
  return inImageQueue(opts.owner, () => reencode(input));
}

/** Re-encodes a checked image to WebP (≤ 1600 px) plus a thumbnail (≤ 320 px); 400 when unreadable. */
async function reencode(input: Buffer): Promise<ProcessedFile> {
  try {
    const base = (await sharp())(input, { limitInputPixels: PIXEL_LIMIT, animated: false }).rotate();
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
