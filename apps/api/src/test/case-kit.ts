/**
 * What a feature's authorization-matrix rows (`features/<f>/<f>.cases.ts`) are built with:
 * the expected statuses per kind of caller (docs/design.md §4: 401 without a session, 403 for a role that
 * may not act or a record visible but not changeable, 404 for a record not visible), the callers'
 * password, a multipart form, and a set-up request that creates a record. `route-cases.ts` holds the
 * shared types and assembles the rows; this module imports no feature, so each cases file may use it.
 */
import { nextClientIp } from './helpers.ts';
import { multipartForm } from './multipart.ts';
import type { CaseRequest, Caller, World } from './route-cases.ts';

/** The password of every user of the suites' world. */
export const PASSWORD = 'correct horse battery';

/** Public: the same answer for everyone. */
export const everyone = (status: number): Record<Caller, number> => ({
  guest: status,
  owner: status,
  other: status,
  admin: status,
  deactivated: status,
});
/** Any signed-in student or admin; guests and deactivated accounts 401. */
export const signedIn = (status: number): Record<Caller, number> => ({
  guest: 401,
  owner: status,
  other: status,
  admin: status,
  deactivated: 401,
});
/** The owner or an admin; another student gets `otherStatus` (403 visible, 404 not visible). */
export const ownerOrAdmin = (status: number, otherStatus = 403): Record<Caller, number> => ({
  guest: 401,
  owner: status,
  other: otherStatus,
  admin: status,
  deactivated: 401,
});
/** Only the owner (admins included among the refused). */
export const ownerOnly = (status: number, refused: number): Record<Caller, number> => ({
  guest: 401,
  owner: status,
  other: refused,
  admin: refused,
  deactivated: 401,
});
/** Admin only: students 403 (docs/product-spec.md §6). */
export const adminOnly = (status: number): Record<Caller, number> => ({
  guest: 401,
  owner: 403,
  other: 403,
  admin: status,
  deactivated: 401,
});

/** A multipart request's `{ payload, headers }`: text `fields` and an optional PNG file part. */
export function form(fields: Record<string, string>, file?: { field: string; content: Buffer }) {
  const body = multipartForm(fields, file ? [{ ...file, filename: 'photo.png', type: 'image/png' }] : []);
  return { payload: body.payload, headers: body.headers };
}

/**
 * Creates a record for a case through the API (JSON, so no upload ceiling), from its own client IP
 * (the suites' app trusts `X-Forwarded-For`), so repeated set-ups never meet a per-IP ceiling.
 * Returns the new record's `data.id`; throws unless the answer is 201.
 */
export async function created(w: World, req: CaseRequest, cookie: string): Promise<string> {
  const res = await w.t.app.inject({ ...req, headers: { ...req.headers, cookie, 'x-forwarded-for': nextClientIp() } });
  if (res.statusCode !== 201) throw new Error(`setup ${req.method} ${req.url}: ${res.statusCode} ${res.body}`);
  return res.json().data.id as string;
}

/** The session cookie header `caller` sends (none for a guest). */
export function cookieHeader(w: World, caller: Caller): Record<string, string> {
  return caller === 'guest' ? {} : { cookie: w[caller].cookie };
}
