/**
 * Authorization-matrix rows of Web Push (docs/decisions/0501-web-push.md; assembled by
 * `test/route-cases.ts`): every route acts on the caller; a subscription is deleted only by the
 * student who stored it (another's endpoint → 404, admins included). Endpoints point at the
 * discard port of 127.0.0.1 (listed in the suites' `PUSH_ENDPOINT_HOSTS`), so a push the other
 * rows queue is refused at once and never leaves the machine.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { nextClientIp } from '../../test/helpers.ts';
import { signedIn, ownerOnly } from '../../test/case-kit.ts';
import type { RouteCase, World } from '../../test/route-cases.ts';

/** Where the matrix's subscriptions point (nothing listens on port 9). */
export const MATRIX_PUSH_HOST = '127.0.0.1:9';
/** The suites' app configuration for Web Push: the rows' subscriptions point here, refused at once, never off the machine. */
export const PUSH_ENV = { PUSH_ENDPOINT_HOSTS: MATRIX_PUSH_HOST };

let made = 0;
/** A fresh, valid subscription body as a browser's `toJSON()` gives it. */
export function newSubscriptionBody() {
  made += 1;
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `http://${MATRIX_PUSH_HOST}/matrix/${process.pid}-${made}-${randomBytes(4).toString('hex')}`,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

/** A fresh subscription of `owner`; returns its endpoint. */
async function ownersSubscription(w: World): Promise<string> {
  const body = newSubscriptionBody();
  const res = await w.t.app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    payload: body,
    headers: { cookie: w.owner.cookie, 'x-forwarded-for': nextClientIp() },
  });
  if (res.statusCode !== 201) throw new Error(`setup subscription: ${res.statusCode} ${res.body}`);
  return body.endpoint;
}

/** The rows of `/api/push…`. */
export const PUSH_CASES: Record<string, RouteCase> = {
  'GET /api/push/key': { request: () => ({ method: 'GET', url: '/api/push/key' }), expect: signedIn(200) },
  'POST /api/push/subscriptions': {
    request: () => ({ method: 'POST', url: '/api/push/subscriptions', payload: newSubscriptionBody() }),
    expect: signedIn(201),
  },
  'DELETE /api/push/subscriptions': {
    request: async (w) => ({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      payload: { endpoint: await ownersSubscription(w) },
    }),
    expect: ownerOnly(200, 404),
  },
  'GET /api/push/preferences': {
    request: () => ({ method: 'GET', url: '/api/push/preferences' }),
    expect: signedIn(200),
  },
  'PUT /api/push/preferences': {
    request: () => ({ method: 'PUT', url: '/api/push/preferences', payload: { broadcasts: true } }),
    expect: signedIn(200),
  },
};
