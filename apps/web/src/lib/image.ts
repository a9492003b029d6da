/**
 * Browser-side image downscaling before upload (docs/design.md §6): a phone photo (say 12 MB, 4000 px) is
 * decoded with `createImageBitmap` (EXIF orientation applied), drawn on a canvas with its longest
 * side at most {@link MAX_IMAGE_SIDE} px and re-encoded as JPEG, so it fits the server's
 * under-5 MB limit. Small images in an accepted format pass through untouched. Files the browser
 * cannot decode (HEIC on some browsers) are returned as they are, for the server to judge.
 */
import { MAX_IMAGE_SIDE, MAX_UPLOAD_BYTES } from '@campus/contract/files';

/** JPEG quality of downscaled images (0–1). */
export const JPEG_QUALITY = 0.85;

const PASS_THROUGH_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

/** Target size keeping the aspect ratio, longest side ≤ `max` px. */
export function fitWithin(width: number, height: number, max = MAX_IMAGE_SIDE): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= max) return { width, height };
  const scale = max / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

async function encode(bitmap: ImageBitmap, width: number, height: number): Promise<Blob | null> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    ctx.drawImage(bitmap, 0, 0, width, height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
}

/**
 * Returns a file ready to upload: the original when it is small enough (bytes under the limit,
 * sides ≤ 1600 px, accepted type), else a downscaled JPEG named `<name>.jpg`.
 */
export async function prepareImageForUpload(file: File): Promise<File> {
  if (typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file; // not decodable here: let the server answer (400 not an image)
  }
  try {
    const target = fitWithin(bitmap.width, bitmap.height);
    const needsWork =
      file.size >= MAX_UPLOAD_BYTES ||
      !PASS_THROUGH_TYPES.has(file.type) ||
      target.width !== bitmap.width ||
      target.height !== bitmap.height;
    if (!needsWork) return file;
    const blob = await encode(bitmap, target.width, target.height);
    if (!blob) return file;
    const base = file.name.replace(/\.[^.]+$/, '') || 'photo';
    return new File([blob], `${base}.jpg`, { type: 'image/jpeg', lastModified: Date.now() });
  } finally {
    bitmap.close();
  }
}
