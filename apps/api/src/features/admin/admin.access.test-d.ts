/**
 * Type-level proof that admin-only services take the `Admin` only the admin guard makes:
 * compiled by `tsc --noEmit`; each `@ts-expect-error` must meet an error. Nothing here runs.
 */
import type { Admin, SessionUser } from '../../lib/auth.ts';
import type { ServiceContext } from '../../lib/context.ts';
import * as admin from './admin.service.ts';
import * as attendance from '../attendance/attendance.service.ts';
import * as notifications from '../notifications/notifications.service.ts';

export async function studentsCannotCallAdminServices(ctx: ServiceContext, checked: Admin, user: SessionUser) {
  await admin.reactivateUser(ctx, checked, 'id'); // what the admin guard made: compiles
  // @ts-expect-error a session user is not a checked admin
  await admin.listUsers(ctx, user, {} as Parameters<typeof admin.listUsers>[2]);
  // @ts-expect-error a session user is not a checked admin
  await admin.updateUser(ctx, user, 'id', {});
  // @ts-expect-error a session user is not a checked admin
  await admin.deactivateUser(ctx, user, 'id');
  // @ts-expect-error a session user is not a checked admin
  await admin.reactivateUser(ctx, user, 'id');
  // @ts-expect-error a session user is not a checked admin
  await attendance.createSubject(ctx, user, {} as Parameters<typeof attendance.createSubject>[2]);
  // @ts-expect-error a session user is not a checked admin
  await attendance.updateSubject(ctx, user, '1', {});
  // @ts-expect-error a session user is not a checked admin
  await attendance.deleteSubject(ctx, user, '1');
  // @ts-expect-error a session user is not a checked admin
  await notifications.listSends(ctx, user, { page: 1, limit: 20 });
  // @ts-expect-error a session user is not a checked admin
  await notifications.recallSend(ctx, user, 'id');
}
