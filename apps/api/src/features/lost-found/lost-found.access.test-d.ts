/**
 * Type-level proof of authorization by construction for lost & found: compiled
 * by `tsc --noEmit`; each `@ts-expect-error` must meet an error, or the typecheck fails. Nothing
 * here runs.
 */
import type { SessionUser } from '../../lib/auth.ts';
import type { ServiceContext } from '../../lib/context.ts';
import * as lostFound from './lost-found.service.ts';

export async function uncheckedChangesDoNotCompile(ctx: ServiceContext, viewer: SessionUser, id: string) {
  const toEdit = await lostFound.getChangeableItem(ctx, viewer, id, 'edit');
  const toDelete = await lostFound.getChangeableItem(ctx, viewer, id, 'delete');
  await lostFound.updateItem(ctx, viewer, toEdit, {}, null); // checked for the action: compiles
  await lostFound.deleteItem(ctx, viewer, toDelete);
  // @ts-expect-error a record checked for deletion cannot be edited
  await lostFound.updateItem(ctx, viewer, toDelete, {}, null);
  // @ts-expect-error an unchecked lost & found record cannot be deleted
  await lostFound.deleteItem(ctx, viewer, {} as lostFound.LoadedItem);
}
