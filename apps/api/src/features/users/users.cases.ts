/**
 * Authorization-matrix rows of users and sessions (docs/product-spec.md §7, docs/design.md §5; assembled by
 * `test/route-cases.ts`): the open account routes answer everyone alike, the profile routes any
 * signed-in user. Login and logout run on a throw-away session so the world's own sessions stay.
 */
import { instituteEmail, nextClientIp } from '../../test/helpers.ts';
import { PASSWORD, cookieHeader, everyone, form, signedIn } from '../../test/case-kit.ts';
import type { Caller, RouteCase, World } from '../../test/route-cases.ts';

/**
 * Headers with a second session of `caller` (for login and logout, so the world's own session
 * stays); a guest sends none, a deactivated account its dead cookie.
 */
async function throwAwaySession(w: World, caller: Caller): Promise<Record<string, string>> {
  if (caller === 'guest' || caller === 'deactivated') return cookieHeader(w, caller);
  const user = w[caller];
  const res = await w.t.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email: user.email, password: PASSWORD },
    headers: { 'x-forwarded-for': nextClientIp() },
  });
  const c = res.cookies.find((x) => x.name === 'cc_session');
  if (!c) throw new Error(`login ${caller}: ${res.statusCode} ${res.body}`);
  return { cookie: `cc_session=${c.value}` };
}

/** The rows of `/api/users/…` (the admin routes are in `admin.cases.ts`). */
export const USERS_CASES: Record<string, RouteCase> = {
  'GET /api/users/health': { request: () => ({ method: 'GET', url: '/api/users/health' }), expect: everyone(200) },
  'POST /api/users/signup': {
    request: () => ({
      method: 'POST',
      url: '/api/users/signup',
      payload: { email: instituteEmail('matrix'), password: PASSWORD },
    }),
    expect: everyone(201),
  },
  'POST /api/users/verify-email': {
    // An unknown token: refused the same way for everyone (the route itself is open).
    request: () => ({
      method: 'POST',
      url: '/api/users/verify-email',
      payload: { token: 'A'.repeat(43), password: PASSWORD },
    }),
    expect: everyone(400),
  },
  'POST /api/users/resend-verification': {
    request: () => ({
      method: 'POST',
      url: '/api/users/resend-verification',
      payload: { email: instituteEmail('nobody') },
    }),
    expect: everyone(200),
  },
  'POST /api/users/login': {
    // Login rotates the session it is sent with: a throw-away one, so the world's sessions stay.
    request: async (w, caller) => ({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: w.other.email, password: PASSWORD },
      headers: await throwAwaySession(w, caller),
    }),
    expect: everyone(200),
  },
  'POST /api/users/logout': {
    request: async (w, caller) => ({
      method: 'POST',
      url: '/api/users/logout',
      headers: await throwAwaySession(w, caller),
    }),
    expect: everyone(200),
  },
  'POST /api/users/forgot-password': {
    request: () => ({
      method: 'POST',
      url: '/api/users/forgot-password',
      payload: { email: instituteEmail('nobody') },
    }),
    expect: everyone(200),
  },
  'POST /api/users/reset-password': {
    request: () => ({
      method: 'POST',
      url: '/api/users/reset-password',
      payload: { token: 'A'.repeat(43), password: 'another long password' },
    }),
    expect: everyone(400),
  },
  'POST /api/users/signin-link': {
    // A forged step-up link: refused the same way for everyone (the route itself is open).
    request: () => ({
      method: 'POST',
      url: '/api/users/signin-link',
      payload: { token: 'A'.repeat(43), password: PASSWORD },
    }),
    expect: everyone(400),
  },
  'GET /api/users/current': { request: () => ({ method: 'GET', url: '/api/users/current' }), expect: signedIn(200) },
  'PUT /api/users/update': {
    request: () => ({ method: 'PUT', url: '/api/users/update', payload: { name: 'Riya Sharma' } }),
    expect: signedIn(200),
  },
  'POST /api/users/change-password': {
    // Same password again: a real change that keeps the world's credentials.
    request: () => ({
      method: 'POST',
      url: '/api/users/change-password',
      payload: { currentPassword: PASSWORD, newPassword: PASSWORD },
    }),
    expect: signedIn(200),
  },
  'POST /api/users/avatar': {
    request: (w) => ({ method: 'POST', url: '/api/users/avatar', ...form({}, { field: 'avatar', content: w.png }) }),
    expect: signedIn(200),
  },
};
