/**
 * Authorization-matrix rows of the mess menu (docs/mess.md; assembled by `test/route-cases.ts`):
 * every signed-in student reads menus and picks their mess; administrators create and edit
 * messes. The world's mess is created by `admin`, serving no hostel.
 */
import { adminOnly, created, signedIn } from '../../test/case-kit.ts';
import type { RouteCase, World } from '../../test/route-cases.ts';

/** Mess names handed out so far (names are unique). */
let names = 0;
/** A valid mess body with a fresh name, serving no hostel (the default messes serve them all). */
export function validMess(name = `Matrix Mess ${++names}-${process.pid % 1000}`) {
  return {
    name,
    hostels: [] as string[],
    meals: [
      { meal: 'breakfast', start: '07:30', end: '09:30' },
      { meal: 'lunch', start: '12:30', end: '14:30' },
      { meal: 'dinner', start: '19:30', end: '21:30' },
    ],
  };
}

/** The world's records of the mess menu (`World`, test/route-cases.ts). */
export interface MessRecords {
  /** A mess the admin created. */
  messId: string;
}

/** The world's records of the mess menu: a mess `admin` created. */
export async function messWorld(w: World): Promise<void> {
  w.messId = await created(w, { method: 'POST', url: '/api/mess', payload: validMess() }, w.admin.cookie);
}

/** The rows of `/api/mess…`. */
export const MESS_CASES: Record<string, RouteCase> = {
  'GET /api/mess': {
    request: () => ({ method: 'GET', url: '/api/mess' }),
    expect: signedIn(200),
  },
  'GET /api/mess/today': {
    request: (w) => ({ method: 'GET', url: '/api/mess/today', query: { mess: w.messId } }),
    expect: signedIn(200),
  },
  'GET /api/mess/:id/week': {
    request: (w) => ({ method: 'GET', url: `/api/mess/${w.messId}/week`, query: { from: '2026-12-07' } }),
    expect: signedIn(200),
  },
  'PUT /api/mess/mine': {
    request: (w) => ({ method: 'PUT', url: '/api/mess/mine', payload: { mess: w.messId } }),
    expect: signedIn(200),
  },
  'POST /api/mess': {
    request: () => ({ method: 'POST', url: '/api/mess', payload: validMess() }),
    expect: adminOnly(201),
  },
  'PUT /api/mess/:id': {
    request: (w) => ({ method: 'PUT', url: `/api/mess/${w.messId}`, payload: validMess(`World Mess ${w.messId}`) }),
    expect: adminOnly(200),
  },
};
