/**
 * Attendance queries and the API shape (docs/product-spec.md §3, §7): the Drizzle reads the service
 * composes (one page of the catalogue or of a student's records, a student's enrollments, the
 * percentages counted in SQL) and the mapping of rows to `Subject`, `Enrollment`,
 * `AttendanceRecord` and the stats. No access rule lives here: the service checks the caller's
 * scope first, then calls these with the checked `userId` (docs/design.md §4).
 */
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  attendanceOutlook,
  type AttendanceRecord,
  type AttendanceStats,
  type ClassChange,
  type Enrollment,
  type ListAttendanceQuery,
  type ListSubjectsQuery,
  type OverallStats,
  type Subject,
  type SubjectStats,
  type SubjectWiseEntry,
  type TimetableAuditEntry,
} from '@campus/contract/attendance';
import {
  attendanceRecords,
  attendanceTargets,
  classChanges,
  enrollments,
  subjects,
  timetableAudit,
  timetableSettings,
} from '../../db/schema/attendance.ts';
import { users } from '../../db/schema/users.ts';
import { DELETED_ACCOUNT } from '@campus/contract/privacy-ui';
import type { ServiceContext } from '../../lib/context.ts';
import { likePattern } from '../../lib/owned-records.ts';
import { listPage, type Page } from '../../lib/pages.ts';

/** A stored attendance record. */
export type RecordRow = typeof attendanceRecords.$inferSelect;
type SubjectRow = typeof subjects.$inferSelect;

/** A catalogue row as the API returns it. */
export const toSubject = (row: SubjectRow): Subject => ({
  id: row.id,
  name: row.name,
  code: row.code,
  branch: row.branch,
  semester: row.semester,
  credits: row.credits,
});

/** A record row as the API returns it (`markedAt` ISO 8601). */
export const toRecord = (row: RecordRow): AttendanceRecord => ({
  id: row.id,
  userId: row.userId,
  subjectId: row.subjectId,
  date: row.date,
  status: row.status,
  markedAt: row.markedAt.toISOString(),
});

/** The columns of an enrollment with its subject. */
const enrollmentColumns = { e: enrollments, s: subjects };

/** An enrollment with its subject as the API returns it: `id` is the subject's (docs/product-spec.md §3). */
export function toEnrollment(r: { e: typeof enrollments.$inferSelect; s: SubjectRow }): Enrollment {
  return {
    ...toSubject(r.s),
    subjectId: r.s.id,
    enrollmentId: r.e.id,
    enrolledAt: r.e.createdAt.toISOString(),
  };
}

/**
 * One page of the catalogue filtered by exact `branch` and `semester` and a `search` in name or
 * code (case-insensitive), ordered by the institute's semester order, branch and code.
 */
export function subjectsPage(ctx: ServiceContext, q: ListSubjectsQuery): Promise<Page<Subject>> {
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
  return listPage(ctx.db, q, {
    from: subjects,
    where: filter,
    select: ctx.db.select().from(subjects),
    orderBy: [asc(semesterOrder), asc(subjects.branch), asc(subjects.code)],
    map: toSubject,
  });
}

/** A subject row by id, or undefined. */
export async function findSubject(ctx: ServiceContext, id: number): Promise<SubjectRow | undefined> {
  const [row] = await ctx.db.select().from(subjects).where(eq(subjects.id, id));
  return row;
}

/** True when at least one student is enrolled in the subject. */
export async function hasEnrollments(ctx: ServiceContext, subjectId: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(eq(enrollments.subjectId, subjectId))
    .limit(1);
  return !!row;
}

/** The student's enrollments with their subjects, by subject name then code. */
export async function enrollmentsOf(ctx: ServiceContext, userId: string): Promise<Enrollment[]> {
  const rows = await ctx.db
    .select(enrollmentColumns)
    .from(enrollments)
    .innerJoin(subjects, eq(subjects.id, enrollments.subjectId))
    .where(eq(enrollments.userId, userId))
    .orderBy(asc(subjects.name), asc(subjects.code));
  return rows.map(toEnrollment);
}

/** True when the student is enrolled in every one of `subjectIds`. */
export async function enrolledInAll(ctx: ServiceContext, userId: string, subjectIds: number[]): Promise<boolean> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId), inArray(enrollments.subjectId, subjectIds)));
  return Number(row?.n ?? 0) === subjectIds.length;
}

/**
 * One page of the student's records, optionally of one subject and one date, newest class day
 * first (then newest mark).
 */
export function recordsPage(
  ctx: ServiceContext,
  userId: string,
  q: ListAttendanceQuery,
): Promise<Page<AttendanceRecord>> {
  const where = and(
    eq(attendanceRecords.userId, userId),
    q.subjectId ? eq(attendanceRecords.subjectId, q.subjectId) : undefined,
    q.date ? eq(attendanceRecords.date, q.date) : undefined,
  );
  return listPage(ctx.db, q, {
    from: attendanceRecords,
    where,
    select: ctx.db.select().from(attendanceRecords),
    orderBy: [desc(attendanceRecords.date), desc(attendanceRecords.markedAt), desc(attendanceRecords.id)],
    map: toRecord,
  });
}

/** The student's record `id`, or undefined when unknown or someone else's. */
export async function findOwnRecord(ctx: ServiceContext, userId: string, id: string): Promise<RecordRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(attendanceRecords)
    .where(and(eq(attendanceRecords.id, id), eq(attendanceRecords.userId, userId)));
  return row;
}

/** The student's own target (75–95), or undefined when they follow the institute's. */
export async function ownTargetOf(ctx: ServiceContext, userId: string): Promise<number | undefined> {
  const [row] = await ctx.db
    .select({ target: attendanceTargets.target })
    .from(attendanceTargets)
    .where(eq(attendanceTargets.userId, userId));
  return row?.target;
}

/** Present and absent counts and the percentage (one decimal, 0 with no classes), in SQL. */
const present = sql<number>`count(*) FILTER (WHERE ${attendanceRecords.status} = 'Present')::int`;
const absent = sql<number>`count(*) FILTER (WHERE ${attendanceRecords.status} = 'Absent')::int`;
const percentage = sql<number>`coalesce(round(100.0 * count(*) FILTER (WHERE ${attendanceRecords.status} = 'Present') / nullif(count(*), 0), 1), 0)::float8`;

/** Stats from SQL counts plus the outlook against `target` (whole percent). */
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

/** One subject's figures for the student (zeros when no classes are marked); one statement. */
export async function subjectStats(ctx: ServiceContext, userId: string, subjectId: number): Promise<SubjectStats> {
  const [row] = await ctx.db
    .select({ present, absent, percentage, own: ownTarget(userId) })
    .from(attendanceRecords)
    .where(and(eq(attendanceRecords.userId, userId), eq(attendanceRecords.subjectId, subjectId)));
  const target = row?.own ?? ctx.config.institute.attendanceTarget;
  return { subjectId, ...statsOf(row ?? { present: 0, absent: 0, percentage: 0 }, Number(target)) };
}

/** Every class of every subject of the student, and how many subjects they take; one statement. */
export async function overallStats(ctx: ServiceContext, userId: string): Promise<OverallStats> {
  const [row] = await ctx.db
    .select({
      present,
      absent,
      percentage,
      own: ownTarget(userId),
      subjectCount: sql<number>`(SELECT count(*)::int FROM ${enrollments} WHERE ${enrollments.userId} = ${userId})`,
    })
    .from(attendanceRecords)
    .where(eq(attendanceRecords.userId, userId));
  const target = Number(row?.own ?? ctx.config.institute.attendanceTarget);
  return {
    ...statsOf(row ?? { present: 0, absent: 0, percentage: 0 }, target),
    subjectCount: Number(row?.subjectCount ?? 0),
  };
}

/**
 * One entry per enrolled subject of the student (by name), with its name and code; counts grouped
 * in SQL over the student's records, in one statement.
 */
export async function subjectWiseStats(ctx: ServiceContext, userId: string): Promise<SubjectWiseEntry[]> {
  const counts = ctx.db
    .select({
      subjectId: attendanceRecords.subjectId,
      present: present.as('present'),
      absent: absent.as('absent'),
      percentage: percentage.as('percentage'),
    })
    .from(attendanceRecords)
    .where(eq(attendanceRecords.userId, userId))
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
      own: ownTarget(userId),
    })
    .from(enrollments)
    .innerJoin(subjects, eq(subjects.id, enrollments.subjectId))
    .leftJoin(counts, eq(counts.subjectId, enrollments.subjectId))
    .where(eq(enrollments.userId, userId))
    .orderBy(asc(subjects.name), asc(subjects.code));
  const target = (own: number | null) => Number(own ?? ctx.config.institute.attendanceTarget);
  return rows.map((r) => ({ subjectId: r.subjectId, name: r.name, code: r.code, ...statsOf(r, target(r.own)) }));
}

// ---------------------------------------------------------------------------------------------
// The timetable (docs/attendance-outlook.md)

/** The student's marks dated `from`…`to` (inclusive), oldest mark first. */
export function marksBetween(ctx: ServiceContext, userId: string, from: string, to: string): Promise<RecordRow[]> {
  return ctx.db
    .select()
    .from(attendanceRecords)
    .where(and(eq(attendanceRecords.userId, userId), sql`${attendanceRecords.date} BETWEEN ${from} AND ${to}`))
    .orderBy(asc(attendanceRecords.markedAt));
}

/** When the student marked each class of a subject dated `from`…`to`: what the outlook matches to classes. */
export function markTimesBetween(ctx: ServiceContext, userId: string, from: string, to: string) {
  return ctx.db
    .select({
      subjectId: attendanceRecords.subjectId,
      date: attendanceRecords.date,
      markedAt: attendanceRecords.markedAt,
    })
    .from(attendanceRecords)
    .where(and(eq(attendanceRecords.userId, userId), sql`${attendanceRecords.date} BETWEEN ${from} AND ${to}`));
}

export type ClassChangeRow = typeof classChanges.$inferSelect;

/** A change row in the API's shape. */
export const toClassChange = (row: ClassChangeRow): ClassChange => ({
  id: row.id,
  subjectId: row.subjectId,
  date: row.date,
  kind: row.kind,
  start: row.startsAt,
  end: row.endsAt,
});

/** The student's changes to their week dated `from`…`to` (inclusive), by date and start. */
export async function changesBetween(
  ctx: ServiceContext,
  userId: string,
  from: string,
  to: string,
): Promise<ClassChange[]> {
  const rows = await ctx.db
    .select()
    .from(classChanges)
    .where(and(eq(classChanges.userId, userId), sql`${classChanges.date} BETWEEN ${from} AND ${to}`))
    .orderBy(asc(classChanges.date), asc(classChanges.startsAt));
  return rows.map(toClassChange);
}

/** Which of `codes` the subject catalogue does not hold. */
export async function missingSubjectCodes(ctx: ServiceContext, codes: string[]): Promise<string[]> {
  if (!codes.length) return [];
  const found = await ctx.db.select({ code: subjects.code }).from(subjects).where(inArray(subjects.code, codes));
  const known = new Set(found.map((r) => r.code));
  return codes.filter((c) => !known.has(c));
}

/** The administrators' saved timetable settings among `keys`. */
export function savedTimetableSettings(ctx: ServiceContext, keys: string[]) {
  return ctx.db
    .select({ key: timetableSettings.key, value: timetableSettings.value })
    .from(timetableSettings)
    .where(inArray(timetableSettings.key, keys));
}

/** What an audit row's key names, for people: "Terms", "Weekly classes of CSE, Third". */
function auditWhat(key: string): string {
  if (key === 'terms') return 'Terms';
  if (key === 'days-off') return 'Days without classes';
  const [branch, semester] = key.replace(/^classes:/, '').split('|');
  return `Weekly classes of ${branch}, ${semester}`;
}

/**
 * A page of the timetable's audit trail, newest first, with each administrator's name; an erased
 * one's is {@link DELETED_ACCOUNT} (docs/privacy.md).
 */
export function timetableAuditPage(ctx: ServiceContext, q: { page: number; limit: number }) {
  return listPage(ctx.db, q, {
    from: timetableAudit,
    select: ctx.db
      .select({
        id: timetableAudit.id,
        key: timetableAudit.key,
        createdAt: timetableAudit.createdAt,
        adminId: timetableAudit.adminId,
        adminName: users.name,
      })
      .from(timetableAudit)
      .leftJoin(users, eq(users.id, timetableAudit.adminId)),
    orderBy: [desc(timetableAudit.createdAt), desc(timetableAudit.id)],
    map: (r): TimetableAuditEntry => ({
      id: r.id,
      what: auditWhat(r.key),
      adminName: r.adminId === null ? DELETED_ACCOUNT : r.adminName,
      createdAt: r.createdAt.toISOString(),
    }),
  });
}
