/**
 * Attendance and enrollment (docs/product-spec.md §2 "Attendance dashboard", §3, §4, §5, §7, §8, §9; docs/design.md §4, §5,
 * §8): the subject catalogue, enrollments, attendance records and the percentage shapes shared by
 * the API and the web app; the constants, messages and the "how many classes can I still miss"
 * arithmetic are in `attendance-ui.ts`, re-exported here. Dates are `yyyy-MM-dd` in the institute's time zone; percentages have
 * one decimal; targets are whole percent.
 */
import { z } from 'zod';
import { academicTerm, classTimetable, timetableClass } from './institute.ts';
import { apiPage, apiSuccess, paginationQueryOf } from './envelope.ts';
import { choice, isoDate, optionalField, partialFields, requiredText, searchText, textInput } from './fields.ts';
import {
  ATTENDANCE_MESSAGES,
  ATTENDANCE_STATUSES,
  ATTENDANCE_TARGET_MAX,
  ATTENDANCE_TARGET_MIN,
  BULK_SUBJECTS_MAX,
  CLASS_CHANGE_KINDS,
  SKIP_DATES_MAX,
  SUBJECT_CODE_MAX,
  SUBJECT_CREDITS_MAX,
  SUBJECT_NAME_MAX,
} from './attendance-ui.ts';

export * from './attendance-ui.ts';

const M = ATTENDANCE_MESSAGES;

/** An id field the caller sends (userId): required with `required`, at most 64 characters. */
const idText = (required: string) =>
  z.preprocess(textInput, z.string({ error: required }).min(1, required).max(64, required));

/** The largest subject id: PostgreSQL's `integer` (subject ids are an identity column). */
export const SUBJECT_ID_MAX = 2_147_483_647;

/**
 * A subject id (docs/design.md §4's catalogue exception to UUIDv7 ids): a whole number
 * from 1 to {@link SUBJECT_ID_MAX}, sent as a JSON number or as a string of digits (`"12"`, what a
 * query string or a form holds); `required` when absent, `invalid` for anything else (a UUID
 * included).
 */
export function subjectIdField(required: string, invalid: string) {
  return z.preprocess(
    (v) => {
      const t = textInput(v);
      return typeof t === 'string' && /^\d{1,10}$/.test(t) ? Number(t) : t;
    },
    z
      .number({ error: (iss) => (iss.input === undefined ? required : invalid) })
      .int(invalid)
      .min(1, invalid)
      .max(SUBJECT_ID_MAX, invalid),
  );
}

const status = choice(ATTENDANCE_STATUSES, { required: M.statusRequired, invalid: M.statusInvalid });
const date = z.preprocess(
  textInput,
  z.iso.date({ error: (iss) => (iss.input === undefined ? M.dateRequired : M.dateInvalid) }),
);

/** A subject of the catalogue (docs/product-spec.md §3 "Subject (resource list)"). */
export const subject = z.object({
  /** An integer. */
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  branch: z.string(),
  semester: z.string(),
  credits: z.number().int(),
});
export type Subject = z.infer<typeof subject>;

/** GET /api/resources/subjects query: `branch`, `semester` (exact), `search` (name or code), pages of up to 100. */
export const listSubjectsQuery = paginationQueryOf(100).extend({
  branch: optionalField(z.string().max(100, M.filterInvalid)),
  semester: optionalField(z.string().max(40, M.filterInvalid)),
  search: searchText(),
});
export type ListSubjectsQuery = z.infer<typeof listSubjectsQuery>;
/** The catalogue's filters as a client sends them: any of the query's fields. */
export type SubjectFilters = Partial<ListSubjectsQuery>;

const subjectName = requiredText(SUBJECT_NAME_MAX, { required: M.nameRequired, tooLong: M.nameLong });
/** Codes are stored upper-case: `CS201`, `MA-101`. */
const subjectCode = z.preprocess(
  (v) => (typeof textInput(v) === 'string' ? (textInput(v) as string).toUpperCase() : textInput(v)),
  z.string({ error: M.codeRequired }).regex(new RegExp(`^[A-Z0-9-]{2,${SUBJECT_CODE_MAX}}$`), M.codeInvalid),
);
/** Branch and semester are checked against the loaded institute config by the API. */
const branch = requiredText(100, { required: M.branchRequired, tooLong: M.branchInvalid });
const semester = requiredText(40, { required: M.semesterRequired, tooLong: M.semesterInvalid });
const credits = z.preprocess(
  (v) => {
    const t = textInput(v);
    return typeof t === 'string' ? (/^\d{1,3}$/.test(t) ? Number(t) : Number.NaN) : t;
  },
  z
    .number({ error: M.creditsInvalid })
    .int(M.creditsInvalid)
    .min(0, M.creditsInvalid)
    .max(SUBJECT_CREDITS_MAX, M.creditsInvalid),
);

/** POST /api/resources/subjects (admin): name, code (unique), branch, semester, credits (default 4). */
export const createSubjectBody = z.object({
  name: subjectName,
  code: subjectCode,
  branch,
  semester,
  credits: optionalField(credits),
});
export type CreateSubjectBody = z.infer<typeof createSubjectBody>;

/** PUT /api/resources/subjects/{id} (admin): partial (docs/design.md §4). */
export const updateSubjectBody = partialFields(createSubjectBody);
export type UpdateSubjectBody = z.infer<typeof updateSubjectBody>;

/**
 * Route params of PUT and DELETE /api/resources/subjects/{id}: an integer id (digits in the path);
 * a malformed one answers 404 "Subject not found" like an unknown one (docs/design.md §4).
 */
export const subjectParams = z.object({ id: subjectIdField(M.subjectNotFound, M.subjectNotFound) });

export const subjectResponse = apiSuccess(subject);
export const subjectList = apiPage(subject);

/**
 * An enrollment (docs/product-spec.md §3: "id, name, code (the subject the user is enrolled in)"): `id` is the
 * subject's id, as the spec's client reads it; `enrollmentId` the enrollment's own.
 */
export const enrollment = subject.extend({
  subjectId: z.number().int(),
  enrollmentId: z.string(),
  enrolledAt: z.string(),
});
export type Enrollment = z.infer<typeof enrollment>;
export const enrollmentResponse = apiSuccess(enrollment);
export const enrollmentList = apiSuccess(z.array(enrollment));

/** GET /api/enrollments/users/{userId}/enrollments params: the caller's own id (else 403). */
export const enrollmentsParams = z.object({ userId: idText(M.enrollmentsUserRequired) });

/** POST /api/enrollments body (docs/product-spec.md §7). */
export const enrollBody = z.object({
  userId: idText(M.userIdRequired),
  subjectId: subjectIdField(M.subjectIdRequired, M.subjectIdInvalid),
});
export type EnrollBody = z.infer<typeof enrollBody>;

/** DELETE /api/enrollments body (docs/product-spec.md §5, §7): both ids, with the spec's message. */
export const unenrollBody = z.object({
  userId: idText(M.unenrollIdsRequired),
  subjectId: subjectIdField(M.unenrollIdsRequired, M.unenrollIdsRequired),
});
export type UnenrollBody = z.infer<typeof unenrollBody>;

/** An attendance record (docs/product-spec.md §3): `markedAt` is an ISO 8601 instant, `date` the class day. */
export const attendanceRecord = z.object({
  id: z.string(),
  userId: z.string(),
  subjectId: z.number().int(),
  date: z.string(),
  status: z.enum(ATTENDANCE_STATUSES),
  markedAt: z.string(),
});
export type AttendanceRecord = z.infer<typeof attendanceRecord>;
export const attendanceRecordResponse = apiSuccess(attendanceRecord);
export const attendanceRecordList = apiPage(attendanceRecord);
export const attendanceRecordsResponse = apiSuccess(z.array(attendanceRecord));

/**
 * GET /api/attendance query (docs/product-spec.md §7): the caller's `userId`, optional `subjectId` and `date`
 * filters; newest first, up to 100 per page.
 */
export const listAttendanceQuery = paginationQueryOf(100).extend({
  userId: idText(M.userIdRequired),
  subjectId: optionalField(subjectIdField(M.subjectIdRequired, M.subjectIdInvalid)),
  date: optionalField(date),
});
export type ListAttendanceQuery = z.infer<typeof listAttendanceQuery>;

/**
 * POST /api/attendance body (docs/product-spec.md §5, §7): `date` from {@link earliestAttendanceDate} to today in
 * the institute's time zone (checked by the API), only for an enrolled subject. Several records per subject per day are
 * allowed (docs/design.md §8).
 */
export const markAttendanceBody = z.object({
  userId: idText(M.userIdRequired),
  subjectId: subjectIdField(M.subjectIdRequired, M.subjectIdInvalid),
  date,
  status,
});
export type MarkAttendanceBody = z.infer<typeof markAttendanceBody>;

/**
 * PUT /api/attendance/{recordId} body: `status` (still required: it is what an update changes), and
 * optionally a corrected `date`; the record's user and subject never change.
 */
export const updateAttendanceBody = markAttendanceBody.pick({ status: true }).extend({ date: optionalField(date) });
export type UpdateAttendanceBody = z.infer<typeof updateAttendanceBody>;

/** Route params of PUT /api/attendance/{recordId}: a malformed id answers 404 like an unknown one. */
export const recordParams = z.object({ recordId: z.uuid({ error: M.recordNotFound }) });

/** POST /api/attendance/bulk body: one date and status for several enrolled subjects, all or nothing. */
export const bulkAttendanceBody = z.object({
  userId: idText(M.userIdRequired),
  date,
  status: optionalField(status),
  subjectIds: z
    .array(subjectIdField(M.subjectIdInvalid, M.subjectIdInvalid), { error: M.subjectIdsRequired })
    .min(1, M.subjectIdsRequired)
    .max(BULK_SUBJECTS_MAX, M.subjectIdsMax)
    .refine((ids) => new Set(ids).size === ids.length, M.subjectIdsDuplicate),
});
export type BulkAttendanceBody = z.infer<typeof bulkAttendanceBody>;

/** GET /api/attendance/percentage query (docs/product-spec.md §5): both ids. */
export const subjectPercentageQuery = z.object({
  userId: idText(M.userAndSubjectRequired),
  subjectId: subjectIdField(M.userAndSubjectRequired, M.subjectIdInvalid),
});
/** GET /api/attendance/percentage/overall and /subject-wise query (docs/product-spec.md §5). */
export const userPercentageQuery = z.object({ userId: idText(M.userIdRequired) });

/**
 * Percentage data (docs/product-spec.md §3) plus the outlook: `percentage` 0–100 with one decimal (0
 * when no classes), counts of classes, the student's `target` and `canMiss` / `mustAttend`.
 */
export const attendanceStats = z.object({
  percentage: z.number(),
  presentDays: z.number().int(),
  absentDays: z.number().int(),
  totalDays: z.number().int(),
  target: z.number().int(),
  canMiss: z.number().int(),
  mustAttend: z.number().int(),
});
export type AttendanceStats = z.infer<typeof attendanceStats>;

export const subjectStats = attendanceStats.extend({ subjectId: z.number().int() });
export type SubjectStats = z.infer<typeof subjectStats>;
/** One entry of the subject-wise list: every enrolled subject, with its name and code. */
export const subjectWiseEntry = subjectStats.extend({ name: z.string(), code: z.string() });
export type SubjectWiseEntry = z.infer<typeof subjectWiseEntry>;
/** Overall data: the same fields over every enrolled subject, plus how many subjects. */
export const overallStats = attendanceStats.extend({ subjectCount: z.number().int() });
export type OverallStats = z.infer<typeof overallStats>;

export const subjectStatsResponse = apiSuccess(subjectStats);
export const overallStatsResponse = apiSuccess(overallStats);
export const subjectWiseResponse = apiSuccess(z.array(subjectWiseEntry));

/** The caller's target: their own choice, else the institute's `attendanceTarget`. */
export const attendanceTarget = z.object({
  target: z.number().int(),
  instituteTarget: z.number().int(),
  custom: z.boolean(),
});
export type AttendanceTarget = z.infer<typeof attendanceTarget>;
export const attendanceTargetResponse = apiSuccess(attendanceTarget);

/** PUT /api/attendance/target body: 75–95, or null to follow the institute's default again. */
export const setTargetBody = z.object({
  target: z.union(
    [
      z.null(),
      z.preprocess(
        (v) => (typeof v === 'string' && /^\d{1,3}$/.test(v.trim()) ? Number(v) : v),
        z
          .number({ error: M.targetInvalid })
          .int(M.targetInvalid)
          .min(ATTENDANCE_TARGET_MIN, M.targetInvalid)
          .max(ATTENDANCE_TARGET_MAX, M.targetInvalid),
      ),
    ],
    { error: M.targetInvalid },
  ),
});
export type SetTargetBody = z.infer<typeof setTargetBody>;

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

/** GET /api/attendance/outlook: today, the term, the student's target and each enrolled subject. */
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
    date,
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
