/**
 * Campus transport (docs/architecture.md "Features in detail": Transport): routes with ordered
 * stops (places) and trips by day type. Anyone reads the routes and the next departures from a
 * stop; administrators save a route (one transaction with its audit row). The day type of a date
 * in the institute's zone: a holiday of the term calendar in force (attendance's, kind `holiday`)
 * is `holidays` — a route without holiday trips runs its Sunday trips then —, else Saturday,
 * Sunday or weekdays. After a day's last trip come the next day's.
 */
import { arrayContains, asc, eq, inArray } from 'drizzle-orm';
import {
  DAY_TYPES,
  NEXT_PER_ROUTE,
  TRANSPORT_MESSAGES as M,
  type DayType,
  type Departure,
  type ImportRoutesBody,
  type ImportRoutesResult,
  type RouteBody,
  routeBody,
  type TransportRoute,
} from '@campus/contract/transport';
import { places } from '../../db/schema/places.ts';
import { transportAudit, transportRoutes } from '../../db/schema/transport.ts';
import type { Db } from '../../db/client.ts';
import type { Admin } from '../../lib/auth.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { readCsv } from '../../lib/csv.ts';
import { addDays, isoWeekday, startOfDayIn, timeOfDayIn, todayIn } from '../../lib/dates.ts';
import { AppError, refuse } from '../../lib/errors.ts';
import { timetableInForce } from '../attendance/attendance.service.ts';

export { seedTransportDemo } from './transport.seed.ts';

type RouteRow = typeof transportRoutes.$inferSelect;

/** Names of the places with these ids. */
async function placeNames(ctx: ServiceContext, ids: string[]): Promise<Map<string, { slug: string; name: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await ctx.db
    .select({ id: places.id, slug: places.slug, name: places.name })
    .from(places)
    .where(inArray(places.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, { slug: r.slug, name: r.name }]));
}

function toRoute(row: RouteRow, names: Map<string, { slug: string; name: string }>): TransportRoute {
  return {
    slug: row.slug,
    name: row.name,
    stops: row.stops.map((id) => names.get(id) ?? { slug: '', name: 'Removed place' }),
    trips: row.trips.map((t) => ({ days: t.days as DayType, departures: t.departures })),
  };
}

/** Every route with its stops' names and its trips, by name. */
export async function listRoutes(ctx: ServiceContext): Promise<TransportRoute[]> {
  const rows = await ctx.db.select().from(transportRoutes).orderBy(asc(transportRoutes.name));
  const names = await placeNames(
    ctx,
    rows.flatMap((r) => r.stops),
  );
  return rows.map((r) => toRoute(r, names));
}

/** A function telling the day type of a `yyyy-MM-dd` date (holidays from the term calendar in force). */
async function dayTypes(ctx: ServiceContext): Promise<(date: string) => DayType> {
  const { calendar } = await timetableInForce(ctx, {});
  const holidays = calendar.filter((e) => e.kind === 'holiday');
  return (date) => {
    if (holidays.some((h) => h.date <= date && date <= (h.endDate ?? h.date))) return 'holidays';
    const day = isoWeekday(date);
    return day === 6 ? 'saturday' : day === 7 ? 'sunday' : 'weekdays';
  };
}

/**
 * The next departures from the stop `stopSlug` at or after instant `at`: up to
 * {@link NEXT_PER_ROUTE} per route that serves the stop (not as its last stop), sorted by time;
 * each with the route, the instant, whole minutes from `at` (rounded up) and the route's last
 * stop. Looks up to a week ahead. 404 "Stop not found." for an unknown place.
 */
export async function nextDepartures(ctx: ServiceContext, stopSlug: string, at: Date): Promise<Departure[]> {
  const tz = ctx.config.institute.timezone;
  const [stop] = await ctx.db.select({ id: places.id }).from(places).where(eq(places.slug, stopSlug));
  if (!stop) refuse(404, M.stopNotFound);
  const rows = await ctx.db
    .select()
    .from(transportRoutes)
    .where(arrayContains(transportRoutes.stops, [stop.id]));
  const names = await placeNames(
    ctx,
    rows.map((r) => r.stops.at(-1)!),
  );
  const dayType = await dayTypes(ctx);
  const today = todayIn(tz, at);
  const now = timeOfDayIn(tz, at);
  const found: Departure[] = [];
  for (const route of rows) {
    const index = route.stops.indexOf(stop.id);
    if (index === route.stops.length - 1) continue;
    const mine: Departure[] = [];
    for (let offset = 0; offset < 8 && mine.length < NEXT_PER_ROUTE; offset += 1) {
      const date = addDays(today, offset);
      let days = dayType(date);
      let trips = route.trips.filter((t) => t.days === days);
      if (days === 'holidays' && trips.length === 0)
        [days, trips] = ['sunday', route.trips.filter((t) => t.days === 'sunday')];
      const times = trips
        .map((t) => t.departures[index]!)
        .filter((t) => offset > 0 || t >= now)
        .sort();
      for (const time of times.slice(0, NEXT_PER_ROUTE - mine.length)) {
        const [h, m] = time.split(':').map(Number) as [number, number];
        const departsAt = new Date(startOfDayIn(date, tz).getTime() + (h * 60 + m) * 60_000);
        mine.push({
          route: { slug: route.slug, name: route.name },
          departsAt: departsAt.toISOString(),
          minutes: Math.max(0, Math.ceil((departsAt.getTime() - at.getTime()) / 60_000)),
          toward: names.get(route.stops.at(-1)!)?.name ?? '',
          days,
        });
      }
    }
    found.push(...mine);
  }
  return found.sort((a, b) =>
    a.departsAt < b.departsAt ? -1 : a.departsAt > b.departsAt ? 1 : a.route.slug < b.route.slug ? -1 : 1,
  );
}

/**
 * Creates or replaces the route `slug` (admin): its stops must be places (404 "Stop not found."
 * naming none that is missing); the body's trips are already checked (one departure per stop, in
 * order). One transaction with the audit row.
 */
export async function saveRoute(
  ctx: ServiceContext,
  admin: Admin,
  slug: string,
  body: RouteBody,
): Promise<TransportRoute> {
  return ctx.db.transaction((tx) => saveRouteIn(tx, admin, slug, body));
}

/** {@link saveRoute} inside the caller's transaction `tx`. */
async function saveRouteIn(tx: Db, admin: Admin, slug: string, body: RouteBody): Promise<TransportRoute> {
  const rows = await tx
    .select({ id: places.id, slug: places.slug, name: places.name })
    .from(places)
    .where(inArray(places.slug, body.stops));
  const ids = new Map(rows.map((r) => [r.slug, r.id]));
  if (body.stops.some((s) => !ids.has(s))) refuse(404, M.stopNotFound);
  const [before] = await tx.select().from(transportRoutes).where(eq(transportRoutes.slug, slug));
  const values = { slug, name: body.name, stops: body.stops.map((s) => ids.get(s)!), trips: body.trips };
  const [row] = await tx
    .insert(transportRoutes)
    .values(values)
    .onConflictDoUpdate({ target: transportRoutes.slug, set: { ...values, updatedAt: new Date() } })
    .returning();
  await tx.insert(transportAudit).values({ adminId: admin.id, route: slug, before: before ?? null, after: body });
  return toRoute(row!, new Map(rows.map((r) => [r.id, { slug: r.slug, name: r.name }])));
}

/** The header of a bus timetable CSV. */
const TRANSPORT_CSV_COLUMNS = ['route', 'stop', 'day_type', 'times'] as const;

/**
 * Imports timetables from CSV (admin; header `route,stop,day_type,times`): one line per route,
 * stop and day type, the stop's departures separated by spaces; a route's stops in the order of
 * their first line, its k-th trip of a day type the k-th time at each stop. A route keeps its name
 * (a new one is named "first stop → last stop"). Each bad line is named (unknown stop or day
 * type, times not `HH:mm`, a count differing from the route's first stop); a route whose trips are
 * out of order names its first line. A dry run saves nothing; a real import saves every route, each
 * replacing the route of that slug, in one transaction with an audit row each — or, with a bad
 * line, nothing (400, `errors` keyed `line N`).
 */
export async function importRoutes(
  ctx: ServiceContext,
  admin: Admin,
  body: ImportRoutesBody,
): Promise<ImportRoutesResult> {
  const lines = readCsv(body.csv ?? '', TRANSPORT_CSV_COLUMNS, Infinity, {
    unreadable: M.csvUnreadable,
    header: M.csvHeader,
  });
  const errors: ImportRoutesResult['errors'] = [];
  const known = new Map(
    (await ctx.db.select({ slug: places.slug, name: places.name }).from(places)).map((p) => [p.slug, p.name]),
  );
  type Draft = { line: number; stops: string[]; times: Map<string, Map<string, string[]>> };
  const drafts = new Map<string, Draft>();
  const broken = new Set<string>();
  for (const { line, values } of lines) {
    const { route, stop, day_type: days, times } = values;
    const list = times.split(/\s+/).filter(Boolean);
    if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(route)) errors.push({ line, message: M.routeNotFound });
    else if (!known.has(stop)) errors.push({ line, message: M.stopNotFound });
    else if (!DAY_TYPES.includes(days as DayType)) errors.push({ line, message: M.dayInvalid });
    else if (list.length === 0 || list.some((t) => !/^([01]\d|2[0-3]):[0-5]\d$/.test(t)))
      errors.push({ line, message: M.timeInvalid });
    else {
      const draft: Draft = drafts.get(route) ?? { line, stops: [], times: new Map() };
      drafts.set(route, draft);
      const byStop = draft.times.get(days) ?? new Map<string, string[]>();
      draft.times.set(days, byStop);
      const first = byStop.values().next().value as string[] | undefined;
      if (first && first.length !== list.length) errors.push({ line, message: M.timesCount });
      else {
        if (!draft.stops.includes(stop)) draft.stops.push(stop);
        byStop.set(stop, list.sort());
      }
    }
    if (errors.at(-1)?.line === line) broken.add(route);
  }
  const existing = new Map(
    (await ctx.db.select({ slug: transportRoutes.slug, name: transportRoutes.name }).from(transportRoutes)).map((r) => [
      r.slug,
      r.name,
    ]),
  );
  const bodies: Array<{ slug: string; body: RouteBody }> = [];
  for (const [slug, draft] of drafts) {
    if (broken.has(slug)) continue;
    const trips: RouteBody['trips'] = [];
    for (const [days, byStop] of draft.times) {
      const count = byStop.values().next().value?.length ?? 0;
      for (let k = 0; k < count; k += 1)
        trips.push({ days: days as DayType, departures: draft.stops.map((s) => byStop.get(s)?.[k] ?? '') });
    }
    const name = existing.get(slug) ?? `${known.get(draft.stops[0]!)} → ${known.get(draft.stops.at(-1)!)}`;
    const parsed = routeBody.safeParse({ name, stops: draft.stops, trips });
    if (!parsed.success) errors.push({ line: draft.line, message: parsed.error.issues[0]!.message });
    else bodies.push({ slug, body: parsed.data });
  }
  errors.sort((a, b) => a.line - b.line);
  const result = {
    saved: false,
    routes: bodies.map((b) => ({ slug: b.slug, stops: b.body.stops.length, trips: b.body.trips.length })),
    errors,
  };
  if (body.dryRun) return result;
  if (errors.length > 0)
    throw new AppError(400, M.importRefused, Object.fromEntries(errors.map((e) => [`line ${e.line}`, e.message])));
  await ctx.db.transaction(async (tx) => {
    for (const b of bodies) await saveRouteIn(tx, admin, b.slug, b.body);
  });
  return { ...result, saved: true };
}
