/**
 * The app's shell for the start module (start-app.tsx): everything the first render needs but React
 * DOM and the page — the app tree, the router's route table, the store, the header — evaluated as
 * one step of the start, so that step stays a task of its own (docs/decisions/0001-hydration-at-load.md).
 */
import { StrictMode, type ReactElement } from 'react';
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

export { FORMATTER_WARMUPS } from '../../lib/format';

/**
 * Loads what the server's page at `pathname` needs before it hydrates (the page's module, the
 * header's lazy search and, when the server handed over a cache, the API slice); resolves when in.
 */
export async function preloadServerPage(pathname: string, ssr: SsrState): Promise<void> {
  setDisplayTimeZone(ssr.timeZone);
  await Promise.all([preloadPage(pathname), ssr.api ? import('../../lib/api') : null, preloadHeader()]);
}

/**
 * The app element that hydrates the server's markup: the store from the server's state, which
 * hydration keeps reading while the store moves on (`serverState`), gate open.
 */
export function serverApp(ssr: SsrState): ReactElement {
  const store = makeStore({ auth: ssr.auth as AuthState });
  if (ssr.api) store.dispatch(ssrHydrated({ api: ssr.api }));
  return (
    <StrictMode>
      <App store={store} serverState={store.getState()} ready />
    </StrictMode>
  );
}

/** The app element of the plain shell, after starting its checks and the page's download at once. */
export function shellApp(pathname: string): ReactElement {
  primeHealthCheck();
  primeSessionCheck();
  void preloadPage(pathname);
  warmOfflineCache();
  return (
    <StrictMode>
      <App />
    </StrictMode>
  );
}
