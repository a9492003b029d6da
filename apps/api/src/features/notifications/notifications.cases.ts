/**
 * Authorization-matrix rows of notifications (docs/product-spec.md §7, docs/design.md §7; assembled by
 * `test/route-cases.ts`): each user sees only their own; sends, their recall and broadcasts are for
 * admins. The world's notification belongs to `owner`.
 */
import { sendJson } from '../../test/helpers.ts';
import { adminOnly, created, ownerOnly, signedIn } from '../../test/case-kit.ts';
import type { RouteCase, World } from '../../test/route-cases.ts';

/** A fresh notification `owner` wrote to themself. */
export const newNotification = (w: World) =>
  created(w, { method: 'POST', url: '/api/notification', payload: { message: 'A note to self' } }, w.owner.cookie);

/** A fresh admin send to `other`; returns the send's id (for recalling). */
async function newSend(w: World): Promise<string> {
  const res = await sendJson(w.t, 'POST', '/api/notification', w.admin.cookie, {
    message: 'Library closes early today',
    userId: w.other.userId,
  });
  if (res.statusCode !== 201) throw new Error(`setup send: ${res.statusCode} ${res.body}`);
  const sends = await sendJson(w.t, 'GET', '/api/notification/sends', w.admin.cookie);
  return sends.json().data[0].id as string;
}

/** The world's records of notifications (`World`, test/route-cases.ts). */
export interface NotificationsRecords {
  /** A notification of `owner` (never deleted by a case). */
  notificationId: string;
}

/** The world's records of notifications: `owner`'s notification. */
export async function notificationsWorld(w: World): Promise<void> {
  w.notificationId = await newNotification(w);
}

/** The rows of `/api/notification…`. */
export const NOTIFICATIONS_CASES: Record<string, RouteCase> = {
  'GET /api/notification': { request: () => ({ method: 'GET', url: '/api/notification' }), expect: signedIn(200) },
  'GET /api/notification/unread/count': {
    request: () => ({ method: 'GET', url: '/api/notification/unread/count' }),
    expect: signedIn(200),
  },
  'GET /api/notification/stream': {
    request: () => ({ method: 'GET', url: '/api/notification/stream', stream: true }),
    expect: signedIn(200),
  },
  'PUT /api/notification/read-all': {
    request: () => ({ method: 'PUT', url: '/api/notification/read-all' }),
    expect: signedIn(200),
  },
  'POST /api/notification': {
    request: () => ({ method: 'POST', url: '/api/notification', payload: { message: 'Remember the lab record' } }),
    expect: signedIn(201),
  },
  'GET /api/notification/:id': {
    request: (w) => ({ method: 'GET', url: `/api/notification/${w.notificationId}` }),
    expect: ownerOnly(200, 404),
  },
  'PUT /api/notification/:id': {
    request: (w) => ({ method: 'PUT', url: `/api/notification/${w.notificationId}`, payload: { is_read: false } }),
    expect: ownerOnly(200, 404),
  },
  'DELETE /api/notification/:id': {
    request: async (w) => ({ method: 'DELETE', url: `/api/notification/${await newNotification(w)}` }),
    expect: ownerOnly(200, 404),
  },
  'PUT /api/notification/:id/read': {
    request: (w) => ({ method: 'PUT', url: `/api/notification/${w.notificationId}/read` }),
    expect: ownerOnly(200, 404),
  },
  'GET /api/notification/sends': {
    request: () => ({ method: 'GET', url: '/api/notification/sends' }),
    expect: adminOnly(200),
  },
  'DELETE /api/notification/sends/:id': {
    request: async (w) => ({ method: 'DELETE', url: `/api/notification/sends/${await newSend(w)}` }),
    expect: adminOnly(200),
  },
  'POST /api/notification/broadcast': {
    request: () => ({
      method: 'POST',
      url: '/api/notification/broadcast',
      payload: { message: 'Campus Wi-Fi is back' },
    }),
    expect: adminOnly(201),
  },
};
