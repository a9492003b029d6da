/**
 * Keeps the session status fresh (spec §4, §9): runs `checkSession` (GET /api/users/current,
 * 3 s time-out) at start and every 15 minutes. The auth slice turns the answers into
 * `authenticated` / `unauthenticated`. Renders nothing.
 */
import { useEffect } from 'react';
import { checkSession } from '../lib/auth-slice';
import { useAppDispatch } from '../lib/store';

/** Session refresh period in ms (spec §9: every 15 minutes). */
export const SESSION_REFRESH_MS = 15 * 60 * 1000;

export function SessionManager() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    void dispatch(checkSession());
    const id = window.setInterval(() => void dispatch(checkSession()), SESSION_REFRESH_MS);
    return () => window.clearInterval(id);
  }, [dispatch]);
  return null;
}
