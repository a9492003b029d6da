/**
 * Where sign-in returns to (docs/product-spec.md §2, §6): the guards put the page a signed-out visitor wanted in
 * `location.state.from`, and the login screen and the guest-only guard read it back.
 */
import type { Location } from 'react-router';

/** Shape of the router state the guards pass to /login. */
export interface FromState {
  from?: string;
}

/** The path (with search and hash) of a location, for `state.from`. */
export function pathOf(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

/**
 * The origin a login screen was opened with: the router state a guard passed in the browser, else
 * the `?from=` query of the server's 302 (guards decide on the server, where no
 * router state exists). Hand it to {@link redirectTarget}.
 */
export function loginOrigin(location: Pick<Location, 'state' | 'search'>): unknown {
  if (location.state) return location.state;
  const from = new URLSearchParams(location.search).get('from');
  return from === null ? null : ({ from } satisfies FromState);
}

/**
 * Where to go after login: `state.from` when it is a same-app path (starts with one "/", not
 * /login), else "/". Never an absolute URL (no open redirect).
 */
export function redirectTarget(state: unknown): string {
  const from = (state as FromState | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return '/';
  if (from === '/login' || from.startsWith('/login?') || from.startsWith('/login#')) return '/';
  return from;
}
