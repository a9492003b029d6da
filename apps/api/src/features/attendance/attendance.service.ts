/**
 * Attendance and enrollment rules and access (docs/product-spec.md §2, §3, §4, §5, §7; docs/design.md §4, §5, §8):
 * the feature's only export surface for other features. The Drizzle queries and the API shape are in
 * `attendance.queries.ts`, the demo data in `attendance.seed.ts`; the student's timetable (today,
 * the term's outlook, changes to the week) is in `attendance.outlook.ts` and the timetable in force
 * with its admin settings in `attendance.settings.ts`, which the routes call directly.
 *
 * - Access (docs/design.md §5): every attendance and enrollment call names a `userId`; one that is not the
 *   caller's is refused with 403 — admins included (docs/product-spec.md §6: attendance acts on the user's own id).
 *   {@link ownScope} is the only maker of the `Changeable<Scope, 'own'>` every such function takes, so a
 *   handler cannot skip the check and still compile. A record of someone else answers 404.
 * - A date is `yyyy-MM-dd`, never after today in the institute's time zone (`lib/dates.ts`) nor
 *   more than 2 years before it (`earliestAttendanceDate`).
 * - Records exist only for enrolled subjects (composite FK); unenrolling deletes the subject's
 *   records and the enrollment in one transaction. Several records per subject per day count as
 *   several classes (docs/design.md §8).
 * - Percentages and counts are computed in SQL (index on user, subject, status; `attendance.queries.ts`): the cost of a
 *   student's figures follows their own records, not the table's size. `canMiss` / `mustAttend`
 *   follow from the counts and the student's target ({@link attendanceOutlook}).
 * - The catalogue is public to signed-in users; admins add, edit and remove subjects (a subject
 *   with enrollments cannot be removed: 409). Branch and semester come from the institute config.
 */
import { and, eq } from 'drizzle-orm';
import {
  ATTENDANCE_MESSAGES as M,
  earliestAttendanceDate,
  type AttendanceRecord,
  type AttendanceTarget,
  type BulkAttendanceBody,
  type CreateSubjectBody,
  type Enrollment,
  type ListAttendanceQuery,
  type ListSubjectsQuery,
  type MarkAttendanceBody,
  type OverallStats,
  type Subject,
  type SubjectStats,
  type SubjectWiseEntry,
  type UpdateAttendanceBody,
  type UpdateSubjectBody,
} from '@campus/contract/attendance';
import { attendanceRecords, attendanceTargets, enrollments, subjects } from '../../db/schema/attendance.ts';
import { allowChange, type Changeable } from '../../lib/access.ts';
import type { Admin, SessionUser } from '../../lib/auth.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { isFutureDate, todayIn } from '../../lib/dates.ts';
import { AppError, conflict, notFound, pgCode, validationError } from '../../lib/errors.ts';
import type { Page } from '../../lib/pages.ts';
import * as queries from './attendance.queries.ts';
import { toEnrollment, toRecord, toSubject, type RecordRow } from './attendance.queries.ts';

export { seedAttendanceDemo } from './attendance.seed.ts';
/** The terms, days without classes and classes in force (transport reads its holidays). */
export { timetableInForce } from './attendance.settings.ts';
/** A student's classes between two dates (the events calendar feed adds them). */
export { classesBetween } from './attendance.settings.ts';

/** Who may act: a student acts on their own attendance (`own`) and edits their own records only. */
const RULES = { own: 'ownerOnly', edit: 'ownerOnly' } as const;

/** The student whose attendance a call acts on, checked to be the caller. */
export interface Scope {
  userId: string;
}

/**
 * The one place a `Changeable<Scope, 'own'>` is made: the `userId` a request names must be the caller's
 * (docs/design.md §5), else 403 "You can only view and change your own attendance.".
 */
export function ownScope(viewer: SessionUser, userId: string): Changeable<Scope, 'own'> {
  return allowChange(viewer, userId, { userId }, M.foreignUser, RULES, 'own');
}

/**
 * 400 on `date` outside the window of the contract: after today in the institute's time zone
 * ("…future date", docs/product-spec.md §2, §5) or before `earliestAttendanceDate(today)` ("…more than 2 years
 * ago").
 */
function refuseOutOfRange(ctx: ServiceContext, date: string | undefined): void {
  if (date === undefined) return;
  if (isFutureDate(date, ctx.config.institute.timezone)) throw validationError({ date: M.dateFuture });
  if (date < earliestAttendanceDate(todayIn(ctx.config.institute.timezone)))
    throw validationError({ date: M.dateTooOld });
}

// ---------------------------------------------------------------------------------------------
// Subjects (catalogue)

/**
 * GET /api/resources/subjects: the catalogue filtered by exact `branch` and `semester` and a
 * `search` in name or code (case-insensitive), ordered by semester order, branch and code.
 */
export function listSubjects(ctx: ServiceContext, q: ListSubjectsQuery): Promise<Page<Subject>> {
  return queries.subjectsPage(ctx, q);
}

/** 400 when branch or semester is not one of the loaded institute config's (docs/design.md §8). */
function checkCatalogueFields(ctx: ServiceContext, body: { branch?: string; semester?: string }): void {
  const errors: Record<string, string> = {};
  if (body.branch !== undefined && !ctx.config.institute.branches.includes(body.branch))
    errors.branch = M.branchInvalid;
  if (body.semester !== undefined && !ctx.config.institute.semesters.includes(body.semester))
    errors.semester = M.semesterInvalid;
  if (Object.keys(errors).length) throw validationError(errors);
}

/** POST /api/resources/subjects (admin only: takes the guard's `Admin`): adds a subject; 409 when the code is taken. */
export async function createSubject(ctx: ServiceContext, _admin: Admin, body: CreateSubjectBody): Promise<Subject> {
  checkCatalogueFields(ctx, body);
  const [row] = await ctx.db
    .insert(subjects)
    .values({ ...body, credits: body.credits ?? 4 })
    .onConflictDoNothing({ target: subjects.code })
    .returning();
  if (!row) throw conflict(M.subjectCodeTaken);
  return toSubject(row);
}

/** PUT /api/resources/subjects/{id} (admin only: takes the guard's `Admin`): partial update; 404 unknown, 409 code taken. */
export async function updateSubject(
  ctx: ServiceContext,
  _admin: Admin,
  id: number,
  body: UpdateSubjectBody,
): Promise<Subject> {
  checkCatalogueFields(ctx, body);
  const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
  try {
    const [row] = Object.keys(changes).length
      ? await ctx.db.update(subjects).set(changes).where(eq(subjects.id, id)).returning()
      : [await queries.findSubject(ctx, id)];
    if (!row) throw notFound(M.subjectNotFound);
    return toSubject(row);
  } catch (err) {
    if (pgCode(err) === '23505') throw conflict(M.subjectCodeTaken);
    throw err;
  }
}

/** DELETE /api/resources/subjects/{id} (admin only: takes the guard's `Admin`): 404 unknown; 409 while students are enrolled. */
export async function deleteSubject(ctx: ServiceContext, _admin: Admin, id: number): Promise<void> {
  if (!(await queries.findSubject(ctx, id))) throw notFound(M.subjectNotFound);
  if (await queries.hasEnrollments(ctx, id)) throw conflict(M.subjectInUse);
  try {
    await ctx.db.delete(subjects).where(eq(subjects.id, id));
  } catch (err) {
    // An enrollment arrived between the check and the delete: the FK refuses.
    if (pgCode(err) === '23503') throw conflict(M.subjectInUse);
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// Enrollments

/** GET /api/enrollments/users/{userId}/enrollments: the student's subjects, by name. */
export function listEnrollments(ctx: ServiceContext, scope: Changeable<Scope, 'own'>): Promise<Enrollment[]> {
  return queries.enrollmentsOf(ctx, scope.userId);
}

/** POST /api/enrollments: enrolls the student; 404 unknown subject, 409 already enrolled. */
export async function enroll(
  ctx: ServiceContext,
  scope: Changeable<Scope, 'own'>,
  subjectId: number,
): Promise<Enrollment> {
  const subject = await queries.findSubject(ctx, subjectId);
  if (!subject) throw notFound(M.subjectNotFound);
  try {
    const [row] = await ctx.db
      .insert(enrollments)
      .values({ userId: scope.userId, subjectId })
      .onConflictDoNothing({ target: [enrollments.userId, enrollments.subjectId] })
      .returning();
    if (!row) throw conflict(M.alreadyEnrolled);
    return toEnrollment({ e: row, s: subject });
  } catch (err) {
    // The subject was removed meanwhile.
    if (pgCode(err) === '23503') throw notFound(M.subjectNotFound);
    throw err;
  }
}

/**
 * The default enrolment: enrolls the student in every catalogue subject of
 * `branch` and `semester` they are not enrolled in yet; returns how many enrollments were added (0
 * when the catalogue maps neither). Runs on `ctx.db`, so a caller's transaction holds it (the
 * users feature calls it from the first profile save of a branch and semester).
 */
export async function enrollInCatalogue(
  ctx: ServiceContext,
  scope: Changeable<Scope, 'own'>,
  branch: string,
  semester: string,
): Promise<number> {
  const list = await ctx.db
    .select({ id: subjects.id })
    .from(subjects)
    .where(and(eq(subjects.branch, branch), eq(subjects.semester, semester)));
  if (!list.length) return 0;
  const added = await ctx.db
    .insert(enrollments)
    .values(list.map((s) => ({ userId: scope.userId, subjectId: s.id })))
    .onConflictDoNothing({ target: [enrollments.userId, enrollments.subjectId] })
    .returning({ id: enrollments.id });
  return added.length;
}

/**
 * DELETE /api/enrollments: in ONE transaction deletes the subject's attendance records of the
 * student, then the enrollment; 404 (and nothing deleted) when not enrolled.
 */
export async function unenroll(ctx: ServiceContext, scope: Changeable<Scope, 'own'>, subjectId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx
      .delete(attendanceRecords)
      .where(and(eq(attendanceRecords.userId, scope.userId), eq(attendanceRecords.subjectId, subjectId)));
    const removed = await tx
      .delete(enrollments)
      .where(and(eq(enrollments.userId, scope.userId), eq(enrollments.subjectId, subjectId)))
      .returning({ id: enrollments.id });
    if (!removed.length) throw new AppError(404, M.notEnrolled);
  });
}

// ---------------------------------------------------------------------------------------------
// Attendance records

/**
 * GET /api/attendance: the student's records, optionally of one subject and one date, newest
 * class day first (then newest mark).
 */
export function listRecords(
  ctx: ServiceContext,
  scope: Changeable<Scope, 'own'>,
  q: ListAttendanceQuery,
): Promise<Page<AttendanceRecord>> {
  return queries.recordsPage(ctx, scope.userId, q);
}

/**
 * POST /api/attendance: records one class (docs/product-spec.md §7). 400 for a future date (institute's time
 * zone), 404 when the student is not enrolled in the subject (also when an unenroll wins a race:
 * the FK refuses the insert).
 */
export async function markAttendance(
  ctx: ServiceContext,
  scope: Changeable<Scope, 'own'>,
  body: MarkAttendanceBody,
): Promise<AttendanceRecord> {
  refuseOutOfRange(ctx, body.date);
  if (!(await queries.enrolledInAll(ctx, scope.userId, [body.subjectId]))) throw notFound(M.notEnrolled);
  try {
    const [row] = await ctx.db
      .insert(attendanceRecords)
      .values({ userId: scope.userId, subjectId: body.subjectId, date: body.date, status: body.status })
      .returning();
    return toRecord(row!);
  } catch (err) {
    if (pgCode(err) === '23503') throw notFound(M.notEnrolled);
    throw err;
  }
}

/**
 * POST /api/attendance/bulk: marks every subject of `subjectIds` (all enrolled, else 404 and
 * nothing written) for one date with one status (default Present), in one transaction.
 */
export async function markBulk(
  ctx: ServiceContext,
  scope: Changeable<Scope, 'own'>,
  body: BulkAttendanceBody,
): Promise<AttendanceRecord[]> {
  refuseOutOfRange(ctx, body.date);
  if (!(await queries.enrolledInAll(ctx, scope.userId, body.subjectIds))) throw notFound(M.notEnrolled);
  const status = body.status ?? 'Present';
  try {
    const rows = await ctx.db.transaction((tx) =>
      tx
        .insert(attendanceRecords)
        .values(body.subjectIds.map((subjectId) => ({ userId: scope.userId, subjectId, date: body.date, status })))
        .returning(),
    );
    return rows.map(toRecord);
  } catch (err) {
    if (pgCode(err) === '23503') throw notFound(M.notEnrolled);
    throw err;
  }
}

/**
 * Loads a record the caller may change: 404 when unknown or someone else's (not visible, DESIGN
 * §4); the only source of `Changeable<RecordRow, 'edit'>`.
 */
export async function getChangeableRecord(
  ctx: ServiceContext,
  viewer: SessionUser,
  id: string,
): Promise<Changeable<RecordRow, 'edit'>> {
  const row = await queries.findOwnRecord(ctx, viewer.id, id);
  if (!row) throw notFound(M.recordNotFound);
  return allowChange(viewer, row.userId, row, M.foreignUser, RULES, 'edit');
}

/**
 * PUT /api/attendance/{recordId}: sets the status (and, when sent, a corrected date, not in the
 * future); the mark time becomes now.
 */
export async function updateRecord(
  ctx: ServiceContext,
  record: Changeable<RecordRow, 'edit'>,
  body: UpdateAttendanceBody,
): Promise<AttendanceRecord> {
  refuseOutOfRange(ctx, body.date);
  const [row] = await ctx.db
    .update(attendanceRecords)
    .set({ status: body.status, ...(body.date && { date: body.date }), markedAt: new Date() })
    .where(eq(attendanceRecords.id, record.id))
    .returning();
  if (!row) throw notFound(M.recordNotFound);
  return toRecord(row);
}

/** DELETE /api/attendance/{recordId}: removes a mark (the undo of a one-tap mark). */
export async function deleteRecord(ctx: ServiceContext, record: Changeable<RecordRow, 'edit'>): Promise<void> {
  await ctx.db.delete(attendanceRecords).where(eq(attendanceRecords.id, record.id));
}

// ---------------------------------------------------------------------------------------------
// Target and percentages

/** The student's target: their own (75–95) when set, else the institute's `attendanceTarget`. */
export async function getTarget(ctx: ServiceContext, scope: Changeable<Scope, 'own'>): Promise<AttendanceTarget> {
  const instituteTarget = ctx.config.institute.attendanceTarget;
  const own = await queries.ownTargetOf(ctx, scope.userId);
  return { target: own ?? instituteTarget, instituteTarget, custom: own !== undefined };
}

/** PUT /api/attendance/target: stores the student's target, or (null) follows the institute's again. */
export async function setTarget(
  ctx: ServiceContext,
  scope: Changeable<Scope, 'own'>,
  target: number | null,
): Promise<AttendanceTarget> {
  if (target === null) await ctx.db.delete(attendanceTargets).where(eq(attendanceTargets.userId, scope.userId));
  else
    await ctx.db
      .insert(attendanceTargets)
      .values({ userId: scope.userId, target })
      .onConflictDoUpdate({ target: attendanceTargets.userId, set: { target, updatedAt: new Date() } });
  return getTarget(ctx, scope);
}

/** GET /api/attendance/percentage: one subject's figures (zeros when no classes are marked); one statement. */
export function subjectPercentage(
  ctx: ServiceContext,
  scope: Changeable<Scope, 'own'>,
  subjectId: number,
): Promise<SubjectStats> {
  return queries.subjectStats(ctx, scope.userId, subjectId);
}

/**
 * GET /api/attendance/percentage/overall: every class of every enrolled subject, and how many
 * subjects; one statement.
 */
export function overallPercentage(ctx: ServiceContext, scope: Changeable<Scope, 'own'>): Promise<OverallStats> {
  return queries.overallStats(ctx, scope.userId);
}

/**
 * GET /api/attendance/percentage/subject-wise: one entry per enrolled subject (by name), with its
 * name and code; counts grouped in SQL over the student's records, in one statement.
 */
export function subjectWisePercentages(
  ctx: ServiceContext,
  scope: Changeable<Scope, 'own'>,
): Promise<SubjectWiseEntry[]> {
  return queries.subjectWiseStats(ctx, scope.userId);
}
