/**
 * Browser entry: starts the start-up health check, the first session check and the current page's
 * module download at once (issue 10: in parallel, not one after the other), arranges for the first
 * visit's API reads to reach the offline cache (issue 25), then mounts the app
 * into #root under React StrictMode.
 */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPage } from './app/routes';
import { primeHealthCheck } from './app/startup/health-check';
import { primeSessionCheck } from './lib/auth-slice';
import { warmOfflineCache } from './lib/offline-cache';
import './index.css';

primeHealthCheck();
primeSessionCheck();
preloadPage(window.location.pathname);
warmOfflineCache();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element in index.html');

// A transition renders in slices that yield to the browser every few ms instead of one long task,
// so the first render never blocks input (issue 10: Total Blocking Time).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
