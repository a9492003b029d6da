/** Fixed settings of the browser suite's server (shared by the config and the fixtures). */
import path from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3199);
export const E2E_DATA_DIR = path.resolve(process.env.E2E_DATA_DIR ?? path.join(import.meta.dirname, '.data-e2e'));
/** Port of the second origin (a tiny static page served by the cross-origin test), listed in CORS_ORIGINS. */
export const E2E_SECOND_PORT = Number(process.env.E2E_SECOND_PORT ?? E2E_PORT + 1);
export const E2E_SECOND_ORIGIN = `http://localhost:${E2E_SECOND_PORT}`;
export const E2E_ADMIN_EMAIL = 'admin.e2e@iiitsonepat.ac.in';
/** The local stand-in for Internshala that the server scrapes in the browser suite; 3222 by default. */
export const E2E_SOURCE_PORT = Number(process.env.E2E_SOURCE_PORT ?? E2E_PORT + 23);
export const E2E_SOURCE_ORIGIN = `http://127.0.0.1:${E2E_SOURCE_PORT}`;
/** The local push service of the push journey (push.spec.ts), the one push endpoint host the server may contact. */
export const E2E_PUSH_PORT = Number(process.env.E2E_PUSH_PORT ?? E2E_PORT + 24);

/** The institute's time zone in the suite (the default config's). */
export const E2E_TIMEZONE = 'Asia/Kolkata';
/** The branch and semester whose weekly timetable the suite's institute config sets. */
export const E2E_TIMETABLE_CLASS = { branch: 'Computer Science Engineering', semester: 'Fifth' } as const;
/** Days of the suite's term before and after today (docs/attendance-outlook.md). */
export const E2E_TERM_DAYS = 20;

/** `yyyy-MM-dd` in the institute's zone, `offset` days from now. */
export const e2eDay = (offset: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: E2E_TIMEZONE }).format(new Date(Date.now() + offset * 86_400_000));

/**
 * The suite's institute config (written beside the data directory and passed as INSTITUTE_CONFIG):
 * the defaults, but a term from 20 days before today to 20 after, a calendar without days off in
 * it, and for CSE Fifth a class of each of its three subjects every day of the week, all ended a few
 * minutes after midnight (so what has been held does not depend on the hour the suite runs).
 */
export function e2eInstituteConfig(): object {
  const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
  return {
    terms: [{ name: 'E2E term', start: e2eDay(-E2E_TERM_DAYS), end: e2eDay(E2E_TERM_DAYS) }],
    academicCalendar: {
      session: 'E2E',
      entries: [{ date: e2eDay(-E2E_TERM_DAYS - 5), title: 'Registration', kind: 'academic' }],
    },
    classTimetables: [
      {
        ...E2E_TIMETABLE_CLASS,
        classes: days.flatMap((day) =>
          ['CS501', 'CS502', 'CS503'].map((subjectCode, i) => ({
            day,
            start: `00:0${2 * i}`,
            end: `00:0${2 * i + 1}`,
            subjectCode,
            room: `LH-${i + 1}`,
          })),
        ),
      },
    ],
  };
}
/** Where the suite's institute config is written. */
export const E2E_INSTITUTE_CONFIG = `${E2E_DATA_DIR}.institute.json`;
