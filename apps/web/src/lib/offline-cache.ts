/**
 * The service worker's cache of API reads (issue 12; vite.config.ts): the last answers of the
 * session, institute, attendance, enrollment and catalogue GETs, so the attendance page stays
 * readable offline. Personal data: {@link clearOfflineCache} empties it at logout.
 */

/** Name of the Workbox runtime cache (network first, this cache when offline). */
export const API_READ_CACHE = 'cc-api-read';

/** Deletes the cached API reads (no-op where the Cache API is missing); never throws. */
export async function clearOfflineCache(): Promise<void> {
  try {
    if (typeof caches !== 'undefined') await caches.delete(API_READ_CACHE);
  } catch {
    /* nothing cached, or storage unavailable */
  }
}
