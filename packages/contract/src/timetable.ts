/**
 * The timetable contract (docs/attendance-outlook.md): today's classes, the term's outlook and a
 * day-off plan, the student's changes to their week, and the timetable as the admin area edits it
 * (weekly classes, terms, days without classes, the audit trail). Re-exported by `attendance.ts`,
 * so importers may name either. Dates are `yyyy-MM-dd` and times `HH:mm` in the institute's time
 * zone; percentages have one decimal.
 */
import { z } from 'zod';
import { attendanceRecord, classDate, idText, subjectIdField } from './attendance-base.ts';
import { ATTENDANCE_MESSAGES as M, CLASS_CHANGE_KINDS, SKIP_DATES_MAX } from './attendance-ui.ts';
import { apiPage, apiSuccess, paginationQueryOf } from './envelope.ts';
import { choice, isoDate, optionalField, requiredText, textInput } from './fields.ts';
import { academicTerm, classTimetable, timetableClass } from './institute.ts';

// ---------------------------------------------------------------------------------------------
// The timetable: today's classes, the term's outlook, a day off, changes to the week
// (docs/attendance-outlook.md)

const clock = (required: string) =>
  z.preprocess(textInput, z.string({ error: required }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, M.changeTimeInvalid));

/** A term as served: its name and first and last day of classes (`yyyy-MM-dd`). */
export const termInfo = z.object({ name: z.string(), start: z.string(), end: z.string() });

/** One class of the student's timetable on a date: times `HH:mm` in the institute's zone. */
export const scheduledClass = z.object({
  date: z.string(),
  start: z.string(),
  end: z.string(),
  subjectId: z.number().int(),
  code: z.string(),
  name: z.string(),
  room: z.string().nullable(),
  /** An extra class the student added (a change to their week), not the timetable's. */
  extra: z.boolean(),
});
export type ScheduledClass = z.infer<typeof scheduledClass>;

/** A class of today with the mark it holds (marks of a subject go to its classes in time order). */
export const todayClass = scheduledClass.extend({ record: attendanceRecord.nullable() });
export type TodayClass = z.infer<typeof todayClass>;

/**
 * GET /api/attendance/today: the term running today (or null), whether the student has a
 * timetable (branch and semester set, and one configured), today's classes in order, and the
 * classes of this week (Monday to now) that ended without a mark.
 */
export const attendanceToday = z.object({
  date: z.string(),
  term: termInfo.nullable(),
  hasTimetable: z.boolean(),
  classes: z.array(todayClass),
  unmarked: z.array(scheduledClass),
});
export type AttendanceToday = z.infer<typeof attendanceToday>;
export const attendanceTodayResponse = apiSuccess(attendanceToday);

/** GET /api/attendance/today query: the caller (the `userId` is optional, checked when sent). */
export const attendanceTodayQuery = z.object({ userId: optionalField(idText(M.userIdRequired)) });

/** GET /api/attendance/outlook query: `skip`, days to plan off (`yyyy-MM-dd`, comma-separated). */
export const outlookQuery = z.object({
  userId: optionalField(idText(M.userIdRequired)),
  skip: optionalField(
    z.preprocess(
      (v) => (typeof textInput(v) === 'string' ? (textInput(v) as string).split(',').map((d) => d.trim()) : v),
      z
        .array(z.iso.date({ error: M.skipInvalid }), { error: M.skipInvalid })
        .min(1, M.skipInvalid)
        .max(SKIP_DATES_MAX, M.skipTooMany),
    ),
  ),
});
export type OutlookQuery = z.infer<typeof outlookQuery>;

/**
 * One enrolled subject's outlook (docs/attendance-outlook.md): the marks, the classes held so far
 * by the timetable and how many of them are unmarked, the classes remaining this term, and what
 * the student can still miss (`canMiss` of `remaining`) or must attend in a row (`mustAttend`;
 * `reachable` false when more than remain), the end-of-term percentage when every remaining class
 * is attended, and — with `skip` — the percentage right after the planned days off. A subject
 * outside the timetable (`inTimetable` false) has today's marks-only outlook.
 */
export const subjectOutlook = z.object({
  subjectId: z.number().int(),
  code: z.string(),
  name: z.string(),
  inTimetable: z.boolean(),
  percentage: z.number(),
  present: z.number().int(),
  absent: z.number().int(),
  held: z.number().int(),
  unmarked: z.number().int(),
  remaining: z.number().int(),
  target: z.number().int(),
  canMiss: z.number().int(),
  mustAttend: z.number().int(),
  reachable: z.boolean(),
  bestPercentage: z.number(),
  skip: z.object({ classes: z.number().int(), percentage: z.number() }).nullable(),
});
export type SubjectOutlook = z.infer<typeof subjectOutlook>;

/**
 * GET /api/attendance/outlook: today, the term (the one running today, else the next one, else
 * null: docs/attendance-outlook.md "Between terms"), the student's target and each enrolled subject.
 */
export const attendanceOutlookData = z.object({
  date: z.string(),
  term: termInfo.nullable(),
  target: z.number().int(),
  subjects: z.array(subjectOutlook),
});
export type AttendanceOutlook = z.infer<typeof attendanceOutlookData>;
export const attendanceOutlookResponse = apiSuccess(attendanceOutlookData);

/** A student's change to their week: an extra class, or a scheduled class cancelled on a date. */
export const classChange = z.object({
  id: z.string(),
  subjectId: z.number().int(),
  date: z.string(),
  kind: z.enum(CLASS_CHANGE_KINDS),
  start: z.string(),
  end: z.string().nullable(),
});
export type ClassChange = z.infer<typeof classChange>;
export const classChangeResponse = apiSuccess(classChange);
export const classChangeList = apiSuccess(z.array(classChange));

/**
 * POST /api/attendance/changes: an enrolled subject, a date of the current term, the kind, the
 * class's `start` (a cancelled class is named by its start) and, for an extra class, its `end`.
 */
export const createClassChangeBody = z
  .object({
    subjectId: subjectIdField(M.subjectIdRequired, M.subjectIdInvalid),
    date: classDate,
    kind: choice(CLASS_CHANGE_KINDS, { required: M.changeKindRequired, invalid: M.changeKindRequired }),
    start: clock(M.changeStartRequired),
    end: optionalField(clock(M.changeEndRequired)),
  })
  .superRefine((b, ctx) => {
    if (b.kind === 'extra' && !b.end) ctx.addIssue({ code: 'custom', path: ['end'], message: M.changeEndRequired });
    if (b.kind === 'extra' && b.end && b.end <= b.start)
      ctx.addIssue({ code: 'custom', path: ['end'], message: M.changeEndBeforeStart });
  });
export type CreateClassChangeBody = z.infer<typeof createClassChangeBody>;

/** Route params of DELETE /api/attendance/changes/{id}: a malformed id answers 404 like an unknown one. */
export const classChangeParams = z.object({ id: z.uuid({ error: M.changeNotFound }) });

// ---------------------------------------------------------------------------------------------
// The timetable in the admin area: the weekly classes of a branch and semester, the terms and the
// days without classes; an administrator's save overrides the institute config's default and is
// kept in the audit trail (docs/attendance-outlook.md)

/** GET /api/attendance/timetable query: whose weekly classes. */
export const timetableQuery = z.object({
  branch: requiredText(120, { required: M.timetableBranchRequired, tooLong: M.branchInvalid }),
  semester: requiredText(40, { required: M.timetableBranchRequired, tooLong: M.semesterInvalid }),
});
export type TimetableQuery = z.infer<typeof timetableQuery>;

/** A day (or a range, `endDate` inclusive) without classes: a holiday or an examination. */
export const dayOff = z
  .object({
    date: isoDate(M.dateInvalid),
    endDate: optionalField(isoDate(M.dateInvalid)),
    title: requiredText(160, {
      required: 'Please enter a title.',
      tooLong: 'The title must be at most 160 characters.',
    }),
  })
  .refine((d) => !d.endDate || d.endDate >= d.date, { message: M.changeEndBeforeStart, path: ['endDate'] });
export type DayOff = z.infer<typeof dayOff>;

/** Where a setting comes from: the institute config file, or an administrator's save. */
export const SETTING_SOURCES = ['file', 'admin'] as const;

/** The timetable as the admin area edits it (GET /api/attendance/timetable). */
export const timetableSettings = z.object({
  branch: z.string(),
  semester: z.string(),
  classes: z.array(timetableClass),
  terms: z.array(academicTerm),
  daysOff: z.array(z.object({ date: z.string(), endDate: z.string().optional(), title: z.string() })),
  sources: z.object({
    classes: z.enum(SETTING_SOURCES),
    terms: z.enum(SETTING_SOURCES),
    daysOff: z.enum(SETTING_SOURCES),
  }),
});
export type TimetableSettings = z.infer<typeof timetableSettings>;
export const timetableSettingsResponse = apiSuccess(timetableSettings);

/** PUT /api/attendance/timetable/classes: the weekly classes of one branch and semester. */
export const saveClassesBody = classTimetable;
export type SaveClassesBody = z.infer<typeof saveClassesBody>;

/** PUT /api/attendance/timetable/terms: the terms, none overlapping. */
export const saveTermsBody = z.object({
  terms: z
    .array(academicTerm)
    .min(1)
    .max(12)
    .refine(
      (terms) =>
        [...terms]
          .sort((a, b) => (a.start < b.start ? -1 : 1))
          .every((t, i, sorted) => i === 0 || t.start > sorted[i - 1]!.end),
      M.termsOverlap,
    ),
});
export type SaveTermsBody = z.infer<typeof saveTermsBody>;

/** PUT /api/attendance/timetable/days-off: the days without classes. */
export const saveDaysOffBody = z.object({ daysOff: z.array(dayOff).max(100) });
export type SaveDaysOffBody = z.infer<typeof saveDaysOffBody>;

/** One entry of the timetable's audit trail: what was saved, by whom, when (ISO). */
export const timetableAuditEntry = z.object({
  id: z.string(),
  what: z.string(),
  adminName: z.string().nullable(),
  createdAt: z.string(),
});
export type TimetableAuditEntry = z.infer<typeof timetableAuditEntry>;
export const timetableAuditList = apiPage(timetableAuditEntry);
/** GET /api/attendance/timetable/audit query: newest first, 50 a page. */
export const timetableAuditQuery = paginationQueryOf(50);
