/**
 * The in-process cache of a mess's day through HTTP on a real database (docs/mess.md "Cost",
 * docs/decisions/0601-mess-day-cache.md): a day read once is kept (a change no NOTIFY announces is
 * not seen until the NOTIFY comes), and every write that changes what the day shows — a rating, the
 * cycle as JSON or from a CSV, a day's override, a notice, the mess itself — shows in the next
 * `GET /api/mess/today` of another student; on PostgreSQL, also on a second instance. A student's
 * own part (which mess, their ratings) is kept too, until any mess change is announced; a pick, a
 * hostel saved in the profile and a new mess serving their hostel show in their next read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Mess, MessToday } from '@campus/contract/mess';
import { buildApp, type App } from '../../app.ts';
import { openPostgres } from '../../db/client.ts';
import { messMealDays, messRatings } from '../../db/schema/mess.ts';
import { addDays, todayIn } from '../../lib/dates.ts';
import { nextClientIp, testWorldHooks } from '../../test/helpers.ts';
import { MESS_CHANNEL, messDayCacheOf } from './mess.cache.ts';

const ADMIN = 'mess.cache.admin@iiitsonepat.ac.in';
const w = testWorldHooks(['asha', 'bilal', 'admin'], { ADMIN_EMAILS: ADMIN, TRUST_PROXY: '127.0.0.1' });
const TZ = 'Asia/Kolkata';
const today = todayIn(TZ);
const week = (dish: string) =>
  [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, meal: 'lunch', dishes: [{ name: dish, diet: 'veg' }] }));

let messId = '';
beforeAll(async () => {
  // Lunch from 00:00: it has started whenever the test runs, so it can be rated today.
  const made = await w.as('admin').post('/api/mess', {
    name: 'Cache Mess',
    hostels: [],
    meals: [{ meal: 'lunch', start: '00:00', end: '00:01' }],
  });
  messId = made.json().data.id;
  const menu = await w
    .as('admin')
    .put(`/api/mess/${messId}/menu`, { validFrom: addDays(today, -7), week: week('Rajma') });
  expect(menu.statusCode).toBe(200);
});

const todayOf = async (who: 'asha' | 'bilal') => {
  const res = await w.as(who).get(`/api/mess/today?mess=${messId}`);
  expect(res.statusCode).toBe(200);
  return res.json().data as MessToday;
};
const lunchOf = async (who: 'asha' | 'bilal') => (await todayOf(who)).meals.find((m) => m.meal === 'lunch')!;
/** Polls `read` every 10 ms until `ok` holds (at most `ms`); returns what was read last. */
async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 2_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() - start > ms) return v;
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('the cached day of a mess', () => {
  it('keeps a day read once: a change no NOTIFY announces shows only when one comes', async () => {
    const before = await lunchOf('bilal');
    expect(before.rating).toEqual({ average: null, count: 0 });
    expect(messDayCacheOf(w.t.app.ctx)!.size).toBeGreaterThan(0);
    // Written behind the app's back: no write path, no NOTIFY.
    await w.t.app.ctx.db.insert(messMealDays).values({ messId, date: today, meal: 'lunch', starsSum: 3, count: 1 });
    expect((await lunchOf('bilal')).rating).toEqual({ average: null, count: 0 });
    await w.t.app.ctx.db.execute(sql`SELECT pg_notify(${MESS_CHANNEL}, ${messId})`);
    expect(
      (
        await until(
          () => lunchOf('bilal'),
          (l) => l.rating.count === 1,
        )
      ).rating,
    ).toEqual({ average: 3, count: 1 });
    await w.t.app.ctx.db.delete(messMealDays).where(eq(messMealDays.messId, messId));
    await w.t.app.ctx.db.execute(sql`SELECT pg_notify(${MESS_CHANNEL}, ${messId})`);
    expect(
      (
        await until(
          () => lunchOf('bilal'),
          (l) => l.rating.count === 0,
        )
      ).rating.count,
    ).toBe(0);
  });

  it('shows a rating by one student in another student’s next read, with only the rater’s own rating', async () => {
    expect((await lunchOf('bilal')).dishes[0]!.rating).toEqual({ average: null, count: 0 });
    const rated = await w.as('asha').put('/api/mess/ratings', { mess: messId, date: today, meal: 'lunch', stars: 4 });
    expect(rated.statusCode).toBe(200);
    const seen = await lunchOf('bilal');
    expect(seen.rating).toEqual({ average: 4, count: 1 });
    expect(seen.dishes[0]!.rating).toEqual({ average: 4, count: 1 });
    expect(seen.myRating).toBeNull();
    expect((await lunchOf('asha')).myRating).toEqual({ stars: 4, comment: null });

    await w.as('bilal').put('/api/mess/ratings', { mess: messId, date: today, meal: 'lunch', stars: 2 });
    const both = await lunchOf('asha');
    expect(both.rating).toEqual({ average: 3, count: 2 });
    expect(both.myRating).toEqual({ stars: 4, comment: null });
    expect((await lunchOf('bilal')).myRating).toEqual({ stars: 2, comment: null });
  });

  it('shows the cycle as JSON, the CSV import, a day’s override, a notice and the mess’s new name at once', async () => {
    const dishes = async () => (await lunchOf('bilal')).dishes.map((d) => d.name);
    expect(await dishes()).toEqual(['Rajma']);

    const put = await w.as('admin').put(`/api/mess/${messId}/menu`, { validFrom: today, week: week('Kadhi') });
    expect(put.statusCode).toBe(200);
    expect(await dishes()).toEqual(['Kadhi']);

    const csv = [
      'day,meal,dishes',
      ...['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].map((d) => `${d},lunch,Chole`),
    ];
    const imported = await w.t.app.inject({
      method: 'POST',
      url: `/api/mess/${messId}/menu/import?validFrom=${today}`,
      payload: csv.join('\n'),
      headers: { 'content-type': 'text/csv', cookie: w.users.admin.cookie, 'x-forwarded-for': nextClientIp() },
    });
    expect(imported.statusCode).toBe(200);
    expect(await dishes()).toEqual(['Chole']);

    const day = await w.as('admin').put(`/api/mess/${messId}/days/${today}`, {
      closed: false,
      note: 'Festival lunch',
      meals: [{ meal: 'lunch', dishes: [{ name: 'Paneer', diet: 'veg' }] }],
    });
    expect(day.statusCode).toBe(200);
    expect(await dishes()).toEqual(['Paneer']);
    expect((await todayOf('bilal')).note).toBe('Festival lunch');

    const notice = await w.as('admin').post(`/api/mess/${messId}/notices`, { text: 'Lunch is late today' });
    expect(notice.statusCode).toBe(201);
    expect((await todayOf('bilal')).notices.map((n) => n.text)).toEqual(['Lunch is late today']);

    const renamed = await w.as('admin').put(`/api/mess/${messId}`, {
      name: 'Cache Mess II',
      hostels: [],
      meals: [{ meal: 'lunch', start: '00:00', end: '00:01' }],
    });
    expect(renamed.statusCode).toBe(200);
    expect((await todayOf('bilal')).mess).toEqual({ id: messId, name: 'Cache Mess II' });
  });
});

describe('a student’s own part of the day', () => {
  const ownOf = async (who: 'asha' | 'bilal') => {
    const res = await w.as(who).get('/api/mess/today');
    expect(res.statusCode).toBe(200);
    return res.json().data as MessToday;
  };

  it('is kept while nothing changes: their rating changed behind the app’s back shows when a NOTIFY comes', async () => {
    // The rating's own NOTIFY reaches this instance after the answer (on PostgreSQL): wait for it,
    // so the read below is kept past it.
    let heard!: () => void;
    const notified = new Promise<void>((resolve) => (heard = resolve));
    const unlisten = await w.t.app.ctx.database.listen(MESS_CHANNEL, (payload) => payload === messId && heard());
    const rated = await w.as('asha').put('/api/mess/ratings', { mess: messId, date: today, meal: 'lunch', stars: 3 });
    expect(rated.statusCode).toBe(200);
    await notified;
    await unlisten();
    expect((await lunchOf('asha')).myRating).toEqual({ stars: 3, comment: null });
    // The comment only: the aggregates stay true for the tests after this one.
    await w.t.app.ctx.db
      .update(messRatings)
      .set({ comment: 'Written in SQL' })
      .where(eq(messRatings.userId, w.users.asha.userId));
    expect((await lunchOf('asha')).myRating).toEqual({ stars: 3, comment: null });
    await w.t.app.ctx.db.execute(sql`SELECT pg_notify(${MESS_CHANNEL}, ${messId})`);
    const mine = await until(
      () => lunchOf('asha'),
      (l) => l.myRating?.comment !== null,
    );
    expect(mine.myRating).toEqual({ stars: 3, comment: 'Written in SQL' });
  });

  it('follows a hostel saved in the profile, a pick, and a new mess for their hostel at once', async () => {
    const messes = (await w.as('admin').get('/api/mess')).json().data as Mess[];
    const [first, second] = messes.filter((m) => m.hostels.length > 0) as [Mess, Mess];
    expect((await w.as('bilal').put('/api/users/update', { hostel: first.hostels[0] })).statusCode).toBe(200);
    // The session's user row follows the profile through the session cache's own NOTIFY.
    const byHostel = await until(
      () => ownOf('bilal'),
      (d) => d.mess?.id === first.id,
    );
    expect(byHostel.mess?.id).toBe(first.id);
    expect((await w.as('bilal').put('/api/users/update', { hostel: second.hostels[0] })).statusCode).toBe(200);
    expect(
      (
        await until(
          () => ownOf('bilal'),
          (d) => d.mess?.id === second.id,
        )
      ).mess?.id,
    ).toBe(second.id);

    expect((await w.as('bilal').put('/api/mess/mine', { mess: messId })).statusCode).toBe(200);
    expect((await ownOf('bilal')).mess?.id).toBe(messId);

    // A hostel no mess serves (the second mess gives one up): none, until a new mess takes it.
    const [spare, ...kept] = second.hostels as [string, ...string[]];
    const { name, meals } = second;
    expect((await w.as('admin').put(`/api/mess/${second.id}`, { name, meals, hostels: kept })).statusCode).toBe(200);
    expect((await w.as('asha').put('/api/users/update', { hostel: spare })).statusCode).toBe(200);
    expect(
      (
        await until(
          () => ownOf('asha'),
          (d) => d.mess === null,
        )
      ).mess,
    ).toBeNull();
    const made = await w.as('admin').post('/api/mess', {
      name: 'Spare Mess',
      hostels: [spare],
      meals: [{ meal: 'lunch', start: '00:00', end: '00:01' }],
    });
    expect(made.statusCode).toBe(201);
    expect((await ownOf('asha')).mess?.name).toBe('Spare Mess');
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('across two instances on one PostgreSQL', () => {
  let appB: App;
  let closeB: () => Promise<void>;
  beforeAll(async () => {
    const result = (await w.t.database.db.execute(sql`SELECT current_database() AS name`)) as unknown as {
      rows: { name: string }[];
    };
    const u = new URL(process.env.TEST_DATABASE_URL!);
    u.pathname = `/${result.rows[0]!.name}`;
    const databaseB = await openPostgres(u.toString(), 3);
    appB = await buildApp({ config: w.t.config, database: databaseB, logger: false });
    await appB.ready();
    closeB = async () => {
      await appB.close();
      await databaseB.close();
    };
  }, 60_000);
  afterAll(async () => {
    await closeB?.();
  });

  const lunchOnB = async () => {
    const res = await appB.inject({
      method: 'GET',
      url: `/api/mess/today?mess=${messId}`,
      headers: { cookie: w.users.bilal.cookie },
    });
    expect(res.statusCode).toBe(200);
    return (res.json().data as MessToday).meals.find((m) => m.meal === 'lunch')!;
  };

  it('drops instance B’s cached day when a student rates through instance A', async () => {
    const before = await lunchOnB();
    expect(messDayCacheOf(appB.ctx)!.size).toBeGreaterThan(0);
    const rated = await w.as('asha').put('/api/mess/ratings', { mess: messId, date: today, meal: 'lunch', stars: 5 });
    expect(rated.statusCode).toBe(200);
    const after = await until(lunchOnB, (l) => l.rating.average !== before.rating.average, 1_000);
    expect(after.rating).toEqual({ average: (5 + 2) / 2, count: 2 });

    const notice = await w.as('admin').post(`/api/mess/${messId}/notices`, { text: 'Seen on B' });
    expect(notice.statusCode).toBe(201);
    const onB = async () =>
      (
        await appB.inject({
          method: 'GET',
          url: `/api/mess/today?mess=${messId}`,
          headers: { cookie: w.users.bilal.cookie },
        })
      ).json().data as MessToday;
    expect((await until(onB, (d) => d.notices.some((n) => n.text === 'Seen on B'), 1_000)).notices[0]!.text).toBe(
      'Seen on B',
    );
  });
});
