/**
 * The mess menu: constants, labels and texts the web app shows (docs/mess.md), with no zod, so the
 * page does not load the schema library at start (docs/decisions/0001-hydration-at-load.md). The
 * schemas are in `./mess.ts`, which re-exports everything here. Times are `HH:mm` in the
 * institute's time zone; dates `yyyy-MM-dd`.
 */

/** The meals of a mess day, in the order they are served. */
export const MESS_MEALS = ['breakfast', 'lunch', 'snacks', 'dinner'] as const;
export type MessMeal = (typeof MESS_MEALS)[number];
export const MESS_MEAL_LABELS: Record<MessMeal, string> = {
  breakfast: 'Breakfast',
  lunch: 'Lunch',
  snacks: 'Snacks',
  dinner: 'Dinner',
};

/** A dish's diet mark: the Indian green (veg), yellow (egg) and brown (non-veg) marks. */
export const MESS_DIETS = ['veg', 'egg', 'non-veg'] as const;
export type MessDiet = (typeof MESS_DIETS)[number];
/** What a screen reader says for each mark. */
export const MESS_DIET_LABELS: Record<MessDiet, string> = {
  veg: 'Vegetarian',
  egg: 'Contains egg',
  'non-veg': 'Non-vegetarian',
};

/** Where a meal of today stands at the moment of the answer. */
export const MESS_MEAL_STATES = ['over', 'now', 'next', 'later'] as const;
export type MessMealState = (typeof MESS_MEAL_STATES)[number];

/** ISO weekdays 1 (Monday) … 7 (Sunday) and their names. */
export const MESS_WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** Length limits (characters) and list caps. */
export const MESS_NAME_MAX = 60;
export const MESS_HOSTELS_MAX = 20;
export const MESS_DISH_MAX = 80;
export const MESS_DISHES_MAX = 20;

/** Ratings: a comment's length, the days back a meal may be rated, the days a dish's average covers. */
export const MESS_COMMENT_MAX = 500;
export const MESS_RATE_DAYS_BACK = 2;
export const MESS_AVERAGE_DAYS = 30;
/** The feedback page's averages cover this many days (4 weeks). */
export const MESS_FEEDBACK_DAYS = 28;
/** Ratings a student may send per hour. */
export const MESS_RATINGS_PER_HOUR = 60;
/** Managers of one mess, at most. */
export const MESS_MANAGERS_MAX = 10;
/** A notice's length (characters): a line such as "Dinner delayed to 20:30". */
export const MESS_NOTICE_MAX = 280;

/** Messages, declared once. */
export const MESS_MESSAGES = {
  notFound: 'Mess not found.',
  messUnknown: 'Unknown mess.',
  nameRequired: 'Mess name is required.',
  nameTooLong: `Mess name must be at most ${MESS_NAME_MAX} characters.`,
  nameTaken: 'A mess with this name already exists.',
  hostelsInvalid: 'Please choose hostels from the list.',
  hostelTaken: (hostel: string, mess: string) => `${hostel} is already served by ${mess}.`,
  mealsRequired: 'Give at least one meal with its times.',
  mealInvalid: 'Meals are breakfast, lunch, snacks and dinner.',
  mealRepeated: 'Each meal can appear only once.',
  timeInvalid: 'Times are HH:mm (24-hour).',
  endBeforeStart: 'A meal must end after it starts.',
  mealsOverlap: 'Meals must not overlap.',
  dateInvalid: 'Please give a valid date (yyyy-MM-dd).',
  created: 'Mess created.',
  updated: 'Mess updated.',
  choiceSaved: 'Your mess is saved.',
  starsInvalid: 'Stars are whole numbers from 1 to 5.',
  commentTooLong: `A comment can be at most ${MESS_COMMENT_MAX} characters.`,
  mealNotStarted: 'You can rate a meal once it has started.',
  dateOutOfRange: `You can rate meals of today and the last ${MESS_RATE_DAYS_BACK} days.`,
  mealNotServed: 'That meal is not on this mess’s menu that day.',
  ratingSaved: 'Thanks — your rating is saved.',
  notManager: 'Only this mess’s managers and administrators can do that.',
  managerUnknown: (email: string) => `No account has the e-mail ${email}.`,
  managersInvalid: `Give at most ${MESS_MANAGERS_MAX} e-mail addresses.`,
  managersSaved: 'Managers saved.',
  csvEmpty: 'The file has no rows.',
  csvTooLarge: 'The file is too large (at most 64 KB).',
  csvBadRows: (n: number) => `${n === 1 ? 'One row is' : `${n} rows are`} wrong; nothing was imported.`,
  csvImported: 'Menu imported.',
  csvPreview: 'Preview ready.',
  menuSaved: 'Menu saved.',
  daySaved: 'Day saved.',
  noteTooLong: 'A note can be at most 200 characters.',
  dayInvalid: 'Days are 1 (Monday) to 7 (Sunday).',
  dishRequired: `Each meal needs 1 to ${MESS_DISHES_MAX} dishes, each at most ${MESS_DISH_MAX} characters.`,
  dietInvalid: 'Diet marks are veg, egg or non-veg.',
  noticeRequired: 'Write the notice.',
  noticeTooLong: `A notice can be at most ${MESS_NOTICE_MAX} characters.`,
  noticeSent: (n: number) => `Notice sent to ${n === 1 ? '1 student' : `${n} students`}.`,
  /** The bell's text of a notice (and its push). */
  noticeBell: (mess: string, text: string) => `${mess}: ${text}`,
} as const;

/** Why a CSV row of a menu import is refused (each shown with its line number). */
export const MESS_CSV_REASONS = {
  columns: 'Give three columns: day, meal, dishes.',
  day: (v: string) => `Unknown day “${v}” (Monday … Sunday).`,
  meal: (v: string) => `Unknown meal “${v}” (breakfast, lunch, snacks, dinner).`,
  notServed: (meal: string) => `This mess does not serve ${meal}.`,
  noDishes: 'No dishes (separate them with “;”).',
  tooMany: `At most ${MESS_DISHES_MAX} dishes.`,
  dishTooLong: 'A dish name can be at most 80 characters.',
  repeated: (line: number) => `The same day and meal as line ${line}.`,
  unreadable: 'This line cannot be read (check its quotes).',
} as const;

/** The largest CSV a menu import reads, in bytes. */
export const MESS_CSV_MAX_BYTES = 64 * 1024;

/** Texts of the page. */
export const MESS_TEXTS = {
  title: 'Mess Menu',
  today: 'Today',
  week: 'Week',
  pickMess: 'Mess',
  noMess: 'Pick your mess to see its menu.',
  noMeals: 'No meals on the menu today.',
  closed: 'The mess is closed today.',
  now: (meal: string, end: string) => `${meal} · now, until ${end}`,
  next: (meal: string, countdown: string) => `${meal} · next, in ${countdown}`,
  over: 'over',
  manage: 'Manage messes',
  feedback: 'Feedback',
  rate: (meal: string) => `Rate ${meal}`,
  yourRating: (stars: number) => `Your rating: ${stars} ★`,
  comment: 'Comment (optional, only the mess committee reads it)',
  todayAverage: 'Today',
  offline: 'Offline — showing the menu as last loaded.',
  notices: 'Notices',
  postNotice: 'Post a notice',
  noticeLabel: 'Notice to the students of this mess (today only)',
  noticeHint: `Everyone who eats here gets it in the bell and by push. At most ${MESS_NOTICE_MAX} characters.`,
  sendNotice: 'Send notice',
  homeTitle: 'Mess',
  homeNone: 'Pick your mess to see what is cooking.',
  homeDone: 'No more meals today.',
  homeOpen: 'Open the menu',
  homeFailed: 'The menu could not be loaded.',
} as const;

/** "2 h 05 min", "45 min", "less than a minute" until an instant `ms` away. */
export function countdownText(ms: number): string {
  const minutes = Math.ceil(ms / 60_000);
  if (minutes <= 0) return 'less than a minute';
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `${h} h` : `${h} h ${String(m).padStart(2, '0')} min`;
}
