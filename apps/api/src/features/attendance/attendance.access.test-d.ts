/**
 * Type-level proof of authorization by construction for attendance: every change takes
 * the caller's own scope (`ownScope`) or a record checked for editing. Compiled by `tsc --noEmit`;
 * each `@ts-expect-error` must meet an error. Nothing here runs.
 */
import type { SessionUser } from '../../lib/auth.ts';
import type { ServiceContext } from '../../lib/context.ts';
import * as attendance from './attendance.service.ts';

export async function uncheckedChangesDoNotCompile(ctx: ServiceContext, viewer: SessionUser, id: string) {
  const scope = attendance.ownScope(viewer, viewer.id);
  const record = await attendance.getChangeableRecord(ctx, viewer, id);
  await attendance.enroll(ctx, scope, 1); // checked: compiles
  await attendance.updateRecord(ctx, record, { status: 'Present' });
  const named = { userId: 'someone' }; // a user id taken from the request without the check
  // @ts-expect-error an unchecked scope cannot enroll
  await attendance.enroll(ctx, named, 1);
  // @ts-expect-error an unchecked scope cannot unenroll
  await attendance.unenroll(ctx, named, 1);
  // @ts-expect-error an unchecked scope cannot mark attendance
  await attendance.markAttendance(ctx, named, {} as Parameters<typeof attendance.markAttendance>[2]);
  // @ts-expect-error an unchecked scope cannot mark in bulk
  await attendance.markBulk(ctx, named, {} as Parameters<typeof attendance.markBulk>[2]);
  // @ts-expect-error an unchecked scope cannot set the target
  await attendance.setTarget(ctx, named, 75);
  // @ts-expect-error a scope is not a record checked for editing
  await attendance.updateRecord(ctx, scope, { status: 'Present' });
  // @ts-expect-error a record checked for editing is not a scope
  await attendance.enroll(ctx, record, 1);
}
