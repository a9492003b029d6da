/**
 * Type-level proof of authorization by construction for rides: only the creator edits a
 * ride, the creator or an admin deletes it, so a ride checked for deletion must not reach
 * `updateRide`. Compiled by `tsc --noEmit`; each `@ts-expect-error` must meet an error. Nothing
 * here runs.
 */
import type { SessionUser } from '../../lib/auth.ts';
import type { ServiceContext } from '../../lib/context.ts';
import * as rides from './rides.service.ts';

export async function uncheckedChangesDoNotCompile(ctx: ServiceContext, viewer: SessionUser, id: string) {
  const toEdit = await rides.getChangeableRide(ctx, viewer, id, 'edit');
  const toDelete = await rides.getChangeableRide(ctx, viewer, id, 'delete');
  await rides.updateRide(ctx, viewer, toEdit, {}, null); // checked for the action: compiles
  await rides.deleteRide(ctx, viewer, toDelete);
  // @ts-expect-error a ride checked for deletion (creator or admin) cannot be edited (creator only)
  await rides.updateRide(ctx, viewer, toDelete, {}, null);
  // @ts-expect-error a ride checked for editing cannot be deleted
  await rides.deleteRide(ctx, viewer, toEdit);
  // @ts-expect-error an unchecked ride cannot be deleted
  await rides.deleteRide(ctx, viewer, {} as rides.LoadedRide);
}
