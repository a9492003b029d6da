/**
 * Authorization-matrix row of campus-wide search (assembled by `test/route-cases.ts`):
 * every signed-in student and admin searches (200); a guest and a deactivated account get 401. The
 * world's marketplace item, lost & found item and ride give the query something to find.
 */
import { signedIn } from '../../test/case-kit.ts';
import type { RouteCase } from '../../test/route-cases.ts';

/** The rows of `/api/search`. */
export const SEARCH_CASES: Record<string, RouteCase> = {
  'GET /api/search': {
    request: () => ({ method: 'GET', url: '/api/search', query: { q: 'station', limit: '5' } }),
    expect: signedIn(200),
  },
};
