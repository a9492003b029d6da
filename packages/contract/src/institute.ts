/**
 * The institute config (DESIGN §8): one JSON file, validated at start and served at
 * `GET /api/institute`. The defaults are the spec's values (spec §1, §5) plus sample content for the
 * dashboard (Quick Links, Campus Buzz, spotlights) and the three generated PDFs (calendar, contacts,
 * timetable), all of which an administrator replaces in the file.
 */
import { z } from 'zod';
import { DEFAULT_BRANCHES, DEFAULT_EMAIL_DOMAIN, DEFAULT_HOSTELS, DEFAULT_SEMESTERS } from './institute-ui.ts';

export * from './institute-ui.ts';

const nonEmptyList = z.array(z.string().trim().min(1)).min(1);
const text = (max: number) => z.string().trim().min(1).max(max);

/** A calendar date `yyyy-MM-dd` that exists (DESIGN §4). */
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

/** The three generated documents behind Quick Links (issue 3): served as PDFs. */
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

/** A Quick Link (spec §1): exactly one of `document` (a generated PDF) or `url` (external). */
export const quickLink = quickLinkFields.refine((l) => (l.document === undefined) !== (l.url === undefined), {
  message: 'needs exactly one of "document" (calendar, contacts or timetable) or "url"',
});
export type QuickLink = z.infer<typeof quickLink>;

/** A Campus Buzz event card (spec §1). `endDate` is inclusive; `time` is free text such as `10:00–16:00`. */
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

/** A Student Spotlight (spec §1): a card on the dashboard and a page at `/spotlight/{slug}`. */
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

/** The spec's values and our sample institute content (DESIGN §8): every key can be overridden. */
export const DEFAULT_QUICK_LINKS: z.input<typeof quickLink>[] = [
  {
    label: 'Academic Calendar',
    description: 'Semester dates, examinations and holidays for 2026–27.',
    document: 'calendar',
  },
  {
    label: 'Contacts Directory',
    description: 'Offices, wardens, helplines and who to ask for what.',
    document: 'contacts',
  },
  { label: 'Weekly Timetable', description: 'Class schedule for the current semester.', document: 'timetable' },
  {
    label: 'Fee Payment Portal',
    description: 'Pay tuition, hostel and mess fees online (opens the bank’s portal).',
    url: 'https://www.onlinesbi.sbi/sbicollect/',
  },
];

export const DEFAULT_CAMPUS_BUZZ: z.input<typeof buzzEvent>[] = [
  {
    title: 'Aarohan 2027: Annual Techno-Cultural Fest',
    tag: 'Fest',
    date: '2027-02-12',
    endDate: '2027-02-14',
    time: 'From 10:00 daily',
    venue: 'Main Campus Grounds',
    description:
      'Three days of hackathons, robo-wars, a battle of the bands, a fashion show and a star night. Open to every student; clubs can still register stalls.',
  },
  {
    title: 'Hands-on Workshop: Building with Generative AI',
    tag: 'Workshop',
    date: '2026-12-05',
    time: '10:00–16:00',
    venue: 'Computer Lab 2, Academic Block',
    description:
      'Prompting, retrieval-augmented generation and evaluating small open models, with your own laptop. Seats are limited to 60; bring a charged laptop.',
  },
  {
    title: 'Vaad-Vivaad: Inter-College Debate Championship',
    tag: 'Debate',
    date: '2027-01-16',
    time: '11:00–18:00',
    venue: 'Seminar Hall',
    description:
      'Teams from colleges across Haryana and Delhi debate in English and Hindi. Come to cheer, or sign up as a speaker or adjudicator with the Literary Society.',
  },
];

export const DEFAULT_SPOTLIGHTS: z.input<typeof spotlight>[] = [
  {
    slug: 'hackathon-champions',
    title: 'Hackathon champions: a 36-hour sprint to first place',
    student: 'Ananya Gupta',
    programme: 'B.Tech CSE, 2027',
    summary:
      'Ananya led a team of four second-years to first place at a national hackathon with an app that routes ambulances around traffic.',
    body: [
      'When the problem statement for the national hackathon came out, Ananya Gupta and three friends from her hostel wing picked the hardest one on the list: cutting the time an ambulance spends stuck in city traffic.',
      'Over 36 hours the team built a prototype that reads live congestion data, suggests a faster route to the driver and warns the traffic police posts along the way so they can clear a lane. Ananya wrote the routing service while her teammates built the driver app and the dashboard for the control room.',
      '“We slept maybe three hours,” she says. “What got us through was that we had already practised together at the coding club every Saturday, so nobody had to learn the stack during the event.”',
      'The jury praised the team for testing the app on real traffic data from Sonepat and Delhi rather than on made-up numbers. The prize money is going towards a pilot with a local hospital next semester.',
    ],
    highlights: ['First place among 120 teams', 'Prototype built in 36 hours', 'Pilot planned with a local hospital'],
  },
  {
    slug: 'open-source-journey',
    title: 'From a first pull request to Google Summer of Code',
    student: 'Rohan Verma',
    programme: 'B.Tech ECE, 2026',
    summary:
      'Rohan’s first contribution fixed a typo in the documentation. Two years later he spent a summer building a feature for a project used by millions.',
    body: [
      'Rohan Verma did not think of himself as a programmer when he joined the electronics branch. A friend showed him how to send a pull request during a weekend workshop, and his first contribution was a one-line fix to a spelling mistake in a project’s documentation.',
      'He kept going: small bug fixes, then tests, then a driver for a sensor he was using in a lab assignment. Maintainers started to recognise his name and review his work in detail, which he says taught him more than any course.',
      'In his third year he was selected for Google Summer of Code and spent twelve weeks adding low-power support to an open-source embedded operating system, mentored by engineers from three countries.',
      'Rohan now runs the open-source evenings at the coding club. His advice for juniors: “Pick a tool you already use, read its issue tracker, and start with something small. Nobody minds a small first step.”',
    ],
    highlights: ['Google Summer of Code contributor', '40+ merged pull requests', 'Runs the open-source evenings'],
  },
  {
    slug: 'clean-water-sensor',
    title: 'A low-cost sensor that tells villages when their water is safe',
    student: 'Meera Nair',
    programme: 'B.Tech ECE, 2027',
    summary:
      'Meera designed a solar-powered water-quality sensor for under ₹2,000 and tested it with three panchayats near Sonepat.',
    body: [
      'Meera Nair grew up hearing her grandmother boil every drop of drinking water “just in case”. For her semester project she asked a simple question: could a village know, every morning, whether its tank water was safe?',
      'Her answer is a small solar-powered device that measures turbidity, pH and dissolved solids and sends a daily reading by SMS to the panchayat office. The parts cost less than ₹2,000, and the case is printed in the institute’s maker lab.',
      'With the help of her faculty mentor she installed sensors in three villages near Sonepat for two months. Twice the device caught contamination after heavy rain before anyone fell ill, and the tanks were cleaned the same day.',
      'The project won the best undergraduate paper award at a state-level conference, and Meera is now working with the district administration to install ten more units.',
    ],
    highlights: ['Costs under ₹2,000 per unit', 'Tested in three villages', 'Best undergraduate paper award'],
  },
];

export const DEFAULT_CALENDAR: z.input<typeof calendarEntry>[] = [
  { date: '2026-07-27', title: 'Registration and start of classes, odd semester', kind: 'academic' },
  { date: '2026-08-15', title: 'Independence Day', kind: 'holiday' },
  { date: '2026-09-21', endDate: '2026-09-26', title: 'Mid-semester examinations', kind: 'exam' },
  { date: '2026-10-02', title: 'Gandhi Jayanti', kind: 'holiday' },
  { date: '2026-10-20', title: 'Dussehra', kind: 'holiday' },
  { date: '2026-11-07', endDate: '2026-11-09', title: 'Diwali break', kind: 'holiday' },
  { date: '2026-11-21', title: 'Last day of classes, odd semester', kind: 'academic' },
  { date: '2026-11-24', endDate: '2026-12-04', title: 'End-semester examinations', kind: 'exam' },
  { date: '2026-12-05', title: 'Workshop: Building with Generative AI', kind: 'event' },
  { date: '2026-12-07', endDate: '2027-01-03', title: 'Winter vacation', kind: 'holiday' },
  { date: '2027-01-04', title: 'Registration and start of classes, even semester', kind: 'academic' },
  { date: '2027-01-16', title: 'Vaad-Vivaad inter-college debate', kind: 'event' },
  { date: '2027-01-26', title: 'Republic Day', kind: 'holiday' },
  { date: '2027-02-12', endDate: '2027-02-14', title: 'Aarohan 2027, annual techno-cultural fest', kind: 'event' },
  { date: '2027-03-08', endDate: '2027-03-13', title: 'Mid-semester examinations', kind: 'exam' },
  { date: '2027-03-22', title: 'Holi', kind: 'holiday' },
  { date: '2027-04-30', title: 'Last day of classes, even semester', kind: 'academic' },
  { date: '2027-05-04', endDate: '2027-05-15', title: 'End-semester examinations', kind: 'exam' },
  { date: '2027-05-17', title: 'Summer vacation begins', kind: 'holiday' },
];

export const DEFAULT_CONTACTS: z.input<typeof contactEntry>[] = [
  {
    department: 'Administration',
    name: 'Director’s Office',
    role: 'Director',
    phone: '0130-2200-101',
    email: 'director@iiitsonepat.ac.in',
    office: 'Admin Block, first floor',
  },
  {
    department: 'Administration',
    name: 'Registrar’s Office',
    role: 'Registrar',
    phone: '0130-2200-102',
    email: 'registrar@iiitsonepat.ac.in',
    office: 'Admin Block, first floor',
  },
  {
    department: 'Academics',
    name: 'Academic Section',
    role: 'Registration, transcripts, bonafide certificates',
    phone: '0130-2200-110',
    email: 'academics@iiitsonepat.ac.in',
    office: 'Admin Block, ground floor',
  },
  {
    department: 'Academics',
    name: 'Examination Cell',
    role: 'Examination schedules and results',
    phone: '0130-2200-111',
    email: 'exams@iiitsonepat.ac.in',
    office: 'Admin Block, ground floor',
  },
  {
    department: 'Academics',
    name: 'Library',
    role: 'Books, e-journals, reading room',
    phone: '0130-2200-120',
    email: 'library@iiitsonepat.ac.in',
    office: 'Academic Block, second floor',
  },
  {
    department: 'Accounts',
    name: 'Accounts Section',
    role: 'Fee receipts, refunds and scholarships',
    phone: '0130-2200-130',
    email: 'accounts@iiitsonepat.ac.in',
    office: 'Admin Block, ground floor',
  },
  {
    department: 'Student Affairs',
    name: 'Dean of Student Affairs',
    role: 'Clubs, events and student welfare',
    phone: '0130-2200-140',
    email: 'dsa@iiitsonepat.ac.in',
  },
  {
    department: 'Student Affairs',
    name: 'Training and Placement Cell',
    role: 'Internships and placements',
    phone: '0130-2200-141',
    email: 'placements@iiitsonepat.ac.in',
  },
  {
    department: 'Student Affairs',
    name: 'Counselling Centre',
    role: 'Confidential student counselling',
    phone: '0130-2200-142',
    email: 'wellbeing@iiitsonepat.ac.in',
  },
  {
    department: 'Hostels',
    name: 'Chief Warden',
    role: 'Hostel allotment and discipline',
    phone: '0130-2200-150',
    email: 'chiefwarden@iiitsonepat.ac.in',
  },
  { department: 'Hostels', name: 'CECT Hostel', role: 'Warden', phone: '0130-2200-151' },
  { department: 'Hostels', name: 'Coho Hostel', role: 'Warden', phone: '0130-2200-152' },
  { department: 'Hostels', name: 'Supermax Flats', role: 'Caretaker', phone: '0130-2200-153' },
  { department: 'Hostels', name: 'Tdi flats', role: 'Caretaker', phone: '0130-2200-154' },
  {
    department: 'Emergency and helplines',
    name: 'Campus Security',
    role: 'Control room, 24 × 7',
    phone: '0130-2200-199',
  },
  {
    department: 'Emergency and helplines',
    name: 'Medical Room',
    role: 'Doctor on call, first aid',
    phone: '0130-2200-198',
  },
  {
    department: 'Emergency and helplines',
    name: 'National Anti-Ragging Helpline',
    role: 'Toll free, 24 × 7',
    phone: '1800-180-5522',
    email: 'helpline@antiragging.in',
  },
  { department: 'Emergency and helplines', name: 'Emergency services', role: 'Police, fire, ambulance', phone: '112' },
];

export const DEFAULT_TIMETABLE: z.input<typeof timetable> = {
  title: 'B.Tech CSE, Third Semester: weekly timetable (odd semester 2026)',
  note: 'LH = lecture hall, CL = computer lab. Lunch break 13:00–14:00. Check with the Academic Section for changes.',
  slots: ['09:00–09:55', '10:00–10:55', '11:00–11:55', '12:00–12:55', '14:00–14:55', '15:00–15:55', '16:00–16:55'],
  days: [
    {
      day: 'Monday',
      periods: [
        'CS201 Data Structures (LH-1)',
        'MA201 Probability and Statistics (LH-1)',
        'CS203 Digital Logic Design (LH-2)',
        'HS201 Economics (LH-3)',
        'CS281 Data Structures Lab (CL-1)',
        'CS281 Data Structures Lab (CL-1)',
        '',
      ],
    },
    {
      day: 'Tuesday',
      periods: [
        'CS205 Discrete Mathematics (LH-1)',
        'CS201 Data Structures (LH-1)',
        'CS207 Object Oriented Programming (LH-2)',
        'MA201 Probability and Statistics (LH-1)',
        'CS283 Digital Logic Lab (CL-2)',
        'CS283 Digital Logic Lab (CL-2)',
        'Club hour',
      ],
    },
    {
      day: 'Wednesday',
      periods: [
        'CS203 Digital Logic Design (LH-2)',
        'CS205 Discrete Mathematics (LH-1)',
        'CS201 Data Structures (LH-1)',
        'CS207 Object Oriented Programming (LH-2)',
        'HS201 Economics (LH-3)',
        'Tutorial: Discrete Mathematics (LH-1)',
        '',
      ],
    },
    {
      day: 'Thursday',
      periods: [
        'CS207 Object Oriented Programming (LH-2)',
        'CS203 Digital Logic Design (LH-2)',
        'MA201 Probability and Statistics (LH-1)',
        'CS205 Discrete Mathematics (LH-1)',
        'CS285 OOP Lab (CL-1)',
        'CS285 OOP Lab (CL-1)',
        '',
      ],
    },
    {
      day: 'Friday',
      periods: [
        'MA201 Probability and Statistics (LH-1)',
        'CS207 Object Oriented Programming (LH-2)',
        'HS201 Economics (LH-3)',
        'CS201 Data Structures (LH-1)',
        'Tutorial: Data Structures (LH-1)',
        'Sports and NSS',
        'Sports and NSS',
      ],
    },
  ],
};

/**
 * Common ride places (issue 11, OneStop #388): quick picks in the offer form and quick filters on
 * the rides page. The first is the campus itself.
 */
export const DEFAULT_RIDE_PLACES = ['IIIT Sonepat Campus', 'Main Gate', 'Railway Station', 'Airport', 'ISBT Bus Stand'];

/** Schema of the institute config file (DESIGN §8); every key has the spec's default. */
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
  /** Common ride places (issue 11): quick picks and quick filters of ride sharing, at most 12. */
  ridePlaces: z
    .array(text(100))
    .min(1)
    .max(12)
    .refine((list) => new Set(list.map((p) => p.toLowerCase())).size === list.length, 'places must be unique')
    .default(DEFAULT_RIDE_PLACES),
  /**
   * The attendance every subject needs, in whole percent (DESIGN §8, issue 12; default 75). A
   * student may choose their own target from 75 to 95 on the attendance page.
   */
  attendanceTarget: z.number().int().min(50).max(95).default(75),
  /** Quick Links (spec §1): the three generated PDFs and the external payment portal. */
  quickLinks: z
    .array(quickLink)
    .min(1)
    .max(12)
    .default(() => quickLink.array().parse(DEFAULT_QUICK_LINKS)),
  /** Campus Buzz event cards (spec §1). */
  campusBuzz: z
    .array(buzzEvent)
    .min(1)
    .max(12)
    .default(() => buzzEvent.array().parse(DEFAULT_CAMPUS_BUZZ)),
  /** Student Spotlights (spec §1, §2); slugs are unique. */
  spotlights: z
    .array(spotlight)
    .max(24)
    .refine((list) => new Set(list.map((s) => s.slug)).size === list.length, 'slugs must be unique')
    .default(() => spotlight.array().parse(DEFAULT_SPOTLIGHTS)),
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
});
export type InstituteConfig = z.infer<typeof instituteConfig>;

/** A Quick Link as served: `href` is the absolute URL to open in a new tab. */
export const quickLinkInfo = quickLinkFields.extend({ href: z.string() });

/** `data` of `GET /api/institute`: the config with each Quick Link's `href` resolved. */
export const instituteInfo = instituteConfig.extend({ quickLinks: z.array(quickLinkInfo) });
export type InstituteInfo = z.infer<typeof instituteInfo>;

/** Messages of the institute area. */
export const INSTITUTE_MESSAGES = {
  documentNotFound: 'Document not found',
  spotlightNotFound: 'Spotlight not found',
} as const;
