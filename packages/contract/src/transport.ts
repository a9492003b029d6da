/**
 * Campus transport (docs/architecture.md "Features in detail": Transport): routes with ordered
 * stops (places, by slug) and trips by day type; the administrator's route body, the next
 * departures from a stop. Times are `HH:mm` in the institute's zone; instants are ISO 8601.
 */
import { z } from 'zod';
import { isoDateTime } from './fields.ts';
import { apiSuccess } from './envelope.ts';
import { SLUG_PATTERN } from './places-ui.ts';
import { DAY_TYPES, ROUTE_STOPS_MAX, ROUTE_TRIPS_MAX, TRANSPORT_MESSAGES } from './transport-ui.ts';

export * from './transport-ui.ts';

const M = TRANSPORT_MESSAGES;

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const slug = z.string({ error: M.stopsInvalid }).max(60, M.stopsInvalid).regex(SLUG_PATTERN, M.stopsInvalid);

/** One trip: its day type and one departure per stop, in order (equal times allowed). */
export const tripBody = z.object({
  days: z.enum(DAY_TYPES, { error: M.dayInvalid }),
  departures: z
    .array(z.string({ error: M.timeInvalid }).regex(HH_MM, M.timeInvalid), { error: M.timeInvalid })
    .max(ROUTE_STOPS_MAX, M.departuresMismatch),
});

/** `PUT /api/admin/transport/routes/:slug`: the route's name, its stops in order and its trips. */
export const routeBody = z
  .object({
    name: z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(100, M.nameRequired),
    stops: z.array(slug, { error: M.stopsInvalid }).min(2, M.stopsInvalid).max(ROUTE_STOPS_MAX, M.stopsInvalid),
    trips: z.array(tripBody, { error: M.tripsInvalid }).max(ROUTE_TRIPS_MAX, M.tripsInvalid),
  })
  .superRefine((route, ctx) => {
    for (const [i, trip] of route.trips.entries()) {
      if (trip.departures.length !== route.stops.length)
        ctx.addIssue({ code: 'custom', path: ['trips', i, 'departures'], message: M.departuresMismatch });
      else if (trip.departures.some((t, k) => k > 0 && t < trip.departures[k - 1]!))
        ctx.addIssue({ code: 'custom', path: ['trips', i, 'departures'], message: M.departuresOrder });
    }
  });
export type RouteBody = z.infer<typeof routeBody>;

export const routeParams = z.object({
  slug: z.string().max(60, M.routeNotFound).regex(SLUG_PATTERN, M.routeNotFound),
});

/** `GET /api/transport/next`: a stop's slug and the instant (default now; without an offset: the institute's zone). */
export const nextQuery = z.object({
  stop: z.string({ error: M.stopNotFound }).max(60, M.stopNotFound).regex(SLUG_PATTERN, M.stopNotFound),
  at: isoDateTime({ required: M.atInvalid, invalid: M.atInvalid }).optional(),
});
export type NextQuery = z.input<typeof nextQuery>;

const stopInfo = z.object({ slug: z.string(), name: z.string() });
/** A route as the API returns it. */
export const transportRoute = z.object({
  slug: z.string(),
  name: z.string(),
  stops: z.array(stopInfo),
  trips: z.array(z.object({ days: z.enum(DAY_TYPES), departures: z.array(z.string()) })),
});
export type TransportRoute = z.infer<typeof transportRoute>;

/** One departure from the stop: the route, when, in how many whole minutes, and its last stop's name. */
export const departure = z.object({
  route: z.object({ slug: z.string(), name: z.string() }),
  departsAt: z.string(),
  minutes: z.number().int(),
  toward: z.string(),
  days: z.enum(DAY_TYPES),
});
export type Departure = z.infer<typeof departure>;

export const routeList = apiSuccess(z.array(transportRoute));
export const routeResponse = apiSuccess(transportRoute);
export const departureList = apiSuccess(z.array(departure));

/** `POST /api/admin/transport/import`: CSV `route,stop,day_type,times` and whether to save. */
export const importRoutesBody = z.object({
  csv: z
    .string({ error: 'Paste or choose a CSV file' })
    .min(1, 'Paste or choose a CSV file')
    .max(500_000, 'The CSV is too long'),
  dryRun: z.boolean().default(false),
});
export type ImportRoutesBody = z.input<typeof importRoutesBody>;

/** The import's answer: each route it would save (stops, trips) and each bad line; `saved` false on a dry run. */
export const importRoutesResult = z.object({
  saved: z.boolean(),
  routes: z.array(z.object({ slug: z.string(), stops: z.number().int(), trips: z.number().int() })),
  errors: z.array(z.object({ line: z.number().int(), message: z.string() })),
});
export type ImportRoutesResult = z.infer<typeof importRoutesResult>;
export const importRoutesResponse = apiSuccess(importRoutesResult);
