/**
 * Server rendering glue shared by the server entry, the client entry and the guards
 * (docs/decisions/0001-hydration-at-load.md). Part of the start-up bundle, so kept tiny (no RTK Query, no zod).
 *
 * - {@link ServerRenderContext}: present only while the server renders; guards record where they
 *   would navigate ({@link GuardRedirect}) and pages record their status ({@link useServerStatus})
 *   instead of acting, since a server render cannot navigate.
 * - {@link ssrHydrated}: the action that hands the server's RTK Query cache to the client's `api`
 *   slice (its `extractRehydrationInfo`, RTK Query's documented SSR hydration).
 * The JSON block the server wrote is read by `./ssr-state` (no React: the tiny browser entry uses it).
 */
import { createContext, useContext } from 'react';
import { createAction } from '@reduxjs/toolkit';
import { Navigate } from 'react-router';

/** What one server render learnt: the first redirect a guard asked for, and the page's status. */
export interface ServerRenderRecord {
  redirect?: { to: string; from?: string };
  status?: number;
}

/** Set by the server entry around the app; null in the browser. */
export const ServerRenderContext = createContext<ServerRenderRecord | null>(null);

/** Records `status` (e.g. 404) for the server's answer; does nothing in the browser. */
export function useServerStatus(status: number): void {
  const record = useContext(ServerRenderContext);
  if (record) record.status ??= status;
}

/**
 * A guard's redirect: `<Navigate replace>` in the browser; on the server, recorded (the first one
 * wins) so the server answers 302 (guards decide on the server). `from` is the
 * page a signed-out visitor wanted (the guards' `state.from`).
 */
export function GuardRedirect({ to, from }: { to: string; from?: string }) {
  const record = useContext(ServerRenderContext);
  if (record) {
    record.redirect ??= { to, ...(from !== undefined && { from }) };
    return null;
  }
  return <Navigate to={to} replace state={from !== undefined ? { from } : undefined} />;
}

/** Hands the server's RTK Query state (`SsrState.api`) to the `api` slice. */
export const ssrHydrated = createAction<unknown>('ssr/hydrated');
