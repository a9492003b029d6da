/**
 * Browser entry, kept tiny (no React). Two ways in:
 * - the server rendered the page (`#ssr-state` is present): right after the first paint the modules
 *   the server listed (`#ssr-modules`, apps/api/src/lib/ssr.ts) are preloaded together and the app
 *   is imported; it runs them one per task and hydrates the server's markup at load, with no input
 *   (`hydrateApp`). Taps made while React hydrates are React's to replay (selective hydration);
 *   those made before `hydrateRoot` is even called are held and handed to React then
 *   ({@link holdEarlyTaps}); see docs/decisions/0001-hydration-at-load.md. What must run at once stays here: the offline copy of
 *   the page's API reads and the "database reachable" mark that lets a reload skip the health check;
 * - the plain shell (dev server, the service worker's offline copy, or the server fell back): the
 *   head's tap capture is released at once and the app is loaded and mounted (`mountApp`: health
 *   check, session check and page module in parallel).
 */
import { afterFirstPaint, listedModules, preloadListedModules } from './app/startup/after-first-paint';
import { holdEarlyTaps } from './app/startup/early-taps';
import { HEALTH_STORAGE_KEY } from './app/startup/health-check';
import { warmOfflineCacheFrom } from './lib/offline-cache';
import { readSsrState } from './lib/ssr-state';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element in index.html');
const ssr = readSsrState();

if (ssr) {
  const hydrating = afterFirstPaint()
    .then(() => {
      void preloadListedModules();
      return import('./app/startup/start-app');
    })
    .then(({ hydrateApp }) => hydrateApp(root, ssr, listedModules()));
  holdEarlyTaps(hydrating);
  try {
    // The server reached the database: a reload in this browser session skips the health check.
    sessionStorage.setItem(HEALTH_STORAGE_KEY, '1');
  } catch {
    /* storage disabled */
  }
  warmOfflineCacheFrom(ssr.reads);
} else {
  // Nothing was rendered to tap: the head's capture (early-taps-head.ts) lets go at once.
  holdEarlyTaps(Promise.resolve());
  void import('./app/startup/start-app').then(({ mountApp }) => mountApp(root));
}
