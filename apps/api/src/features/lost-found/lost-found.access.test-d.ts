/**
 * Type-level proof of authorization by construction for lost & found (issue 8, issue 22): compiled
 * by `tsc --noEmit`; each `@ts-expect-error` must meet an error, or the typecheck fails. Nothing
 * here runs.
 */
import type { SessionUser } from '../../lib/auth.ts';
import type { ServiceContext } from '../../lib/context.ts';
import * as lostFound from './lost-found.service.ts';

export async function uncheckedChangesDoNotCompile(ctx: ServiceContext, viewer: SessionUser) {
  // @ts-expect-error an unchecked lost & found record cannot be deleted
  await lostFound.deleteItem(ctx, viewer, {} as lostFound.LoadedItem);
}
