/**
 * The route-wide table the authorization matrix and the input fuzz suite share (docs/design.md §3, §9):
 * for every route the app registers, a valid request and the status each kind of
 * caller gets. A route missing here fails both suites, so every new route arrives with its rows.
 * Each feature keeps its rows, its part of the world (`<F>Records`, its world builder, its
 * configuration) and its record factories in `features/<f>/<f>.cases.ts` (built with
 * `case-kit.ts`); the app's own rows (CORS, API docs, readiness, metrics) are in `app.cases.ts`;
 * this module holds the shared types and the assembly.
 *
 * Callers: `guest` (no session), `owner` (the student who owns the records the request names),
 * `other` (another student), `admin`, `deactivated` (a student whose account an admin deactivated,
 * still sending their old cookie). Expected statuses follow docs/design.md §4: 401 without a session, 403 for
 * a role that may not act or a record visible but not changeable, 404 for a record not visible.
 */
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { type TestApp, sendJson, signUpAndLogin, type SignedIn } from './helpers.ts';
import { PASSWORD, everyone } from './case-kit.ts';
import { APP_CASES, APP_ENV } from './app.cases.ts';
import { ADMIN_CASES } from '../features/admin/admin.cases.ts';
import { ALERTS_CASES, alertsWorld, type AlertsRecords } from '../features/alerts/alerts.cases.ts';
import { ATTENDANCE_CASES, attendanceWorld, type AttendanceRecords } from '../features/attendance/attendance.cases.ts';
import { EVENTS_CASES, eventsWorld, type EventsRecords } from '../features/events/events.cases.ts';
import { FILES_CASES } from '../features/files/files.cases.ts';
import { INSTITUTE_CASES } from '../features/institute/institute.cases.ts';
import { INTERNSHIPS_CASES, INTERNSHIPS_ENV } from '../features/internships/internships.cases.ts';
import { LOST_FOUND_CASES, lostFoundWorld, type LostFoundRecords } from '../features/lost-found/lost-found.cases.ts';
import {
  MARKETPLACE_CASES,
  marketplaceWorld,
  type MarketplaceRecords,
} from '../features/marketplace/marketplace.cases.ts';
import {
  NOTIFICATIONS_CASES,
  notificationsWorld,
  type NotificationsRecords,
} from '../features/notifications/notifications.cases.ts';
import { MESS_CASES, messWorld, type MessRecords } from '../features/mess/mess.cases.ts';
import { PRIVACY_CASES } from '../features/privacy/privacy.cases.ts';
import { PLACES_CASES, placesWorld, type PlacesRecords } from '../features/places/places.cases.ts';
import { TRANSPORT_CASES, transportWorld, type TransportRecords } from '../features/transport/transport.cases.ts';
import { PUSH_CASES, PUSH_ENV } from '../features/push/push.cases.ts';
import { RIDES_CASES, ridesWorld, type RidesRecords } from '../features/rides/rides.cases.ts';
import { REPORTS_CASES } from '../features/reports/reports.cases.ts';
import { SEARCH_CASES } from '../features/search/search.cases.ts';
import { SKILL_EXCHANGE_CASES } from '../features/skill-exchange/skill-exchange.cases.ts';
import { USERS_CASES } from '../features/users/users.cases.ts';

// Still read from here by the matrix and the fuzz suite, and by lib/images.test.ts (lib imports no feature).
export { nextClientIp } from './helpers.ts';
export { cookieHeader } from './case-kit.ts';
export { VALID_ITEM } from '../features/marketplace/marketplace.cases.ts';

/** The kinds of caller every route is tried as. */
export const CALLERS = ['guest', 'owner', 'other', 'admin', 'deactivated'] as const;
export type Caller = (typeof CALLERS)[number];

/** The administrator's address (in ADMIN_EMAILS of the suites' app). */
export const ADMIN_EMAIL = 'dean.matrix@iiitsonepat.ac.in';
/** The configuration the suites' app runs with (the app's rows' part and a feature's: its `<F>_ENV`). */
export const SUITE_ENV = {
  ADMIN_EMAILS: ADMIN_EMAIL,
  TRUST_PROXY: '127.0.0.1',
  ...APP_ENV,
  ...INTERNSHIPS_ENV,
  ...PUSH_ENV,
};

/** The signed-in users and records the cases act on (each feature's records: its `<F>Records`). */
export interface World
  extends
    MarketplaceRecords,
    LostFoundRecords,
    RidesRecords,
    NotificationsRecords,
    AttendanceRecords,
    AlertsRecords,
    EventsRecords,
    MessRecords,
    PlacesRecords,
    TransportRecords {
  t: TestApp;
  owner: SignedIn;
  other: SignedIn;
  admin: SignedIn;
  deactivated: SignedIn;
  /** A small PNG for avatar uploads. */
  png: Buffer;
}

/** What a case sends: an inject request, or `stream: true` for a Server-Sent Events route. */
export type CaseRequest = InjectOptions & { url: string; stream?: boolean };

/** One route's row: how to build a valid request for a caller, and the status each caller gets. */
export interface RouteCase {
  /** Builds the request; may create a fresh record first (for deleting routes). */
  request(w: World, caller: Caller): Promise<CaseRequest> | CaseRequest;
  expect: Record<Caller, number>;
}

/** Merges the feature tables into one; a route with rows in two tables is a mistake (throws). */
function assemble(...tables: Record<string, RouteCase>[]): Record<string, RouteCase> {
  const all: Record<string, RouteCase> = {};
  for (const table of tables) {
    for (const [key, row] of Object.entries(table)) {
      if (key in all) throw new Error(`route-cases: two rows for ${key}`);
      all[key] = row;
    }
  }
  return all;
}

/**
 * Each feature's rows (`features/<f>/<f>.cases.ts`), by its folder's name: every folder of
 * `src/features/` has its entry (`feature-lists.test.ts` fails otherwise; docs/architecture.md
 * "Every route arrives with its rows").
 */
export const FEATURE_CASES: Record<string, Record<string, RouteCase>> = {
  users: USERS_CASES,
  files: FILES_CASES,
  institute: INSTITUTE_CASES,
  admin: ADMIN_CASES,
  notifications: NOTIFICATIONS_CASES,
  marketplace: MARKETPLACE_CASES,
  'lost-found': LOST_FOUND_CASES,
  internships: INTERNSHIPS_CASES,
  rides: RIDES_CASES,
  'skill-exchange': SKILL_EXCHANGE_CASES,
  attendance: ATTENDANCE_CASES,
  search: SEARCH_CASES,
  reports: REPORTS_CASES,
  push: PUSH_CASES,
  alerts: ALERTS_CASES,
  events: EVENTS_CASES,
  mess: MESS_CASES,
  privacy: PRIVACY_CASES,
  places: PLACES_CASES,
  transport: TRANSPORT_CASES,
};

/**
 * Every route of the app, keyed `METHOD /url` exactly as Fastify registered it. Requests that
 * change a record the world keeps (the owner's item, notification) leave it usable for the next
 * caller; requests that delete create their own record first.
 */
export const ROUTE_CASES: Record<string, RouteCase> = assemble(APP_CASES, ...Object.values(FEATURE_CASES));

/** Files of the built web app (served when `apps/web/dist` exists): public, like any static site. */
export const STATIC_ASSET_CASE: RouteCase = {
  request: () => ({ method: 'GET', url: '/' }),
  expect: everyone(200),
};

/** The row for a registered route: its own, or the static-asset row for a file of the web build. */
export function caseFor(method: string, url: string): RouteCase | undefined {
  return ROUTE_CASES[`${method} ${url}`] ?? (url.startsWith('/api') ? undefined : STATIC_ASSET_CASE);
}

/**
 * The features that add records to the world, in this order (`<f>World` of its cases file: the
 * owner's item with a photo, lost & found item, notification, ride and enrolled subject). Every
 * folder of `src/features/` is named here or in {@link FEATURES_WITHOUT_WORLD}
 * (`feature-lists.test.ts` fails otherwise).
 */
export const FEATURE_WORLDS: Array<{ feature: string; build: (w: World) => Promise<void> }> = [
  { feature: 'marketplace', build: marketplaceWorld },
  { feature: 'lost-found', build: lostFoundWorld },
  { feature: 'notifications', build: notificationsWorld },
  { feature: 'rides', build: ridesWorld },
  { feature: 'attendance', build: attendanceWorld },
  { feature: 'alerts', build: alertsWorld },
  { feature: 'events', build: eventsWorld },
  { feature: 'mess', build: messWorld },
  { feature: 'places', build: placesWorld },
  { feature: 'transport', build: transportWorld },
];

/**
 * The features whose rows need no record of the world (the users themselves, or records their
 * rows create as they go: files, reports, skill exchange, push subscriptions).
 */
export const FEATURES_WITHOUT_WORLD: readonly string[] = [
  'admin',
  'files',
  'institute',
  'internships',
  'privacy',
  'push',
  'reports',
  'search',
  'skill-exchange',
  'users',
];

/**
 * Builds the world on `t` (whose config has ADMIN_EMAILS = {@link ADMIN_EMAIL}): four users, then
 * each {@link FEATURE_WORLDS} entry's records, and a deactivated student.
 */
export async function buildWorld(t: TestApp): Promise<World> {
  const [owner, other, admin, deactivated] = [
    await signUpAndLogin(t, { password: PASSWORD }),
    await signUpAndLogin(t, { password: PASSWORD }),
    await signUpAndLogin(t, { email: ADMIN_EMAIL, password: PASSWORD }),
    await signUpAndLogin(t, { password: PASSWORD }),
  ];
  const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();
  const w = { t, owner, other, admin, deactivated, png } as World;
  for (const part of FEATURE_WORLDS) await part.build(w);
  const off = await sendJson(t, 'POST', `/api/users/admin/users/${deactivated.userId}/deactivate`, admin.cookie);
  if (off.statusCode !== 200) throw new Error(`deactivate: ${off.statusCode} ${off.body}`);
  return w;
}
