/**
 * Events and clubs (docs/architecture.md "Features in detail", Events and clubs): constants,
 * messages (declared once) and the feed's groups, with no zod, so the pages that show them at start
 * do not load the schema library (docs/decisions/0001-hydration-at-load.md). The schemas are in
 * `./events.ts`, which re-exports everything here.
 */

/** A club's category. */
export const CLUB_CATEGORIES = ['technical', 'cultural', 'sports', 'academic', 'social'] as const;
export type ClubCategory = (typeof CLUB_CATEGORIES)[number];

/** How each category is shown. */
export const CLUB_CATEGORY_LABELS: Record<ClubCategory, string> = {
  technical: 'Technical',
  cultural: 'Cultural',
  sports: 'Sports',
  academic: 'Academic',
  social: 'Social',
};

/** The feed's two tabs: events not yet over, and past ones. */
export const EVENT_WHEN = ['upcoming', 'past'] as const;
export type EventWhen = (typeof EVENT_WHEN)[number];

/** The feed's groups of upcoming events, by the institute's calendar: today, the next 7 days, later. */
export const EVENT_GROUPS = ['today', 'week', 'later', 'past'] as const;
export type EventGroup = (typeof EVENT_GROUPS)[number];
export const EVENT_GROUP_LABELS: Record<EventGroup, string> = {
  today: 'Today',
  week: 'This week',
  later: 'Later',
  past: 'Past',
};

/** A student's answer to an event; `none` takes it back. */
export const RSVP_STATUSES = ['going', 'interested', 'none'] as const;
export type RsvpStatus = (typeof RSVP_STATUSES)[number];

export const EVENT_TITLE_MAX = 120;
export const EVENT_VENUE_MAX = 120;
export const EVENT_DESCRIPTION_MAX = 4000;
export const EVENT_URL_MAX = 500;
export const EVENT_CAPACITY_MAX = 100_000;
/** How far ahead an event may be posted. */
export const EVENT_MAX_DAYS_AHEAD = 365;
export const CLUB_NAME_MAX = 80;
export const CLUB_SLUG_MAX = 40;
export const CLUB_DESCRIPTION_MAX = 2000;
/** A slug: lower-case letters, digits and single dashes. */
export const CLUB_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Rows one clubs CSV import takes at most. */
export const CLUB_IMPORT_ROWS_MAX = 500;
/** Most coordinators a club has. */
export const CLUB_COORDINATORS_MAX = 20;
/**
 * The clubs CSV import's header, in this order; `coordinators` is the students' e-mails separated
 * by `;` (an empty cell leaves a known club's coordinators as they are).
 */
export const CLUB_CSV_COLUMNS = ['slug', 'name', 'category', 'description', 'coordinators'] as const;

export const EVENT_MESSAGES = {
  notFound: 'Event not found.',
  forbidden: 'Only the club’s coordinators and administrators can change this event.',
  notCoordinator: 'Only club coordinators and administrators can post events.',
  adminDeleted: (title: string) => `An administrator deleted your event "${title}".`,
  created: 'Event posted.',
  updated: 'Event updated.',
  cancelled: 'Event cancelled.',
  deleted: 'Event deleted.',
  titleRequired: 'Title is required.',
  titleLong: `Title must be at most ${EVENT_TITLE_MAX} characters.`,
  venueRequired: 'Venue is required.',
  venueLong: `Venue must be at most ${EVENT_VENUE_MAX} characters.`,
  descriptionLong: `Description must be at most ${EVENT_DESCRIPTION_MAX} characters.`,
  clubRequired: 'Choose a club.',
  startRequired: 'Start time is required.',
  startInvalid: 'Start time must be a valid date and time.',
  startPast: 'Start time must be in the future.',
  startTooFar: `Start time must be within ${EVENT_MAX_DAYS_AHEAD} days.`,
  endRequired: 'End time is required.',
  endInvalid: 'End time must be a valid date and time.',
  endBeforeStart: 'End time must be after the start time.',
  urlInvalid: 'Registration link must be an https:// address.',
  capacityInvalid: `Capacity must be a whole number from 1 to ${EVENT_CAPACITY_MAX}.`,
  capacityBelowGoing: (going: number) => `Capacity cannot be below the ${going} students already going.`,
  filterInvalid: 'Invalid filter.',
  rsvpInvalid: 'Choose going, interested or none.',
  rsvpSaved: 'Your answer is saved.',
  full: 'This event is full.',
  cancelledEvent: 'This event was cancelled.',
  over: 'This event is over.',
  noticeNew: (club: string, title: string, when: string) => `${club} posted "${title}" on ${when}.`,
  noticeCancelled: (title: string, when: string) => `"${title}" on ${when} was cancelled.`,
  noticeReminder: (title: string, time: string) => `Reminder: "${title}" starts at ${time}.`,
  feedOptionInvalid: 'Each calendar feed option is on or off.',
} as const;

export const CLUB_MESSAGES = {
  notFound: 'Club not found.',
  created: 'Club created.',
  updated: 'Club updated.',
  coordinatorsSaved: 'Coordinators saved.',
  deleted: 'Club deleted.',
  hasEvents: 'This club has events. Delete them first.',
  followed: 'You follow this club.',
  unfollowed: 'You no longer follow this club.',
  nameRequired: 'Name is required.',
  nameLong: `Name must be at most ${CLUB_NAME_MAX} characters.`,
  slugInvalid: 'Slug must be lower-case letters, digits and dashes.',
  slugTaken: 'Another club has this slug.',
  categoryInvalid: 'Choose a category.',
  descriptionLong: `Description must be at most ${CLUB_DESCRIPTION_MAX} characters.`,
  coordinatorUnknown: (email: string) => `No student has the e-mail ${email}.`,
  tooManyCoordinators: `At most ${CLUB_COORDINATORS_MAX} coordinators.`,
  imported: (n: number) => `Imported ${n} club${n === 1 ? '' : 's'}.`,
  checked: (n: number) => `${n} row${n === 1 ? '' : 's'} checked — nothing saved (dry run).`,
  importRefused: 'Nothing was imported: fix the rows named below.',
  slugRepeated: 'This slug is already on an earlier line.',
  csvRequired: 'Paste or choose a CSV file.',
  csvHeader: `The first line must be: ${CLUB_CSV_COLUMNS.join(',')}`,
  csvTooMany: `At most ${CLUB_IMPORT_ROWS_MAX} rows per import.`,
  csvUnreadable: 'The CSV could not be read.',
} as const;

/** Texts of the private calendar feed's card. */
export const CALENDAR_FEED_UI = {
  title: 'Calendar feed',
  intro:
    'Subscribe to this private address in Google Calendar or any calendar app: it shows the events you are going to or interested in.',
  url: 'Your feed address',
  copy: 'Copy address',
  copied: 'Address copied.',
  includeClasses: 'Add my timetable classes',
  includeRides: 'Add the rides I joined',
  saved: 'Calendar feed updated.',
  rotate: 'Get a new address',
  rotateConfirm: 'Get a new address? The old one stops working, so calendars subscribed to it stop updating.',
  rotated: 'Your calendar feed has a new address.',
  loadFailed: 'The calendar feed could not be loaded.',
} as const;

/** Texts of the events pages. */
export const EVENTS_UI = {
  title: 'Events',
  subtitle: 'What’s on across campus, from the clubs that run it.',
  upcoming: 'Upcoming',
  past: 'Past',
  allClubs: 'All clubs',
  allCategories: 'All categories',
  search: 'Search events',
  empty: 'No events match. Try another club or category.',
  emptyPast: 'No past events yet.',
  loadFailed: 'Events could not be loaded. Please try again.',
  newEvent: 'Post event',
  going: 'Going',
  interested: 'Interested',
  goingCount: (n: number) => `${n} going`,
  interestedCount: (n: number) => `${n} interested`,
  spotsLeft: (n: number) => `${n} spots left`,
  full: 'Full',
  cancelled: 'Cancelled',
  addToCalendar: 'Add to calendar',
  register: 'Register',
  goingList: 'Going',
  noneGoing: 'Nobody is going yet.',
  edit: 'Edit',
  cancelEvent: 'Cancel event',
  cancelConfirm: 'Cancel this event? Everyone who answered is told.',
  delete: 'Delete',
  deleteConfirm: 'Delete this event for good?',
  follow: 'Follow',
  following: 'Following',
  followers: (n: number) => (n === 1 ? '1 follower' : `${n} followers`),
  coordinators: 'Coordinators',
  clubEvents: 'Upcoming events',
  clubNoEvents: 'No upcoming events.',
  clubs: 'Clubs',
  venue: 'Venue',
  club: 'Club',
} as const;

/** The club's page. */
export const clubPath = (slug: string) => `/clubs/${slug}`;
/** An event's page. */
export const eventPath = (id: string) => `/events/${id}`;
