/**
 * Attendance and enrollment rules and access (docs/product-spec.md §2, §3, §4, §5, §7; docs/design.md §4, §5, §8):
 * the feature's only export surface. The Drizzle queries and the API shape are in
 * `attendance.queries.ts`, the demo data in `attendance.seed.ts`.
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
import { and, count, eq, sql } from 'drizzle-orm';
import {
  ATTENDANCE_MESSAGES as M,
  CLASS_CHANGES_MAX,
  earliestAttendanceDate,
  type AttendanceOutlook,
  type AttendanceRecord,
  type AttendanceTarget,
  type AttendanceToday,
  type BulkAttendanceBody,
  type ClassChange,
  type CreateClassChangeBody,
  type CreateSubjectBody,
  type Enrollment,
  type ListAttendanceQuery,
  type ListSubjectsQuery,
  type MarkAttendanceBody,
  type OverallStats,
  type Subject,
  type SaveClassesBody,
  type SaveDaysOffBody,
  type SaveTermsBody,
  type SubjectOutlook,
  type TimetableAuditEntry,
  type TimetableQuery,
  type TimetableSettings,
  type DayOff,
  type SubjectStats,
  type SubjectWiseEntry,
  type UpdateAttendanceBody,
  type UpdateSubjectBody,
} from '@campus/contract/attendance';
import type { AcademicTerm, TimetableClass } from '@campus/contract/institute';
import {
  attendanceRecords,
  attendanceTargets,
  classChanges,
  enrollments,
  subjects,
  timetableAudit,
  timetableSettings,
} from '../../db/schema/attendance.ts';
import { allowChange, type Changeable } from '../../lib/access.ts';
import type { Admin, SessionUser } from '../../lib/auth.ts';
import { isDatabaseUnavailable } from '../../db/faults.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { addDays, isFutureDate, isoWeekday, timeOfDayIn, todayIn } from '../../lib/dates.ts';
import { AppError, conflict, notFound, pgCode, validationError } from '../../lib/errors.ts';
import type { Page } from '../../lib/pages.ts';
import * as queries from './attendance.queries.ts';
import { toEnrollment, toRecord, toSubject, type RecordRow } from './attendance.queries.ts';
import {
  afterSkipping,
  hasEnded,
  matchMarks,
  NO_CLASS_KINDS,
  scheduleBetween,
  termOn,
  termOutlook,
  type Schedule,
} from './attendance.timetable.ts';

export { seedAttendanceDemo } from './attendance.seed.ts';

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

// ---------------------------------------------------------------------------------------------
// The timetable: today's classes, the term's outlook, a day off, changes to the week
// (docs/attendance-outlook.md)

/** Where a student stands in the institute: their branch and semester (from the profile). */
export type Student = Pick<SessionUser, 'branch' | 'semester'>;

/** The institute's now: today (`yyyy-MM-dd`) and the time (`HH:mm`) in its time zone. */
function nowIn(ctx: ServiceContext, now: Date) {
  const zone = ctx.config.institute.timezone;
  return { today: todayIn(zone, now), time: timeOfDayIn(zone, now) };
}

const CLASSES_KEY = (branch: string, semester: string) => `classes:${branch}|${semester}`;

/**
 * The timetable in force (docs/attendance-outlook.md): each setting an administrator saved (terms,
 * days without classes, the weekly classes of `student`'s branch and semester), else the institute
 * config's. `classes` is null when the student has no branch and semester, or their class has none.
 */
async function timetableInForce(ctx: ServiceContext, student: Partial<Student>) {
  const institute = ctx.config.institute;
  const key = student.branch && student.semester ? CLASSES_KEY(student.branch, student.semester) : null;
  const saved = new Map(
    (await queries.savedTimetableSettings(ctx, ['terms', 'days-off', ...(key ? [key] : [])])).map((r) => [
      r.key,
      r.value,
    ]),
  );
  const fileClasses = institute.classTimetables.find(
    (t) => t.branch === student.branch && t.semester === student.semester,
  )?.classes;
  const daysOff = saved.get('days-off') as DayOff[] | undefined;
  return {
    terms: (saved.get('terms') as AcademicTerm[] | undefined) ?? institute.terms,
    calendar: daysOff
      ? daysOff.map((d) => ({ ...d, kind: 'holiday' }))
      : institute.academicCalendar.entries.filter((e) => NO_CLASS_KINDS.includes(e.kind)),
    classes: key ? ((saved.get(key) as TimetableClass[] | undefined) ?? fileClasses ?? null) : null,
    sources: {
      terms: saved.has('terms') ? ('admin' as const) : ('file' as const),
      daysOff: daysOff ? ('admin' as const) : ('file' as const),
      classes: key && saved.has(key) ? ('admin' as const) : ('file' as const),
    },
  };
}

/**
 * The student's schedule in the term running on `today` (null when no term runs or the student has
 * no timetable): their timetable's classes of enrolled subjects, the days off and their own changes
 * of the term.
 */
async function scheduleOf<E extends { subjectId: number; code: string; name: string }>(
  ctx: ServiceContext,
  userId: string,
  student: Student,
  today: string,
  enrolledSubjects: Promise<E[]>,
) {
  const [inForce, enrolled] = await Promise.all([timetableInForce(ctx, student), enrolledSubjects]);
  const term = termOn(inForce.terms, today);
  const hasTimetable = inForce.classes !== null;
  if (!term || !inForce.classes) return { schedule: null, term, enrolled, hasTimetable };
  const changes = await queries.changesBetween(ctx, userId, term.start, term.end);
  const subjectsByCode = new Map(enrolled.map((e) => [e.code, { id: e.subjectId, code: e.code, name: e.name }]));
  const schedule: Schedule = {
    classes: inForce.classes,
    subjects: subjectsByCode,
    term,
    calendar: inForce.calendar,
    changes,
  };
  return { schedule, term, enrolled, hasTimetable };
}

/**
 * GET /api/attendance/today: the term running today, today's classes in order with the mark each
 * holds, and this week's earlier classes (Monday to yesterday) that ended without a mark.
 */
export async function today(
  ctx: ServiceContext,
  scope: Changeable<Scope, 'own'>,
  student: Student,
  at: Date = new Date(),
): Promise<AttendanceToday> {
  const now = nowIn(ctx, at);
  const enrolled = queries.enrollmentsOf(ctx, scope.userId);
  const { schedule, term, hasTimetable } = await scheduleOf(ctx, scope.userId, student, now.today, enrolled);
  if (!schedule) return { date: now.today, term, hasTimetable, classes: [], unmarked: [] };
  const monday = addDays(now.today, 1 - isoWeekday(now.today));
  const week = scheduleBetween(schedule, monday, now.today);
  const marks = matchMarks(week, await queries.marksBetween(ctx, scope.userId, monday, now.today));
  return {
    date: now.today,
    term,
    hasTimetable,
    classes: week.flatMap((c, i) => (c.date === now.today ? [{ ...c, record: mapOrNull(marks[i], toRecord) }] : [])),
    unmarked: week.filter((c, i) => c.date < now.today && !marks[i]),
  };
}

const mapOrNull = <T, U>(value: T | null | undefined, fn: (v: T) => U): U | null => (value ? fn(value) : null);

/**
 * GET /api/attendance/outlook: each enrolled subject's term outlook; with `skip` (days from today
 * to the term's end), the percentage right after those days off. 400 when a day to skip is
 * outside that window or no term runs.
 */
export async function outlook(
  ctx: ServiceContext,
  scope: Changeable<Scope, 'own'>,
  student: Student,
  skip: string[] | undefined,
  at: Date = new Date(),
): Promise<AttendanceOutlook> {
  const now = nowIn(ctx, at);
  // The subject-wise figures name the enrolled subjects too: one query for both.
  const {
    schedule,
    term,
    enrolled: stats,
  } = await scheduleOf(ctx, scope.userId, student, now.today, queries.subjectWiseStats(ctx, scope.userId));
  if (skip?.some((d) => !term || d < now.today || d > term.end)) throw validationError({ skip: M.skipOutOfTerm });
  const target = stats[0]?.target ?? (await getTarget(ctx, scope)).target;
  const termClasses = schedule ? scheduleBetween(schedule, schedule.term.start, schedule.term.end) : [];
  const marks = schedule
    ? matchMarks(termClasses, await queries.markTimesBetween(ctx, scope.userId, schedule.term.start, now.today))
    : [];
  const skipped = new Set(skip ?? []);
  const lastSkip = skip?.length ? skip.reduce((a, b) => (a > b ? a : b)) : null;
  const subjects = stats.map((s): SubjectOutlook => {
    const mine = termClasses.flatMap((c, i) => (c.subjectId === s.subjectId ? [{ c, mark: marks[i] }] : []));
    const base = { subjectId: s.subjectId, code: s.code, name: s.name, present: s.presentDays, absent: s.absentDays };
    if (!mine.length) {
      return {
        ...base,
        inTimetable: false,
        percentage: s.percentage,
        held: 0,
        unmarked: 0,
        remaining: 0,
        target: s.target,
        canMiss: s.canMiss,
        mustAttend: s.mustAttend,
        reachable: true,
        bestPercentage: s.percentage,
        skip: null,
      };
    }
    const ended = mine.filter(({ c }) => hasEnded(c, now));
    const ahead = mine.filter(({ c }) => !hasEnded(c, now)).map(({ c }) => c);
    const figures = termOutlook({
      present: s.presentDays,
      absent: s.absentDays,
      remaining: ahead.length,
      target: s.target,
    });
    return {
      ...base,
      inTimetable: true,
      ...figures,
      held: ended.length,
      unmarked: ended.filter(({ mark }) => !mark).length,
      remaining: ahead.length,
      target: s.target,
      skip: lastSkip
        ? {
            classes: ahead.filter((c) => skipped.has(c.date)).length,
            percentage: afterSkipping({
              present: s.presentDays,
              absent: s.absentDays,
              attended: ahead.filter((c) => c.date <= lastSkip && !skipped.has(c.date)).length,
              skipped: ahead.filter((c) => skipped.has(c.date)).length,
            }),
          }
        : null,
    };
  });
  return { date: now.today, term, target, subjects };
}

/** GET /api/attendance/changes: the student's changes to their week in the term running today (none outside one). */
export async function listClassChanges(ctx: ServiceContext, scope: Changeable<Scope, 'own'>): Promise<ClassChange[]> {
  const term = termOn((await timetableInForce(ctx, {})).terms, todayIn(ctx.config.institute.timezone));
  return term ? queries.changesBetween(ctx, scope.userId, term.start, term.end) : [];
}

/**
 * POST /api/attendance/changes: records an extra class or cancels a timetable class, for an
 * enrolled subject on a date of the current term. 400 when the date is outside the term, a
 * cancelled class is not in the timetable that day, or the term already holds
 * {@link CLASS_CHANGES_MAX} changes; 409 when the same change exists.
 */
export async function addClassChange(
  ctx: ServiceContext,
  scope: Changeable<Scope, 'own'>,
  student: Student,
  body: CreateClassChangeBody,
): Promise<ClassChange> {
  const now = todayIn(ctx.config.institute.timezone);
  const { schedule, term, enrolled } = await scheduleOf(
    ctx,
    scope.userId,
    student,
    now,
    queries.enrollmentsOf(ctx, scope.userId),
  );
  if (!enrolled.some((e) => e.subjectId === body.subjectId)) throw validationError({ subjectId: M.notEnrolled });
  if (!term || body.date < term.start || body.date > term.end) throw validationError({ date: M.changeOutOfTerm });
  const same = (c: { subjectId: number; date: string; start: string }) =>
    c.subjectId === body.subjectId && c.date === body.date && c.start === body.start;
  if (schedule?.changes.some(same)) throw conflict(M.changeExists);
  if (body.kind === 'cancelled') {
    const day = schedule ? scheduleBetween(schedule, body.date, body.date) : [];
    if (!day.some((c) => !c.extra && c.subjectId === body.subjectId && c.start === body.start))
      throw validationError({ start: M.noSuchClass });
  }
  return ctx.db.transaction(async (tx) => {
    const [{ n }] = (await tx
      .select({ n: count() })
      .from(classChanges)
      .where(
        and(eq(classChanges.userId, scope.userId), sql`${classChanges.date} BETWEEN ${term.start} AND ${term.end}`),
      )) as [{ n: number }];
    if (Number(n) >= CLASS_CHANGES_MAX) throw validationError({ date: M.changesMax });
    try {
      const [row] = await tx
        .insert(classChanges)
        .values({
          userId: scope.userId,
          subjectId: body.subjectId,
          date: body.date,
          kind: body.kind,
          startsAt: body.start,
          endsAt: body.kind === 'extra' ? (body.end ?? null) : null,
        })
        .returning();
      return queries.toClassChange(row!);
    } catch (err) {
      if (pgCode(err) === '23505') throw conflict(M.changeExists);
      throw err;
    }
  });
}

/** DELETE /api/attendance/changes/{id}: removes one of the student's own changes; 404 for any other. */
export async function removeClassChange(
  ctx: ServiceContext,
  scope: Changeable<Scope, 'own'>,
  id: string,
): Promise<void> {
  const removed = await ctx.db
    .delete(classChanges)
    .where(and(eq(classChanges.id, id), eq(classChanges.userId, scope.userId)))
    .returning({ id: classChanges.id });
  if (!removed.length) throw notFound(M.changeNotFound);
}

/** DELETE /api/attendance/{recordId}: removes a mark (the undo of a one-tap mark). */
export async function deleteRecord(ctx: ServiceContext, record: Changeable<RecordRow, 'edit'>): Promise<void> {
  await ctx.db.delete(attendanceRecords).where(eq(attendanceRecords.id, record.id));
}

/**
 * At start-up: every subject code of the configured timetables is in the subject catalogue, else
 * throws naming the first bad entry (branch, semester, day, time, code). A database that is away
 * does not stop the start (the app serves and recovers without it, docs/operations.md): the check
 * is skipped with a warning.
 */
export async function checkTimetableSubjects(ctx: ServiceContext): Promise<void> {
  try {
    await refuseUnknownTimetableCodes(ctx);
  } catch (err) {
    if (!isDatabaseUnavailable(err)) throw err;
    ctx.log.warn('the timetable’s subject codes were not checked: the database is away');
  }
}

async function refuseUnknownTimetableCodes(ctx: ServiceContext): Promise<void> {
  const entries = ctx.config.institute.classTimetables.flatMap((t) =>
    t.classes.map((c) => ({ ...c, branch: t.branch, semester: t.semester })),
  );
  const missing = new Set(await queries.missingSubjectCodes(ctx, [...new Set(entries.map((e) => e.subjectCode))]));
  const bad = entries.find((e) => missing.has(e.subjectCode));
  if (bad)
    throw new Error(
      `INSTITUTE_CONFIG: classTimetables: ${bad.branch}, ${bad.semester}, ${bad.day} ${bad.start}: subject code ${bad.subjectCode} is not in the subject catalogue`,
    );
}

// ---------------------------------------------------------------------------------------------
// The timetable in the admin area (docs/attendance-outlook.md)

/** GET /api/attendance/timetable: the weekly classes of a branch and semester, the terms and the days off, with where each comes from. */
export async function timetableSettingsOf(
  ctx: ServiceContext,
  _admin: Admin,
  q: TimetableQuery,
): Promise<TimetableSettings> {
  refuseUnknownClass(ctx, q.branch, q.semester);
  const inForce = await timetableInForce(ctx, q);
  return {
    branch: q.branch,
    semester: q.semester,
    classes: inForce.classes ?? [],
    terms: inForce.terms,
    daysOff: inForce.calendar.map(({ date, endDate, title }) => ({ date, ...(endDate && { endDate }), title })),
    sources: inForce.sources,
  };
}

/** 400 when `branch` or `semester` is not one of the institute config's. */
function refuseUnknownClass(ctx: ServiceContext, branch: string, semester: string): void {
  if (!ctx.config.institute.branches.includes(branch)) throw validationError({ branch: M.branchInvalid });
  if (!ctx.config.institute.semesters.includes(semester)) throw validationError({ semester: M.semesterInvalid });
}

/** Stores an administrator's `value` of setting `key` and its audit row, in one transaction. */
async function saveSetting(ctx: ServiceContext, admin: Admin, key: string, value: unknown): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(timetableSettings).where(eq(timetableSettings.key, key)).for('update');
    await tx
      .insert(timetableSettings)
      .values({ key, value, updatedBy: admin.id })
      .onConflictDoUpdate({
        target: timetableSettings.key,
        set: { value, updatedBy: admin.id, updatedAt: new Date() },
      });
    await tx.insert(timetableAudit).values({ key, adminId: admin.id, before: before?.value ?? null, after: value });
  });
}

/**
 * PUT /api/attendance/timetable/classes: the weekly classes of a branch and semester. 400 when the
 * branch or semester is not the institute's, or a class names a code the catalogue lacks (the
 * error names the class: `classes.3.subjectCode`).
 */
export async function saveClasses(
  ctx: ServiceContext,
  admin: Admin,
  body: SaveClassesBody,
): Promise<TimetableSettings> {
  refuseUnknownClass(ctx, body.branch, body.semester);
  const missing = new Set(await queries.missingSubjectCodes(ctx, [...new Set(body.classes.map((c) => c.subjectCode))]));
  const bad = body.classes.findIndex((c) => missing.has(c.subjectCode));
  if (bad >= 0)
    throw validationError({ [`classes.${bad}.subjectCode`]: M.unknownSubjectCode(body.classes[bad]!.subjectCode) });
  await saveSetting(ctx, admin, CLASSES_KEY(body.branch, body.semester), body.classes);
  return timetableSettingsOf(ctx, admin, body);
}

/**
 * PUT /api/attendance/timetable/terms: the terms (the contract refuses overlaps); answers the
 * timetable of the branch and semester in `q`, checked before anything is written.
 */
export async function saveTerms(
  ctx: ServiceContext,
  admin: Admin,
  body: SaveTermsBody,
  q: TimetableQuery,
): Promise<TimetableSettings> {
  refuseUnknownClass(ctx, q.branch, q.semester);
  await saveSetting(ctx, admin, 'terms', body.terms);
  return timetableSettingsOf(ctx, admin, q);
}

/**
 * PUT /api/attendance/timetable/days-off: the days without classes (holidays, examinations);
 * answers the timetable of the branch and semester in `q`, checked before anything is written.
 */
export async function saveDaysOff(
  ctx: ServiceContext,
  admin: Admin,
  body: SaveDaysOffBody,
  q: TimetableQuery,
): Promise<TimetableSettings> {
  refuseUnknownClass(ctx, q.branch, q.semester);
  await saveSetting(ctx, admin, 'days-off', body.daysOff);
  return timetableSettingsOf(ctx, admin, q);
}

/** GET /api/attendance/timetable/audit: the administrators' saves, newest first. */
export function timetableAuditPage(
  ctx: ServiceContext,
  _admin: Admin,
  q: { page: number; limit: number },
): Promise<Page<TimetableAuditEntry>> {
  return queries.timetableAuditPage(ctx, q);
}
