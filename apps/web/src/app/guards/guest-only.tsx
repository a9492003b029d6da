/**
 * Guest-only wrapper of /login (spec §2): a signed-in user is sent to the page they came from
 * (`state.from`) or "/". While the status is unknown it shows the loading screen. Right after a
 * successful login on this screen it lets the login page finish its toast and 1.8 s delay, and
 * the login page does the redirect.
 */
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { useAppSelector } from '../../lib/store';
import { redirectTarget } from '../../lib/login-redirect';
import { useGuardStatus } from './require-auth';

export function GuestOnly() {
  const status = useGuardStatus();
  const justSignedIn = useAppSelector((s) => s.auth.justSignedIn);
  const location = useLocation();
  if (status === 'unknown') return <LoadingScreen />;
  if (status === 'authenticated' && !justSignedIn) return <Navigate to={redirectTarget(location.state)} replace />;
  return <Outlet />;
}
