/**
 * Browser entry, kept tiny (no React: it is all the JavaScript a server-rendered page evaluates
 * during its load, issue 23 item 1 — Lighthouse ≥ 95 needs TBT ≤ 200 ms). Two ways in:
 * - the server rendered the page (`#ssr-state` is present): the page is complete and usable as
 *   HTML, so the app is evaluated and hydrated at the visitor's first interaction
 *   ({@link onFirstInteraction}: pointer, touch, key, focus, hover, wheel/scroll, or the tab becoming
 *   visible again), through `./app/startup/start-app` (`hydrateApp`). Clicks on buttons and form
 *   submissions made before the app has hydrated are held and replayed after it
 *   ({@link holdActionsUntil}). The app's modules are downloaded ahead, at low priority, once the
 *   page has painted: the server lists them in the `#ssr-modules` block (apps/api/src/lib/ssr.ts)
 *   and {@link prefetchModulesAfterLoad} prefetches them, so the first interaction waits for
 *   evaluation and hydration only. The start-up effects (live
 *   notifications, the session manager) start with the app. What must run at once stays here: the
 *   offline copy of the page's API reads (issue 25) and the "database reachable" mark that lets a
 *   reload skip the health check;
 * - the plain shell (dev server, or the server fell back): the app is loaded and mounted at once
 *   (`mountApp`: health check, session check and page module in parallel, issue 10).
 */
import { HEALTH_STORAGE_KEY } from './app/startup/health-check';
import {
  holdActionsUntil,
  onFirstInteraction,
  prefetchModulesAfterLoad,
  whenHydrated,
} from './app/startup/hydrate-on-interaction';
import { warmOfflineCacheFrom } from './lib/offline-cache';
import { readSsrState } from './lib/ssr-state';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element in index.html');
const ssr = readSsrState();

if (ssr) {
  try {
    // The server reached the database: a reload in this browser session skips the health check.
    sessionStorage.setItem(HEALTH_STORAGE_KEY, '1');
  } catch {
    /* storage disabled */
  }
  warmOfflineCacheFrom(ssr.reads);
  void prefetchModulesAfterLoad();
  const interacted = new Promise<void>((resolve) => onFirstInteraction(resolve));
  const hydrated = interacted
    .then(() => import('./app/startup/start-app'))
    .then(({ hydrateApp }) => hydrateApp(root, ssr))
    .then(() => whenHydrated());
  // Registered after the interaction listeners (same phase, same target): a click that is itself the
  // first interaction starts the app before it is held. A failed download (offline) releases the
  // held actions at once to the page's native behaviour.
  holdActionsUntil(hydrated);
} else {
  void import('./app/startup/start-app').then(({ mountApp }) => mountApp(root));
}
