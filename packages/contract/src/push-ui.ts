/**
 * Web Push (docs/decisions/0501-web-push.md; docs/design.md §7): the categories, labels and texts
 * the web app shows, with no zod, so the bell and the profile do not load the schema library at
 * start (docs/decisions/0001-hydration-at-load.md). The schemas are in `./push.ts`, which
 * re-exports everything here.
 */

/**
 * The kinds of push a student may switch off: skill-exchange requests and answers, ride joins,
 * cancellations and changes, saved-alert matches, admin broadcasts, club events, notices of your
 * mess. `push_outbox.category` holds one.
 */
export const PUSH_CATEGORIES = ['skills', 'rides', 'alerts', 'broadcasts', 'events', 'mess'] as const;
export type PushCategory = (typeof PUSH_CATEGORIES)[number];

/** The profile's label of each category. */
export const PUSH_CATEGORY_LABELS: Record<PushCategory, string> = {
  skills: 'Skill exchange requests and answers',
  rides: 'Joins, cancellations and changes of your rides',
  alerts: 'Matches of your saved alerts',
  broadcasts: 'Announcements from administrators',
  events: 'New events from clubs you follow, and their cancellations',
  mess: 'Notices from your mess (“Dinner delayed to 20:30”)',
};

/** The title of every push (the body is the notification's own message). */
export const PUSH_TITLE = 'Campus Companion';

/** Texts of the push control (bell menu and profile). */
export const PUSH_UI = {
  turnOn: 'Turn on push notifications',
  turnOff: 'Turn off push notifications on this device',
  on: 'Push notifications are on for this device.',
  off: 'Get a notification on this device even when Campus Companion is closed.',
  unsupported: 'This browser cannot receive push notifications.',
  denied: 'Notifications are blocked for this site. Allow them in the browser’s site settings, then try again.',
  failed: 'Push notifications could not be turned on. Please try again.',
  turnedOn: 'Push notifications turned on.',
  turnedOff: 'Push notifications turned off on this device.',
  cardTitle: 'Push notifications',
  categoriesLegend: 'Send me a push for',
  saveFailed: 'Your push settings could not be saved. Please try again.',
} as const;
