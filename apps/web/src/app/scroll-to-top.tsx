/**
 * Scrolls the window to the top on every route change (docs/product-spec.md §2). Renders nothing. Not at mount: a
 * server-rendered page hydrates while the student may already be scrolling it, and jumping back to
 * the top then would move what they are about to tap (docs/decisions/0001-hydration-at-load.md).
 */
import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

export function ScrollToTop() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useLayoutEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
  return null;
}
