/**
 * The private calendar feed's options (docs/decisions/0701-icalendar-feeds.md): off by default;
 * `PATCH /api/calendar/feed` turns on the student's timetable classes and the rides they joined,
 * which the feed then lists — parsed with ical.js, classes at their wall-clock times in the
 * institute's zone with a stable UID, a ride at its departure — and a rotation keeps the options.
 * The test institute's term runs from 14 days before today to 13 days after; CSE Third has a
 * CS301 class at 09:00–10:00 in LH-1 every day of the week.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { EVENT_MESSAGES, type CalendarFeed } from '@campus/contract/events';
import { WEEKDAYS } from '@campus/contract/institute';
import { addDays, todayIn } from '../../lib/dates.ts';
import { createTestApp, world, type TestApp, type TestWorld } from '../../test/helpers.ts';
import { validRide } from '../rides/rides.cases.ts';

const TZ = 'Asia/Kolkata';
const CSE = 'Computer Science Engineering';
const today = todayIn(TZ);

let t: TestApp;
let w: TestWorld<'student' | 'driver'>;

beforeAll(async () => {
  t = await createTestApp(
    { TRUST_PROXY: '127.0.0.1' },
    {
      configure: (config) => {
        config.institute.terms = [{ name: 'Test term', start: addDays(today, -14), end: addDays(today, 13) }];
        config.institute.academicCalendar.entries = [];
        config.institute.classTimetables = [
          {
            branch: CSE,
            semester: 'Third',
            classes: WEEKDAYS.map((day) => ({ day, start: '09:00', end: '10:00', subjectCode: 'CS301', room: 'LH-1' })),
          },
        ];
      },
    },
  );
  w = await world(t, ['student', 'driver']);
  const saved = await w.as('student').put('/api/users/update', { branch: CSE, semester: 'Third' });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

/** The VEVENTs of an .ics text, parsed by ical.js. */
function veventsOf(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text));
  return cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
}
/** An instant as the institute's wall-clock time, `yyyy-MM-dd HH:mm`. */
const local = (d: Date) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: TZ, dateStyle: 'short', timeStyle: 'short' }).format(d);

const feedOf = async () => (await w.as('student').get('/api/calendar/feed')).json().data as CalendarFeed;
const fetchFeed = async (url: string) => {
  const res = await w.as().get(new URL(url).pathname);
  expect(res.statusCode, res.body).toBe(200);
  return veventsOf(res.body);
};

describe('calendar feed options', () => {
  it('adds the timetable classes and joined rides when asked, and keeps the options on rotation', async () => {
    const offer = validRide(2);
    const ride = await w.as('driver').post('/api/rides', offer);
    expect(ride.statusCode, ride.body).toBe(201);
    const rideId = ride.json().data.id as string;
    expect((await w.as('student').post(`/api/rides/${rideId}/join`)).statusCode).toBe(200);

    const off = await feedOf();
    expect(off).toMatchObject({ includeClasses: false, includeRides: false });
    expect(await fetchFeed(off.url)).toEqual([]);

    const on = await w.as('student').send('PATCH', '/api/calendar/feed', {
      includeClasses: true,
      includeRides: true,
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data).toEqual({ url: off.url, includeClasses: true, includeRides: true });

    const entries = await fetchFeed(off.url);
    const classes = entries.filter((e) => e.summary.startsWith('CS301'));
    // Today to the term's end (13 days after today), one class a day.
    expect(classes).toHaveLength(14);
    const first = classes.find((e) => local(e.startDate.toJSDate()).startsWith(today))!;
    expect(local(first.startDate.toJSDate())).toBe(`${today} 09:00`);
    expect(local(first.endDate.toJSDate())).toBe(`${today} 10:00`);
    expect(first.location).toBe('LH-1');
    expect(first.uid).toMatch(new RegExp(`^class-\\d+-${today}-0900@`));
    const rideEntry = entries.find((e) => e.uid.startsWith(`ride-${rideId}@`))!;
    expect(rideEntry.summary).toBe('Ride: Railway Station → IIIT Sonepat Campus');
    // iCalendar times are whole seconds.
    expect(rideEntry.startDate.toJSDate().getTime()).toBe(
      Math.floor(Date.parse(offer.departureDateTime) / 1000) * 1000,
    );

    // Only what is sent changes; a rotation keeps the options.
    const classesOnly = await w.as('student').send('PATCH', '/api/calendar/feed', { includeRides: false });
    expect(classesOnly.json().data).toMatchObject({ includeClasses: true, includeRides: false });
    const rotated = (await w.as('student').post('/api/calendar/feed/rotate')).json().data as CalendarFeed;
    expect(rotated).toMatchObject({ includeClasses: true, includeRides: false });
    const after = await fetchFeed(rotated.url);
    expect(after.some((e) => e.uid.startsWith('ride-'))).toBe(false);
    expect(after.filter((e) => e.summary.startsWith('CS301'))).toHaveLength(14);
  });

  it('refuses an option that is not on or off', async () => {
    const res = await w.as('student').send('PATCH', '/api/calendar/feed', { includeClasses: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.includeClasses).toBe(EVENT_MESSAGES.feedOptionInvalid);
  });
});
