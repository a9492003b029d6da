/**
 * The route table (docs/product-spec.md §2), declarative React Router. Every feature page is lazy-loaded
 * (docs/design.md §9: small start-up bundle); the guards, layout and error pages are in the start-up bundle.
 *
 * | path | access |
 * |---|---|
 * | / , /intern-connect, /map/:slug?, /spotlight/:slug, /privacy, /verify-email, /signin-link, /forgot-password, /reset-password, /alert-unsubscribe, /404, /500 | open |
 * | /login | guest-only |
 * | /rides /profile /marketplace /attendance /lost-found /skill-exchange /search /alerts /events /clubs/:slug /mess/* | signed-in (origin remembered) |
 * | /admin/* | signed-in + admin role (others → /) |
 * | anything else | not-found page |
 */
import { Route, Routes } from 'react-router';
import NotFoundPage from '../components/not-found-page';
import ServerErrorPage from '../components/server-error-page';
import { GuestOnly } from './guards/guest-only';
import { RequireAdmin } from './guards/require-admin';
import { RequireAuth } from './guards/require-auth';
import { RootLayout } from './layouts/root-layout';
import { preloadable } from '../lib/preloadable';

/** The pages, each its own chunk, loaded on demand or ahead by {@link preloadPage}. */
const pages = {
  home: preloadable(() => import('../features/home/pages/home-page')),
  login: preloadable(() => import('../features/users/pages/login-page')),
  verifyEmail: preloadable(() => import('../features/users/pages/verify-email-page')),
  signinLink: preloadable(() => import('../features/users/pages/signin-link-page')),
  forgotPassword: preloadable(() => import('../features/users/pages/forgot-password-page')),
  resetPassword: preloadable(() => import('../features/users/pages/reset-password-page')),
  internships: preloadable(() => import('../features/internships/pages/internships-page')),
  spotlight: preloadable(() => import('../features/home/pages/spotlight-page')),
  rides: preloadable(() => import('../features/rides/pages/rides-page')),
  profile: preloadable(() => import('../features/users/pages/profile-page')),
  marketplace: preloadable(() => import('../features/marketplace/pages/marketplace-page')),
  attendance: preloadable(() => import('../features/attendance/pages/attendance-page')),
  lostFound: preloadable(() => import('../features/lost-found/pages/lost-found-page')),
  skillExchange: preloadable(() => import('../features/skill-exchange/pages/skill-exchange-page')),
  admin: preloadable(() => import('../features/admin/pages/admin-page')),
  search: preloadable(() => import('../features/search/pages/search-page')),
  alerts: preloadable(() => import('../features/alerts/pages/alerts-page')),
  mess: preloadable(() => import('../features/mess/pages/mess-page')),
  alertUnsubscribe: preloadable(() => import('../features/alerts/pages/alert-unsubscribe-page')),
  events: preloadable(() => import('../features/events/pages/events-page')),
  club: preloadable(() => import('../features/events/pages/club-page')),
  map: preloadable(() => import('../features/places/pages/map-page')),
  privacy: preloadable(() => import('../features/users/pages/privacy-page')),
};

/** The page a path's first segment opens (for {@link preloadPage}). */
const pageOfSegment: Record<string, keyof typeof pages> = {
  '': 'home',
  login: 'login',
  'verify-email': 'verifyEmail',
  'signin-link': 'signinLink',
  'forgot-password': 'forgotPassword',
  'reset-password': 'resetPassword',
  'intern-connect': 'internships',
  spotlight: 'spotlight',
  rides: 'rides',
  profile: 'profile',
  marketplace: 'marketplace',
  attendance: 'attendance',
  'lost-found': 'lostFound',
  'skill-exchange': 'skillExchange',
  admin: 'admin',
  search: 'search',
  alerts: 'alerts',
  mess: 'mess',
  'alert-unsubscribe': 'alertUnsubscribe',
  events: 'events',
  clubs: 'club',
  map: 'map',
  privacy: 'privacy',
};

/**
 * Starts downloading the page module of `pathname` at once (in parallel with the
 * start-up health check and the session check, instead of after them). Resolves when it is in
 * (the server renders, and the client hydrates, only then: nothing suspends);
 * never rejects. Unknown paths resolve at once.
 */
export function preloadPage(pathname: string): Promise<void> {
  const page = pageOfSegment[pathname.split('/')[1] ?? ''];
  return page
    ? pages[page]
        .preload()
        // A page whose first screen has lazy parts (the login form) exports `preloadFirstScreen`:
        // hydration waits for them too, or a tap on them during hydration would find no handler.
        .then((module) => (module as { preloadFirstScreen?: () => Promise<unknown> }).preloadFirstScreen?.())
        .then(
          () => undefined,
          () => undefined,
        )
    : Promise.resolve();
}

const HomePage = pages.home;
const LoginPage = pages.login;
const VerifyEmailPage = pages.verifyEmail;
const SigninLinkPage = pages.signinLink;
const ForgotPasswordPage = pages.forgotPassword;
const ResetPasswordPage = pages.resetPassword;
const InternshipsPage = pages.internships;
const SpotlightPage = pages.spotlight;
const RidesPage = pages.rides;
const ProfilePage = pages.profile;
const MarketplacePage = pages.marketplace;
const AttendancePage = pages.attendance;
const LostFoundPage = pages.lostFound;
const SkillExchangePage = pages.skillExchange;
const AdminPage = pages.admin;
const SearchPage = pages.search;
const AlertsPage = pages.alerts;
const MessPage = pages.mess;
const AlertUnsubscribePage = pages.alertUnsubscribe;
const EventsPage = pages.events;
const ClubPage = pages.club;
const MapPage = pages.map;
const PrivacyPage = pages.privacy;

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<HomePage />} />
        <Route element={<GuestOnly />}>
          <Route path="login" element={<LoginPage />} />
        </Route>
        <Route path="verify-email" element={<VerifyEmailPage />} />
        <Route path="signin-link" element={<SigninLinkPage />} />
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route path="404" element={<NotFoundPage />} />
        <Route path="500" element={<ServerErrorPage />} />
        <Route path="intern-connect" element={<InternshipsPage />} />
        <Route path="spotlight/:slug" element={<SpotlightPage />} />
        <Route path="alert-unsubscribe" element={<AlertUnsubscribePage />} />
        <Route path="map/:slug?" element={<MapPage />} />
        <Route path="privacy" element={<PrivacyPage />} />
        <Route element={<RequireAuth />}>
          <Route path="rides/:id?" element={<RidesPage />} />
          <Route path="profile" element={<ProfilePage />} />
          {/* One route with an optional id, so opening/closing a deep link keeps the page mounted. */}
          <Route path="marketplace/:id?" element={<MarketplacePage />} />
          <Route path="attendance" element={<AttendancePage />} />
          <Route path="lost-found/:id?" element={<LostFoundPage />} />
          <Route path="skill-exchange" element={<SkillExchangePage />} />
          <Route path="search" element={<SearchPage />} />
          <Route path="alerts" element={<AlertsPage />} />
          {/* The feed and one event: one page module, as the server's page map keys by first segment. */}
          <Route path="events/:id?" element={<EventsPage />} />
          <Route path="clubs/:slug" element={<ClubPage />} />
          <Route path="mess/*" element={<MessPage />} />
          <Route element={<RequireAdmin />}>
            <Route path="admin/*" element={<AdminPage />} />
          </Route>
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
