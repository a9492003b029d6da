/**
 * Campus transport through HTTP on a real database: the next departures from a stop by day type in
 * the institute's zone (a Sunday lists only Sunday trips from the time asked; a holiday of the
 * term calendar runs the holiday trips; after the last trip of a day comes the next day's first),
 * the route list, and the administrator's save with its refusals (400 for departures that do not
 * match the stops or are out of order, 404 for an unknown stop, 403 for a student).
 */
import { describe, expect, it } from 'vitest';
import { TRANSPORT_MESSAGES as M, type Departure, type TransportRoute } from '@campus/contract/transport';
import { testWorldHooks } from '../../test/helpers.ts';
import { seedPlacesDemo } from '../places/places.service.ts';

const ADMIN = 'dean.transport@iiitsonepat.ac.in';
const w = testWorldHooks(['admin', 'student'], { ADMIN_EMAILS: ADMIN, TRUST_PROXY: '127.0.0.1' });

const ROUTE = {
  name: 'Campus → City',
  stops: ['campus-bus-stop', 'main-gate-stop', 'city-bus-stand'],
  trips: [
    { days: 'weekdays', departures: ['07:30', '07:33', '08:05'] },
    { days: 'weekdays', departures: ['21:00', '21:03', '21:35'] },
    { days: 'saturday', departures: ['09:00', '09:03', '09:35'] },
    { days: 'sunday', departures: ['07:45', '07:48', '08:20'] },
    { days: 'sunday', departures: ['08:05', '08:08', '08:40'] },
    { days: 'sunday', departures: ['12:00', '12:03', '12:35'] },
    { days: 'sunday', departures: ['18:00', '18:03', '18:35'] },
    { days: 'holidays', departures: ['10:15', '10:18', '10:50'] },
  ],
};

/** The next departures from `stop` at `at` (an institute-local date-time). */
async function next(stop: string, at: string): Promise<Departure[]> {
  const res = await w.as().get(`/api/transport/next?stop=${stop}&at=${encodeURIComponent(at)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('transport', () => {
  it('saves a route (admin only) and lists it with its stops', async () => {
    await seedPlacesDemo(w.t.app.ctx);
    expect((await w.as('student').put('/api/admin/transport/routes/test-city', ROUTE)).statusCode).toBe(403);
    const saved = await w.as('admin').put('/api/admin/transport/routes/test-city', ROUTE);
    expect(saved.statusCode, saved.body).toBe(200);
    const routes = (await w.as().get('/api/transport/routes')).json().data as TransportRoute[];
    const route = routes.find((r) => r.slug === 'test-city')!;
    expect(route.stops.map((s) => s.name)).toEqual(['Campus Bus Stop', 'Main Gate Bus Stop', 'Sonipat City Bus Stand']);
    expect(route.trips).toHaveLength(8);
  });

  it('on a Sunday at 08:05 lists only Sunday trips, the first at or after 08:05', async () => {
    // 2026-11-29 is a Sunday.
    const found = await next('campus-bus-stop', '2026-11-29T08:05');
    expect(found.map((d) => d.days)).toEqual(['sunday', 'sunday', 'sunday']);
    expect(found[0]).toEqual({
      route: { slug: 'test-city', name: 'Campus → City' },
      departsAt: '2026-11-29T02:35:00.000Z',
      minutes: 0,
      toward: 'Sonipat City Bus Stand',
      days: 'sunday',
    });
    expect(found.map((d) => d.departsAt)).toEqual([
      '2026-11-29T02:35:00.000Z',
      '2026-11-29T06:30:00.000Z',
      '2026-11-29T12:30:00.000Z',
    ]);
    const fromGate = await next('main-gate-stop', '2026-11-29T08:00');
    expect(fromGate[0]).toMatchObject({ departsAt: '2026-11-29T02:38:00.000Z', minutes: 8 });
  });

  it('on a holiday of the term calendar runs the holiday trips', async () => {
    // 2026-10-02 (Gandhi Jayanti, a holiday of the default calendar) is a Friday.
    const found = await next('campus-bus-stop', '2026-10-02T06:00');
    expect(found[0]).toMatchObject({ days: 'holidays', departsAt: '2026-10-02T04:45:00.000Z', minutes: 255 });
    // The next day is a Saturday.
    expect(found[1]).toMatchObject({ days: 'saturday', departsAt: '2026-10-03T03:30:00.000Z' });
  });

  it('after the last bus of the day comes the next day’s first', async () => {
    // Monday 2026-11-30 21:10, after the 21:00; Tuesday's first is 07:30.
    const found = await next('campus-bus-stop', '2026-11-30T21:10');
    expect(found[0]).toMatchObject({ days: 'weekdays', departsAt: '2026-12-01T02:00:00.000Z', minutes: 620 });
    // The route's last stop has no onward departures.
    expect(await next('city-bus-stand', '2026-11-30T08:00')).toEqual([]);
  });

  it('refuses departures that do not match the stops or are out of order (400), an unknown stop (404)', async () => {
    const mismatch = await w.as('admin').put('/api/admin/transport/routes/test-bad', {
      ...ROUTE,
      trips: [{ days: 'weekdays', departures: ['07:30', '07:33'] }],
    });
    expect([mismatch.statusCode, mismatch.json().message]).toEqual([400, M.departuresMismatch]);
    const order = await w.as('admin').put('/api/admin/transport/routes/test-bad', {
      ...ROUTE,
      trips: [{ days: 'weekdays', departures: ['07:30', '07:20', '08:00'] }],
    });
    expect([order.statusCode, order.json().message]).toEqual([400, M.departuresOrder]);
    const unknown = await w.as('admin').put('/api/admin/transport/routes/test-bad', {
      ...ROUTE,
      stops: ['campus-bus-stop', 'no-such-stop', 'city-bus-stand'],
    });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, M.stopNotFound]);
    const nowhere = await w.as().get('/api/transport/next?stop=no-such-stop');
    expect([nowhere.statusCode, nowhere.json().message]).toEqual([404, M.stopNotFound]);
    expect(
      (await w.as().get('/api/transport/routes')).json().data.some((r: TransportRoute) => r.slug === 'test-bad'),
    ).toBe(false);
  });

  it('imports timetables from CSV: the dry run names bad lines, a real import saves all or nothing', async () => {
    const bad = [
      'route,stop,day_type,times',
      'csv-metro,campus-bus-stop,weekdays,07:00 09:30',
      'csv-metro,metro-station,weekdays,07:50',
      'csv-metro,nowhere,weekdays,08:00 10:00',
      'csv-metro,metro-station,someday,08:00',
    ].join('\n');
    const dry = await w.as('admin').post('/api/admin/transport/import', { csv: bad, dryRun: true });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().data.errors).toEqual([
      { line: 3, message: M.timesCount },
      { line: 4, message: M.stopNotFound },
      { line: 5, message: M.dayInvalid },
    ]);
    const refused = await w.as('admin').post('/api/admin/transport/import', { csv: bad });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().errors)).toEqual(['line 3', 'line 4', 'line 5']);
    const good = [
      'route,stop,day_type,times',
      'csv-metro,campus-bus-stop,sunday,09:30 07:00',
      'csv-metro,metro-station,sunday,07:50 10:20',
    ].join('\n');
    const saved = await w.as('admin').post('/api/admin/transport/import', { csv: good });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({ saved: true, routes: [{ slug: 'csv-metro', stops: 2, trips: 2 }], errors: [] });
    const route = ((await w.as().get('/api/transport/routes')).json().data as TransportRoute[]).find(
      (r) => r.slug === 'csv-metro',
    )!;
    expect(route.name).toBe('Campus Bus Stop → Samaypur Badli Metro Station');
    expect(route.trips).toEqual([
      { days: 'sunday', departures: ['07:00', '07:50'] },
      { days: 'sunday', departures: ['09:30', '10:20'] },
    ]);
    const order = await w.as('admin').post('/api/admin/transport/import', {
      csv: 'route,stop,day_type,times\ncsv-x,campus-bus-stop,sunday,09:00\ncsv-x,metro-station,sunday,08:00',
      dryRun: true,
    });
    expect(order.json().data.errors).toEqual([{ line: 2, message: M.departuresOrder }]);
  });
});
