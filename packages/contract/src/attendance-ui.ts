/**
 * Attendance, the zod-free part (docs/product-spec.md §2 "Attendance dashboard", §3, §5, §8, §9): statuses,
 * limits, the messages (declared once), the earliest date a record may have and the "how many
 * classes can I still miss" arithmetic. Kept free of zod so the attendance page and the home
 * dashboard's today card do not load the schema library at start
 * (docs/decisions/0001-hydration-at-load.md); `./attendance.ts` re-exports everything here.
 */
import { USER_MESSAGES } from './users-ui.ts';

export const ATTENDANCE_UI = {
  todayTitle: 'Today’s classes',
  markOnAttendance: 'Mark on Attendance',
} as const;

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
  /** Between terms, after {@link noTerm}: the next term's first day, e.g. `Mon 4 Jan`. */
  nextTermStarts: (day: string) => `Next term starts on ${day}.`,
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
   * catalogue's subjects of both, with the correct singular; the spec's success sentence
   * (docs/product-spec.md §8 "Profile") comes first.
   */
  defaultEnrolled: (n: number, branch: string, semester: string) =>
    `${USER_MESSAGES.profileUpdated} You were enrolled in ${n} ${n === 1 ? 'subject' : 'subjects'} for ${branch}, ${semester} semester — change them on Attendance`,
  atLimit: (target: number) => `You are exactly at ${target}%: missing the next class takes you below it`,
  /** Above the target with no class to spare, e.g. 2 of 2 at 75%: the real percentage first. */
  atMargin: (percentage: string, target: number) =>
    `You are at ${percentage}: missing the next class takes you below ${target}%`,
} as const;

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
