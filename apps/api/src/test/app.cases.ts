/**
 * Authorization-matrix rows of the app itself (assembled by `test/route-cases.ts`): CORS preflight,
 * the API docs, readiness and the metrics — routes of the app's plugins (`src/plugins/`), not of a
 * feature — and the configuration they need in the suites' app.
 */
import { everyone } from './case-kit.ts';
import type { RouteCase } from './route-cases.ts';

/** Another front-end's origin (in CORS_ORIGINS of the suites' app). */
export const CORS_ORIGIN = 'http://localhost:5174';

/** The suites' app configuration for these rows. */
export const APP_ENV = {
  CORS_ORIGINS: CORS_ORIGIN,
  // /metrics is served with this bearer token only; no caller's session opens it (docs/operations.md "Metrics").
  METRICS_TOKEN: 'route-cases-metrics-token-0123456789',
};

/** The rows of the app itself: CORS preflight, the API docs and readiness. */
export const APP_CASES: Record<string, RouteCase> = {
  // CORS preflight of a front-end listed in CORS_ORIGINS (@fastify/cors; docs/design.md §4).
  'OPTIONS *': {
    request: () => ({
      method: 'OPTIONS',
      url: '/api/buy-and-sell/items',
      headers: { origin: CORS_ORIGIN, 'access-control-request-method': 'POST' },
    }),
    expect: everyone(204),
  },
  // API docs (public).
  'GET /api/docs': { request: () => ({ method: 'GET', url: '/api/docs' }), expect: everyone(200) },
  'GET /api/docs/json': { request: () => ({ method: 'GET', url: '/api/docs/json' }), expect: everyone(200) },
  'GET /api/docs/yaml': { request: () => ({ method: 'GET', url: '/api/docs/yaml' }), expect: everyone(200) },
  'GET /api/docs/static/index.html': {
    request: () => ({ method: 'GET', url: '/api/docs/static/index.html' }),
    expect: everyone(302),
  },
  'GET /api/docs/static/swagger-initializer.js': {
    request: () => ({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' }),
    expect: everyone(200),
  },
  'GET /api/docs/static/*': {
    request: () => ({ method: 'GET', url: '/api/docs/static/swagger-ui.css' }),
    expect: everyone(200),
  },
  'GET /api/ready': { request: () => ({ method: 'GET', url: '/api/ready' }), expect: everyone(200) },
  // Prometheus metrics: a bearer token, never a session — an admin's cookie is refused like a guest.
  'GET /metrics': { request: () => ({ method: 'GET', url: '/metrics' }), expect: everyone(401) },
};
