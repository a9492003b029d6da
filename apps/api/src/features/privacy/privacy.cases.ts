/**
 * Authorization-matrix rows of the data-rights routes (docs/privacy.md; assembled by
 * `test/route-cases.ts`): every route is the signed-in student's own — any signed-in caller gets
 * their own download and block list. Blocking and unblocking act on a bystander made for the row,
 * so the world's users never block one another. Closing one's account is tried with a wrong
 * password (the world's users stay), keeping an account with an address that is not closed (the
 * same 400 for everyone: the route has no session); an administrator closes a bystander. The
 * privacy notice is open to everyone.
 */
import { randomUUID } from 'node:crypto';
import { userBlocks } from '../../db/schema/privacy.ts';
import { users } from '../../db/schema/users.ts';
import { adminOnly, cookieHeader, everyone, signedIn } from '../../test/case-kit.ts';
import type { Caller, RouteCase, World } from '../../test/route-cases.ts';

/** A fresh student row no one signs in as (only its id is used), returning its id. */
export async function bystander(w: World): Promise<string> {
  const tag = randomUUID().slice(0, 8);
  const [row] = await w.t.app.ctx.db
    .insert(users)
    .values({
      email: `bystander.${tag}@example.invalid`,
      username: `bystander-${tag}`,
      passwordHash: 'x',
      name: 'Bystander',
    })
    .returning({ id: users.id });
  return row!.id;
}

/** The signed-in caller's id, or none for a guest. */
const callerId = (w: World, caller: Caller) => (caller === 'guest' ? undefined : w[caller].userId);

export const PRIVACY_CASES: Record<string, RouteCase> = {
  'GET /api/users/me/export': {
    request: (w, caller) => ({ method: 'GET', url: '/api/users/me/export', headers: cookieHeader(w, caller) }),
    expect: signedIn(200),
  },
  'GET /api/users/blocks': {
    request: (w, caller) => ({ method: 'GET', url: '/api/users/blocks', headers: cookieHeader(w, caller) }),
    expect: signedIn(200),
  },
  'POST /api/users/blocks': {
    request: async (w, caller) => ({
      method: 'POST',
      url: '/api/users/blocks',
      payload: { userId: await bystander(w) },
      headers: cookieHeader(w, caller),
    }),
    expect: signedIn(201),
  },
  'DELETE /api/users/blocks/:userId': {
    request: async (w, caller) => {
      const blocked = await bystander(w);
      const blocker = callerId(w, caller);
      if (blocker) await w.t.app.ctx.db.insert(userBlocks).values({ blockerId: blocker, blockedId: blocked });
      return { method: 'DELETE', url: `/api/users/blocks/${blocked}`, headers: cookieHeader(w, caller) };
    },
    expect: signedIn(200),
  },
  'POST /api/users/me/deletion': {
    request: (w, caller) => ({
      method: 'POST',
      url: '/api/users/me/deletion',
      payload: { password: 'not the password', confirmation: 'DELETE' },
      headers: cookieHeader(w, caller),
    }),
    expect: signedIn(400),
  },
  'DELETE /api/users/me/deletion': {
    request: (w, caller) => ({
      method: 'DELETE',
      url: '/api/users/me/deletion',
      payload: { email: 'nobody@example.invalid', password: 'correct horse battery' },
      headers: cookieHeader(w, caller),
    }),
    expect: everyone(400),
  },
  'GET /api/users/privacy-notice': {
    request: (w, caller) => ({ method: 'GET', url: '/api/users/privacy-notice', headers: cookieHeader(w, caller) }),
    expect: everyone(200),
  },
  'POST /api/users/admin/users/:id/close': {
    request: async (w, caller) => ({
      method: 'POST',
      url: `/api/users/admin/users/${await bystander(w)}/close`,
      headers: cookieHeader(w, caller),
    }),
    expect: adminOnly(200),
  },
};
