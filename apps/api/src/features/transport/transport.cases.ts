/**
 * Authorization-matrix rows of campus transport (docs/architecture.md "Features in detail":
 * Transport; assembled by `test/route-cases.ts`): anyone reads; only administrators save a route.
 * The world's route runs between the places world's place and a second stop the admin adds.
 */
import { adminOnly, created, everyone } from '../../test/case-kit.ts';
import type { RouteCase, World } from '../../test/route-cases.ts';

/** The world's records of transport (`World`, test/route-cases.ts). */
export interface TransportRecords {
  /** A second stop (a place) for the world's route. */
  stopSlug: string;
}

/** A valid route body from the world's place to its second stop. */
const validRoute = (w: World) => ({
  name: 'Campus shuttle',
  stops: [w.placeSlug, w.stopSlug],
  trips: [
    { days: 'weekdays', departures: ['08:00', '08:20'] },
    { days: 'sunday', departures: ['09:00', '09:20'] },
  ],
});

/** The world's records of transport: a second stop and a route (after the places world). */
export async function transportWorld(w: World): Promise<void> {
  w.stopSlug = `case-stop-${Date.now().toString(36)}`;
  const stop = { slug: w.stopSlug, name: 'Case stop', category: 'transport', lat: 28.94, lng: 77.1, hours: '' };
  await created(w, { method: 'POST', url: '/api/admin/places', payload: stop }, w.admin.cookie);
  const res = await w.t.app.inject({
    method: 'PUT',
    url: '/api/admin/transport/routes/case-route',
    payload: validRoute(w),
    headers: { cookie: w.admin.cookie },
  });
  if (res.statusCode !== 200) throw new Error(`setup route: ${res.statusCode} ${res.body}`);
}

/** The rows of `/api/transport…` and `/api/admin/transport…`. */
export const TRANSPORT_CASES: Record<string, RouteCase> = {
  'GET /api/transport/routes': {
    request: () => ({ method: 'GET', url: '/api/transport/routes' }),
    expect: everyone(200),
  },
  'GET /api/transport/next': {
    request: (w) => ({
      method: 'GET',
      url: '/api/transport/next',
      query: { stop: w.placeSlug, at: '2026-11-30T07:30' },
    }),
    expect: everyone(200),
  },
  'PUT /api/admin/transport/routes/:slug': {
    request: (w) => ({ method: 'PUT', url: '/api/admin/transport/routes/case-route', payload: validRoute(w) }),
    expect: adminOnly(200),
  },
  'POST /api/admin/transport/import': {
    request: (w) => ({
      method: 'POST',
      url: '/api/admin/transport/import',
      payload: {
        csv: `route,stop,day_type,times\ncase-import,${w.placeSlug},sunday,09:00 12:00\ncase-import,${w.stopSlug},sunday,09:20 12:20\n`,
        dryRun: true,
      },
    }),
    expect: adminOnly(200),
  },
};
