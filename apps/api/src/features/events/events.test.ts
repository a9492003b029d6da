/**
 * Events and clubs through HTTP on a real database (docs/architecture.md "Features in detail",
 * Events and clubs): clubs and coordinators, posting with a poster and the refusals (403 for a
 * student who coordinates nothing, 400 for bad dates and links), the feed's groups, tabs and
 * filters, follower notifications, RSVP counts and the capacity (never over, even when many answer
 * at once), the Going list, cancellation and deletion notices, reports hiding an event from the
 * feed and campus search, the venue linked to the place it names, and the iCalendar files parsed with ical.js.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { eq } from 'drizzle-orm';
import { CLUB_MESSAGES, EVENT_MESSAGES as E, type CampusEvent } from '@campus/contract/events';
import { events } from '../../db/schema/events.ts';
import { testWorldHooks, type SignedIn } from '../../test/helpers.ts';
import { jpeg, multipartForm } from '../../test/multipart.ts';
import { validPlace } from '../places/places.cases.ts';
import { validClub, validEvent } from './events.cases.ts';
import { sendDueReminders } from './events.service.ts';

const ADMIN = 'dean.events@iiitsonepat.ac.in';
const TZ = 'Asia/Kolkata';
const w = testWorldHooks(['coord', 'fan', 'student', 'third', 'admin'], {
  ADMIN_EMAILS: ADMIN,
  TRUST_PROXY: '127.0.0.1',
});
const {
  t,
  users: { coord, fan, student, third, admin },
} = w;

let club: { id: string; slug: string };

/** Makes a club as the admin with `coordinators`; returns it. */
async function makeClub(coordinators: SignedIn[], overrides: object = {}) {
  const body = { ...validClub(), ...overrides };
  const res = await w.as('admin').post('/api/admin/clubs', body);
  expect(res.statusCode, res.body).toBe(201);
  const set = await w.as('admin').put(`/api/admin/clubs/${body.slug}/coordinators`, {
    emails: coordinators.map((c) => c.email),
  });
  expect(set.statusCode, set.body).toBe(200);
  return res.json().data as { id: string; slug: string };
}

/** Posts an event of the world's club as `who` (default the coordinator); returns it. */
async function post(overrides: object = {}, who: SignedIn = coord): Promise<CampusEvent> {
  const res = await w.as(who).post('/api/events', { ...validEvent(club.id), ...overrides });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const rsvp = (id: string, who: SignedIn, status: string) => w.as(who).put(`/api/events/${id}/rsvp`, { status });

beforeAll(async () => {
  club = await makeClub([coord]);
});

describe('clubs', () => {
  it('lists clubs and shows one with its coordinators, followers and upcoming events', async () => {
    const e = await post({ title: 'Club page talk' });
    const one = await w.as('student').get(`/api/clubs/${club.slug}`);
    expect(one.statusCode).toBe(200);
    const data = one.json().data;
    expect(data.coordinators.map((c: { userId: string }) => c.userId)).toEqual([coord.userId]);
    expect(data.isCoordinator).toBe(false);
    expect(data.upcoming.map((x: CampusEvent) => x.id)).toContain(e.id);
    const list = await w.as('student').get('/api/clubs?category=technical&limit=100');
    expect(list.json().data.map((c: { slug: string }) => c.slug)).toContain(club.slug);
    expect((await w.as('student').get('/api/clubs/no-such-club')).json()).toMatchObject({
      message: CLUB_MESSAGES.notFound,
    });
  });

  it('follows and unfollows, counting followers', async () => {
    const on = await w.as('third').put(`/api/clubs/${club.slug}/follow`);
    expect(on.json().data).toMatchObject({ isFollowing: true });
    const twice = await w.as('third').put(`/api/clubs/${club.slug}/follow`);
    expect(twice.json().data.followerCount).toBe(on.json().data.followerCount);
    const off = await w.as('third').delete(`/api/clubs/${club.slug}/follow`);
    expect(off.json().data).toMatchObject({ isFollowing: false, followerCount: on.json().data.followerCount - 1 });
  });

  it('refuses a taken slug, a bad slug and an unknown coordinator', async () => {
    const taken = await w.as('admin').post('/api/admin/clubs', { ...validClub(), slug: club.slug });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(CLUB_MESSAGES.slugTaken);
    const bad = await w.as('admin').post('/api/admin/clubs', { ...validClub(), slug: 'Not A Slug' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.slug).toBe(CLUB_MESSAGES.slugInvalid);
    const unknown = await w.as('admin').put(`/api/admin/clubs/${club.slug}/coordinators`, {
      emails: [coord.email, 'nobody@iiitsonepat.ac.in'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.emails).toBe(CLUB_MESSAGES.coordinatorUnknown('nobody@iiitsonepat.ac.in'));
    expect((await w.as('student').post('/api/admin/clubs', validClub())).statusCode).toBe(403);
  });

  it('mends a lone surrogate in a JSON field to U+FFFD: the edit and its audit entry are saved, not a 500 (docs/design.md §4)', async () => {
    const res = await w
      .as('admin')
      .send('PATCH', `/api/admin/clubs/${club.slug}`, { description: 'Half an emoji \ud83c' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.description).toBe('Half an emoji \uFFFD');
  });

  it('shows an administrator the coordinators with e-mails, and deletes only a club without events', async () => {
    const listed = await w.as('admin').get(`/api/admin/clubs/${club.slug}/coordinators`);
    expect(listed.json().data).toEqual([expect.objectContaining({ userId: coord.userId, email: coord.email })]);
    expect((await w.as('student').get(`/api/admin/clubs/${club.slug}/coordinators`)).statusCode).toBe(403);
    await post({ title: 'Keeps its club' });
    const refused = await w.as('admin').delete(`/api/admin/clubs/${club.slug}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CLUB_MESSAGES.hasEvents);
    const empty = await makeClub([third]);
    await w.as('fan').put(`/api/clubs/${empty.slug}/follow`);
    const gone = await w.as('admin').delete(`/api/admin/clubs/${empty.slug}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json().message).toBe(CLUB_MESSAGES.deleted);
    expect((await w.as('student').get(`/api/clubs/${empty.slug}`)).statusCode).toBe(404);
    expect((await w.as('admin').delete(`/api/admin/clubs/${empty.slug}`)).statusCode).toBe(404);
  });
});

describe('posting', () => {
  it('refuses a student who coordinates no club (403) and one who posts for another club (403)', async () => {
    const none = await w.as('student').post('/api/events', validEvent(club.id));
    expect(none.statusCode).toBe(403);
    expect(none.json().message).toBe(E.notCoordinator);
    const other = await makeClub([student]);
    const wrong = await w.as('student').post('/api/events', validEvent(club.id));
    expect(wrong.statusCode).toBe(403);
    expect((await w.as('student').post('/api/events', validEvent(other.id))).statusCode).toBe(201);
  });

  it('refuses bad dates, an http link and a bad capacity with the contract’s messages', async () => {
    const start = Date.now() + 86_400_000;
    const cases: Array<[object, string, string]> = [
      [
        { endsAt: new Date(start - 3_600_000).toISOString(), startsAt: new Date(start).toISOString() },
        'endsAt',
        E.endBeforeStart,
      ],
      [{ startsAt: new Date(Date.now() - 3_600_000).toISOString() }, 'startsAt', E.startPast],
      [{ registrationUrl: 'http://forms.example.org/x' }, 'registrationUrl', E.urlInvalid],
      [{ registrationUrl: 'javascript:alert(1)' }, 'registrationUrl', E.urlInvalid],
      [{ capacity: 0 }, 'capacity', E.capacityInvalid],
      [{ title: '' }, 'title', E.titleRequired],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await w.as(coord).post('/api/events', { ...validEvent(club.id), ...overrides });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    }
  });

  it('posts with a poster (multipart) and tells the club’s followers', async () => {
    await w.as('fan').put(`/api/clubs/${club.slug}/follow`);
    const fields = Object.fromEntries(Object.entries(validEvent(club.id)).map(([k, v]) => [k, String(v)])) as Record<
      string,
      string
    >;
    const body = multipartForm({ ...fields, title: 'Poster night' }, [
      { field: 'image', filename: 'poster.jpg', type: 'image/jpeg', content: await jpeg() },
    ]);
    const res = await w.as(coord).form('POST', '/api/events', body);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data as CampusEvent;
    expect(created.imageUrl).toMatch(/\/api\/files\//);
    expect(created.canManage).toBe(true);
    const seen = await w.notificationsOf('fan');
    expect(seen[0]).toMatchObject({ type: 'event', link: `/events/${created.id}` });
    expect(seen[0]!.message).toContain('Poster night');
  });

  it('links a venue that names a place of the directory (its name or an alias, case and spacing aside)', async () => {
    const place = { ...validPlace('events-lhc'), name: 'Events Lecture Hall', aliases: ['ELHC', 'Hall E'] };
    const added = await w.as('admin').post('/api/admin/places', place);
    expect(added.statusCode, added.body).toBe(201);
    const linked = { slug: 'events-lhc', name: 'Events Lecture Hall' };
    for (const venue of ['Events Lecture Hall', 'elhc', '  hall   e ']) {
      const e = await post({ title: `At ${venue}`, venue });
      expect(e.venuePlace, venue).toEqual(linked);
      const read = await w.as('student').get(`/api/events/${e.id}`);
      expect(read.json().data.venuePlace).toEqual(linked);
    }
    const elsewhere = await post({ title: 'Elsewhere', venue: 'Events Lecture Hall, first floor' });
    expect(elsewhere.venuePlace).toBeNull();
    const feed = await w.as('student').get('/api/events?q=elsewhere');
    expect(feed.json().data.find((x: CampusEvent) => x.id === elsewhere.id).venuePlace).toBeNull();
  });

  it('reads a time without an offset in the institute’s zone', async () => {
    const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const e = await post({ startsAt: `${day}T18:00`, endsAt: `${day}T20:00` });
    expect(e.startsAt).toBe(new Date(`${day}T18:00:00+05:30`).toISOString());
  });
});

describe('the feed', () => {
  it('groups upcoming events, keeps past ones in their tab, and filters by club, category and words', async () => {
    const soon = await post({
      title: 'Tonight quiz zebra',
      startsAt: new Date(Date.now() + 60_000).toISOString(),
      endsAt: new Date(Date.now() + 2 * 3_600_000).toISOString(),
    });
    const later = await post({ title: 'Far-off fest zebra' }, coord);
    await t.database.db
      .update(events)
      .set({ startsAt: new Date(Date.now() + 20 * 86_400_000), endsAt: new Date(Date.now() + 20.1 * 86_400_000) })
      .where(eq(events.id, later.id));
    const past = await post({ title: 'Yesterday zebra' });
    await t.database.db
      .update(events)
      .set({ startsAt: new Date(Date.now() - 2 * 86_400_000), endsAt: new Date(Date.now() - 86_400_000) })
      .where(eq(events.id, past.id));

    const up = (await w.as('student').get('/api/events?q=zebra')).json().data as CampusEvent[];
    expect(up.map((e) => [e.title, e.group])).toEqual([
      ['Tonight quiz zebra', 'today'],
      ['Far-off fest zebra', 'later'],
    ]);
    const gone = (await w.as('student').get('/api/events?when=past&q=zebra')).json().data as CampusEvent[];
    expect(gone.map((e) => [e.title, e.group])).toEqual([['Yesterday zebra', 'past']]);
    const byClub = await w.as('student').get(`/api/events?club=${club.slug}&category=technical&q=zebra&limit=1`);
    expect(byClub.json().pagination).toMatchObject({ total: 2 });
    expect((await w.as('student').get('/api/events?category=sports&q=zebra')).json().data).toEqual([]);
    expect((await w.as('student').get('/api/events?when=soon')).statusCode).toBe(400);
    expect(soon.group).toBe('today');
  });
});

describe('RSVP', () => {
  it('counts Going and Interested, moves between them, and takes an answer back', async () => {
    const e = await post({ capacity: 5 });
    expect((await rsvp(e.id, student, 'interested')).json().data).toMatchObject({ interestedCount: 1, goingCount: 0 });
    expect((await rsvp(e.id, student, 'going')).json().data).toMatchObject({
      interestedCount: 0,
      goingCount: 1,
      myRsvp: 'going',
    });
    expect((await rsvp(e.id, student, 'going')).json().data).toMatchObject({ goingCount: 1 });
    expect((await rsvp(e.id, student, 'none')).json().data).toMatchObject({ goingCount: 0, myRsvp: 'none' });
    expect((await rsvp(e.id, student, 'maybe')).json().errors.status).toBe(E.rsvpInvalid);
  });

  it('never goes over capacity, even when many answer Going at once', async () => {
    const e = await post({ capacity: 2 });
    const crowd = [student, third, fan, admin];
    const answers = await Promise.all(crowd.map((who) => rsvp(e.id, who, 'going')));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(2);
    const refused = answers.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(2);
    expect(refused[0]!.json().message).toBe(E.full);
    const [row] = await t.database.db.select().from(events).where(eq(events.id, e.id));
    expect(row!.goingCount).toBe(2);
    // Interested is never limited.
    const late = crowd.find((_, i) => answers[i]!.statusCode === 409)!;
    expect((await rsvp(e.id, late, 'interested')).statusCode).toBe(200);
  });

  it('shows the Going list to coordinators and admins only', async () => {
    const e = await post();
    await rsvp(e.id, student, 'going');
    const list = await w.as(coord).get(`/api/events/${e.id}/going`);
    expect(list.json().data.map((a: { userId: string }) => a.userId)).toEqual([student.userId]);
    expect((await w.as('admin').get(`/api/events/${e.id}/going`)).statusCode).toBe(200);
    expect((await w.as('student').get(`/api/events/${e.id}/going`)).statusCode).toBe(403);
  });
});

describe('changes', () => {
  it('edits, refuses a capacity below Going, cancels (telling who answered) and deletes', async () => {
    const e = await post({ capacity: 3 });
    await rsvp(e.id, student, 'going');
    await rsvp(e.id, third, 'going');
    const edited = await w.as(coord).send('PATCH', `/api/events/${e.id}`, { venue: 'Auditorium' });
    expect(edited.json().data.venue).toBe('Auditorium');
    const low = await w.as(coord).send('PATCH', `/api/events/${e.id}`, { capacity: 1 });
    expect(low.statusCode).toBe(400);
    expect(low.json().errors.capacity).toBe(E.capacityBelowGoing(2));
    const flip = await w
      .as(coord)
      .send('PATCH', `/api/events/${e.id}`, { endsAt: new Date(Date.now() + 60_000).toISOString() });
    expect(flip.json().errors.endsAt).toBe(E.endBeforeStart);
    expect((await w.as('student').send('PATCH', `/api/events/${e.id}`, { venue: 'x' })).statusCode).toBe(403);

    const cancelled = await w.as(coord).send('PATCH', `/api/events/${e.id}`, { cancelled: true });
    expect(cancelled.json()).toMatchObject({ message: E.cancelled, data: { cancelledAt: expect.any(String) } });
    expect((await w.notificationsOf('third'))[0]).toMatchObject({ type: 'alert', link: `/events/${e.id}` });
    expect((await rsvp(e.id, fan, 'going')).json().message).toBe(E.cancelledEvent);

    expect((await w.as('student').delete(`/api/events/${e.id}`)).statusCode).toBe(403);
    expect((await w.as(coord).delete(`/api/events/${e.id}`)).statusCode).toBe(200);
    expect((await w.as('student').get(`/api/events/${e.id}`)).statusCode).toBe(404);
  });
});

describe('a record kind', () => {
  it('is found by campus search, and leaves the feed and search once an administrator removes it', async () => {
    const e = await post({ title: 'Quokka appreciation meetup' });
    const found = await w.as('student').get('/api/search?q=quokka');
    const group = found.json().data.groups.find((g: { type: string }) => g.type === 'events');
    expect(group.items.map((h: { link: string }) => h.link)).toEqual([`/events/${e.id}`]);

    const report = await w.as('student').post('/api/reports', { targetType: 'event', targetId: e.id, reason: 'spam' });
    expect(report.statusCode, report.body).toBe(201);
    const resolved = await w.as('admin').post(`/api/admin/reports/${report.json().data.caseId}/resolve`, {
      action: 'remove',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);

    expect((await w.as('student').get('/api/events?q=quokka')).json().data).toEqual([]);
    const after = (await w.as('student').get('/api/search?q=quokka')).json().data.groups;
    expect(after.find((g: { type: string }) => g.type === 'events').items).toEqual([]);
    expect((await w.as('student').get(`/api/events/${e.id}`)).statusCode).toBe(404);
  });
});

describe('calendar', () => {
  /** The VEVENTs of an .ics text, parsed by ical.js. */
  function veventsOf(text: string) {
    const cal = new ICAL.Component(ICAL.parse(text));
    return cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
  }
  /** An instant as the institute's wall-clock time, `yyyy-MM-dd HH:mm`. */
  const local = (d: Date) =>
    new Intl.DateTimeFormat('sv-SE', { timeZone: TZ, dateStyle: 'short', timeStyle: 'short' }).format(d);

  it('downloads one event with its times and a stable UID', async () => {
    const day = new Date(Date.now() + 6 * 86_400_000).toISOString().slice(0, 10);
    const e = await post({ title: 'Calendar talk', startsAt: `${day}T17:30`, endsAt: `${day}T19:00` });
    const res = await w.as('student').get(`/api/events/${e.id}/ics`);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    const [ev] = veventsOf(res.body);
    expect(ev!.summary).toBe('Calendar talk');
    expect(local(ev!.startDate.toJSDate())).toBe(`${day} 17:30`);
    expect(local(ev!.endDate.toJSDate())).toBe(`${day} 19:00`);
    expect(ev!.uid).toMatch(new RegExp(`^${e.id}@`));
    const again = veventsOf((await w.as('fan').get(`/api/events/${e.id}/ics`)).body);
    expect(again[0]!.uid).toBe(ev!.uid);
  });

  it('serves a private feed of answered events, cancelled ones marked, and 404s a rotated token', async () => {
    const day = new Date(Date.now() + 8 * 86_400_000).toISOString().slice(0, 10);
    const kept = await post({ title: 'Feed keeps me', startsAt: `${day}T10:00`, endsAt: `${day}T11:15` });
    const off = await post({ title: 'Feed cancels me' });
    const skipped = await post({ title: 'Feed skips me' });
    await rsvp(kept.id, fan, 'going');
    await rsvp(off.id, fan, 'interested');
    await w.as(coord).send('PATCH', `/api/events/${off.id}`, { cancelled: true });

    const { url } = (await w.as('fan').get('/api/calendar/feed')).json().data as { url: string };
    const path = new URL(url).pathname;
    const feed = await w.as().get(path);
    expect(feed.statusCode).toBe(200);
    const byTitle = new Map(veventsOf(feed.body).map((ev) => [ev.summary, ev]));
    expect(byTitle.has(skipped.title)).toBe(false);
    expect(local(byTitle.get('Feed keeps me')!.startDate.toJSDate())).toBe(`${day} 10:00`);
    expect(local(byTitle.get('Feed keeps me')!.endDate.toJSDate())).toBe(`${day} 11:15`);
    expect(byTitle.get('Feed keeps me')!.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(byTitle.get('Feed cancels me')!.component.getFirstPropertyValue('status')).toBe('CANCELLED');

    const rotated = (await w.as('fan').post('/api/calendar/feed/rotate')).json().data as { url: string };
    expect(rotated.url).not.toBe(url);
    expect((await w.as().get(path)).statusCode).toBe(404);
    expect((await w.as().get(new URL(rotated.url).pathname)).statusCode).toBe(200);
    expect((await w.as().get('/api/calendar/nonsense.ics')).statusCode).toBe(404);
  });
});

describe('reminders', () => {
  const reminders = async (who: SignedIn, id: string) =>
    (await w.notificationsOf(who)).filter((n) => n.link === `/events/${id}` && n.message.startsWith('Reminder:'));

  it('reminds Going and Interested students once, even when several instances run at once', async () => {
    const e = await post({ title: 'Reminder check' });
    await rsvp(e.id, student, 'going');
    await rsvp(e.id, third, 'interested');
    expect(await reminders(student, e.id)).toEqual([]);
    // The event moves into the reminder window (default 60 minutes).
    await t.database.db
      .update(events)
      .set({ startsAt: new Date(Date.now() + 30 * 60_000), endsAt: new Date(Date.now() + 90 * 60_000) })
      .where(eq(events.id, e.id));
    const ctx = t.app.ctx;
    const sent = await Promise.all([sendDueReminders(ctx), sendDueReminders(ctx), sendDueReminders(ctx)]);
    expect(sent.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(2);
    expect(await sendDueReminders(ctx)).toBe(0);
    expect(await reminders(student, e.id)).toHaveLength(1);
    expect(await reminders(third, e.id)).toHaveLength(1);
    expect((await reminders(student, e.id))[0]!.message).toMatch(/^Reminder: "Reminder check" starts at /);
  });

  it('reminds at once a student who answers inside the window, and never twice', async () => {
    const e = await post({
      title: 'Starting soon',
      startsAt: new Date(Date.now() + 20 * 60_000).toISOString(),
      endsAt: new Date(Date.now() + 80 * 60_000).toISOString(),
    });
    await rsvp(e.id, fan, 'interested');
    expect(await reminders(fan, e.id)).toHaveLength(1);
    await rsvp(e.id, fan, 'going');
    await sendDueReminders(t.app.ctx);
    expect(await reminders(fan, e.id)).toHaveLength(1);
  });
});
