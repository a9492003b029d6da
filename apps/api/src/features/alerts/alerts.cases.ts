/**
 * Authorization-matrix rows of saved alerts (docs/alerts.md; assembled by `test/route-cases.ts`):
 * every student keeps their own alerts — another student's, or an admin asking for one, gets 404;
 * the digest's unsubscribe needs no session, only its signed token. The world's alert belongs to
 * `owner`.
 */
import { ALERTS_MAX, type Alert } from '@campus/contract/alerts';
import { created, everyone, ownerOnly, signedIn } from '../../test/case-kit.ts';
import { sendJson } from '../../test/helpers.ts';
import type { RouteCase, World } from '../../test/route-cases.ts';
import { tokenKey, unsubscribeToken } from './alerts.mail.ts';

/** A valid alert body: bicycles under ₹3,000. */
export const VALID_ALERT = { kind: 'marketplace', filters: { search: 'cycle', maxPrice: 3000 } };

/**
 * A fresh alert of `owner`, after making room under the per-student ceiling: the fuzz suite sends
 * the create and delete rows hundreds of times, and each refused delete leaves its alert behind.
 */
async function newAlert(w: World): Promise<string> {
  const mine = (await sendJson(w.t, 'GET', `/api/alerts?limit=${ALERTS_MAX}`, w.owner.cookie)).json().data as Alert[];
  if (mine.length >= ALERTS_MAX - 1)
    for (const alert of mine.filter((a) => a.id !== w.alertId))
      await sendJson(w.t, 'DELETE', `/api/alerts/${alert.id}`, w.owner.cookie);
  return created(w, { method: 'POST', url: '/api/alerts', payload: VALID_ALERT }, w.owner.cookie);
}

/** The world's records of saved alerts (`World`, test/route-cases.ts). */
export interface AlertsRecords {
  /** A saved alert of `owner` (never deleted by a case). */
  alertId: string;
  /** Its digest unsubscribe token. */
  alertToken: string;
}

/** The world's records of saved alerts: `owner`'s alert and its unsubscribe token. */
export async function alertsWorld(w: World): Promise<void> {
  w.alertId = await newAlert(w);
  w.alertToken = unsubscribeToken(await tokenKey(w.t.app.ctx), w.alertId);
}

/** The rows of `/api/alerts…`. */
export const ALERTS_CASES: Record<string, RouteCase> = {
  'GET /api/alerts': { request: () => ({ method: 'GET', url: '/api/alerts' }), expect: signedIn(200) },
  'POST /api/alerts': {
    request: () => ({ method: 'POST', url: '/api/alerts', payload: { kind: 'rides', filters: { search: 'airport' } } }),
    expect: signedIn(201),
  },
  'GET /api/alerts/:id': {
    request: (w) => ({ method: 'GET', url: `/api/alerts/${w.alertId}` }),
    expect: ownerOnly(200, 404),
  },
  'PATCH /api/alerts/:id': {
    request: (w) => ({ method: 'PATCH', url: `/api/alerts/${w.alertId}`, payload: { paused: false } }),
    expect: ownerOnly(200, 404),
  },
  'DELETE /api/alerts/:id': {
    request: async (w) => ({ method: 'DELETE', url: `/api/alerts/${await newAlert(w)}` }),
    expect: ownerOnly(200, 404),
  },
  'POST /api/alerts/unsubscribe': {
    request: (w) => ({ method: 'POST', url: '/api/alerts/unsubscribe', payload: { token: w.alertToken } }),
    expect: everyone(200),
  },
};
