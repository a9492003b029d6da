/**
 * The app's start, loaded by the tiny browser entry (main.tsx) as its own chunk: React, the router,
 * the store and the current page's module are downloaded and evaluated only through this module.
 * - {@link hydrateApp}: a server-rendered page (issue 23 item 1) — the auth state, the institute's
 *   time zone and the page's RTK Query cache come from the server's state, the page's module and
 *   the layout's lazy parts are loaded first (so the first client render waits for no download the
 *   server did not), then the app
 *   hydrates the server's markup as a transition; no health check, no session check at start.
 * - {@link mountApp}: the plain shell (dev server, or the server fell back) — the start-up health
 *   check, the first session check and the current page's module download start at once (issue
 *   10: in parallel), then the app mounts into `root`.
 * Both render in StrictMode and as a transition, which renders in slices that yield to the browser
 * every few ms instead of one long task (issue 10: Total Blocking Time).
 */
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { SsrState } from '@campus/contract/ssr';
import { App } from '../app';
import { preloadHeader } from '../layouts/header';
import { preloadPage } from '../routes';
import { primeHealthCheck } from './health-check';
import { primeSessionCheck, type AuthState } from '../../lib/auth-slice';
import { setDisplayTimeZone } from '../../lib/format';
import { warmOfflineCache } from '../../lib/offline-cache';
import { ssrHydrated } from '../../lib/ssr';
import { makeStore } from '../../lib/store';

/**
 * Hydrates the server's markup in `root` from `ssr`, the state it was rendered with. Resolves once
 * `hydrateRoot` has been called (the commit follows in a transition; `<html data-hydrated>` marks it).
 */
export async function hydrateApp(root: HTMLElement, ssr: SsrState): Promise<void> {
  setDisplayTimeZone(ssr.timeZone);
  await Promise.all([preloadPage(window.location.pathname), ssr.api ? import('../../lib/api') : null, preloadHeader()]);
  const store = makeStore({ auth: ssr.auth as AuthState });
  if (ssr.api) store.dispatch(ssrHydrated({ api: ssr.api }));
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <App store={store} ready />
      </StrictMode>,
    );
  });
}

/** Mounts the app into the empty `root` of the plain shell, with the start-up checks. */
export function mountApp(root: HTMLElement): void {
  primeHealthCheck();
  primeSessionCheck();
  void preloadPage(window.location.pathname);
  warmOfflineCache();
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
