/**
 * Scrolls the window to the top on every route change (docs/product-spec.md §2). Renders nothing.
 * A record's deep link (`/marketplace/{id}`, `/lost-found/{id}`, `/rides/{id}`, app/routes.tsx) is a
 * dialog over its list, so opening or closing one keeps the list where the student left it. Not at mount: a
 * server-rendered page hydrates while the student may already be scrolling it, and jumping back to
 * the top then would move what they are about to tap (docs/decisions/0001-hydration-at-load.md).
 */
import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** The pages whose optional `/{id}` opens a record's dialog over the same page (app/routes.tsx). */
const DIALOG_DEEP_LINK = /^\/(marketplace|lost-found|rides)(?:\/[^/]+)?\/?$/;

/** The page a path shows: `/marketplace/{id}` → `/marketplace`; other paths are their own page. */
export const pageOf = (pathname: string): string => pathname.replace(DIALOG_DEEP_LINK, '/$1');

export function ScrollToTop() {
  const page = pageOf(useLocation().pathname);
  const shown = useRef(page);
  useLayoutEffect(() => {
    if (shown.current === page) return;
    shown.current = page;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [page]);
  return null;
}
