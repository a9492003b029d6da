/**
 * Saved alerts (docs/alerts.md): the constants and texts the web app shows, with no zod, so a page
 * with an "Alert me" button does not load the schema library at start
 * (docs/decisions/0001-hydration-at-load.md). The schemas are in `./alerts.ts`, which re-exports
 * everything here.
 */

import { ALERTABLE_KINDS, nonEmpty, orList, type KindAlertType } from './record-kinds.ts';

/** The lists an alert can watch: the record kinds that take alerts (`record-kinds.ts`), in their order. */
export type AlertKind = KindAlertType;
export const ALERT_KINDS = nonEmpty<AlertKind>(ALERTABLE_KINDS.map((k) => k.alerts.type));

/** Each list's name as its page title says it ("My alerts", the kind choice). */
export const ALERT_KIND_LABELS = Object.fromEntries(ALERTABLE_KINDS.map((k) => [k.alerts.type, k.page])) as Record<
  AlertKind,
  string
>;
/** The page of each list (`/marketplace`), which an alert's link opens with its filters. */
export const ALERT_KIND_PATHS = Object.fromEntries(ALERTABLE_KINDS.map((k) => [k.alerts.type, k.path])) as Record<
  AlertKind,
  string
>;

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
  kindInvalid: `Please choose ${orList(ALERTABLE_KINDS.map((k) => k.page.toLowerCase()))}.`,
  noFilters: 'Choose at least one filter or search word before saving an alert.',
  tooManyWords: `An alert can match at most ${ALERT_WORDS_MAX} words.`,
  dateWindowPast: 'The ride dates of this alert are already over.',
  nothingToChange: 'Nothing to change.',
  unsubscribed: 'You will no longer get the daily e-mail for this alert.',
  unsubscribeInvalid: 'This unsubscribe link is not valid.',
} as const;
