/**
 * Start-up gate (docs/product-spec.md §2): shows the loading screen until the health check succeeds, three tries
 * fail or 10 s pass, then renders the app. When the check did not succeed the app still renders
 * and a toast says the server could not be reached. A success remembered in this browser session
 * renders the app at once, and so does a server-rendered page (`ready`).
 */
import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import { LoadingScreen } from '../../components/ui/loading-screen';
import {
  healthRemembered,
  runHealthCheck,
  takePrimedHealthCheck,
  type HealthCheckOptions,
  type HealthResult,
} from './health-check';

/** Toast shown when the server could not be reached at start. */
export const SERVER_UNREACHABLE = "We couldn't reach the server. Some features may not work right now.";

export interface StartupGateProps {
  children: ReactNode;
  /** Overrides for the check (tests). */
  options?: HealthCheckOptions;
  /** The server rendered this page, so the database answered: start ready. */
  ready?: boolean;
}

export function StartupGate({ children, options, ready: serverReady = false }: StartupGateProps) {
  const [ready, setReady] = useState(() => serverReady || healthRemembered(options?.storage ?? undefined));
  // One check per mount, even when StrictMode runs the effect twice.
  const check = useRef<Promise<HealthResult> | null>(null);
  useEffect(() => {
    if (ready) return;
    let active = true;
    check.current ??= (options ? null : takePrimedHealthCheck()) ?? runHealthCheck(options);
    void check.current.then((result) => {
      if (!active) return;
      if (result !== 'ok') {
        void import('../../lib/toast').then(({ toast }) =>
          toast.warn(SERVER_UNREACHABLE, { toastId: 'server-unreachable' }),
        );
      }
      // The app renders as a transition, in short slices (Total Blocking Time).
      startTransition(() => setReady(true));
    });
    return () => {
      active = false;
    };
    // Run once at start; options are fixed for the app's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (!ready) return <LoadingScreen label="Starting Campus Companion" />;
  return <>{children}</>;
}
