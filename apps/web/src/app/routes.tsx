/**
 * The route table (spec §2), declarative React Router. Every feature page is lazy-loaded
 * (DESIGN §9: small start-up bundle); the guards, layout and error pages are in the start-up bundle.
 *
 * | path | access |
 * |---|---|
 * | / , /intern-connect, /spotlight/:slug, /verify-email, /forgot-password, /reset-password, /404, /500 | open |
 * | /login | guest-only |
 * | /rides /profile /marketplace /attendance /lost-found /skill-exchange | signed-in (origin remembered) |
 * | /admin/* | signed-in + admin role (others → /) |
 * | anything else | not-found page |
 */
import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import NotFoundPage from '../features/errors/pages/not-found-page';
import ServerErrorPage from '../features/errors/pages/server-error-page';
import { GuestOnly } from './guards/guest-only';
import { RequireAdmin } from './guards/require-admin';
import { RequireAuth } from './guards/require-auth';
import { RootLayout } from './layouts/root-layout';

const HomePage = lazy(() => import('../features/home/pages/home-page'));
const LoginPage = lazy(() => import('../features/auth/pages/login-page'));
const VerifyEmailPage = lazy(() => import('../features/auth/pages/verify-email-page'));
const ForgotPasswordPage = lazy(() => import('../features/auth/pages/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('../features/auth/pages/reset-password-page'));
const InternshipsPage = lazy(() => import('../features/internships/pages/internships-page'));
const SpotlightPage = lazy(() => import('../features/spotlight/pages/spotlight-page'));
const RidesPage = lazy(() => import('../features/rides/pages/rides-page'));
const ProfilePage = lazy(() => import('../features/profile/pages/profile-page'));
const MarketplacePage = lazy(() => import('../features/marketplace/pages/marketplace-page'));
const AttendancePage = lazy(() => import('../features/attendance/pages/attendance-page'));
const LostFoundPage = lazy(() => import('../features/lost-found/pages/lost-found-page'));
const SkillExchangePage = lazy(() => import('../features/skill-exchange/pages/skill-exchange-page'));
const AdminPage = lazy(() => import('../features/admin/pages/admin-page'));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<HomePage />} />
        <Route element={<GuestOnly />}>
          <Route path="login" element={<LoginPage />} />
        </Route>
        <Route path="verify-email" element={<VerifyEmailPage />} />
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route path="404" element={<NotFoundPage />} />
        <Route path="500" element={<ServerErrorPage />} />
        <Route path="intern-connect" element={<InternshipsPage />} />
        <Route path="spotlight/:slug" element={<SpotlightPage />} />
        <Route element={<RequireAuth />}>
          <Route path="rides" element={<RidesPage />} />
          <Route path="profile" element={<ProfilePage />} />
          {/* One route with an optional id, so opening/closing a deep link keeps the page mounted. */}
          <Route path="marketplace/:id?" element={<MarketplacePage />} />
          <Route path="attendance" element={<AttendancePage />} />
          <Route path="lost-found/:id?" element={<LostFoundPage />} />
          <Route path="skill-exchange" element={<SkillExchangePage />} />
          <Route element={<RequireAdmin />}>
            <Route path="admin/*" element={<AdminPage />} />
          </Route>
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
