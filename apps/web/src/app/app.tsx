/**
 * The app: error boundary → Redux store → toasts (lazy) → start-up health gate → session manager
 * and the router (declarative, BrowserRouter).
 */
import { lazy, Suspense, useState } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { ErrorBoundary } from './error-boundary';
import { AppRoutes } from './routes';
import { SessionManager } from './session-manager';
import { StartupGate } from './startup/startup-gate';
import { makeStore } from '../lib/store';

// react-toastify (and its CSS) load after the first paint; toasts raised earlier are queued.
const Toasts = lazy(() => import('./toasts'));

export function App() {
  const [store] = useState(() => makeStore());
  return (
    <ErrorBoundary>
      <Provider store={store}>
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
        <StartupGate>
          <SessionManager />
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </StartupGate>
      </Provider>
    </ErrorBoundary>
  );
}
