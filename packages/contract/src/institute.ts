/**
 * The institute config (docs/design.md §8): one JSON file, validated at start and served at
 * `GET /api/institute`. Its schema is here; the defaults — the spec's values (docs/product-spec.md §1, §5) plus
 * sample content for the dashboard (Quick Links, Campus Buzz, spotlights) and the three generated
 * PDFs (calendar, contacts, timetable), all of which an administrator replaces in the file — are in
 * `institute-defaults.ts`, re-exported here.
 */
import { z } from 'zod';
import {
  DEFAULT_CALENDAR,
  DEFAULT_CAMPUS_BUZZ,
  DEFAULT_CONTACTS,
  DEFAULT_QUICK_LINKS,
  DEFAULT_RIDE_PLACES,
  DEFAULT_SPOTLIGHTS,
  DEFAULT_TERMS,
  DEFAULT_TIMETABLE,
  defaultClassTimetables,
} from './institute-defaults.ts';
import {
  DEFAULT_BRANCHES,
  DEFAULT_EMAIL_DOMAIN,
  DEFAULT_HOSTELS,
  DEFAULT_SEMESTERS,
  WEEKDAYS,
} from './institute-ui.ts';

export * from './institute-ui.ts';
export * from './institute-defaults.ts';

const nonEmptyList = z.array(z.string().trim().min(1)).min(1);
const text = (max: number) => z.string().trim().min(1).max(max);

/** A calendar date `yyyy-MM-dd` that exists (docs/design.md §4). */
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date in yyyy-MM-dd format')
  .refine((d) => {
    const t = new Date(`${d}T00:00:00Z`);
    return !Number.isNaN(t.getTime()) && t.toISOString().startsWith(d);
  }, 'must be a real calendar date');

/** URL-safe page name of a spotlight, e.g. `hackathon-champions`. */
const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case words joined by hyphens, e.g. hackathon-champions')
  .max(80);

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

/** The three generated documents behind Quick Links: served as PDFs. */
export const INSTITUTE_DOCUMENTS = ['calendar', 'contacts', 'timetable'] as const;
export type InstituteDocument = (typeof INSTITUTE_DOCUMENTS)[number];

/** Path of a generated document, relative to the API origin: `/api/institute/files/<kind>.pdf`. */
export const instituteDocumentPath = (kind: InstituteDocument) => `/api/institute/files/${kind}.pdf`;

const quickLinkFields = z.object({
  label: text(60),
  description: z.string().trim().max(160).default(''),
  /** One of the generated PDFs … */
  document: z.enum(INSTITUTE_DOCUMENTS).optional(),
  /** … or an external address (e.g. the fee payment portal). */
  url: httpUrl.optional(),
});

/** A Quick Link (docs/product-spec.md §1): exactly one of `document` (a generated PDF) or `url` (external). */
export const quickLink = quickLinkFields.refine((l) => (l.document === undefined) !== (l.url === undefined), {
  message: 'needs exactly one of "document" (calendar, contacts or timetable) or "url"',
});
export type QuickLink = z.infer<typeof quickLink>;

/** A Campus Buzz event card (docs/product-spec.md §1). `endDate` is inclusive; `time` is free text such as `10:00–16:00`. */
export const buzzEvent = z
  .object({
    title: text(100),
    tag: text(30),
    date: isoDate,
    endDate: isoDate.optional(),
    time: z.string().trim().max(40).optional(),
    venue: text(100),
    description: text(400),
    registrationUrl: httpUrl.optional(),
  })
  .refine((e) => !e.endDate || e.endDate >= e.date, { message: 'endDate must not be before date', path: ['endDate'] });
export type BuzzEvent = z.infer<typeof buzzEvent>;

/** A Student Spotlight (docs/product-spec.md §1): a card on the dashboard and a page at `/spotlight/{slug}`. */
export const spotlight = z.object({
  slug,
  title: text(120),
  student: text(80),
  /** e.g. `B.Tech CSE, 2027`. */
  programme: z.string().trim().max(80).default(''),
  /** One or two sentences shown on the card. */
  summary: text(300),
  /** The page: one string per paragraph. */
  body: z.array(text(3000)).min(1),
  /** Short facts listed beside the story. */
  highlights: z.array(text(160)).default([]),
});
export type Spotlight = z.infer<typeof spotlight>;

/** One entry of the academic calendar; `endDate` (inclusive) for ranges. */
export const calendarEntry = z
  .object({
    date: isoDate,
    endDate: isoDate.optional(),
    title: text(160),
    kind: z.enum(['academic', 'exam', 'holiday', 'event']).default('academic'),
  })
  .refine((e) => !e.endDate || e.endDate >= e.date, { message: 'endDate must not be before date', path: ['endDate'] });

/** One person or office of the contacts directory, grouped by `department` in the PDF. */
export const contactEntry = z.object({
  department: text(80),
  name: text(100),
  role: text(100),
  phone: z.string().trim().max(40).optional(),
  email: z.email().optional(),
  office: z.string().trim().max(100).optional(),
});

/** The weekly timetable: `slots` are the column headings, each day has one period per slot ('' = free). */
export const timetable = z
  .object({
    title: text(160),
    note: z.string().trim().max(300).default(''),
    slots: z.array(text(20)).min(1).max(12),
    days: z
      .array(z.object({ day: text(20), periods: z.array(z.string().trim().max(80)) }))
      .min(1)
      .max(7),
  })
  .superRefine((t, ctx) => {
    t.days.forEach((d, i) => {
      if (d.periods.length !== t.slots.length)
        ctx.addIssue({
          code: 'custom',
          path: ['days', i, 'periods'],
          message: `must have one entry per slot (${t.slots.length})`,
        });
    });
  });

/** A time of day `HH:mm` (24-hour) in the institute's time zone. */
export const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time in HH:mm format (24-hour)');

/** A term: classes are held from `start` to `end`, both `yyyy-MM-dd` and inclusive. */
export const academicTerm = z
  .object({ name: text(60), start: isoDate, end: isoDate })
  .refine((t) => t.end >= t.start, { message: 'end must not be before start', path: ['end'] });
export type AcademicTerm = z.infer<typeof academicTerm>;

/** One class of a weekly timetable: a subject of the catalogue (by code) on a day, from `start` to `end`. */
export const timetableClass = z
  .object({
    day: z.enum(WEEKDAYS),
    start: clockTime,
    end: clockTime,
    subjectCode: z.string().trim().toUpperCase().min(1).max(16),
    room: z.string().trim().max(40).optional(),
  })
  .refine((c) => c.end > c.start, { message: 'end must be after start', path: ['end'] });
export type TimetableClass = z.infer<typeof timetableClass>;

/** The weekly classes of one branch and semester; classes of a day must not overlap. */
export const classTimetable = z
  .object({ branch: text(120), semester: text(40), classes: z.array(timetableClass).max(80) })
  .superRefine((t, ctx) => {
    const sorted = t.classes.map((c, i) => ({ ...c, i })).sort((a, b) => (a.day + a.start < b.day + b.start ? -1 : 1));
    sorted.forEach((c, k) => {
      const before = sorted[k - 1];
      if (before && before.day === c.day && before.end > c.start)
        ctx.addIssue({
          code: 'custom',
          path: ['classes', c.i, 'start'],
          message: `overlaps the class at ${before.start}`,
        });
    });
  });
export type ClassTimetable = z.infer<typeof classTimetable>;

/**
 * What is wrong with the timetables and terms of `config` as a whole, or null: a timetable's
 * branch or semester not in the config's lists, two timetables for one branch and semester, or
 * overlapping terms. The message names the entry (docs/attendance-outlook.md).
 */
export function timetableIssue(config: {
  branches: string[];
  semesters: string[];
  terms: AcademicTerm[];
  classTimetables: ClassTimetable[];
}): string | null {
  const seen = new Set<string>();
  for (const [i, t] of config.classTimetables.entries()) {
    if (!config.branches.includes(t.branch)) return `classTimetables.${i}.branch: "${t.branch}" is not one of branches`;
    if (!config.semesters.includes(t.semester))
      return `classTimetables.${i}.semester: "${t.semester}" is not one of semesters`;
    const key = `${t.branch}|${t.semester}`;
    if (seen.has(key)) return `classTimetables.${i}: a second timetable for ${t.branch}, ${t.semester}`;
    seen.add(key);
  }
  const terms = [...config.terms].sort((a, b) => (a.start < b.start ? -1 : 1));
  for (let k = 1; k < terms.length; k += 1)
    if (terms[k]!.start <= terms[k - 1]!.end) return `terms: "${terms[k]!.name}" overlaps "${terms[k - 1]!.name}"`;
  return null;
}

/** Schema of the institute config file (docs/design.md §8); every key has the spec's default. */
export const instituteConfig = z.object({
  name: z.string().trim().min(1).default('Indian Institute of Information Technology, Sonepat'),
  shortName: z.string().trim().min(1).default('IIIT Sonepat'),
  emailDomain: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, 'must be a domain such as iiitsonepat.ac.in')
    .default(DEFAULT_EMAIL_DOMAIN),
  timezone: z
    .string()
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as Asia/Kolkata')
    .default('Asia/Kolkata'),
  branches: nonEmptyList.default(DEFAULT_BRANCHES),
  semesters: nonEmptyList.default(DEFAULT_SEMESTERS),
  hostels: nonEmptyList.default(DEFAULT_HOSTELS),
  /** Common ride places: quick picks and quick filters of ride sharing, at most 12. */
  ridePlaces: z
    .array(text(100))
    .min(1)
    .max(12)
    .refine((list) => new Set(list.map((p) => p.toLowerCase())).size === list.length, 'places must be unique')
    .default(DEFAULT_RIDE_PLACES),
  /**
   * The attendance every subject needs, in whole percent (docs/design.md §8; default 75). A
   * student may choose their own target from 75 to 95 on the attendance page.
   */
  attendanceTarget: z.number().int().min(50).max(95).default(75),
  /**
   * How many different students' open reports hide an item pending review (default 3).
   */
  reportsToHide: z.number().int().min(1).max(100).default(3),
  /** Quick Links (docs/product-spec.md §1): the three generated PDFs and the external payment portal. */
  quickLinks: z
    .array(quickLink)
    .min(1)
    .max(12)
    .default(() => quickLink.array().parse(DEFAULT_QUICK_LINKS)),
  /** Campus Buzz event cards (docs/product-spec.md §1). */
  campusBuzz: z
    .array(buzzEvent)
    .min(1)
    .max(12)
    .default(() => buzzEvent.array().parse(DEFAULT_CAMPUS_BUZZ)),
  /** Student Spotlights (docs/product-spec.md §1, §2); slugs are unique. */
  spotlights: z
    .array(spotlight)
    .max(24)
    .refine((list) => new Set(list.map((s) => s.slug)).size === list.length, 'slugs must be unique')
    .default(() => spotlight.array().parse(DEFAULT_SPOTLIGHTS)),
  /**
   * The campus map's own image (a path under the web app, or an https URL) and the coordinates of
   * its corners (WGS 84 degrees): the map's base layer unless `MAP_TILE_URL` names a tile server.
   */
  campusMap: z
    .object({
      image: text(300),
      south: z.number().min(-90).max(90),
      west: z.number().min(-180).max(180),
      north: z.number().min(-90).max(90),
      east: z.number().min(-180).max(180),
    })
    .refine((m) => m.south < m.north && m.west < m.east, 'south must be below north and west left of east')
    .default({ image: '/campus-map.svg', south: 28.938, west: 77.096, north: 28.948, east: 77.108 }),
  /**
   * The grievance officer the privacy notice at `/privacy` names (docs/privacy.md "Grievances"):
   * the Digital Personal Data Protection Act 2023 asks for a contact. When the key is missing the
   * notice names "The Grievance Officer" at `grievance@` the institute's e-mail domain.
   */
  grievanceOfficer: z.object({ name: text(120), email: z.email().toLowerCase() }).optional(),
  /** Academic calendar session label and entries (the calendar PDF). */
  academicCalendar: z
    .object({ session: text(40), entries: z.array(calendarEntry).min(1) })
    .default(() => ({ session: '2026–27', entries: calendarEntry.array().parse(DEFAULT_CALENDAR) })),
  /** Contacts directory (the contacts PDF). */
  contacts: z
    .array(contactEntry)
    .min(1)
    .default(() => contactEntry.array().parse(DEFAULT_CONTACTS)),
  /** Weekly timetable (the timetable PDF). */
  timetable: timetable.default(() => timetable.parse(DEFAULT_TIMETABLE)),
  /** The terms: classes of the weekly timetables are held on their days, but for days without classes. */
  terms: z
    .array(academicTerm)
    .min(1)
    .max(12)
    .default(() => academicTerm.array().parse(DEFAULT_TERMS)),
  /** The weekly classes per branch and semester (attendance: today's classes and the term's outlook). */
  classTimetables: z
    .array(classTimetable)
    .max(200)
    .default(() => classTimetable.array().parse(defaultClassTimetables())),
});
export type InstituteConfig = z.infer<typeof instituteConfig>;

/** A Quick Link as served: `href` is the absolute URL to open in a new tab. */
export const quickLinkInfo = quickLinkFields.extend({ href: z.string() });

/** `data` of `GET /api/institute`: the config with each Quick Link's `href` resolved. */
export const instituteInfo = instituteConfig.omit({ classTimetables: true }).extend({
  quickLinks: z.array(quickLinkInfo),
  /** The map's tile server (`MAP_TILE_URL`, `MAP_TILE_ATTRIBUTION`), or null: the campus map image. */
  mapTiles: z.object({ url: z.string(), attribution: z.string() }).nullable(),
});
export type InstituteInfo = z.infer<typeof instituteInfo>;

/** Messages of the institute area. */
export const INSTITUTE_MESSAGES = {
  documentNotFound: 'Document not found',
  spotlightNotFound: 'Spotlight not found',
} as const;
