/**
 * Stored files (docs/design.md §6): limits and messages of the upload pipeline.
 */

/** "Under 5MB" = fewer than 5 × 1024 × 1024 bytes (docs/design.md §6, docs/product-spec.md §9). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** Longest side in px of a stored image after re-encoding (docs/design.md §6). */
export const MAX_IMAGE_SIDE = 1600;

/** Longest side in px of the thumbnail (docs/design.md §6). */
export const THUMBNAIL_SIDE = 320;

/** Image content types accepted by magic bytes (docs/design.md §6). */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/** Longest side in px an uploaded image may declare in its header (docs/design.md §6). */
export const MAX_INPUT_SIDE = 10_000;

/** Largest ratio of the longer side to the shorter one an uploaded image may have. */
export const MAX_ASPECT_RATIO = 20;

/**
 * Largest decoded size an uploaded image may declare in its header, in bytes: width × height ×
 * channels × bytes per sample (a 16-bit 50-megapixel PNG is 300 MB decoded). 150 MiB
 * admits a 48-megapixel 8-bit RGB photo.
 */
export const MAX_DECODED_BYTES = 150 * 1024 * 1024;

/**
 * Largest pixel count of an interlaced (Adam7 PNG, progressive JPEG) or more-than-8-bit image: those
 * are decoded whole rather than line by line, so they cost several times more memory.
 */
export const MAX_DEEP_OR_INTERLACED_PIXELS = 16_000_000;

export const FILE_MESSAGES = {
  tooLarge: 'Image size should be less than 5MB',
  notImage: 'Please upload a JPEG, PNG, WebP or GIF image.',
  notImageOrPdf: 'Please upload an image (JPEG, PNG, WebP, GIF) or a PDF.',
  unreadable: 'The image could not be read.',
  dimensions: 'Images may be at most 10,000 pixels on a side and at most 20 times as long as they are wide.',
  noFile: 'Please choose a file to upload.',
  notFound: 'File not found.',
  decodedTooLarge: 'This image is too large to process. Please upload a smaller image.',
} as const;
