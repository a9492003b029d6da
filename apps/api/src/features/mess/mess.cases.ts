/**
 * Authorization-matrix rows of the mess menu (docs/mess.md; assembled by `test/route-cases.ts`):
 * every signed-in student reads menus and picks their mess; administrators create and edit
 * messes and appoint managers; a mess's managers (the world's: `owner`) and administrators read
 * its feedback, edit its menu and post its notices. The world's mess is created by `admin`, serving no hostel; ratings go to the
 * default North Mess's lunch of yesterday (always started).
 */
import { addDays, todayIn } from '../../lib/dates.ts';
import { adminOnly, created, ownerOrAdmin, signedIn } from '../../test/case-kit.ts';
import { sendJson } from '../../test/helpers.ts';
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
  /** A mess the admin created, managed by `owner`. */
  messId: string;
  /** The default North Mess (it has a menu every day). */
  menuMessId: string;
}

/** The world's records of the mess menu: a mess `admin` created with `owner` as its manager. */
export async function messWorld(w: World): Promise<void> {
  w.messId = await created(w, { method: 'POST', url: '/api/mess', payload: validMess() }, w.admin.cookie);
  const managers = await sendJson(w.t, 'PUT', `/api/mess/${w.messId}/managers`, w.admin.cookie, {
    emails: [w.owner.email],
  });
  if (managers.statusCode !== 200) throw new Error(`mess managers: ${managers.statusCode} ${managers.body}`);
  const list = await sendJson(w.t, 'GET', '/api/mess', w.admin.cookie);
  w.menuMessId = (list.json().data as { id: string; name: string }[]).find((m) => m.name === 'North Mess')!.id;
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
  'PUT /api/mess/ratings': {
    request: (w) => ({
      method: 'PUT',
      url: '/api/mess/ratings',
      payload: {
        mess: w.menuMessId,
        date: addDays(todayIn('Asia/Kolkata'), -1),
        meal: 'lunch',
        stars: 4,
        comment: 'Rajma was good',
      },
    }),
    expect: signedIn(200),
  },
  'GET /api/mess/:id/feedback': {
    request: (w) => ({ method: 'GET', url: `/api/mess/${w.messId}/feedback` }),
    expect: ownerOrAdmin(200, 403),
  },
  'GET /api/mess/:id/feedback/comments': {
    request: (w) => ({
      method: 'GET',
      url: `/api/mess/${w.messId}/feedback/comments`,
      query: { page: '1', limit: '20' },
    }),
    expect: ownerOrAdmin(200, 403),
  },
  'PUT /api/mess/:id/menu': {
    request: (w) => ({
      method: 'PUT',
      url: `/api/mess/${w.messId}/menu`,
      payload: { validFrom: '2026-12-07', week: [{ day: 1, meal: 'lunch', dishes: [{ name: 'Rajma', diet: 'veg' }] }] },
    }),
    expect: ownerOrAdmin(200, 403),
  },
  'PUT /api/mess/:id/days/:date': {
    request: (w) => ({
      method: 'PUT',
      url: `/api/mess/${w.messId}/days/2026-12-25`,
      payload: {
        closed: false,
        note: 'Christmas special dinner',
        meals: [{ meal: 'dinner', dishes: [{ name: 'Plum Cake', diet: 'egg' }] }],
      },
    }),
    expect: ownerOrAdmin(200, 403),
  },
  'POST /api/mess/:id/menu/import': {
    request: (w) => ({
      method: 'POST',
      url: `/api/mess/${w.messId}/menu/import`,
      query: { dryRun: 'true', validFrom: '2026-12-07' },
      payload: 'day,meal,dishes\nMonday,lunch,Rajma; Jeera Rice\nMonday,dinner,Egg Curry (egg); Roti\n',
      headers: { 'content-type': 'text/csv' },
    }),
    expect: ownerOrAdmin(200, 403),
  },
  'POST /api/mess/:id/notices': {
    request: (w) => ({
      method: 'POST',
      url: `/api/mess/${w.messId}/notices`,
      payload: { text: 'Dinner delayed to 20:30' },
    }),
    expect: ownerOrAdmin(201, 403),
  },
  'PUT /api/mess/:id/managers': {
    request: (w) => ({ method: 'PUT', url: `/api/mess/${w.messId}/managers`, payload: { emails: [w.owner.email] } }),
    expect: adminOnly(200),
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
