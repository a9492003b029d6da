/**
 * Root layout of every page: skip link, header, the `main` landmark with the page, a footer (with
 * the privacy notice's link);
 * scroll-to-top on navigation. The header and the page are separate Suspense boundaries, so React
 * hydrates them selectively and yields between them (docs/decisions/0001-hydration-at-load.md).
 * `main` is at least a screen tall, so the footer starts below the fold and a page arriving later
 * does not shift it on screen (CLS).
 */
import { Suspense, useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { markHydrated } from '../../lib/hydration';
import { ErrorBoundary } from '../error-boundary';
import { ScrollToTop } from '../scroll-to-top';
import { Header } from './header';

/** Shown while a lazily loaded page arrives. */
export function PageFallback() {
  return (
    <div className="flex justify-center py-16 text-muted">
      <Spinner size={28} label="Loading page" />
    </div>
  );
}

/**
 * Marks the page hydrated (lib/hydration.ts) once the page's region has committed: hydrated from
 * the server's markup, or rendered by the plain shell.
 */
function PageCommitted() {
  useEffect(markHydrated, []);
  return null;
}

export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <div className="app-layout flex min-h-dvh flex-col">
      <ScrollToTop />
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-accent px-4 py-2 text-on-accent focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Suspense fallback={null}>
        <Header />
      </Suspense>
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto min-h-dvh w-full max-w-7xl flex-1 px-4 py-6 focus:outline-none sm:px-6 sm:py-8"
      >
        <ErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageFallback />}>
            <Outlet />
            <PageCommitted />
          </Suspense>
        </ErrorBoundary>
      </main>
      <footer className="border-t border-line py-6 text-center text-sm text-muted">
        Campus Companion · made for students ·{' '}
        <Link to="/privacy" className="underline hover:text-fg">
          Privacy notice
        </Link>
      </footer>
    </div>
  );
}
