/**
 * Campus transport: the day types, limits and messages the web app shows, with no zod, so the
 * map page does not load the schema library at start (docs/decisions/0001-hydration-at-load.md).
 * The schemas are in `./transport.ts`, which re-exports everything here.
 */

/** The timetables a route keeps: weekdays (Mon–Fri), Saturday, Sunday and holidays (the term calendar's). */
export const DAY_TYPES = ['weekdays', 'saturday', 'sunday', 'holidays'] as const;
export type DayType = (typeof DAY_TYPES)[number];
export const DAY_TYPE_LABELS: Record<DayType, string> = {
  weekdays: 'Weekdays',
  saturday: 'Saturday',
  sunday: 'Sunday',
  holidays: 'Holidays',
};
export const ROUTE_STOPS_MAX = 30;
export const ROUTE_TRIPS_MAX = 200;
/** Departures `next` answers per route. */
export const NEXT_PER_ROUTE = 3;

export const TRANSPORT_MESSAGES = {
  routes: 'Routes retrieved successfully',
  next: 'Next departures retrieved successfully',
  saved: 'Route saved',
  routeNotFound: 'Route not found.',
  stopNotFound: 'Stop not found.',
  nameRequired: 'Name is required',
  stopsInvalid: `A route has 2 to ${ROUTE_STOPS_MAX} stops, each a place's slug`,
  tripsInvalid: `A route has at most ${ROUTE_TRIPS_MAX} trips`,
  dayInvalid: `Days must be one of: ${DAY_TYPES.join(', ')}`,
  timeInvalid: 'Departures are times HH:mm',
  departuresMismatch: 'Each trip has one departure per stop',
  departuresOrder: 'A trip’s departures must be in order along its stops',
  atInvalid: 'at must be an ISO date-time',
  csvHeader: 'The first line must be: route,stop,day_type,times',
  csvUnreadable: 'The CSV could not be read',
  importRefused: 'Nothing was imported: fix the lines named below.',
  imported: (n: number) => `Imported ${n} route${n === 1 ? '' : 's'}`,
  checked: (n: number) => `${n} route${n === 1 ? '' : 's'} checked — nothing saved (dry run)`,
  timesCount: 'This stop has a different number of times than the route’s first stop for this day type',
} as const;
