/**
 * Type-level proof of authorization by construction for notifications ( * docs/architecture.md): `tsc --noEmit` (npm run typecheck, in CI) compiles this file, and each
 * `@ts-expect-error` below must meet an error. A user changes only their own notifications — the
 * service loads them by the signed-in caller (another user's → 404), so each change function needs
 * the session user a `signedIn` scope makes (`req.user` outside one is `SessionUser | null`);
 * recalling a send and broadcasting need the `Admin` only the admin guard makes. Nothing here runs.
 */
import type { Admin, SessionUser } from '../../lib/auth.ts';
import type { ServiceContext } from '../../lib/context.ts';
import * as notifications from './notifications.service.ts';

export async function uncheckedChangesDoNotCompile(
  ctx: ServiceContext,
  viewer: SessionUser,
  admin: Admin,
  guest: SessionUser | null,
  id: string,
) {
  await notifications.create(ctx, viewer, { message: 'x', type: 'general' }); // signed in: compiles
  await notifications.update(ctx, viewer, id, { is_read: true });
  await notifications.remove(ctx, viewer.id, id);
  await notifications.markRead(ctx, viewer.id, id);
  await notifications.markAllRead(ctx, viewer.id);
  await notifications.recallSend(ctx, admin, id);
  await notifications.broadcast(ctx, admin, { message: 'x', type: 'general' });

  // @ts-expect-error a request without a session cannot create
  await notifications.create(ctx, guest, { message: 'x', type: 'general' });
  // @ts-expect-error a request without a session cannot update
  await notifications.update(ctx, guest, id, { is_read: true });
  // @ts-expect-error a request without a session cannot delete
  await notifications.remove(ctx, guest?.id, id);
  // @ts-expect-error a request without a session cannot mark one read
  await notifications.markRead(ctx, guest?.id, id);
  // @ts-expect-error a request without a session cannot mark all read
  await notifications.markAllRead(ctx, guest?.id);
  // @ts-expect-error a signed-in user is not a checked admin: recalling a send needs the admin guard
  await notifications.recallSend(ctx, viewer, id);
  // @ts-expect-error a signed-in user is not a checked admin: broadcasting needs the admin guard
  await notifications.broadcast(ctx, viewer, { message: 'x', type: 'general' });
}
