/**
 * Keeps the session status fresh (docs/product-spec.md §4, §9): runs `checkSession` (GET /api/users/current,
 * 3 s time-out) at start and every 15 minutes. The auth slice turns the answers into
 * `authenticated` / `unauthenticated`. A server-rendered page starts with the status the server
 * knew, so the check at start is skipped then. Renders nothing.
 */
import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { checkSession } from '../lib/auth-slice';
import { useAppDispatch, type RootState } from '../lib/store';

/** Session refresh period in ms (docs/product-spec.md §9: every 15 minutes). */
export const SESSION_REFRESH_MS = 15 * 60 * 1000;

export function SessionManager() {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  useEffect(() => {
    if (store.getState().auth.status === 'unknown') void dispatch(checkSession());
    const id = window.setInterval(() => void dispatch(checkSession()), SESSION_REFRESH_MS);
    return () => window.clearInterval(id);
  }, [dispatch, store]);
  return null;
}
