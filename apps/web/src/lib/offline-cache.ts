/**
 * The service worker's cache of API reads (vite.config.ts): the last answers of the
 * session, institute, attendance, enrollment and catalogue GETs (and places, bus times and the
 * mess menu), so those pages stay readable offline; {@link warmOfflineCache} fills it on the first visit. Personal data:
 * {@link clearOfflineCache} empties it at logout.
 */

/** Name of the Workbox runtime cache (network first, this cache when offline). */
export const API_READ_CACHE = 'cc-api-read';

/**
 * The API reads the service worker keeps (GET, network first): the session, institute, attendance,
 * places and bus times, and the mess menu — the messes, today's meals and a week (not the
 * managers' feedback).
 */
export const OFFLINE_API_READS =
  /\/api\/((users\/(current|health)|institute|attendance|enrollments|resources\/subjects|places|transport)(\/|\?|$)|mess(\/today|\/[\da-f-]+\/week)?(\?|$))/;

/**
 * Makes the first visit enough to open offline. The page's first API reads run
 * before the service worker controls it, so they go straight to the network and the worker's cache
 * never sees them. When the worker takes control, this re-requests — once, through the worker —
 * every {@link OFFLINE_API_READS} URL the page fetched without it (Resource Timing `workerStart`
 * 0), for the 30 s after. Does nothing without service workers or when a worker already controls
 * the page. A failed re-request is ignored (the next online visit caches it).
 */
export function warmOfflineCache(): void {
  const sw = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!sw || sw.controller || typeof PerformanceObserver === 'undefined') return;
  sw.addEventListener(
    'controllerchange',
    () => {
      const fetched = new Set<string>();
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as PerformanceResourceTiming[]) {
          if (entry.workerStart > 0 || entry.initiatorType !== 'fetch' || fetched.has(entry.name)) continue;
          if (!OFFLINE_API_READS.test(new URL(entry.name).pathname + new URL(entry.name).search)) continue;
          fetched.add(entry.name);
          fetch(entry.name, { credentials: 'include' }).catch(() => {});
        }
      });
      observer.observe({ type: 'resource', buffered: true });
      setTimeout(() => observer.disconnect(), 30_000);
    },
    { once: true },
  );
}

/**
 * The offline copy for a server-rendered page: the server made the page's API
 * reads in-process, so the browser repeats the `reads` that {@link OFFLINE_API_READS} keeps,
 * through the service worker, which caches them — when the worker takes control on a first visit,
 * or shortly after the page loaded on later ones (so the offline copy is the last page seen).
 * Does nothing without service workers. A failed request is ignored.
 */
export function warmOfflineCacheFrom(reads: readonly string[]): void {
  const sw = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  const kept = reads.filter((read) => OFFLINE_API_READS.test(read));
  if (!sw || kept.length === 0) return;
  const refetch = () => {
    for (const read of kept) fetch(read, { credentials: 'include' }).catch(() => {});
  };
  if (!sw.controller) {
    sw.addEventListener('controllerchange', refetch, { once: true });
    return;
  }
  // After the page is interactive: these requests must not compete with its own start.
  const later = () => setTimeout(refetch, 1000);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

/** Deletes the cached API reads (no-op where the Cache API is missing); never throws. */
export async function clearOfflineCache(): Promise<void> {
  try {
    if (typeof caches !== 'undefined') await caches.delete(API_READ_CACHE);
  } catch {
    /* nothing cached, or storage unavailable */
  }
}
