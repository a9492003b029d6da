/**
 * Authorization-matrix rows of lost & found (docs/product-spec.md §7; assembled by `test/route-cases.ts`):
 * any signed-in user browses and reports; the owner or an admin changes. The world's item belongs
 * to `owner`.
 */
import { created, form, ownerOrAdmin, signedIn } from '../../test/case-kit.ts';
import type { RouteCase, World } from '../../test/route-cases.ts';

/** A valid lost & found item (multipart text parts). */
export const VALID_LOST_FOUND = {
  item_name: 'Blue water bottle',
  category: 'Accessories',
  location_found: 'Library, 2nd floor',
  owner_contact: '9123456780',
  description: 'Milton, with a sticker',
};

/** A fresh item of `owner` (JSON, no photo). */
const newLostFound = (w: World) =>
  created(w, { method: 'POST', url: '/api/lost-and-found/lost-items', payload: VALID_LOST_FOUND }, w.owner.cookie);

/** The world's records of lost & found (`World`, test/route-cases.ts). */
export interface LostFoundRecords {
  /** A lost & found item of `owner` (never deleted by a case). */
  lostFoundId: string;
}

/** The world's records of lost & found: `owner`'s item. */
export async function lostFoundWorld(w: World): Promise<void> {
  w.lostFoundId = await newLostFound(w);
}

/** The rows of `/api/lost-and-found/…`. */
export const LOST_FOUND_CASES: Record<string, RouteCase> = {
  'GET /api/lost-and-found/lost-items': {
    request: () => ({ method: 'GET', url: '/api/lost-and-found/lost-items', query: { type: 'found' } }),
    expect: signedIn(200),
  },
  'GET /api/lost-and-found/lost-items/:id': {
    request: (w) => ({ method: 'GET', url: `/api/lost-and-found/lost-items/${w.lostFoundId}` }),
    expect: signedIn(200),
  },
  'POST /api/lost-and-found/lost-items': {
    request: () => ({ method: 'POST', url: '/api/lost-and-found/lost-items', ...form(VALID_LOST_FOUND) }),
    expect: signedIn(201),
  },
  'PUT /api/lost-and-found/lost-items/:id': {
    request: (w) => ({
      method: 'PUT',
      url: `/api/lost-and-found/lost-items/${w.lostFoundId}`,
      ...form({ location_found: 'Main gate' }),
    }),
    expect: ownerOrAdmin(200),
  },
  'DELETE /api/lost-and-found/lost-items/:id': {
    request: async (w) => ({ method: 'DELETE', url: `/api/lost-and-found/lost-items/${await newLostFound(w)}` }),
    expect: ownerOrAdmin(200),
  },
};
