/**
 * Attendance and enrollment rules and queries (spec §2, §3, §4, §5, §7; DESIGN §4, §5, §8; issue 12).
 *
 * - Access (DESIGN §5): every attendance and enrollment call names a `userId`; one that is not the
 *   caller's is refused with 403 — admins included (spec §6: attendance acts on the user's own id).
 *   {@link ownScope} is the only maker of the `Changeable<Scope, 'own'>` every such function takes, so a
 *   handler cannot skip the check and still compile. A record of someone else answers 404.
 * - A date is `yyyy-MM-dd`, never after today in the institute's time zone (`lib/dates.ts`) nor
 *   more than 2 years before it (`earliestAttendanceDate`, issue 21 item 8).
 * - Records exist only for enrolled subjects (composite FK); unenrolling deletes the subject's
 *   records and the enrollment in one transaction. Several records per subject per day count as
 *   several classes (DESIGN §8).
 * - Percentages and counts are computed in SQL (index on user, subject, status): the cost of a
 *   student's figures follows their own records, not the table's size. `canMiss` / `mustAttend`
 *   follow from the counts and the student's target ({@link attendanceOutlook}).
 * - The catalogue is public to signed-in users; admins add, edit and remove subjects (a subject
 *   with enrollments cannot be removed: 409). Branch and semester come from the institute config.
 */
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  ATTENDANCE_MESSAGES as M,
  attendanceOutlook,
  earliestAttendanceDate,
  type AttendanceRecord,
  type AttendanceStats,
  type AttendanceStatus,
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
import { addDays, isFutureDate, isoWeekday, todayIn } from '../../lib/dates.ts';
import { pageOffset } from '../../lib/envelope.ts';
import { AppError, conflict, notFound, pgCode, validationError } from '../../lib/errors.ts';
import { likePattern } from '../../lib/listing.ts';

type RecordRow = typeof attendanceRecords.$inferSelect;
type SubjectRow = typeof subjects.$inferSelect;

/** Who may act: a student acts on their own attendance (`own`) and edits their own records only. */
const RULES = { own: 'ownerOnly', edit: 'ownerOnly' } as const;

/** The student whose attendance a call acts on, checked to be the caller. */
export interface Scope {
  userId: string;
}

/**
 * The one place a `Changeable<Scope, 'own'>` is made: the `userId` a request names must be the caller's
 * (DESIGN §5), else 403 "You can only view and change your own attendance.".
 */
export function ownScope(viewer: SessionUser, userId: string): Changeable<Scope, 'own'> {
  return allowChange(viewer, userId, { userId }, M.foreignUser, RULES, 'own');
}

/**
 * 400 on `date` outside the window of the contract: after today in the institute's time zone
 * ("…future date", spec §2, §5) or before `earliestAttendanceDate(today)` ("…more than 2 years
 * ago", issue 21 item 8).
 */
function refuseOutOfRange(ctx: ServiceContext, date: string | undefined): void {
  if (date === undefined) return;
  if (isFutureDate(date, ctx.config.institute.timezone)) throw validationError({ date: M.dateFuture });
  if (date < earliestAttendanceDate(todayIn(ctx.config.institute.timezone)))
    throw validationError({ date: M.dateTooOld });
}

const toSubject = (row: SubjectRow): Subject => ({
  id: row.id,
  name: row.name,
  code: row.code,
  branch: row.branch,
  semester: row.semester,
  credits: row.credits,
});

const toRecord = (row: RecordRow): AttendanceRecord => ({
  id: row.id,
  userId: row.userId,
  subjectId: row.subjectId,
  date: row.date,
  status: row.status as AttendanceStatus,
  markedAt: row.markedAt.toISOString(),
});

// ---------------------------------------------------------------------------------------------
// Subjects (catalogue)

/**
 * GET /api/resources/subjects: the catalogue filtered by exact `branch` and `semester` and a
 * `search` in name or code (case-insensitive), ordered by semester order, branch and code.
 */
export async function listSubjects(ctx: ServiceContext, q: ListSubjectsQuery) {
  const where: SQL[] = [];
  if (q.branch) where.push(eq(subjects.branch, q.branch));
  if (q.semester) where.push(eq(subjects.semester, q.semester));
  if (q.search) {
    const p = likePattern(q.search);
    where.push(or(ilike(subjects.name, p), ilike(subjects.code, p))!);
  }
  const filter = where.length ? and(...where) : undefined;
  const semesters = ctx.config.institute.semesters;
  const semesterOrder = sql`array_position(${sql.param(semesters)}::text[], ${subjects.semester})`;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(subjects)
      .where(filter)
      .orderBy(asc(semesterOrder), asc(subjects.branch), asc(subjects.code))
      .limit(q.limit)
      .offset(pageOffset(q)),
    ctx.db.select({ n: count() }).from(subjects).where(filter),
  ]);
  return { items: rows.map(toSubject), total: Number(total?.n ?? 0) };
}

/** 400 when branch or semester is not one of the loaded institute config's (DESIGN §8). */
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
  id: string,
  body: UpdateSubjectBody,
): Promise<Subject> {
  checkCatalogueFields(ctx, body);
  const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
  try {
    const [row] = Object.keys(changes).length
      ? await ctx.db.update(subjects).set(changes).where(eq(subjects.id, id)).returning()
      : await ctx.db.select().from(subjects).where(eq(subjects.id, id));
    if (!row) throw notFound(M.subjectNotFound);
    return toSubject(row);
  } catch (err) {
    if (pgCode(err) === '23505') throw conflict(M.subjectCodeTaken);
    throw err;
  }
}

/** DELETE /api/resources/subjects/{id} (admin only: takes the guard's `Admin`): 404 unknown; 409 while students are enrolled. */
export async function deleteSubject(ctx: ServiceContext, _admin: Admin, id: string): Promise<void> {
  const [subject] = await ctx.db.select({ id: subjects.id }).from(subjects).where(eq(subjects.id, id));
  if (!subject) throw notFound(M.subjectNotFound);
  const [enrolled] = await ctx.db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(eq(enrollments.subjectId, id))
    .limit(1);
  if (enrolled) throw conflict(M.subjectInUse);
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

/** The columns of an enrollment with its subject. */
const enrollmentColumns = { e: enrollments, s: subjects };

function toEnrollment(r: { e: typeof enrollments.$inferSelect; s: SubjectRow }): Enrollment {
  return {
    ...toSubject(r.s),
    subjectId: r.s.id,
    enrollmentId: r.e.id,
    enrolledAt: r.e.createdAt.toISOString(),
  };
}

/** GET /api/enrollments/users/{userId}/enrollments: the student's subjects, by name. */
export async function listEnrollments(ctx: ServiceContext, scope: Changeable<Scope, 'own'>): Promise<Enrollment[]> {
  const rows = await ctx.db
    .select(enrollmentColumns)
    .from(enrollments)
    .innerJoin(subjects, eq(subjects.id, enrollments.subjectId))
    .where(eq(enrollments.userId, scope.userId))
    .orderBy(asc(subjects.name), asc(subjects.code));
  return rows.map(toEnrollment);
}

/** POST /api/enrollments: enrolls the student; 404 unknown subject, 409 already enrolled. */
export async function enroll(
  ctx: ServiceContext,
  scope: Changeable<Scope, 'own'>,
  subjectId: string,
): Promise<Enrollment> {
  const [subject] = await ctx.db.select().from(subjects).where(eq(subjects.id, subjectId));
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
 * DELETE /api/enrollments: in ONE transaction deletes the subject's attendance records of the
 * student, then the enrollment; 404 (and nothing deleted) when not enrolled.
 */
export async function unenroll(ctx: ServiceContext, scope: Changeable<Scope, 'own'>, subjectId: string): Promise<void> {
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
export async function listRecords(ctx: ServiceContext, scope: Changeable<Scope, 'own'>, q: ListAttendanceQuery) {
  const where = and(
    eq(attendanceRecords.userId, scope.userId),
    q.subjectId ? eq(attendanceRecords.subjectId, q.subjectId) : undefined,
    q.date ? eq(attendanceRecords.date, q.date) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(attendanceRecords)
      .where(where)
      .orderBy(desc(attendanceRecords.date), desc(attendanceRecords.markedAt), desc(attendanceRecords.id))
      .limit(q.limit)
      .offset(pageOffset(q)),
    ctx.db.select({ n: count() }).from(attendanceRecords).where(where),
  ]);
  return { items: rows.map(toRecord), total: Number(total?.n ?? 0) };
}

/** True when the student is enrolled in every one of `subjectIds`. */
async function enrolledInAll(ctx: ServiceContext, userId: string, subjectIds: string[]): Promise<boolean> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId), inArray(enrollments.subjectId, subjectIds)));
  return Number(row?.n ?? 0) === subjectIds.length;
}

/**
 * POST /api/attendance: records one class (spec §7). 400 for a future date (institute's time
 * zone), 404 when the student is not enrolled in the subject (also when an unenroll wins a race:
 * the FK refuses the insert).
 */
export async function markAttendance(
  ctx: ServiceContext,
  scope: Changeable<Scope, 'own'>,
  body: MarkAttendanceBody,
): Promise<AttendanceRecord> {
  refuseOutOfRange(ctx, body.date);
  if (!(await enrolledInAll(ctx, scope.userId, [body.subjectId]))) throw notFound(M.notEnrolled);
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
  if (!(await enrolledInAll(ctx, scope.userId, body.subjectIds))) throw notFound(M.notEnrolled);
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
  const [row] = await ctx.db
    .select()
    .from(attendanceRecords)
    .where(and(eq(attendanceRecords.id, id), eq(attendanceRecords.userId, viewer.id)));
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

// ---------------------------------------------------------------------------------------------
// Target and percentages

/** The student's target: their own (75–95) when set, else the institute's `attendanceTarget`. */
export async function getTarget(ctx: ServiceContext, scope: Changeable<Scope, 'own'>): Promise<AttendanceTarget> {
  const instituteTarget = ctx.config.institute.attendanceTarget;
  const [row] = await ctx.db
    .select({ target: attendanceTargets.target })
    .from(attendanceTargets)
    .where(eq(attendanceTargets.userId, scope.userId));
  return { target: row?.target ?? instituteTarget, instituteTarget, custom: !!row };
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

/** Present and absent counts and the percentage (one decimal, 0 with no classes), in SQL. */
const present = sql<number>`count(*) FILTER (WHERE ${attendanceRecords.status} = 'Present')::int`;
const absent = sql<number>`count(*) FILTER (WHERE ${attendanceRecords.status} = 'Absent')::int`;
const percentage = sql<number>`coalesce(round(100.0 * count(*) FILTER (WHERE ${attendanceRecords.status} = 'Present') / nullif(count(*), 0), 1), 0)::float8`;

/** Stats from SQL counts plus the outlook against `target`. */
function statsOf(row: { present: number; absent: number; percentage: number }, target: number): AttendanceStats {
  const presentDays = Number(row.present);
  const absentDays = Number(row.absent);
  const totalDays = presentDays + absentDays;
  return {
    percentage: Number(row.percentage),
    presentDays,
    absentDays,
    totalDays,
    target,
    ...attendanceOutlook(presentDays, totalDays, target),
  };
}

/**
 * The student's own target as a scalar subquery (null when they follow the institute's), so each
 * percentage call is one statement.
 */
const ownTarget = (userId: string) =>
  sql<
    number | null
  >`(SELECT ${attendanceTargets.target} FROM ${attendanceTargets} WHERE ${attendanceTargets.userId} = ${userId})`;

/** GET /api/attendance/percentage: one subject's figures (zeros when no classes are marked); one statement. */
export async function subjectPercentage(
  ctx: ServiceContext,
  scope: Changeable<Scope, 'own'>,
  subjectId: string,
): Promise<SubjectStats> {
  const [row] = await ctx.db
    .select({ present, absent, percentage, own: ownTarget(scope.userId) })
    .from(attendanceRecords)
    .where(and(eq(attendanceRecords.userId, scope.userId), eq(attendanceRecords.subjectId, subjectId)));
  const target = row?.own ?? ctx.config.institute.attendanceTarget;
  return { subjectId, ...statsOf(row ?? { present: 0, absent: 0, percentage: 0 }, Number(target)) };
}

/**
 * GET /api/attendance/percentage/overall: every class of every enrolled subject, and how many
 * subjects; one statement.
 */
export async function overallPercentage(ctx: ServiceContext, scope: Changeable<Scope, 'own'>): Promise<OverallStats> {
  const [row] = await ctx.db
    .select({
      present,
      absent,
      percentage,
      own: ownTarget(scope.userId),
      subjectCount: sql<number>`(SELECT count(*)::int FROM ${enrollments} WHERE ${enrollments.userId} = ${scope.userId})`,
    })
    .from(attendanceRecords)
    .where(eq(attendanceRecords.userId, scope.userId));
  const target = Number(row?.own ?? ctx.config.institute.attendanceTarget);
  return {
    ...statsOf(row ?? { present: 0, absent: 0, percentage: 0 }, target),
    subjectCount: Number(row?.subjectCount ?? 0),
  };
}

/**
 * GET /api/attendance/percentage/subject-wise: one entry per enrolled subject (by name), with its
 * name and code; counts grouped in SQL over the student's records, in one statement.
 */
export async function subjectWisePercentages(
  ctx: ServiceContext,
  scope: Changeable<Scope, 'own'>,
): Promise<SubjectWiseEntry[]> {
  const counts = ctx.db
    .select({
      subjectId: attendanceRecords.subjectId,
      present: present.as('present'),
      absent: absent.as('absent'),
      percentage: percentage.as('percentage'),
    })
    .from(attendanceRecords)
    .where(eq(attendanceRecords.userId, scope.userId))
    .groupBy(attendanceRecords.subjectId)
    .as('counts');
  const rows = await ctx.db
    .select({
      subjectId: subjects.id,
      name: subjects.name,
      code: subjects.code,
      present: sql<number>`coalesce(${counts.present}, 0)`,
      absent: sql<number>`coalesce(${counts.absent}, 0)`,
      percentage: sql<number>`coalesce(${counts.percentage}, 0)`,
      own: ownTarget(scope.userId),
    })
    .from(enrollments)
    .innerJoin(subjects, eq(subjects.id, enrollments.subjectId))
    .leftJoin(counts, eq(counts.subjectId, enrollments.subjectId))
    .where(eq(enrollments.userId, scope.userId))
    .orderBy(asc(subjects.name), asc(subjects.code));
  const target = (own: number | null) => Number(own ?? ctx.config.institute.attendanceTarget);
  return rows.map((r) => ({ subjectId: r.subjectId, name: r.name, code: r.code, ...statsOf(r, target(r.own)) }));
}

/**
 * Demo attendance (issue 3 seeder hook): each demo student is enrolled in up to four catalogue
 * subjects of their own branch and semester, with one class per weekday over the last six weeks up
 * to yesterday (institute's calendar); the attendance varies by subject so the dashboard shows
 * green, amber and red subjects.
 */
export async function seedAttendanceDemo(
  ctx: ServiceContext,
  demo: { students: Array<{ id: string; branch: string; semester: string }> },
): Promise<void> {
  const today = todayIn(ctx.config.institute.timezone);
  const days = Array.from({ length: 42 }, (_, i) => addDays(today, -42 + i)).filter((d) => isoWeekday(d) <= 5);
  const rates = [0.92, 0.78, 0.72, 0.6];
  await ctx.db.transaction(async (tx) => {
    for (const [n, student] of demo.students.entries()) {
      const list = await tx
        .select({ id: subjects.id })
        .from(subjects)
        .where(and(eq(subjects.branch, student.branch), eq(subjects.semester, student.semester)))
        .orderBy(asc(subjects.code))
        .limit(4);
      if (!list.length) continue;
      await tx.insert(enrollments).values(list.map((s) => ({ userId: student.id, subjectId: s.id })));
      const rows = list.flatMap((s, k) =>
        days.map((date, d) => {
          const rate = rates[(k + n) % rates.length]!;
          const present = ((d * 37 + k * 11 + n * 7) % 100) / 100 < rate;
          return { userId: student.id, subjectId: s.id, date, status: present ? 'Present' : 'Absent' };
        }),
      );
      await tx.insert(attendanceRecords).values(rows);
    }
  });
}
