/**
 * Signed-in guard (docs/product-spec.md §2, §6): while the auth status is unknown it shows the full-screen loading
 * screen; a signed-out visitor is sent to /login with the page they wanted in
 * `location.state.from` (a path with search and hash), so login can bring them back; a signed-in
 * user sees the nested routes. After the user pressed Logout the origin is not remembered. On the
 * server the redirect becomes a 302 to `/login?from=…` (lib/ssr.tsx).
 */
import { useDeferredValue } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { pathOf } from '../../lib/login-redirect';
import { GuardRedirect } from '../../lib/ssr';
import { useAppSelector } from '../../lib/store';

/**
 * The session status for a guard. Leaving `unknown` (the first session check answering) is
 * deferred: the loading screen stays one more render while the page behind the guard renders as a
 * transition in short slices, instead of inside the store update's one long task (Total
 * Blocking Time). Every later change (sign-in, sign-out) applies at once.
 */
export function useGuardStatus() {
  const status = useAppSelector((s) => s.auth.status);
  const deferred = useDeferredValue(status);
  return deferred === 'unknown' ? deferred : status;
}

export function RequireAuth() {
  const status = useGuardStatus();
  const signedOutByUser = useAppSelector((s) => s.auth.signedOutByUser);
  const location = useLocation();
  if (status === 'unknown') return <LoadingScreen />;
  if (status !== 'authenticated') {
    return <GuardRedirect to="/login" from={signedOutByUser ? undefined : pathOf(location)} />;
  }
  return <Outlet />;
}
