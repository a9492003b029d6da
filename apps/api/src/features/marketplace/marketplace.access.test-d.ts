/**
 * Type-level proof of authorization by construction for marketplace ( * docs/architecture.md): `tsc --noEmit` (npm run typecheck, in CI) compiles this file, and each
 * `@ts-expect-error` below must meet an error — if a change let the unchecked or wrongly checked
 * call compile, the directive would be unused and the typecheck would fail. Nothing here runs.
 */
import type { SessionUser } from '../../lib/auth.ts';
import type { ServiceContext } from '../../lib/context.ts';
import * as marketplace from './marketplace.service.ts';
import * as lostFound from '../lost-found/lost-found.service.ts';
import type { LoadedItem } from './marketplace.service.ts';

export async function uncheckedChangesDoNotCompile(ctx: ServiceContext, viewer: SessionUser, id: string) {
  const body = { price: 1 };
  const toEdit = await marketplace.getChangeableItem(ctx, viewer, id, 'edit');
  const toRenew = await marketplace.getChangeableItem(ctx, viewer, id, 'renew');
  const toDelete = await marketplace.getChangeableItem(ctx, viewer, id, 'delete');
  await marketplace.updateItem(ctx, viewer, toEdit, body, null); // checked for the action: compiles
  await marketplace.renewItem(ctx, viewer, toRenew);
  await marketplace.deleteItem(ctx, viewer, toDelete);

  const row = {} as LoadedItem; // a record loaded without the access check
  // @ts-expect-error an unchecked record cannot be updated
  await marketplace.updateItem(ctx, viewer, row, body, null);
  // @ts-expect-error a record checked for deletion (owner or admin) cannot be renewed (owner only)
  await marketplace.renewItem(ctx, viewer, toDelete);
  // @ts-expect-error a record checked for renewal cannot be deleted
  await marketplace.deleteItem(ctx, viewer, toRenew);
  // @ts-expect-error a record checked for deletion cannot be edited
  await marketplace.updateItem(ctx, viewer, toDelete, body, null);
  // @ts-expect-error what the visible loader returns is the API shape, not a changeable record
  await marketplace.deleteItem(ctx, viewer, await marketplace.getItem(ctx, viewer, id));
  // @ts-expect-error a lost & found record is not a marketplace one
  await marketplace.deleteItem(ctx, viewer, await lostFound.getChangeableItem(ctx, viewer, id, 'delete'));
}
