/**
 * Attendance texts shown outside the attendance page (the home dashboard's today card), with no
 * zod, so the dashboard does not load the schema library at start
 * (docs/decisions/0001-hydration-at-load.md). `./attendance.ts` uses them in its messages.
 */
export const ATTENDANCE_UI = {
  todayTitle: 'Today’s classes',
  markOnAttendance: 'Mark on Attendance',
} as const;
