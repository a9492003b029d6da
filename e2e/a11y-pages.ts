/**
 * Where axe checks each page route of the web app (docs/design.md §9; docs/architecture.md "Web": every
 * page passes axe): the pages {@link SWEPT_PAGES} the sweep in `a11y.spec.ts` opens, and the
 * routes {@link CHECKED_IN_JOURNEYS} whose feature journey runs the axe helper itself. The sweep's
 * first test fails when a route of `apps/web/src/app/routes.tsx` is in neither list
 * ({@link pageRoutesOf}).
 */

/** A page the sweep opens: its label, URL, the route (a `path` of routes.tsx, '' for the index) it shows. */
export interface SweptPage {
  label: string;
  url: string;
  route: string;
  /** Opened signed in as a student. */
  signedIn?: boolean;
}

export const SWEPT_PAGES: SweptPage[] = [
  { label: 'home', url: '/', route: '' },
  { label: 'login', url: '/login', route: 'login' },
  { label: 'spotlight 1', url: '/spotlight/hackathon-champions', route: 'spotlight/:slug' },
  { label: 'spotlight 2', url: '/spotlight/open-source-journey', route: 'spotlight/:slug' },
  { label: 'spotlight 3', url: '/spotlight/clean-water-sensor', route: 'spotlight/:slug' },
  { label: '404', url: '/404', route: '404' },
  { label: 'unknown path (404)', url: '/no/such/page', route: '*' },
  { label: 'unknown spotlight (404)', url: '/spotlight/nobody', route: 'spotlight/:slug' },
  { label: '500', url: '/500', route: '500' },
  { label: 'verify e-mail (bad link)', url: '/verify-email?token=not-a-real-token', route: 'verify-email' },
  { label: 'verify e-mail (no token)', url: '/verify-email', route: 'verify-email' },
  {
    label: 'verify e-mail (choose a password)',
    url: '/verify-email?token=not-a-real-token&choose=1',
    route: 'verify-email',
  },
  { label: 'sign-in link', url: '/signin-link?token=not-a-real-token', route: 'signin-link' },
  { label: 'forgot password', url: '/forgot-password', route: 'forgot-password' },
  { label: 'reset password', url: '/reset-password?token=not-a-real-token', route: 'reset-password' },
  { label: 'privacy notice', url: '/privacy', route: 'privacy' },
  { label: 'home (signed in)', url: '/', route: '', signedIn: true },
  { label: 'profile', url: '/profile', route: 'profile', signedIn: true },
  {
    label: 'alert unsubscribe (bad link)',
    url: '/alert-unsubscribe?token=not-a-real-token',
    route: 'alert-unsubscribe',
  },
];

/**
 * The narrow phone widths (px) at which no page may scroll sideways (docs/design.md §9, mobile
 * first). 320 px, the narrowest phone, is enough: no breakpoint lies below Tailwind's `sm` (640 px),
 * so a page lays out at 360 px as at 320 px, only wider — what fits at 320 fits at 360. Set
 * `NARROW_WIDTHS=320,360` to check more widths in a long run.
 */
export const NARROW_WIDTHS: number[] = (process.env.NARROW_WIDTHS ?? '320').split(',').map(Number);

/**
 * The feature pages the sweep opens only for the sideways-scroll check at {@link NARROW_WIDTHS}
 * (their journeys run axe): signed in as a fresh student (enrolled in the catalogue's subjects by
 * the completed profile), or as the administrator.
 */
export const NARROW_FEATURE_PAGES: { label: string; url: string; admin?: boolean }[] = [
  { label: 'attendance', url: '/attendance' },
  { label: 'rides', url: '/rides' },
  { label: 'marketplace', url: '/marketplace' },
  { label: 'lost and found', url: '/lost-found' },
  { label: 'skill exchange', url: '/skill-exchange' },
  { label: 'internships', url: '/intern-connect' },
  { label: 'search', url: '/search?q=a' },
  { label: 'alerts', url: '/alerts' },
  { label: 'mess', url: '/mess' },
  { label: 'admin dashboard', url: '/admin', admin: true },
  { label: 'admin notifications', url: '/admin/notifications', admin: true },
  { label: 'admin clubs', url: '/admin/clubs', admin: true },
];

/** Routes whose journey (`e2e/<spec>`) runs `expectNoSeriousA11yViolations` on the page. */
export const CHECKED_IN_JOURNEYS: Record<string, string> = {
  'intern-connect': 'internships.spec.ts',
  'rides/:id?': 'rides.spec.ts',
  'marketplace/:id?': 'marketplace.spec.ts',
  attendance: 'attendance.spec.ts',
  'lost-found/:id?': 'lost-found.spec.ts',
  'skill-exchange': 'skill-exchange.spec.ts',
  search: 'search.spec.ts',
  'admin/*': 'admin.spec.ts',
  alerts: 'alerts.spec.ts',
  'events/:id?': 'events.spec.ts',
  'clubs/:slug': 'events.spec.ts',
  'mess/*': 'mess.spec.ts',
  'map/:slug?': 'map.spec.ts',
};

/**
 * The page routes of the route table `source` (the text of apps/web/src/app/routes.tsx): the
 * `path` of every `<Route path="…">`, and '' for `<Route index>`; layout and guard routes (no path)
 * are not pages.
 */
export function pageRoutesOf(source: string): string[] {
  const routes: string[] = [];
  for (const [, attributes = ''] of source.matchAll(/<Route\b([^>]*)>/g)) {
    const path = /\bpath="([^"]*)"/.exec(attributes);
    if (path) routes.push(path[1]!);
    else if (/\bindex\b/.test(attributes)) routes.push('');
  }
  return routes;
}
