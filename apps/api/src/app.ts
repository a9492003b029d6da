/**
 * Builds the Fastify app (docs/design.md §3; docs/architecture.md): the server with its options, the app's
 * plugins (apps/api/src/plugins/), the ONE list of feature route modules, then the web app's files
 * and pages. Each plugin names the plugins it needs registered before it; Fastify refuses to boot
 * when the list below breaks one of those dependencies.
 */
import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import type { Mailer } from './lib/mailer.ts';
import { apiDocs } from './plugins/api-docs.ts';
import { compression } from './plugins/compression.ts';
import { crossOrigin } from './plugins/cross-origin.ts';
import { errors } from './plugins/errors.ts';
import { idempotency } from './plugins/idempotency.ts';
import { input } from './plugins/input.ts';
import { lifecycle } from './plugins/lifecycle.ts';
import { limits } from './plugins/limits.ts';
import { operations } from './plugins/operations.ts';
import { rateLimits } from './plugins/rate-limits.ts';
import { routeTable } from './plugins/route-table.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { serverOptions } from './plugins/server-options.ts';
import { serviceContext } from './plugins/service-context.ts';
import { sessions } from './plugins/sessions.ts';
import { webPages } from './plugins/web-pages.ts';
import { alertsRoutes } from './features/alerts/alerts.routes.ts';
import { adminPlacesRoutes, placesRoutes } from './features/places/places.routes.ts';
import { adminTransportRoutes, transportRoutes } from './features/transport/transport.routes.ts';
import { filesRoutes } from './features/files/files.routes.ts';
import { instituteRoutes } from './features/institute/institute.routes.ts';
import { internshipsRoutes } from './features/internships/internships.routes.ts';
import { lostFoundRoutes } from './features/lost-found/lost-found.routes.ts';
import { marketplaceRoutes } from './features/marketplace/marketplace.routes.ts';
import { ridesRoutes } from './features/rides/rides.routes.ts';
import { searchRoutes } from './features/search/search.routes.ts';
import { adminClubsRoutes, calendarRoutes, clubsRoutes, eventsRoutes } from './features/events/events.routes.ts';
import { adminReportsRoutes, reportsRoutes } from './features/reports/reports.routes.ts';
import { skillExchangeRoutes } from './features/skill-exchange/skill-exchange.routes.ts';
import { attendanceRoutes, enrollmentsRoutes, subjectsRoutes } from './features/attendance/attendance.routes.ts';
import { usersRoutes } from './features/users/users.routes.ts';
import { adminRoutes } from './features/admin/admin.routes.ts';
import { notificationsRoutes } from './features/notifications/notifications.routes.ts';
import { keepAccountRoutes, privacyRoutes } from './features/privacy/privacy.routes.ts';
import { pushRoutes } from './features/push/push.routes.ts';
import { messRoutes } from './features/mess/mess.routes.ts';

/** Options of buildApp; `mailer` overrides the configured transport (tests). */
export interface BuildOptions {
  config: AppConfig;
  database: Database;
  mailer?: Mailer;
  /** Pino logger options, or false to disable logging (tests). */
  logger?: boolean | object;
}

/** The app's plugins (plugins/*.ts), in the order they are registered. */
const PLUGINS = [
  routeTable, // every route the app registers, for the route-wide suites
  limits, // socket ceilings, bulkheads
  lifecycle, // serving → draining → closing
  serviceContext, // app.ctx
  sessions, // cookies, the session cache, the guards
  securityHeaders, // helmet, no-store on the API's JSON
  idempotency, // Idempotency-Key on creating writes
  rateLimits, // per-IP route limits, per-user ceilings
  compression, // brotli / gzip answers
  input, // zod compilers, multipart, NUL refusal, unpaged limits
  crossOrigin, // CORS, cross-site refusal
  errors, // the one error handler
  apiDocs, // OpenAPI and Swagger UI
  operations, // readiness, metrics
];

/** The feature route modules and their prefixes: the ONE list (docs/design.md §3). */
export const FEATURES = [
  { prefix: '/api/users', routes: usersRoutes },
  { prefix: '/api/files', routes: filesRoutes },
  { prefix: '/api/institute', routes: instituteRoutes },
  { prefix: '/api/users/admin', routes: adminRoutes },
  { prefix: '/api/notification', routes: notificationsRoutes },
  { prefix: '/api/buy-and-sell', routes: marketplaceRoutes },
  { prefix: '/api/lost-and-found', routes: lostFoundRoutes },
  { prefix: '/api/internships', routes: internshipsRoutes },
  { prefix: '/api/rides', routes: ridesRoutes },
  { prefix: '/api/skill-exchange', routes: skillExchangeRoutes },
  { prefix: '/api/attendance', routes: attendanceRoutes },
  { prefix: '/api/enrollments', routes: enrollmentsRoutes },
  { prefix: '/api/resources', routes: subjectsRoutes },
  { prefix: '/api/search', routes: searchRoutes },
  { prefix: '/api/reports', routes: reportsRoutes },
  { prefix: '/api/admin/reports', routes: adminReportsRoutes },
  { prefix: '/api/push', routes: pushRoutes },
  { prefix: '/api/alerts', routes: alertsRoutes },
  { prefix: '/api/events', routes: eventsRoutes },
  { prefix: '/api/clubs', routes: clubsRoutes },
  { prefix: '/api/admin/clubs', routes: adminClubsRoutes },
  { prefix: '/api/calendar', routes: calendarRoutes },
  { prefix: '/api/mess', routes: messRoutes },
  { prefix: '/api/users', routes: privacyRoutes },
  { prefix: '/api/users', routes: keepAccountRoutes },
  { prefix: '/api/places', routes: placesRoutes },
  { prefix: '/api/admin/places', routes: adminPlacesRoutes },
  { prefix: '/api/transport', routes: transportRoutes },
  { prefix: '/api/admin/transport', routes: adminTransportRoutes },
];

/** Builds the app from the loaded config and an open database. Does not listen. */
export async function buildApp(opts: BuildOptions) {
  const { config, database, mailer } = opts;
  const app = Fastify(serverOptions(config, opts.logger)).withTypeProvider<ZodTypeProvider>();
  for (const plugin of PLUGINS) await app.register(plugin, { config, database, mailer });
  for (const feature of FEATURES) await app.register(feature.routes, { prefix: feature.prefix });
  await app.register(webPages, { config, database, mailer });
  return app;
}

/** The app type, for helpers and tests. */
export type App = Awaited<ReturnType<typeof buildApp>>;
