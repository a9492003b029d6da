/**
 * The mess menu through HTTP on a real database (docs/mess.md): the default messes and their week,
 * a student's own mess (hostel, then their pick), today's meals and where each stands, the week,
 * the administrators' mess form with its refusals, and the audit trail.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TZDate } from '@date-fns/tz';
import {
  MESS_FEEDBACK_DAYS,
  MESS_MESSAGES as M,
  type Mess,
  type MessToday,
  type MessWeek,
} from '@campus/contract/mess';
import { messAudit } from '../../db/schema/mess.ts';
import { users as usersTable } from '../../db/schema/users.ts';
import { addDays, isoWeekday, todayIn } from '../../lib/dates.ts';
import { testWorldHooks } from '../../test/helpers.ts';
import { demoWeek } from './mess.seed.ts';
import * as service from './mess.service.ts';

const ADMIN = 'mess.admin@iiitsonepat.ac.in';
const w = testWorldHooks(['student', 'drifter', 'admin'], { ADMIN_EMAILS: ADMIN, TRUST_PROXY: '127.0.0.1' });
const TZ = 'Asia/Kolkata';
const UNKNOWN = '01900000-0000-7000-8000-000000000000';

const messes = async (who: 'student' | 'drifter' | 'admin' = 'student') =>
  (await w.as(who).get('/api/mess')).json().data as Mess[];
const byName = async (name: string) => (await messes()).find((m) => m.name === name)!;

describe('messes and a student’s own mess', () => {
  it('starts with two messes sharing the institute’s hostels, each with four meals', async () => {
    const list = await messes();
    expect(list.map((m) => m.name)).toEqual(['North Mess', 'South Mess']);
    expect(list[0]!.hostels).toEqual(['CECT Hostel', 'Coho Hostel']);
    expect(list[1]!.hostels).toEqual(['Supermax Flats', 'Tdi flats']);
    expect(list[0]!.meals).toEqual([
      { meal: 'breakfast', start: '07:30', end: '09:30' },
      { meal: 'lunch', start: '12:30', end: '14:30' },
      { meal: 'snacks', start: '17:00', end: '18:00' },
      { meal: 'dinner', start: '19:30', end: '21:30' },
    ]);
    expect(list.every((m) => !m.mine && !m.canManage)).toBe(true);
    expect((await messes('admin')).every((m) => m.canManage)).toBe(true);
  });

  it('is the mess of the profile’s hostel, then the one they pick', async () => {
    const none = (await w.as('drifter').get('/api/mess/today')).json().data as MessToday;
    expect(none).toMatchObject({ mess: null, meals: [], date: todayIn(TZ) });

    const upd = await w.as('student').put('/api/users/update', { hostel: 'Supermax Flats' });
    expect(upd.statusCode).toBe(200);
    const south = await byName('South Mess');
    expect(south.mine).toBe(true);
    const today = (await w.as('student').get('/api/mess/today')).json().data as MessToday;
    expect(today.mess).toEqual({ id: south.id, name: 'South Mess' });

    const north = await byName('North Mess');
    const pick = await w.as('student').put('/api/mess/mine', { mess: north.id });
    expect(pick.statusCode).toBe(200);
    expect(pick.json()).toMatchObject({ message: M.choiceSaved, data: { mess: north.id } });
    expect((await byName('North Mess')).mine).toBe(true);
    expect(((await w.as('student').get('/api/mess/today')).json().data as MessToday).mess?.name).toBe('North Mess');
  });

  it('refuses an unknown mess with 400', async () => {
    for (const res of [
      await w.as('student').get(`/api/mess/today?mess=${UNKNOWN}`),
      await w.as('student').get('/api/mess/today?mess=north'),
      await w.as('student').put('/api/mess/mine', { mess: UNKNOWN }),
      await w.as('student').put('/api/mess/mine', {}),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(M.messUnknown);
    }
  });
});

describe('today and the week', () => {
  it('answers today’s meals of a named mess with their dishes, diet marks and ratings', async () => {
    const north = await byName('North Mess');
    const res = await w.as('drifter').get(`/api/mess/today?mess=${north.id}`);
    expect(res.statusCode).toBe(200);
    const today = res.json().data as MessToday;
    const week = demoWeek(0)[String(isoWeekday(todayIn(TZ)))]!;
    expect(today.meals.map((m) => m.meal)).toEqual(['breakfast', 'lunch', 'snacks', 'dinner']);
    expect(today.meals[1]!.dishes).toEqual(week.lunch!.map((d) => ({ ...d, rating: { average: null, count: 0 } })));
    expect(today.meals.filter((m) => m.state === 'now').length).toBeLessThanOrEqual(1);
    expect(today.meals.filter((m) => m.state === 'next').length).toBeLessThanOrEqual(1);
  });

  it('marks each meal over, now, next or later at a given instant in the institute’s zone', async () => {
    const north = await byName('North Mess');
    const date = todayIn(TZ);
    const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
    const at = (h: number, m: number) => new Date(new TZDate(y, mo - 1, d, h, m, 0, 0, TZ).getTime());
    const [viewer] = await w.t.app.ctx.db.select().from(usersTable).where(eq(usersTable.id, w.users.drifter.userId));
    const states = async (now: Date) =>
      (await service.today(w.t.app.ctx, viewer!, north.id, now)).meals.map((m) => m.state);
    expect(await states(at(13, 0))).toEqual(['over', 'now', 'next', 'later']);
    expect(await states(at(6, 0))).toEqual(['next', 'later', 'later', 'later']);
    expect(await states(at(14, 30))).toEqual(['over', 'over', 'next', 'later']);
    expect(await states(at(22, 0))).toEqual(['over', 'over', 'over', 'over']);
    const lunch = (await service.today(w.t.app.ctx, viewer!, north.id, at(13, 0))).meals[1]!;
    expect(lunch.startsAt).toBe(at(12, 30).toISOString());
    expect(lunch.endsAt).toBe(at(14, 30).toISOString());
  });

  it('answers 7 days of a mess from a date, with the egg and non-veg marks of the week', async () => {
    const south = await byName('South Mess');
    const from = addDays(todayIn(TZ), 1);
    const res = await w.as('student').get(`/api/mess/${south.id}/week?from=${from}`);
    expect(res.statusCode).toBe(200);
    const week = res.json().data as MessWeek;
    expect(week.mess).toEqual({ id: south.id, name: 'South Mess' });
    expect(week.days.map((d) => d.date)).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => addDays(from, i)));
    const cycle = demoWeek(3);
    for (const day of week.days) {
      expect(day.weekday).toBe(isoWeekday(day.date));
      expect(day.meals.map((m) => [m.meal, m.start, m.dishes])).toEqual(
        (['breakfast', 'lunch', 'snacks', 'dinner'] as const).map((meal) => [
          meal,
          south.meals.find((s) => s.meal === meal)!.start,
          cycle[String(day.weekday)]![meal],
        ]),
      );
    }
    const diets = new Set(week.days.flatMap((d) => d.meals.flatMap((m) => m.dishes.map((x) => x.diet))));
    expect([...diets].sort()).toEqual(['egg', 'non-veg', 'veg']);
  });

  it('serves the default menus on every day back to the feedback page’s first, whatever today’s weekday', async () => {
    for (const mess of [await byName('North Mess'), await byName('South Mess')])
      for (let back = MESS_FEEDBACK_DAYS - 1; back >= 0; back -= 7) {
        const from = addDays(todayIn(TZ), -back);
        const week = (await w.as('student').get(`/api/mess/${mess.id}/week?from=${from}`)).json().data as MessWeek;
        for (const day of week.days.filter((d) => d.date <= todayIn(TZ)))
          expect([day.date, day.meals.map((m) => m.dishes.length > 0)]).toEqual([day.date, [true, true, true, true]]);
      }
  });

  it('starts the week today by default; 400 for a bad date, 404 for an unknown mess', async () => {
    const north = await byName('North Mess');
    const week = (await w.as('student').get(`/api/mess/${north.id}/week`)).json().data as MessWeek;
    expect(week.from).toBe(todayIn(TZ));
    const bad = await w.as('student').get(`/api/mess/${north.id}/week?from=2026-02-30`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(M.dateInvalid);
    const unknown = await w.as('student').get(`/api/mess/${UNKNOWN}/week`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(M.notFound);
  });

  it('shows no meals before a mess has a menu', async () => {
    const made = await w.as('admin').post('/api/mess', {
      name: 'Night Canteen',
      hostels: [],
      meals: [{ meal: 'dinner', start: '22:00', end: '23:30' }],
    });
    const week = (await w.as('student').get(`/api/mess/${made.json().data.id}/week`)).json().data as MessWeek;
    expect(week.days.every((d) => d.meals.length === 0 && !d.closed)).toBe(true);
  });
});

describe('administrators’ messes', () => {
  const body = (over: object = {}) => ({
    name: 'Annexe Mess',
    hostels: [],
    meals: [
      { meal: 'lunch', start: '12:00', end: '14:00' },
      { meal: 'breakfast', start: '07:00', end: '09:00' },
    ],
    ...over,
  });

  it('creates and edits a mess (meals in serving order), audited; students get 403', async () => {
    expect((await w.as('student').post('/api/mess', body())).statusCode).toBe(403);
    const made = await w.as('admin').post('/api/mess', body());
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ message: M.created, data: { name: 'Annexe Mess', canManage: true } });
    const id = made.json().data.id as string;
    expect(made.json().data.meals.map((m: { meal: string }) => m.meal)).toEqual(['breakfast', 'lunch']);

    const edited = await w.as('admin').put(`/api/mess/${id}`, body({ name: 'Annexe Mess II' }));
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.name).toBe('Annexe Mess II');
    expect((await w.as('student').put(`/api/mess/${id}`, body())).statusCode).toBe(403);

    const trail = await w.t.app.ctx.db.select().from(messAudit).where(eq(messAudit.messId, id));
    expect(trail.map((r) => [r.action, r.userId])).toEqual([
      ['create', w.users.admin.userId],
      ['update', w.users.admin.userId],
    ]);
  });

  it.each([
    ['a name taken', { name: 'North Mess' }, 409, M.nameTaken],
    ['an unknown hostel', { hostels: ['Atlantis'] }, 400, M.hostelsInvalid],
    ['a hostel another mess serves', { hostels: ['Coho Hostel'] }, 409, M.hostelTaken('Coho Hostel', 'North Mess')],
    ['no meals', { meals: [] }, 400, M.mealsRequired],
    ['a meal twice', { meals: [body().meals[0], body().meals[0]] }, 400, M.mealRepeated],
    [
      'a meal ending before it starts',
      { meals: [{ meal: 'lunch', start: '14:00', end: '12:00' }] },
      400,
      M.endBeforeStart,
    ],
    [
      'overlapping meals',
      {
        meals: [
          { meal: 'lunch', start: '12:00', end: '14:00' },
          { meal: 'snacks', start: '13:30', end: '15:00' },
        ],
      },
      400,
      M.mealsOverlap,
    ],
    ['a bad time', { meals: [{ meal: 'lunch', start: '25:00', end: '26:00' }] }, 400, M.timeInvalid],
    ['an unknown meal', { meals: [{ meal: 'brunch', start: '10:00', end: '11:00' }] }, 400, M.mealInvalid],
    ['no name', { name: ' ' }, 400, M.nameRequired],
  ])('refuses %s', async (_what, over, status, message) => {
    const res = await w.as('admin').post('/api/mess', body({ name: `Refused ${Math.random()}`, ...over }));
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
  });

  it('answers 404 for an unknown mess and keeps a hostel with its mess on edit', async () => {
    const unknown = await w.as('admin').put(`/api/mess/${UNKNOWN}`, body({ name: 'Ghost Mess' }));
    expect(unknown.statusCode).toBe(404);
    const north = await byName('North Mess');
    const same = await w.as('admin').put(`/api/mess/${north.id}`, {
      name: 'North Mess',
      hostels: north.hostels,
      meals: north.meals,
    });
    expect(same.statusCode).toBe(200);
  });
});
