/**
 * The institute config's default data (docs/design.md §8): the spec's values (docs/product-spec.md §1, §5) and our sample
 * content for the dashboard (Quick Links, Campus Buzz, spotlights), the ride places and the three
 * generated PDFs (calendar, contacts, timetable). `instituteConfig` (institute.ts) parses them as
 * the defaults of its keys; an administrator replaces any of them in the config file. Re-exported
 * by `@campus/contract/institute`.
 */
import type { z } from 'zod';
import type {
  academicTerm,
  buzzEvent,
  calendarEntry,
  classTimetable,
  contactEntry,
  quickLink,
  spotlight,
  timetable,
} from './institute.ts';
import { DEFAULT_SEMESTERS } from './institute-ui.ts';

/** The spec's quick links and our sample institute content (docs/design.md §8): every key can be overridden. */
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
 * Common ride places (OneStop #388): quick picks in the offer form and quick filters on
 * the rides page. The first is the campus itself.
 */
export const DEFAULT_RIDE_PLACES = ['IIIT Sonepat Campus', 'Main Gate', 'Railway Station', 'Airport', 'ISBT Bus Stand'];

/** The demo institute's terms: the odd and even semesters of its academic calendar. */
export const DEFAULT_TERMS: z.input<typeof academicTerm>[] = [
  { name: 'Odd semester 2026', start: '2026-07-27', end: '2026-11-21' },
  { name: 'Even semester 2027', start: '2027-01-04', end: '2027-04-30' },
];

/** Course-code prefix of each default branch, as in the seeded subject catalogue. */
const BRANCH_CODE: Record<string, string> = {
  'Electronics and Communication Engineering': 'EC',
  'Computer Science Engineering': 'CS',
  'Electrical Engineering': 'EE',
  'Mechanical Engineering': 'ME',
  'Civil Engineering': 'CE',
  'Engineering and Computational Mechanics': 'EM',
  'Chemical Engineering': 'CH',
  'Material Engineering': 'MT',
  'Production and Industrial Engineering': 'PI',
  Biotechnology: 'BT',
};

/** The seeded catalogue's codes of a branch (prefix) and semester (1–8). */
function catalogueCodes(prefix: string, semester: number): string[] {
  if (semester === 1) return ['MA101', 'PH101', 'CS101', 'EE101', 'HS101'].map((c) => `${c}-${prefix}`);
  if (semester === 2) return ['MA102', 'CY102', 'ME102', 'EC102', 'HS102'].map((c) => `${c}-${prefix}`);
  return [1, 2, 3].map((n) => `${prefix}${semester}0${n}`);
}

const DEMO_SLOTS = [
  ['09:00', '09:55'],
  ['10:00', '10:55'],
  ['11:00', '11:55'],
] as const;

/**
 * The demo institute's weekly timetables: for every default branch and semester, three classes a
 * day from Monday to Friday, the semester's catalogue subjects in turn (each subject 3 or 5 times
 * a week), in one lecture hall per semester.
 */
export function defaultClassTimetables(): z.input<typeof classTimetable>[] {
  const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const;
  return Object.entries(BRANCH_CODE).flatMap(([branch, prefix]) =>
    DEFAULT_SEMESTERS.map((semester, s) => {
      const codes = catalogueCodes(prefix, s + 1);
      return {
        branch,
        semester,
        classes: days.flatMap((day, d) =>
          DEMO_SLOTS.map(([start, end], k) => ({
            day,
            start,
            end,
            subjectCode: codes[(d * DEMO_SLOTS.length + k) % codes.length]!,
            room: `LH-${(s % 4) + 1}`,
          })),
        ),
      };
    }),
  );
}
