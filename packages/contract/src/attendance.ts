/**
 * Attendance and enrollment (docs/product-spec.md §2 "Attendance dashboard", §3, §4, §5, §7, §8, §9; docs/design.md §4, §5,
 * §8): constants, messages (declared once), the subject catalogue, enrollments, attendance
 * records, the percentage shapes and the "how many classes can I still miss" arithmetic shared by
 * the API and the web app. Dates are `yyyy-MM-dd` in the institute's time zone; percentages have
 * one decimal; targets are whole percent.
 */
import { z } from 'zod';
import { ATTENDANCE_UI } from './attendance-ui.ts';
import { academicTerm, classTimetable, timetableClass } from './institute.ts';
import { apiPage, apiSuccess, paginationQueryOf } from './envelope.ts';
import { choice, isoDate, optionalField, partialFields, requiredText, searchText, textInput } from './fields.ts';

/** Statuses of a record (docs/design.md §8: exactly Present and Absent). */
export const ATTENDANCE_STATUSES = ['Present', 'Absent'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

/** The institute's default target (docs/design.md §8, config `attendanceTarget`). */
export const DEFAULT_ATTENDANCE_TARGET = 75;
/** The range a student may choose for their own target, whole percent. */
export const ATTENDANCE_TARGET_MIN = 75;
export const ATTENDANCE_TARGET_MAX = 95;
/** Subjects one bulk mark may name ("I attended everything today"). */
export const BULK_SUBJECTS_MAX = 20;
/** Credits of a subject. */
export const SUBJECT_CREDITS_MAX = 10;
export const SUBJECT_NAME_MAX = 120;
export const SUBJECT_CODE_MAX = 16;

/** Days one day-off plan may name. */
export const SKIP_DATES_MAX = 31;
/** Extra and cancelled classes one student may record per term. */
export const CLASS_CHANGES_MAX = 100;
/** Kinds of a student's change to their week: a class added, or a scheduled one cancelled. */
export const CLASS_CHANGE_KINDS = ['extra', 'cancelled'] as const;
export type ClassChangeKind = (typeof CLASS_CHANGE_KINDS)[number];

/** How far back a record's date may go, in years (the last 2 years to today). */
export const ATTENDANCE_MAX_PAST_YEARS = 2;

/**
 * The earliest date attendance may be marked for when the institute's today is `today`
 * (`yyyy-MM-dd`): the same day {@link ATTENDANCE_MAX_PAST_YEARS} years before (29 February → 28
 * February). With `today` itself the latest, it bounds the API's check and the web's date inputs.
 */
export function earliestAttendanceDate(today: string): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const year = y - ATTENDANCE_MAX_PAST_YEARS;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const day = m === 2 && d === 29 && !leap ? 28 : d;
  return `${String(year).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Messages: the spec's texts (§2, §5, §8) verbatim, and ours. */
export const ATTENDANCE_MESSAGES = {
  // Spec §2 page texts.
  intro: 'Select a subject, then click Mark Attendance.',
  subjectBreakdown: 'Subject Breakdown',
  noStatsYet: 'No stats yet',
  noneMarked: 'No attendance marked for any enrolled subject yet.',
  confirmUnenroll: (subject: string) => `Unenroll from "${subject}"? This removes related attendance data.`,
  markAttendance: 'Mark Attendance',
  summary: 'Summary',
  classesAttended: 'Classes Attended',
  classesMissed: 'Classes Missed',
  totalClasses: 'Total Classes Marked',
  attendanceRecord: 'Attendance Record',
  noRecords: 'No attendance has been recorded for this subject on the selected date.',
  statsErrorPrefix: 'Subject Stats Error: ',
  statsErrorDefault: 'An unexpected error occurred',
  retry: 'Retry',
  // Spec §5 validation.
  unenrollIdsRequired: 'User ID and Subject ID are required for unenrollment.',
  userIdRequired: 'User ID required.',
  userAndSubjectRequired: 'User ID and Subject ID required.',
  enrollmentsUserRequired: 'User ID is required to fetch enrollments.',
  notSignedIn: 'Not authenticated',
  // Spec §8 defaults.
  failedFetchRecords: 'Failed to fetch attendance records',
  failedUpdate: 'Failed to update attendance',
  failedMark: 'Failed to mark attendance',
  failedSubjectPercentage: 'Failed to fetch subject percentage',
  failedOverall: 'Failed to fetch overall percentage',
  failedSubjectWise: 'Failed to fetch subject-wise percentages',
  failedEnrollments: 'Failed to fetch enrollments',
  failedEnroll: 'Failed to enroll',
  failedUnenroll: 'Failed to unenroll',
  failedSubjects: 'Failed to fetch subjects',
  // Spec §8 toasts.
  updated: 'Attendance updated!',
  marked: 'Attendance marked!',
  unenrolled: 'Successfully unenrolled!',
  // Spec §8 modal errors.
  modalMissing: 'Cannot open modal - user or subject missing.',
  modalBadDate: 'Invalid record date format for editing.',
  modalInvalid: 'Invalid modal configuration.',
  // Ours.
  enrollButton: 'Enroll in a subject',
  enrolled: 'Successfully enrolled!',
  bulkMarked: (n: number) => `Attendance marked for ${n} ${n === 1 ? 'subject' : 'subjects'}!`,
  foreignUser: 'You can only view and change your own attendance.',
  userIdInvalid: 'User ID required.',
  subjectIdRequired: 'Subject ID is required.',
  subjectIdInvalid: 'Subject not found',
  dateRequired: 'Please choose a date.',
  dateInvalid: 'Please enter a date in yyyy-MM-dd format.',
  dateFuture: 'Attendance cannot be marked for a future date.',
  dateTooOld: `Attendance cannot be marked for a date more than ${ATTENDANCE_MAX_PAST_YEARS} years ago.`,
  statusRequired: 'Please choose Present or Absent.',
  statusInvalid: 'Status must be Present or Absent.',
  notEnrolled: 'You are not enrolled in this subject.',
  alreadyEnrolled: 'You are already enrolled in this subject.',
  recordNotFound: 'Attendance record not found',
  subjectNotFound: 'Subject not found',
  subjectInUse: 'Students are enrolled in this subject: it cannot be removed.',
  subjectCodeTaken: 'A subject with this code already exists.',
  subjectCreated: 'Subject added!',
  subjectUpdated: 'Subject updated!',
  subjectDeleted: 'Subject removed!',
  nameRequired: 'Subject name is required.',
  nameLong: `Subject name must be at most ${SUBJECT_NAME_MAX} characters.`,
  codeRequired: 'Subject code is required.',
  codeInvalid: `Subject code must be 2 to ${SUBJECT_CODE_MAX} letters, digits or hyphens.`,
  branchRequired: 'Please choose a branch.',
  branchInvalid: 'Please choose one of the institute’s branches.',
  semesterRequired: 'Please choose a semester.',
  semesterInvalid: 'Please choose one of the institute’s semesters.',
  creditsInvalid: `Credits must be a whole number from 0 to ${SUBJECT_CREDITS_MAX}.`,
  filterInvalid: 'Invalid filter value.',
  subjectIdsRequired: 'Please choose at least one subject.',
  subjectIdsMax: `At most ${BULK_SUBJECTS_MAX} subjects can be marked at once.`,
  subjectIdsDuplicate: 'Each subject can be named only once.',
  targetInvalid: `The target must be a whole number from ${ATTENDANCE_TARGET_MIN} to ${ATTENDANCE_TARGET_MAX}.`,
  targetSaved: 'Attendance target saved!',
  pending: 'Pending',
  offlineQueued: 'You are offline: the mark is saved on this device and will be sent when you reconnect.',
  /** The offline notice, with when the figures shown were last fetched (HH:mm). */
  offlineUpdatedAt: (time: string) => `Offline — last updated ${time}`,
  offline: 'Offline — showing the last saved figures',
  recordsOffline: 'The records of this day are not saved on this device: they show when you are back online.',
  // The timetable: today's classes, the term's outlook, a day off, changes to the week
  // (docs/attendance-outlook.md).
  todayTitle: ATTENDANCE_UI.todayTitle,
  noClassesToday: 'No classes today.',
  noTerm: 'No term is running today.',
  noTimetable: 'Set your branch and semester in your profile to see your timetable.',
  noTimetableForClass: 'Your branch and semester have no timetable yet.',
  notInTimetable: 'Not in your timetable: counted from your marks only.',
  present: 'Present',
  absent: 'Absent',
  undo: 'Undo',
  markRemoved: 'Mark removed.',
  unmarkedThisWeek: (n: number) => `${n} ${n === 1 ? 'class' : 'classes'} not marked this week`,
  pastUnmarked: (n: number) => `${n} past ${n === 1 ? 'class' : 'classes'} not marked`,
  canMissOfRemaining: (n: number, remaining: number, target: number) =>
    `You can miss ${n} of the ${remaining} remaining ${remaining === 1 ? 'class' : 'classes'} and stay at ${target}%`,
  cannotReach: (remaining: number, best: string) =>
    `Even attending all ${remaining} remaining ${remaining === 1 ? 'class' : 'classes'} ends the term at ${best}`,
  termOver: 'No classes are left this term.',
  planDayOff: 'Plan a day off',
  planIntro:
    'Pick a day or a range: each subject’s percentage after skipping it, if you attend every other class until then.',
  planNothing: 'None of your classes fall on these days.',
  skipInvalid: 'Dates to skip must be dates in yyyy-MM-dd format, separated by commas.',
  skipOutOfTerm: 'Dates to skip must be from today to the end of the term.',
  skipTooMany: `At most ${SKIP_DATES_MAX} days can be planned at once.`,
  weekChanges: 'Changes to the week',
  changeKindRequired: 'Please choose an extra class or a cancelled class.',
  changeStartRequired: 'Please enter the start time.',
  changeEndRequired: 'Please enter the end time of the extra class.',
  changeTimeInvalid: 'Please enter a time in HH:mm format.',
  changeEndBeforeStart: 'The end must be after the start.',
  changeOutOfTerm: 'The date must be within the current term.',
  noSuchClass: 'There is no class of this subject at that time on that day.',
  changeExists: 'This change is already recorded.',
  changesMax: `At most ${CLASS_CHANGES_MAX} changes can be recorded per term.`,
  changeNotFound: 'Change not found',
  changeSaved: 'Change saved!',
  changeRemoved: 'Change removed!',
  // The timetable in the admin area.
  timetableSaved: 'Timetable saved!',
  termsSaved: 'Terms saved!',
  daysOffSaved: 'Days without classes saved!',
  timetableBranchRequired: 'Please choose a branch and a semester.',
  unknownSubjectCode: (code: string) => `${code} is not in the subject catalogue.`,
  termsOverlap: 'Terms must not overlap.',
  /** The can-miss line, with the correct singular. */
  canMiss: (n: number) => `You can miss ${n} more ${n === 1 ? 'class' : 'classes'}`,
  mustAttend: (n: number, target: number) =>
    `Attend the next ${n} ${n === 1 ? 'class' : 'classes'} to reach ${target}%`,
  /**
   * The profile's answer when the first save of a branch and semester enrolled the student in the
   * catalogue's subjects of both, with the correct singular.
   */
  defaultEnrolled: (n: number, branch: string, semester: string) =>
    `You were enrolled in ${n} ${n === 1 ? 'subject' : 'subjects'} for ${branch}, ${semester} semester — change them on Attendance`,
  atLimit: (target: number) => `You are exactly at ${target}%: missing the next class takes you below it`,
} as const;

const M = ATTENDANCE_MESSAGES;

/**
 * How many more classes a student can miss and how many they must attend in a row,
 * with P attended of N held and target T% (whole percent, 1–99), in exact integer arithmetic:
 * canMiss = ⌊(100P − TN) / T⌋ when 100P ≥ TN, else 0; mustAttend = ⌈(TN − 100P) / (100 − T)⌉
 * when 100P < TN, else 0. With no classes both are 0.
 */
export function attendanceOutlook(present: number, total: number, target: number) {
  const surplus = 100 * present - target * total;
  if (surplus >= 0) return { canMiss: Math.floor(surplus / target), mustAttend: 0 };
  return { canMiss: 0, mustAttend: Math.ceil(-surplus / (100 - target)) };
}

/** Zone of a percentage against a target: green at or above, amber within 5 points below, red under. */
export function attendanceZone(percentage: number, total: number, target: number): 'none' | 'green' | 'amber' | 'red' {
  if (total === 0) return 'none';
  if (percentage >= target) return 'green';
  return percentage >= target - 5 ? 'amber' : 'red';
}

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
