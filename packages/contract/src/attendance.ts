/**
 * Attendance and enrollment (docs/product-spec.md §2 "Attendance dashboard", §3, §4, §5, §7, §8, §9; docs/design.md §4, §5,
 * §8): the subject catalogue, enrollments, attendance records and the percentage shapes shared by
 * the API and the web app; the constants, messages and the "how many classes can I still miss"
 * arithmetic are in `attendance-ui.ts`, the shared fields and the record shape in `attendance-base.ts`,
 * the timetable's shapes (today, outlook, changes, admin settings) in `timetable.ts`, all re-exported
 * here. Dates are `yyyy-MM-dd` in the institute's time zone; percentages have
 * one decimal; targets are whole percent.
 */
import { z } from 'zod';
import { attendanceRecord, classDate, idText, subjectIdField } from './attendance-base.ts';
import { apiPage, apiSuccess, paginationQueryOf } from './envelope.ts';
import { choice, optionalField, partialFields, requiredText, searchText, textInput } from './fields.ts';
import {
  ATTENDANCE_MESSAGES,
  ATTENDANCE_STATUSES,
  ATTENDANCE_TARGET_MAX,
  ATTENDANCE_TARGET_MIN,
  BULK_SUBJECTS_MAX,
  SUBJECT_CODE_MAX,
  SUBJECT_CREDITS_MAX,
  SUBJECT_NAME_MAX,
} from './attendance-ui.ts';

export * from './attendance-ui.ts';
export { SUBJECT_ID_MAX, attendanceRecord, subjectIdField, type AttendanceRecord } from './attendance-base.ts';
export * from './timetable.ts';

const M = ATTENDANCE_MESSAGES;

const status = choice(ATTENDANCE_STATUSES, { required: M.statusRequired, invalid: M.statusInvalid });

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
  date: optionalField(classDate),
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
  date: classDate,
  status,
});
export type MarkAttendanceBody = z.infer<typeof markAttendanceBody>;

/**
 * PUT /api/attendance/{recordId} body: `status` (still required: it is what an update changes), and
 * optionally a corrected `date`; the record's user and subject never change.
 */
export const updateAttendanceBody = markAttendanceBody
  .pick({ status: true })
  .extend({ date: optionalField(classDate) });
export type UpdateAttendanceBody = z.infer<typeof updateAttendanceBody>;

/** Route params of PUT /api/attendance/{recordId}: a malformed id answers 404 like an unknown one. */
export const recordParams = z.object({ recordId: z.uuid({ error: M.recordNotFound }) });

/** POST /api/attendance/bulk body: one date and status for several enrolled subjects, all or nothing. */
export const bulkAttendanceBody = z.object({
  userId: idText(M.userIdRequired),
  date: classDate,
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
