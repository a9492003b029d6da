/**
 * The app: error boundary → Redux store → toasts (lazy) → start-up health gate → session manager
 * and the router (declarative): BrowserRouter in the browser, StaticRouter at `location` on the
 * server. `store` is the store to use (the server's, or the client's built from
 * the server's state); `ready` starts the health gate open (the server reached the database);
 * `serverState` is the state the server rendered with, which hydration reads (react-redux).
 */
import { lazy, Suspense, useState } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter, StaticRouter } from 'react-router';
import { ErrorBoundary } from './error-boundary';
import { AppRoutes } from './routes';
import { SessionManager } from './session-manager';
import { StartupGate } from './startup/startup-gate';
import { makeStore, type AppStore, type RootState } from '../lib/store';

// react-toastify (and its CSS) load after the first paint; toasts raised earlier are queued.
const Toasts = lazy(() => import('./toasts'));

export interface AppProps {
  store?: AppStore;
  /** Server rendering: the URL (path + query) to render with a StaticRouter. */
  location?: string;
  ready?: boolean;
  /**
   * The state the server rendered with: components hydrate from it, then follow the store. A store
   * that changed before its part of the page hydrated (a student who logs in before the header has
   * hydrated) would otherwise render other markup than the server's.
   */
  serverState?: RootState;
}

export function App({ store: given, location, ready = false, serverState }: AppProps) {
  const [store] = useState(() => given ?? makeStore());
  return (
    <ErrorBoundary>
      <Provider store={store} serverState={serverState}>
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
        <StartupGate ready={ready}>
          <SessionManager />
          {location === undefined ? (
            <BrowserRouter useTransitions={false}>
              <AppRoutes />
            </BrowserRouter>
          ) : (
            <StaticRouter location={location}>
              <AppRoutes />
            </StaticRouter>
          )}
        </StartupGate>
      </Provider>
    </ErrorBoundary>
  );
}
