/**
 * The timetable in force and its admin settings (docs/attendance-outlook.md): the terms, the days
 * without classes and each branch and semester's weekly classes, from an administrator's save or
 * else the institute config; the admin area's reads and saves (each save kept in the audit trail);
 * the start-up check that every timetable code is in the catalogue; a student's schedule in a term
 * (`scheduleOf`, `classesBetween`, from `attendance.timetable.ts`). Admin calls take the guard's
 * `Admin`; 400 for a branch or semester the institute config lacks.
 */
import {
  ATTENDANCE_MESSAGES as M,
  type DayOff,
  type ScheduledClass,
  type SaveClassesBody,
  type SaveDaysOffBody,
  type SaveTermsBody,
  type TimetableAuditEntry,
  type TimetableQuery,
  type TimetableSettings,
} from '@campus/contract/attendance';
import type { AcademicTerm, TimetableClass } from '@campus/contract/institute';
import { eq } from 'drizzle-orm';
import { timetableAudit, timetableSettings } from '../../db/schema/attendance.ts';
import { isDatabaseUnavailable } from '../../db/faults.ts';
import type { Admin, SessionUser } from '../../lib/auth.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { validationError } from '../../lib/errors.ts';
import type { Page } from '../../lib/pages.ts';
import * as queries from './attendance.queries.ts';
import { NO_CLASS_KINDS, scheduleBetween, termOn, termOnOrNext, type Schedule } from './attendance.timetable.ts';

/** Where a student stands in the institute: their branch and semester (from the profile). */
export type Student = Pick<SessionUser, 'branch' | 'semester'>;

const CLASSES_KEY = (branch: string, semester: string) => `classes:${branch}|${semester}`;

/**
 * The timetable in force (docs/attendance-outlook.md): each setting an administrator saved (terms,
 * days without classes, the weekly classes of `student`'s branch and semester), else the institute
 * config's. `classes` is null when the student has no branch and semester, or their class has none.
 */
export async function timetableInForce(ctx: ServiceContext, student: Partial<Student>) {
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

/**
 * The student's schedule in the term running on `today` — with `orNext`, else in the next term —
 * (null when there is no such term or the student has no timetable): their timetable's classes of
 * enrolled subjects, the days off and their own changes of the term.
 */
export async function scheduleOf<E extends { subjectId: number; code: string; name: string }>(
  ctx: ServiceContext,
  userId: string,
  student: Student,
  today: string,
  enrolledSubjects: Promise<E[]>,
  orNext = false,
) {
  const [inForce, enrolled] = await Promise.all([timetableInForce(ctx, student), enrolledSubjects]);
  const term = (orNext ? termOnOrNext : termOn)(inForce.terms, today);
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
 * The classes of student `userId` (branch and semester `student`) from `from` to `to` (institute
 * dates, inclusive) in the term running on `from` — else the next one —, clipped to that term: the
 * timetable's classes of their enrolled subjects less days off and their cancellations, plus their
 * extra classes. Empty when there is no such term or they have no timetable. Other features (the
 * events calendar feed) read it through `attendance.service.ts`.
 */
export async function classesBetween(
  ctx: ServiceContext,
  userId: string,
  student: Student,
  from: string,
  to: string,
): Promise<ScheduledClass[]> {
  const enrolled = queries.enrollmentsOf(ctx, userId);
  const { schedule } = await scheduleOf(ctx, userId, student, from, enrolled, true);
  return schedule ? scheduleBetween(schedule, from, to) : [];
}
