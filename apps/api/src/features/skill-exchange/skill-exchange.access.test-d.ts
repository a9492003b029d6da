/**
 * Type-level proof for skill exchange: `answer` and `cancel` take the request id and
 * check the party inside, so a handler cannot choose the party apart from the action; an answer
 * cannot cancel. Compiled by `tsc --noEmit`; each `@ts-expect-error` must meet an error. Nothing
 * here runs.
 */
import type { SessionUser } from '../../lib/auth.ts';
import type { ServiceContext } from '../../lib/context.ts';
import * as skills from './skill-exchange.service.ts';

export async function wrongActionsDoNotCompile(ctx: ServiceContext, viewer: SessionUser, id: string) {
  await skills.answer(ctx, viewer, id, 'accepted'); // compiles
  await skills.cancel(ctx, viewer, id);
  // @ts-expect-error an answer cannot cancel (only the sender cancels, through cancel())
  await skills.answer(ctx, viewer, id, 'cancelled');
  // @ts-expect-error cancel() takes no status: it only cancels
  await skills.cancel(ctx, viewer, id, 'accepted');
  // @ts-expect-error the change is checked inside; there is no unchecked transition to call
  await skills.transition(ctx, viewer, {}, 'accepted');
}
