/**
 * Ratings, managers and the feedback page through HTTP on a real database (docs/mess.md,
 * docs/decisions/0600-mess-rating-aggregate.md): a rating counts for each dish of its meal and for
 * the meal's day, a changed rating moves only the sums, the refusals, the hourly ceiling, and the
 * feedback that only the mess's managers and administrators read.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { TZDate } from '@date-fns/tz';
import { MESS_MESSAGES as M, type Mess, type MessComment, type MessFeedback } from '@campus/contract/mess';
import { messDishDays } from '../../db/schema/mess.ts';
import { users as usersTable } from '../../db/schema/users.ts';
import { addDays, isoWeekday, todayIn } from '../../lib/dates.ts';
import { testWorldHooks } from '../../test/helpers.ts';
import { demoWeek } from './mess.seed.ts';
import * as service from './mess.service.ts';

const ADMIN = 'mess.ratings.admin@iiitsonepat.ac.in';
const w = testWorldHooks(['asha', 'bilal', 'manager', 'spammer', 'admin'], {
  ADMIN_EMAILS: ADMIN,
  TRUST_PROXY: '127.0.0.1',
});
const TZ = 'Asia/Kolkata';
const today = todayIn(TZ);
const yesterday = addDays(today, -1);

const messNamed = async (name: string) =>
  ((await w.as('admin').get('/api/mess')).json().data as Mess[]).find((m) => m.name === name)!;
const rate = (who: 'asha' | 'bilal' | 'manager' | 'spammer', body: object) => w.as(who).put('/api/mess/ratings', body);
const viewerRow = async (who: 'asha' | 'bilal') =>
  (await w.t.app.ctx.db.select().from(usersTable).where(eq(usersTable.id, w.users[who].userId)))[0]!;
const at = (date: string, h: number, m: number) => {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, mo - 1, d, h, m, 0, 0, TZ).getTime());
};

describe('rating a meal', () => {
  it('counts for each dish of the meal and for the meal’s day; a change moves only the sums', async () => {
    const north = await messNamed('North Mess');
    const first = await rate('asha', {
      mess: north.id,
      date: yesterday,
      meal: 'lunch',
      stars: 4,
      comment: 'Rajma was great',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ message: M.ratingSaved, data: { stars: 4, comment: 'Rajma was great' } });
    expect((await rate('bilal', { mess: north.id, date: yesterday, meal: 'lunch', stars: 2 })).statusCode).toBe(200);

    const lunchDishes = demoWeek(0)[String(isoWeekday(yesterday))]!.lunch!.map((d) => d.name);
    const lunchOf = async () =>
      (await service.today(w.t.app.ctx, await viewerRow('asha'), north.id, at(yesterday, 13, 0))).meals.find(
        (m) => m.meal === 'lunch',
      )!;
    let lunch = await lunchOf();
    expect(lunch.dishes.map((d) => [d.name, d.rating])).toEqual(lunchDishes.map((n) => [n, { average: 3, count: 2 }]));
    expect(lunch.rating).toEqual({ average: 3, count: 2 });
    expect(lunch.myRating).toEqual({ stars: 4, comment: 'Rajma was great' });

    expect((await rate('asha', { mess: north.id, date: yesterday, meal: 'lunch', stars: 5 })).statusCode).toBe(200);
    lunch = await lunchOf();
    expect(lunch.rating).toEqual({ average: 3.5, count: 2 });
    expect(lunch.dishes[0]!.rating).toEqual({ average: 3.5, count: 2 });
    expect(lunch.myRating).toEqual({ stars: 5, comment: null });
    const rows = await w.t.app.ctx.db
      .select()
      .from(messDishDays)
      .where(and(eq(messDishDays.messId, north.id), eq(messDishDays.date, yesterday)));
    expect(rows.map((r) => [r.dish, r.starsSum, r.count]).sort()).toEqual(lunchDishes.map((n) => [n, 7, 2]).sort());
  });

  it.each([
    ['no stars', { stars: undefined }, M.starsInvalid],
    ['0 stars', { stars: 0 }, M.starsInvalid],
    ['6 stars', { stars: 6 }, M.starsInvalid],
    ['3.5 stars', { stars: 3.5 }, M.starsInvalid],
    ['a comment over 500 characters', { comment: 'x'.repeat(501) }, M.commentTooLong],
    ['a day 3 days back', { date: addDays(today, -3) }, M.dateOutOfRange],
    ['tomorrow', { date: addDays(today, 1) }, M.dateOutOfRange],
    ['a bad date', { date: '2026-13-01' }, M.dateInvalid],
    ['an unknown meal', { meal: 'brunch' }, M.mealInvalid],
    ['an unknown mess', { mess: '01900000-0000-7000-8000-000000000000' }, M.messUnknown],
  ])('refuses %s with 400', async (_what, over, message) => {
    const north = await messNamed('North Mess');
    const res = await rate('bilal', { mess: north.id, date: yesterday, meal: 'lunch', stars: 3, ...over });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('refuses a meal that has not started, and one the mess does not serve that day', async () => {
    const north = await messNamed('North Mess');
    await expect(
      service.rateMeal(
        w.t.app.ctx,
        await viewerRow('bilal'),
        { mess: north.id, date: today, meal: 'dinner', stars: 3 },
        at(today, 19, 29),
      ),
    ).rejects.toMatchObject({ statusCode: 400, message: M.mealNotStarted });
    const bare = await w.as('admin').post('/api/mess', {
      name: 'Bare Mess',
      hostels: [],
      meals: [{ meal: 'lunch', start: '00:00', end: '00:01' }],
    });
    const res = await rate('bilal', { mess: bare.json().data.id, date: yesterday, meal: 'lunch', stars: 3 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(M.mealNotServed);
  });

  it('allows 60 ratings an hour per student, then 429', async () => {
    const north = await messNamed('North Mess');
    const body = { mess: north.id, date: yesterday, meal: 'breakfast', stars: 3 };
    for (let i = 0; i < 60; i++) expect((await rate('spammer', body)).statusCode).toBe(200);
    expect((await rate('spammer', body)).statusCode).toBe(429);
  });
});

describe('managers and the feedback page', () => {
  it('lets administrators appoint managers, who read their mess’s averages and comments', async () => {
    const north = await messNamed('North Mess');
    const south = await messNamed('South Mess');
    const unknown = await w
      .as('admin')
      .put(`/api/mess/${north.id}/managers`, { emails: ['nobody.12345678@iiitsonepat.ac.in'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(M.managerUnknown('nobody.12345678@iiitsonepat.ac.in'));
    expect((await w.as('manager').put(`/api/mess/${north.id}/managers`, { emails: [] })).statusCode).toBe(403);

    const appointed = await w.as('admin').put(`/api/mess/${north.id}/managers`, {
      emails: [w.users.manager.email.toUpperCase()],
    });
    expect(appointed.statusCode).toBe(200);
    expect(appointed.json().data.managers).toEqual([expect.objectContaining({ id: w.users.manager.userId })]);
    const asManager = (await w.as('manager').get('/api/mess')).json().data as Mess[];
    expect(asManager.map((m) => [m.name, m.canManage, m.managers])).toEqual(
      expect.arrayContaining([
        ['North Mess', true, []],
        ['South Mess', false, []],
      ]),
    );

    await rate('asha', { mess: north.id, date: yesterday, meal: 'dinner', stars: 1, comment: 'Cold rotis again' });
    const fb = await w.as('manager').get(`/api/mess/${north.id}/feedback`);
    expect(fb.statusCode).toBe(200);
    const data = fb.json().data as MessFeedback;
    expect(data.to).toBe(today);
    expect(data.from).toBe(addDays(today, -27));
    const day = data.days.find((d) => d.date === yesterday)!;
    expect(day.meals.find((m) => m.meal === 'dinner')).toEqual({ meal: 'dinner', average: 1, count: 1 });

    const comments = await w.as('manager').get(`/api/mess/${north.id}/feedback/comments?page=1&limit=20`);
    expect(comments.statusCode).toBe(200);
    const list = comments.json().data as MessComment[];
    expect(list[0]).toMatchObject({ meal: 'dinner', stars: 1, comment: 'Cold rotis again', date: yesterday });
    expect(list.every((c) => c.comment.length > 0)).toBe(true);
    expect(comments.json().pagination).toMatchObject({ page: 1, limit: 20 });

    for (const res of [
      await w.as('bilal').get(`/api/mess/${north.id}/feedback`),
      await w.as('bilal').get(`/api/mess/${north.id}/feedback/comments`),
      await w.as('manager').get(`/api/mess/${south.id}/feedback`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(M.notManager);
    }
    expect((await w.as('admin').get(`/api/mess/${south.id}/feedback`)).statusCode).toBe(200);
  });
});
