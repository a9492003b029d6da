/**
 * Type-level proof that the moderation services take the `Admin` only the admin guard makes (issue
 * 24 item 7): compiled by `tsc --noEmit`; each `@ts-expect-error` must meet an error.
 * Nothing here runs.
 */
import type { Admin, SessionUser } from '../../lib/auth.ts';
import type { ServiceContext } from '../../lib/context.ts';
import * as reports from './reports.service.ts';

export async function studentsCannotModerate(ctx: ServiceContext, checked: Admin, user: SessionUser) {
  await reports.resolveCase(ctx, checked, 'id', { action: 'dismiss' }); // what the admin guard made: compiles
  // @ts-expect-error a session user is not a checked admin
  await reports.listCases(ctx, user, { page: 1, limit: 20, status: 'open' });
  // @ts-expect-error a session user is not a checked admin
  await reports.resolveCase(ctx, user, 'id', { action: 'dismiss' });
}
