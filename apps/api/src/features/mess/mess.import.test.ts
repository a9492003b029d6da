/**
 * The menu's CSV import and PUT menu through HTTP (docs/mess.md): the dry run previews the week and
 * names every bad row with its line number and reason; an import with a bad row stores nothing; a
 * clean import replaces the cycle from its date in one transaction, audited; only the mess's
 * managers and administrators may.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  MESS_CSV_REASONS as R,
  MESS_MESSAGES as M,
  type MenuImport,
  type Mess,
  type MessWeek,
} from '@campus/contract/mess';
import { messAudit, messMenus } from '../../db/schema/mess.ts';
import { addDays, isoWeekday, todayIn } from '../../lib/dates.ts';
import { nextClientIp, testWorldHooks } from '../../test/helpers.ts';
import { parseMenuCsv } from './mess.parser.ts';

const ADMIN = 'mess.import.admin@iiitsonepat.ac.in';
const w = testWorldHooks(['manager', 'student', 'admin'], { ADMIN_EMAILS: ADMIN, TRUST_PROXY: '127.0.0.1' });
const TZ = 'Asia/Kolkata';

const GOOD = [
  'day,meal,dishes',
  'Monday,lunch,Rajma; Jeera Rice; Boondi Raita',
  'Mon,dinner,"Egg Curry (egg); Roti"',
].join('\n');
const BAD = [
  'day,meal,dishes',
  'Monday,lunch,Rajma; Rice',
  'Funday,lunch,Poha',
  'Tuesday,brunch,Poha',
  'Tuesday,lunch,',
  'Monday,lunch,Chole',
  'Wednesday,lunch',
].join('\r\n');

let messId = '';
const send = (who: 'manager' | 'student' | 'admin', body: string, query = '') =>
  w.t.app.inject({
    method: 'POST',
    url: `/api/mess/${messId}/menu/import${query}`,
    payload: body,
    headers: { 'content-type': 'text/csv', cookie: w.users[who].cookie, 'x-forwarded-for': nextClientIp() },
  });

describe('the CSV import of a week', () => {
  it('reads days, meals and diet marks; names each bad row with its line and reason', () => {
    const good = parseMenuCsv(GOOD, ['lunch', 'dinner']);
    expect(good.errors).toEqual([]);
    expect(good.week).toEqual([
      {
        day: 1,
        meal: 'lunch',
        dishes: [
          { name: 'Rajma', diet: 'veg' },
          { name: 'Jeera Rice', diet: 'veg' },
          { name: 'Boondi Raita', diet: 'veg' },
        ],
      },
      {
        day: 1,
        meal: 'dinner',
        dishes: [
          { name: 'Egg Curry', diet: 'egg' },
          { name: 'Roti', diet: 'veg' },
        ],
      },
    ]);
    expect(parseMenuCsv(BAD, ['lunch', 'dinner']).errors).toEqual([
      { line: 3, reason: R.day('Funday') },
      { line: 4, reason: R.meal('brunch') },
      { line: 5, reason: R.noDishes },
      { line: 6, reason: R.repeated(2) },
      { line: 7, reason: R.columns },
    ]);
    expect(parseMenuCsv('Monday,snacks,Samosa', ['lunch']).errors).toEqual([
      { line: 1, reason: R.notServed('snacks') },
    ]);
    expect(parseMenuCsv('Monday,lunch,"Rajma', ['lunch']).errors).toEqual([{ line: 1, reason: R.unreadable }]);
  });

  it('previews, refuses a file with a bad row whole, and imports a clean one for its managers', async () => {
    const made = await w.as('admin').post('/api/mess', {
      name: 'Import Mess',
      hostels: [],
      meals: [
        { meal: 'lunch', start: '12:30', end: '14:30' },
        { meal: 'dinner', start: '19:30', end: '21:30' },
      ],
    });
    messId = made.json().data.id;
    await w.as('admin').put(`/api/mess/${messId}/managers`, { emails: [w.users.manager.email] });
    expect((await send('student', GOOD, '?dryRun=true')).statusCode).toBe(403);

    const preview = await send('manager', BAD, '?dryRun=true');
    expect(preview.statusCode).toBe(200);
    const data = preview.json().data as MenuImport;
    expect(data.dryRun).toBe(true);
    expect(data.errors.map((e) => e.line)).toEqual([3, 4, 5, 6, 7]);
    expect(data.week).toHaveLength(1);

    const refused = await send('manager', BAD);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: M.csvBadRows(5), errors: { 'line 3': R.day('Funday') } });
    expect(await w.t.app.ctx.db.select().from(messMenus).where(eq(messMenus.messId, messId))).toEqual([]);

    const empty = await send('manager', '\n\n', '?dryRun=true');
    expect(empty.json().data.errors).toEqual([{ line: 1, reason: M.csvEmpty }]);

    const today = todayIn(TZ);
    const monday = addDays(today, (8 - isoWeekday(today)) % 7);
    const applied = await send('manager', GOOD, `?validFrom=${today}`);
    expect(applied.statusCode).toBe(200);
    expect(applied.json().message).toBe(M.csvImported);
    const week = (await w.as('student').get(`/api/mess/${messId}/week?from=${monday}`)).json().data as MessWeek;
    expect(week.days[0]!.meals.map((m) => [m.meal, m.dishes.map((d) => d.name)])).toEqual([
      ['lunch', ['Rajma', 'Jeera Rice', 'Boondi Raita']],
      ['dinner', ['Egg Curry', 'Roti']],
    ]);
    expect(week.days[1]!.meals).toEqual([]);
    const trail = await w.t.app.ctx.db
      .select()
      .from(messAudit)
      .where(and(eq(messAudit.messId, messId), eq(messAudit.action, 'import')));
    expect(trail.map((r) => r.userId)).toEqual([w.users.manager.userId]);
  });
});

describe('PUT menu', () => {
  it('saves a weekly cycle for the mess’s managers; 403 for others; 400 for a meal not served', async () => {
    const validFrom = addDays(todayIn(TZ), 14);
    const body = {
      validFrom,
      week: [{ day: isoWeekday(validFrom), meal: 'dinner', dishes: [{ name: 'Chicken Curry', diet: 'non-veg' }] }],
    };
    expect((await w.as('student').put(`/api/mess/${messId}/menu`, body)).statusCode).toBe(403);
    const saved = await w.as('manager').put(`/api/mess/${messId}/menu`, body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe(M.menuSaved);
    const week = (await w.as('student').get(`/api/mess/${messId}/week?from=${validFrom}`)).json().data as MessWeek;
    expect(week.days[0]!.meals).toEqual([
      { meal: 'dinner', start: '19:30', end: '21:30', dishes: [{ name: 'Chicken Curry', diet: 'non-veg' }] },
    ]);
    const stray = await w.as('admin').put(`/api/mess/${messId}/menu`, {
      validFrom,
      week: [{ day: 1, meal: 'snacks', dishes: [{ name: 'Samosa', diet: 'veg' }] }],
    });
    expect(stray.statusCode).toBe(400);
    expect(stray.json().message).toBe(M.mealNotServed);
    const bad = await w
      .as('admin')
      .put(`/api/mess/${messId}/menu`, { validFrom, week: [{ day: 8, meal: 'lunch', dishes: [] }] });
    expect(bad.statusCode).toBe(400);
    expect(
      ((await w.as('manager').get('/api/mess')).json().data as Mess[]).find((m) => m.id === messId)?.canManage,
    ).toBe(true);
  });
});

describe('a one-day override', () => {
  it('closes a day or replaces its meals with a note, for the mess’s managers', async () => {
    const day = addDays(todayIn(TZ), 3);
    const next = addDays(day, 1);
    expect((await w.as('student').put(`/api/mess/${messId}/days/${day}`, { closed: true })).statusCode).toBe(403);
    const closed = await w
      .as('manager')
      .put(`/api/mess/${messId}/days/${day}`, { closed: true, note: 'Diwali holiday' });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().message).toBe(M.daySaved);
    const special = await w.as('manager').put(`/api/mess/${messId}/days/${next}`, {
      closed: false,
      note: 'Festival special dinner',
      meals: [{ meal: 'dinner', dishes: [{ name: 'Kaju Katli', diet: 'veg' }] }],
    });
    expect(special.statusCode).toBe(200);
    const week = (await w.as('student').get(`/api/mess/${messId}/week?from=${day}`)).json().data as MessWeek;
    expect(week.days[0]).toMatchObject({ closed: true, note: 'Diwali holiday', meals: [] });
    expect(week.days[1]!.note).toBe('Festival special dinner');
    expect(week.days[1]!.meals.find((m) => m.meal === 'dinner')?.dishes).toEqual([{ name: 'Kaju Katli', diet: 'veg' }]);
    const stray = await w.as('manager').put(`/api/mess/${messId}/days/${day}`, {
      closed: false,
      meals: [{ meal: 'snacks', dishes: [{ name: 'Samosa', diet: 'veg' }] }],
    });
    expect(stray.statusCode).toBe(400);
    expect(stray.json().message).toBe(M.mealNotServed);
    const badDate = await w.as('manager').put(`/api/mess/${messId}/days/2026-02-30`, { closed: true });
    expect(badDate.statusCode).toBeGreaterThanOrEqual(400);
    expect(badDate.statusCode).toBeLessThan(500);
  });
});
