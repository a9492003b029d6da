/**
 * Type-level proof of authorization by construction for users (docs/architecture.md):
 * `tsc --noEmit` (npm run typecheck, in CI) compiles this file, and each `@ts-expect-error` below
 * must meet an error. A user changes only their own account, so each self-service change function
 * takes the session user a `signedIn` scope makes (`req.user` outside one is `SessionUser | null`,
 * `req.sessionId` `string | null`). Nothing here runs.
 */
import type { SessionUser } from '../../lib/auth.ts';
import type { ServiceContext } from '../../lib/context.ts';
import * as users from './users.service.ts';

export async function unsignedChangesDoNotCompile(
  ctx: ServiceContext,
  viewer: SessionUser,
  sessionId: string,
  guest: SessionUser | null,
  guestSessionId: string | null,
) {
  const passwords = { currentPassword: 'old', newPassword: 'new' };
  await users.updateProfile(ctx, viewer.id, { name: 'A' }); // signed in: compiles
  await users.changePassword(ctx, viewer, sessionId, passwords);
  await users.setAvatar(ctx, viewer, Buffer.alloc(1));

  // @ts-expect-error a request without a session cannot update a profile
  await users.updateProfile(ctx, guest?.id, { name: 'A' });
  // @ts-expect-error a request without a session cannot change a password
  await users.changePassword(ctx, guest, guestSessionId, passwords);
  // @ts-expect-error a request without a session cannot set an avatar
  await users.setAvatar(ctx, guest, Buffer.alloc(1));
}
