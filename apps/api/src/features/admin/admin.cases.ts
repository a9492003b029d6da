/**
 * Authorization-matrix rows of admin user management (docs/product-spec.md §6, docs/design.md §5; assembled by
 * `test/route-cases.ts`): admins only, students 403.
 */
import { adminOnly } from '../../test/case-kit.ts';
import type { RouteCase } from '../../test/route-cases.ts';

/** The rows of `/api/users/admin/…`. */
export const ADMIN_CASES: Record<string, RouteCase> = {
  'GET /api/users/admin/all': {
    request: () => ({ method: 'GET', url: '/api/users/admin/all' }),
    expect: adminOnly(200),
  },
  'PUT /api/users/admin/users/:id': {
    request: (w) => ({
      method: 'PUT',
      url: `/api/users/admin/users/${w.other.userId}`,
      payload: { name: 'Riya Sharma' },
    }),
    expect: adminOnly(200),
  },
  // Both are idempotent: deactivating the deactivated student, reactivating an active one.
  'POST /api/users/admin/users/:id/deactivate': {
    request: (w) => ({ method: 'POST', url: `/api/users/admin/users/${w.deactivated.userId}/deactivate` }),
    expect: adminOnly(200),
  },
  'POST /api/users/admin/users/:id/reactivate': {
    request: (w) => ({ method: 'POST', url: `/api/users/admin/users/${w.other.userId}/reactivate` }),
    expect: adminOnly(200),
  },
};
