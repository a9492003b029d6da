/**
 * The institute config, the zod-free part (docs/product-spec.md §5, docs/design.md §8): the default e-mail domain and the
 * branch, semester and hostel options that sign-up and profile forms show before (or without) the
 * served config. Kept free of zod so the sign-in page does not build the config schemas on first
 * paint; `institute.ts` re-exports everything here.
 */

/** Branch options (docs/product-spec.md §5). */
export const DEFAULT_BRANCHES = [
  'Electronics and Communication Engineering',
  'Computer Science Engineering',
  'Electrical Engineering',
  'Mechanical Engineering',
  'Civil Engineering',
  'Engineering and Computational Mechanics',
  'Chemical Engineering',
  'Material Engineering',
  'Production and Industrial Engineering',
  'Biotechnology',
];

/** Semester options (docs/product-spec.md §5). */
export const DEFAULT_SEMESTERS = ['First', 'Second', 'Third', 'Fourth', 'Fifth', 'Sixth', 'Seventh', 'Eighth'];

/** Hostel options (docs/product-spec.md §5). */
export const DEFAULT_HOSTELS = ['CECT Hostel', 'Coho Hostel', 'Supermax Flats', 'Tdi flats'];

/** The institute's student e-mail domain (docs/product-spec.md §5). */
export const DEFAULT_EMAIL_DOMAIN = 'iiitsonepat.ac.in';

/** What sign-up, profile and admin user forms read from the institute config. */
export interface InstituteFormOptions {
  emailDomain: string;
  branches: string[];
  semesters: string[];
  hostels: string[];
}

/** The spec's form options (docs/product-spec.md §5), used while the config loads or when it cannot be fetched. */
export const INSTITUTE_FORM_DEFAULTS: InstituteFormOptions = {
  emailDomain: DEFAULT_EMAIL_DOMAIN,
  branches: DEFAULT_BRANCHES,
  semesters: DEFAULT_SEMESTERS,
  hostels: DEFAULT_HOSTELS,
};

/** The days of a weekly timetable, Monday first (ISO weekday 1–7). */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
