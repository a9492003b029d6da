/**
 * Guest-only wrapper of /login (docs/product-spec.md §2): a signed-in user is sent to the page they came from
 * (`state.from`, or the `?from=` of the server's redirect) or "/". While the status is unknown it shows the loading screen. Right after a
 * successful login on this screen it lets the login page finish its toast and 1.8 s delay, and
 * the login page does the redirect.
 */
import { Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { useAppSelector } from '../../lib/store';
import { loginOrigin, redirectTarget } from '../../lib/login-redirect';
import { GuardRedirect } from '../../lib/ssr';
import { useGuardStatus } from './require-auth';

export function GuestOnly() {
  const status = useGuardStatus();
  const justSignedIn = useAppSelector((s) => s.auth.justSignedIn);
  const location = useLocation();
  if (status === 'unknown') return <LoadingScreen />;
  if (status === 'authenticated' && !justSignedIn) return <GuardRedirect to={redirectTarget(loginOrigin(location))} />;
  return <Outlet />;
}
