/**
 * Admin guard (docs/product-spec.md §2, §6; docs/design.md §5 role-based): only a signed-in user whose roles (from
 * `GET /api/users/current`) include `admin` sees the nested routes. Signed-in non-admins go to "/".
 * Place it inside {@link RequireAuth}, which handles the unknown and signed-out cases (a signed-out
 * admin logs in and comes back to the admin page).
 */
import { Outlet } from 'react-router';
import { ADMIN_ROLE } from '../../lib/roles';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { useAppSelector } from '../../lib/store';
import { GuardRedirect } from '../../lib/ssr';

export function RequireAdmin() {
  const status = useAppSelector((s) => s.auth.status);
  const roles = useAppSelector((s) => s.auth.roles);
  if (status === 'unknown') return <LoadingScreen />;
  if (status !== 'authenticated' || !roles.includes(ADMIN_ROLE)) return <GuardRedirect to="/" />;
  return <Outlet />;
}
