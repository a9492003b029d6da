/**
 * Authorization-matrix rows of the institute config and its documents (docs/product-spec.md §2; assembled by
 * `test/route-cases.ts`): public.
 */
import { everyone } from '../../test/case-kit.ts';
import type { RouteCase } from '../../test/route-cases.ts';

/** The rows of `/api/institute…`. */
export const INSTITUTE_CASES: Record<string, RouteCase> = {
  'GET /api/institute': { request: () => ({ method: 'GET', url: '/api/institute' }), expect: everyone(200) },
  'GET /api/institute/files/:file': {
    request: () => ({ method: 'GET', url: '/api/institute/files/calendar.pdf' }),
    expect: everyone(200),
  },
};
