/**
 * Browser entry. Two ways in:
 * - the server rendered the page (issue 23 item 1: `#ssr-state` is present): the auth state, the
 *   institute's time zone and the page's RTK Query cache come from that block, the page's module is
 *   loaded first (so the first client render suspends nowhere the server did not), then the app
 *   hydrates the server's markup as a transition — no health check, no session check at start;
 * - the plain shell (dev server, or the server fell back): starts the start-up health check, the
 *   first session check and the current page's module download at once (issue 10: in parallel),
 *   then mounts the app into #root.
 * Both arrange for the first visit's API reads to reach the offline cache (issue 25). StrictMode.
 */
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPage } from './app/routes';
import { HEALTH_STORAGE_KEY, primeHealthCheck } from './app/startup/health-check';
import { primeSessionCheck, type AuthState } from './lib/auth-slice';
import { setDisplayTimeZone } from './lib/format';
import { warmOfflineCache, warmOfflineCacheFrom } from './lib/offline-cache';
import { readSsrState, ssrHydrated } from './lib/ssr';
import { makeStore } from './lib/store';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element in index.html');
const ssr = readSsrState();

if (ssr) {
  setDisplayTimeZone(ssr.timeZone);
  try {
    // The server reached the database: a reload in this browser session skips the health check.
    sessionStorage.setItem(HEALTH_STORAGE_KEY, '1');
  } catch {
    /* storage disabled */
  }
  warmOfflineCacheFrom(ssr.reads);
  void Promise.all([preloadPage(window.location.pathname), ssr.api ? import('./lib/api') : null]).then(() => {
    const store = makeStore({ auth: ssr.auth as AuthState });
    if (ssr.api) store.dispatch(ssrHydrated({ api: ssr.api }));
    // A transition hydrates in slices that yield to the browser (issue 10: Total Blocking Time).
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <App store={store} ready />
        </StrictMode>,
      );
    });
  });
} else {
  primeHealthCheck();
  primeSessionCheck();
  void preloadPage(window.location.pathname);
  warmOfflineCache();

  // A transition renders in slices that yield to the browser every few ms instead of one long task,
  // so the first render never blocks input (issue 10: Total Blocking Time).
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
