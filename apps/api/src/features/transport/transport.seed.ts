/**
 * Demo routes of campus transport (docs/architecture.md "Features in detail": Transport): campus ↔
 * Sonipat city bus stand and campus ↔ Samaypur Badli metro, each way a route, with weekday,
 * Saturday and Sunday timetables (holidays run the Sunday trips). Needs the demo places
 * (`places.seed.ts`); `src/seed.ts` runs it after them.
 */
import { routeBody, type RouteBody } from '@campus/contract/transport';
import { eq } from 'drizzle-orm';
import { places } from '../../db/schema/places.ts';
import { transportRoutes } from '../../db/schema/transport.ts';
import type { ServiceContext } from '../../lib/context.ts';

const plus = (time: string, minutes: number) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const t = h * 60 + m + minutes;
  return `${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`;
};
/** Trips leaving the first stop at `starts`, reaching the next stops `offsets` minutes later. */
const trips = (days: RouteBody['trips'][number]['days'], starts: string[], offsets: number[]) =>
  starts.map((s) => ({ days, departures: offsets.map((o) => plus(s, o)) }));

const WEEKDAY_CITY = ['07:30', '08:30', '10:00', '12:00', '14:00', '16:00', '17:30', '19:00', '21:00'];
const SUNDAY_CITY = ['09:00', '12:00', '15:00', '18:00', '20:30'];
const WEEKDAY_METRO = ['07:00', '08:15', '09:30', '13:00', '16:30', '18:00', '20:00'];
const SUNDAY_METRO = ['08:30', '11:30', '16:00', '19:30'];

/** The demo routes: slug, name, stops and trips. */
export const DEMO_ROUTES: Array<{ slug: string; body: RouteBody }> = [
  {
    slug: 'campus-to-city',
    body: {
      name: 'Campus → City Bus Stand',
      stops: ['campus-bus-stop', 'main-gate-stop', 'city-bus-stand'],
      trips: [
        ...trips('weekdays', WEEKDAY_CITY, [0, 3, 35]),
        ...trips(
          'saturday',
          WEEKDAY_CITY.filter((_, i) => i % 2 === 0),
          [0, 3, 35],
        ),
        ...trips('sunday', SUNDAY_CITY, [0, 3, 30]),
      ],
    },
  },
  {
    slug: 'city-to-campus',
    body: {
      name: 'City Bus Stand → Campus',
      stops: ['city-bus-stand', 'main-gate-stop', 'campus-bus-stop'],
      trips: [
        ...trips(
          'weekdays',
          WEEKDAY_CITY.map((s) => plus(s, 45)),
          [0, 32, 35],
        ),
        ...trips(
          'saturday',
          WEEKDAY_CITY.filter((_, i) => i % 2 === 0).map((s) => plus(s, 45)),
          [0, 32, 35],
        ),
        ...trips(
          'sunday',
          SUNDAY_CITY.map((s) => plus(s, 45)),
          [0, 28, 30],
        ),
      ],
    },
  },
  {
    slug: 'campus-to-metro',
    body: {
      name: 'Campus → Metro (Samaypur Badli)',
      stops: ['campus-bus-stop', 'main-gate-stop', 'metro-station'],
      trips: [
        ...trips('weekdays', WEEKDAY_METRO, [0, 3, 50]),
        ...trips(
          'saturday',
          WEEKDAY_METRO.filter((_, i) => i % 2 === 1),
          [0, 3, 50],
        ),
        ...trips('sunday', SUNDAY_METRO, [0, 3, 45]),
      ],
    },
  },
  {
    slug: 'metro-to-campus',
    body: {
      name: 'Metro (Samaypur Badli) → Campus',
      stops: ['metro-station', 'main-gate-stop', 'campus-bus-stop'],
      trips: [
        ...trips(
          'weekdays',
          WEEKDAY_METRO.map((s) => plus(s, 60)),
          [0, 47, 50],
        ),
        ...trips(
          'saturday',
          WEEKDAY_METRO.filter((_, i) => i % 2 === 1).map((s) => plus(s, 60)),
          [0, 47, 50],
        ),
        ...trips(
          'sunday',
          SUNDAY_METRO.map((s) => plus(s, 60)),
          [0, 42, 45],
        ),
      ],
    },
  },
];

/** Adds the demo routes (replacing any with the same slug); skips a route whose stops are missing. */
export async function seedTransportDemo(ctx: ServiceContext): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    for (const { slug, body } of DEMO_ROUTES) {
      const route = routeBody.parse(body);
      const ids: string[] = [];
      for (const stop of route.stops) {
        const [place] = await tx.select({ id: places.id }).from(places).where(eq(places.slug, stop));
        if (place) ids.push(place.id);
      }
      if (ids.length !== route.stops.length) continue;
      const values = { slug, name: route.name, stops: ids, trips: route.trips };
      await tx.insert(transportRoutes).values(values).onConflictDoUpdate({ target: transportRoutes.slug, set: values });
    }
  });
}
