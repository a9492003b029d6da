/**
 * Saved alerts (docs/alerts.md): the constants and texts the web app shows, with no zod, so a page
 * with an "Alert me" button does not load the schema library at start
 * (docs/decisions/0001-hydration-at-load.md). The schemas are in `./alerts.ts`, which re-exports
 * everything here.
 */

/** The lists an alert can watch (the campus-search group names of their record kinds). */
export const ALERT_KINDS = ['marketplace', 'rides', 'lost-found'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** At most this many alerts per student (docs/alerts.md). */
export const ALERTS_MAX = 20;
/** An alert notifies at most this many times in any 24 hours (docs/alerts.md). */
export const ALERT_MATCHES_PER_DAY = 10;
/** At most this many words of an alert's search are matched (longer searches are refused). */
export const ALERT_WORDS_MAX = 8;

/** Messages of saved alerts. */
export const ALERT_MESSAGES = {
  created: 'Alert saved. We will tell you when something matches.',
  updated: 'Alert updated.',
  paused: 'Alert paused.',
  resumed: 'Alert resumed.',
  deleted: 'Alert deleted.',
  notFound: 'Alert not found',
  tooMany: `You can keep at most ${ALERTS_MAX} alerts. Delete one to save another.`,
  kindInvalid: 'Please choose marketplace, rides or lost & found.',
  noFilters: 'Choose at least one filter or search word before saving an alert.',
  tooManyWords: `An alert can match at most ${ALERT_WORDS_MAX} words.`,
  dateWindowPast: 'The ride dates of this alert are already over.',
  nothingToChange: 'Nothing to change.',
  unsubscribed: 'You will no longer get the daily e-mail for this alert.',
  unsubscribeInvalid: 'This unsubscribe link is not valid.',
} as const;
