/**
 * Authorization-matrix rows of the marketplace (docs/product-spec.md §7; assembled by
 * `test/route-cases.ts`): any signed-in user browses and lists; the owner or an admin changes; the
 * owner only renews. The world's item (with a photo) belongs to `owner`.
 */
import { jpeg, multipartForm } from '../../test/multipart.ts';
import { created, form, ownerOnly, ownerOrAdmin, signedIn } from '../../test/case-kit.ts';
import type { RouteCase, World } from '../../test/route-cases.ts';

/** A valid marketplace listing (multipart text parts). */
export const VALID_ITEM = {
  item_name: 'Casio FX-991EX calculator',
  price: '850',
  category: 'Electronics',
  item_condition: 'Like New',
  description: 'Used for one semester, all functions work.',
  owner_contact: '9876543210',
};

/** A fresh item of `owner` (JSON, no photo), for deleting. */
const newItem = (w: World) =>
  created(w, { method: 'POST', url: '/api/buy-and-sell/items', payload: VALID_ITEM }, w.owner.cookie);

/** The world's records of the marketplace (`World`, test/route-cases.ts). */
export interface MarketplaceRecords {
  /** A marketplace item of `owner` (never deleted by a case). */
  itemId: string;
  /** A stored file (the photo of `itemId`). */
  fileId: string;
}

/** The world's records of the marketplace: `owner`'s item with a JPEG photo, and that photo's file id. */
export async function marketplaceWorld(w: World): Promise<void> {
  const body = multipartForm(VALID_ITEM, [
    { field: 'image', filename: 'p.jpg', content: await jpeg(), type: 'image/jpeg' },
  ]);
  const item = await w.t.app.inject({
    method: 'POST',
    url: '/api/buy-and-sell/items',
    payload: body.payload,
    headers: { ...body.headers, cookie: w.owner.cookie },
  });
  if (item.statusCode !== 201) throw new Error(`world item: ${item.statusCode} ${item.body}`);
  w.itemId = item.json().data.id;
  w.fileId = new URL(item.json().data.image_url).pathname.split('/').pop()!;
}

/** The rows of `/api/buy-and-sell/…`. */
export const MARKETPLACE_CASES: Record<string, RouteCase> = {
  'GET /api/buy-and-sell/items': {
    request: () => ({
      method: 'GET',
      url: '/api/buy-and-sell/items',
      query: { category: 'Electronics', minPrice: '100', maxPrice: '2000', sort: 'priceLowToHigh', page: '1' },
    }),
    expect: signedIn(200),
  },
  'GET /api/buy-and-sell/user-items': {
    request: () => ({ method: 'GET', url: '/api/buy-and-sell/user-items' }),
    expect: signedIn(200),
  },
  'GET /api/buy-and-sell/items/:id': {
    request: (w) => ({ method: 'GET', url: `/api/buy-and-sell/items/${w.itemId}` }),
    expect: signedIn(200),
  },
  'POST /api/buy-and-sell/items': {
    request: () => ({ method: 'POST', url: '/api/buy-and-sell/items', ...form(VALID_ITEM) }),
    expect: signedIn(201),
  },
  'PUT /api/buy-and-sell/items/:id': {
    request: (w) => ({ method: 'PUT', url: `/api/buy-and-sell/items/${w.itemId}`, ...form({ price: '800' }) }),
    expect: ownerOrAdmin(200),
  },
  'POST /api/buy-and-sell/items/:id/renew': {
    request: (w) => ({ method: 'POST', url: `/api/buy-and-sell/items/${w.itemId}/renew` }),
    expect: ownerOnly(200, 403),
  },
  'DELETE /api/buy-and-sell/items/:id': {
    request: async (w) => ({ method: 'DELETE', url: `/api/buy-and-sell/items/${await newItem(w)}` }),
    expect: ownerOrAdmin(200),
  },
};
