/**
 * The student's timetable (docs/attendance-outlook.md): today's classes and the marks they hold,
 * the term's outlook per subject with a day-off plan, and the student's changes to their week.
 * Every call takes the caller's own scope (`ownScope` in `attendance.service.ts`); the timetable in
 * force comes from `attendance.settings.ts`, the arithmetic from `attendance.timetable.ts`. Dates
 * are `yyyy-MM-dd` and times `HH:mm` in the institute's time zone.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import {
  ATTENDANCE_MESSAGES as M,
  CLASS_CHANGES_MAX,
  type AttendanceOutlook,
  type AttendanceToday,
  type ClassChange,
  type CreateClassChangeBody,
  type SubjectOutlook,
} from '@campus/contract/attendance';
import { classChanges } from '../../db/schema/attendance.ts';
import type { Changeable } from '../../lib/access.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { addDays, isoWeekday, timeOfDayIn, todayIn } from '../../lib/dates.ts';
import { conflict, notFound, pgCode, validationError } from '../../lib/errors.ts';
import * as queries from './attendance.queries.ts';
import { toRecord } from './attendance.queries.ts';
import { getTarget, type Scope } from './attendance.service.ts';
import { scheduleOf, timetableInForce, type Student } from './attendance.settings.ts';
import { afterSkipping, hasEnded, matchMarks, scheduleBetween, termOn, termOutlook } from './attendance.timetable.ts';

/** The institute's now: today (`yyyy-MM-dd`) and the time (`HH:mm`) in its time zone. */
function nowIn(ctx: ServiceContext, now: Date) {
  const zone = ctx.config.institute.timezone;
  return { today: todayIn(zone, now), time: timeOfDayIn(zone, now) };
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
 * GET /api/attendance/outlook: each enrolled subject's term outlook — of the term running today,
 * or between terms of the next one (docs/attendance-outlook.md "Between terms") —; with `skip`
 * (days from today, or from the next term's first day, to the term's end), the percentage right
 * after those days off. 400 when a day to skip is outside that window or there is no such term.
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
  } = await scheduleOf(ctx, scope.userId, student, now.today, queries.subjectWiseStats(ctx, scope.userId), true);
  if (skip?.some((d) => !term || d < now.today || d < term.start || d > term.end))
    throw validationError({ skip: M.skipOutOfTerm });
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
