/**
 * Authorization-matrix rows of the places directory (docs/architecture.md "Features in detail":
 * Places and the map; assembled by `test/route-cases.ts`): anyone reads; only administrators
 * change. The world's place is added by `admin`.
 */
import { adminOnly, created, everyone } from '../../test/case-kit.ts';
import type { RouteCase, World } from '../../test/route-cases.ts';

let made = 0;
/** A valid place body with a fresh slug (or `slug`). */
export function validPlace(slug = `case-place-${++made}-${Date.now().toString(36)}`) {
  return {
    slug,
    name: 'Lecture Hall Complex',
    category: 'academic',
    lat: 28.9441,
    lng: 77.1012,
    aliases: ['LHC'],
    description: 'Ten lecture halls',
    hours: 'Mon-Sat 08:00-20:00',
    floor: 'Ground floor',
  };
}

/** A fresh place added by the world's admin; its slug. */
async function newPlace(w: World): Promise<string> {
  const body = validPlace();
  await created(w, { method: 'POST', url: '/api/admin/places', payload: body }, w.admin.cookie);
  return body.slug;
}

/** The world's records of the places directory (`World`, test/route-cases.ts). */
export interface PlacesRecords {
  /** A place the admin added (never deleted by a case). */
  placeSlug: string;
}

/** The world's records of the places directory: one place. */
export async function placesWorld(w: World): Promise<void> {
  w.placeSlug = await newPlace(w);
}

/** The rows of `/api/places…` and `/api/admin/places…`. */
export const PLACES_CASES: Record<string, RouteCase> = {
  'GET /api/places': {
    request: () => ({ method: 'GET', url: '/api/places', query: { q: 'lhc', category: 'academic' } }),
    expect: everyone(200),
  },
  'GET /api/places/:slug': {
    request: (w) => ({ method: 'GET', url: `/api/places/${w.placeSlug}` }),
    expect: everyone(200),
  },
  'POST /api/admin/places': {
    request: () => ({ method: 'POST', url: '/api/admin/places', payload: validPlace() }),
    expect: adminOnly(201),
  },
  'PUT /api/admin/places/:slug': {
    request: (w) => ({ method: 'PUT', url: `/api/admin/places/${w.placeSlug}`, payload: validPlace(w.placeSlug) }),
    expect: adminOnly(200),
  },
  'DELETE /api/admin/places/:slug': {
    request: async (w) => ({ method: 'DELETE', url: `/api/admin/places/${await newPlace(w)}` }),
    expect: adminOnly(200),
  },
  'POST /api/admin/places/import': {
    request: () => ({
      method: 'POST',
      url: '/api/admin/places/import',
      payload: {
        csv: 'slug,name,category,lat,lng,aliases,description,hours,floor\ncase-import,Main Gate,gate,28.9392,77.101,Gate 1,,Daily 00:00-24:00,\n',
        dryRun: true,
      },
    }),
    expect: adminOnly(200),
  },
};
