/**
 * Authorization-matrix rows of ride sharing (docs/product-spec.md §7; assembled by `test/route-cases.ts`):
 * the creator edits; the creator or an admin deletes; anyone but the creator joins and leaves. The
 * world's ride is offered by `owner`.
 */
import { nextClientIp } from '../../test/helpers.ts';
import { created, form, ownerOnly, ownerOrAdmin, signedIn } from '../../test/case-kit.ts';
import type { Caller, RouteCase, World } from '../../test/route-cases.ts';

/** A valid ride offer (JSON) departing `days` days from now. */
export function validRide(days = 3) {
  return {
    pickupLocation: 'Railway Station',
    dropLocation: 'IIIT Sonepat Campus',
    departureDateTime: new Date(Date.now() + days * 86_400_000).toISOString(),
    totalSeats: 3,
    estimatedCost: 450,
    description: 'Cab from the station after the evening train',
    phoneNumber: '9812345678',
    direction: 'toCollege',
  };
}

/** A fresh ride offered by `owner`. */
const newRide = (w: World) => created(w, { method: 'POST', url: '/api/rides', payload: validRide() }, w.owner.cookie);
/** A fresh ride of `owner` that `caller` (another student or an admin) has joined. */
async function joinedRide(w: World, caller: Caller): Promise<string> {
  const id = await newRide(w);
  if (caller === 'other' || caller === 'admin') {
    const res = await w.t.app.inject({
      method: 'POST',
      url: `/api/rides/${id}/join`,
      headers: { cookie: w[caller].cookie, 'x-forwarded-for': nextClientIp() },
    });
    if (res.statusCode !== 200) throw new Error(`setup join: ${res.statusCode} ${res.body}`);
  }
  return id;
}
/** Joining: any student or admin but the creator (403). */
const joiner = (status: number): Record<Caller, number> => ({ ...signedIn(status), owner: 403 });

/** The world's records of ride sharing (`World`, test/route-cases.ts). */
export interface RidesRecords {
  /** A ride offered by `owner` (never deleted by a case). */
  rideId: string;
}

/** The world's records of ride sharing: a ride `owner` offers. */
export async function ridesWorld(w: World): Promise<void> {
  w.rideId = await newRide(w);
}

/** The rows of `/api/rides…`. */
export const RIDES_CASES: Record<string, RouteCase> = {
  'GET /api/rides': {
    request: () => ({
      method: 'GET',
      url: '/api/rides',
      query: { search: 'station', dateRange: 'week', minSeats: '1', maxPrice: '500', sortBy: 'priceAsc' },
    }),
    expect: signedIn(200),
  },
  'GET /api/rides/user/rides': {
    request: () => ({ method: 'GET', url: '/api/rides/user/rides' }),
    expect: signedIn(200),
  },
  'GET /api/rides/:id': {
    request: (w) => ({ method: 'GET', url: `/api/rides/${w.rideId}` }),
    expect: signedIn(200),
  },
  'POST /api/rides': {
    request: () => ({ method: 'POST', url: '/api/rides', payload: validRide() }),
    expect: signedIn(201),
  },
  'PUT /api/rides/:id': {
    request: (w) => ({ method: 'PUT', url: `/api/rides/${w.rideId}`, ...form({ description: 'Leaving at 6 sharp' }) }),
    expect: ownerOnly(200, 403),
  },
  'DELETE /api/rides/:id': {
    request: async (w) => ({ method: 'DELETE', url: `/api/rides/${await newRide(w)}` }),
    expect: ownerOrAdmin(200),
  },
  'POST /api/rides/:id/join': {
    request: async (w) => ({ method: 'POST', url: `/api/rides/${await newRide(w)}/join` }),
    expect: joiner(200),
  },
  'DELETE /api/rides/:id/join': {
    request: async (w, caller) => ({ method: 'DELETE', url: `/api/rides/${await joinedRide(w, caller)}/join` }),
    expect: joiner(200),
  },
};
