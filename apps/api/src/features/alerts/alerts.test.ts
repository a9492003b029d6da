/**
 * Saved alerts through HTTP on a real database (docs/alerts.md): saving, naming, listing, pausing
 * and deleting; refusals and bad input; matching at write time — a listing, ride or report that
 * becomes visible notifies the alerts it matches once, never its author, a paused alert, a
 * deactivated student or one blocked by or blocking its author, at most ten a day — and the daily e-mail digest with its unsubscribe link.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ALERTS_MAX, ALERT_MATCHES_PER_DAY, ALERT_MESSAGES as A, type Alert } from '@campus/contract/alerts';
import { MARKETPLACE_MESSAGES } from '@campus/contract/marketplace-ui';
import { alertOutbox, alerts } from '../../db/schema/alerts.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { addDays, todayIn } from '../../lib/dates.ts';
import { outboxFiles, signUpAndLogin, testWorldHooks, type SignedIn } from '../../test/helpers.ts';
import { VALID_ITEM } from '../marketplace/marketplace.cases.ts';
import { VALID_LOST_FOUND } from '../lost-found/lost-found.cases.ts';
import { sendDigests } from './alerts.service.ts';

const ADMIN = 'alerts.admin@iiitsonepat.ac.in';
const { t, users, as, notificationsOf } = testWorldHooks(['a', 'b', 'c', 'quiet', 'gone', 'admin'], {
  ADMIN_EMAILS: ADMIN,
});

/** Saves an alert as `who`; expects 201 and returns it. */
async function save(who: SignedIn, body: object): Promise<Alert> {
  const res = await as(who).post('/api/alerts', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/** Lists a marketplace item as `who` (JSON body); returns its id. */
async function list(who: SignedIn, fields: Partial<typeof VALID_ITEM>): Promise<string> {
  const res = await as(who).post('/api/buy-and-sell/items', { ...VALID_ITEM, ...fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

/** Resolves once every queued record was matched (the outbox drains within its interval). */
async function settled(): Promise<void> {
  await expect
    .poll(async () => (await t.database.db.select({ n: count() }).from(alertOutbox))[0]!.n, { timeout: 5_000 })
    .toBe(0);
}

/** `who`'s alert notifications linking to `link`. */
async function toldAbout(who: SignedIn, link: string) {
  return (await notificationsOf(who)).filter((n) => n.type === 'alert' && n.link === link);
}

describe('saving alerts', () => {
  it('saves the list filters, named as a person would say them, and lists them newest first', async () => {
    const cycle = await save(users.quiet, { kind: 'marketplace', filters: { search: 'cycle', maxPrice: '3000' } });
    expect(cycle).toMatchObject({
      kind: 'marketplace',
      name: 'Cycle under ₹3,000',
      filters: { search: 'cycle', maxPrice: 3000 },
      paused: false,
      emailDigest: false,
      matchesToday: 0,
      lastMatchAt: null,
    });
    const bottle = await save(users.quiet, {
      kind: 'lost-found',
      filters: { type: 'found', category: 'Accessories', search: 'bottle' },
      emailDigest: true,
    });
    expect(bottle.name).toBe('Found: bottle (Accessories)');
    expect(bottle.emailDigest).toBe(true);
    const today = todayIn(t.config.institute.timezone);
    const ride = await save(users.quiet, {
      kind: 'rides',
      filters: { search: 'airport', dateRange: 'tomorrow', minSeats: 2 },
    });
    expect(ride.filters).toEqual({
      search: 'airport',
      startDate: addDays(today, 1),
      endDate: addDays(today, 1),
      minSeats: 2,
    });
    expect(ride.name).toMatch(/^Rides: airport, \d{1,2} \w{3}, 2\+ seats$/);

    const res = await as(users.quiet).get('/api/alerts');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((x: Alert) => x.id)).toEqual([ride.id, bottle.id, cycle.id]);
    expect(res.json().pagination.total).toBe(3);
    expect((await as(users.quiet).get(`/api/alerts/${bottle.id}`)).json().data).toEqual(bottle);
  });

  it('refuses bad input with the contract messages and writes nothing', async () => {
    const before = (await t.database.db.select({ n: count() }).from(alerts))[0]!.n;
    const cases: Array<[object, string]> = [
      [{ kind: 'marketplace', filters: {} }, A.noFilters],
      [{ kind: 'jobs', filters: { search: 'x' } }, A.kindInvalid],
      [{ kind: 'marketplace', filters: { minPrice: 500, maxPrice: 100 } }, MARKETPLACE_MESSAGES.priceRange],
      [{ kind: 'marketplace', filters: { search: 'one two three four five six seven eight nine' } }, A.tooManyWords],
      [
        { kind: 'rides', filters: { dateRange: 'custom', startDate: '2020-01-01', endDate: '2020-01-02' } },
        A.dateWindowPast,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await as(users.quiet).post('/api/alerts', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json())).toContain(message);
    }
    expect((await t.database.db.select({ n: count() }).from(alerts))[0]!.n).toBe(before);
    const mine = (await as(users.quiet).get('/api/alerts')).json().data[0] as Alert;
    const patch = await as(users.quiet).send('PATCH', `/api/alerts/${mine.id}`, {});
    expect(patch.statusCode).toBe(400);
    expect(patch.body).toContain(A.nothingToChange);
  });

  it(`keeps at most ${ALERTS_MAX} alerts per student; the next gets a clear 400`, async () => {
    const who = users.c;
    for (let i = 0; i < ALERTS_MAX; i += 1) await save(who, { kind: 'rides', filters: { search: `stop${i}` } });
    const res = await as(who).post('/api/alerts', { kind: 'rides', filters: { search: 'one more' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(A.tooMany);
    const all = (await as(who).get('/api/alerts?limit=50')).json();
    expect(all.pagination.total).toBe(ALERTS_MAX);
    for (const alert of all.data as Alert[])
      expect((await as(who).delete(`/api/alerts/${alert.id}`)).statusCode).toBe(200);
    expect((await as(who).get('/api/alerts')).json().data).toEqual([]);
  });

  it("answers 404 for another student's alert, an admin's asking included, and 401 without a session", async () => {
    const alert = await save(users.quiet, { kind: 'marketplace', filters: { category: 'Books' } });
    for (const who of [users.b, users.admin]) {
      expect((await as(who).get(`/api/alerts/${alert.id}`)).statusCode).toBe(404);
      expect((await as(who).send('PATCH', `/api/alerts/${alert.id}`, { paused: true })).statusCode).toBe(404);
      expect((await as(who).delete(`/api/alerts/${alert.id}`)).statusCode).toBe(404);
    }
    expect((await as().get('/api/alerts')).statusCode).toBe(401);
    expect((await as(users.quiet).get(`/api/alerts/${alert.id}`)).json().data.paused).toBe(false);
  });
});

describe('matching at write time', () => {
  it('tells A about a Hero cycle for ₹2,500, not about a ₹200 lamp, a dearer cycle or their own listing', async () => {
    await save(users.a, { kind: 'marketplace', filters: { search: 'cycle', maxPrice: 3000 } });
    const hero = await list(users.b, { item_name: 'Hero cycle', price: '2500', category: 'Cycle' });
    const lamp = await list(users.b, { item_name: 'Study lamp', price: '200', category: 'Electronics' });
    const dear = await list(users.b, { item_name: 'Firefox cycle', price: '3500', category: 'Cycle' });
    const own = await list(users.a, { item_name: 'Old cycle', price: '1000', category: 'Cycle' });
    await expect.poll(() => toldAbout(users.a, `/marketplace/${hero}`), { timeout: 5_000 }).toHaveLength(1);
    await settled();
    const [told] = await toldAbout(users.a, `/marketplace/${hero}`);
    expect(told!.message).toBe('New for your alert “Cycle under ₹3,000”: Hero cycle, ₹2,500');
    for (const id of [lamp, dear, own]) expect(await toldAbout(users.a, `/marketplace/${id}`)).toEqual([]);
    const [alert] = (await as(users.a).get('/api/alerts')).json().data as Alert[];
    expect(alert!.matchesToday).toBe(1);
    expect(alert!.lastMatchAt).not.toBeNull();
  });

  it('matches a renewed listing once per alert, and a paused alert not at all until resumed', async () => {
    const desk = await list(users.b, { item_name: 'Wooden study desk', price: '1500', category: 'Furniture' });
    await settled();
    const late = await save(users.a, { kind: 'marketplace', filters: { search: 'desk' } });
    const paused = await save(users.quiet, { kind: 'marketplace', filters: { search: 'desk' } });
    expect((await as(users.quiet).send('PATCH', `/api/alerts/${paused.id}`, { paused: true })).json().data.paused).toBe(
      true,
    );
    for (let i = 0; i < 2; i += 1)
      expect((await as(users.b).post(`/api/buy-and-sell/items/${desk}/renew`)).statusCode).toBe(200);
    await settled();
    expect(await toldAbout(users.a, `/marketplace/${desk}`)).toHaveLength(1);
    expect(await toldAbout(users.quiet, `/marketplace/${desk}`)).toEqual([]);
    expect((await as(users.a).get(`/api/alerts/${late.id}`)).json().data.matchesToday).toBe(1);

    await as(users.quiet).send('PATCH', `/api/alerts/${paused.id}`, { paused: false });
    const chair = await list(users.b, { item_name: 'Desk chair', price: '900', category: 'Furniture' });
    await expect.poll(() => toldAbout(users.quiet, `/marketplace/${chair}`), { timeout: 5_000 }).toHaveLength(1);
  });

  it(`notifies one alert at most ${ALERT_MATCHES_PER_DAY} times a day`, async () => {
    const alert = await save(users.c, { kind: 'marketplace', filters: { search: 'calculator' } });
    for (let i = 0; i <= ALERT_MATCHES_PER_DAY; i += 1)
      await list(users.b, { item_name: `Casio calculator ${i}`, price: '400', category: 'Electronics' });
    await settled();
    const told = (await notificationsOf(users.c)).filter((n) => n.message.includes('calculator'));
    expect(told).toHaveLength(ALERT_MATCHES_PER_DAY);
    expect((await as(users.c).get(`/api/alerts/${alert.id}`)).json().data.matchesToday).toBe(ALERT_MATCHES_PER_DAY);
  });

  it('never notifies a deactivated student', async () => {
    await save(users.gone, { kind: 'marketplace', filters: { search: 'guitar' } });
    const off = await as(users.admin).post(`/api/users/admin/users/${users.gone.userId}/deactivate`);
    expect(off.statusCode, off.body).toBe(200);
    await list(users.b, { item_name: 'Yamaha guitar', price: '4000', category: 'Other' });
    await settled();
    const [row] = await t.database.db.select({ n: count() }).from(alerts).where(eq(alerts.userId, users.gone.userId));
    expect(row!.n).toBe(1);
    const told = await t.database.db.select().from(notifications).where(eq(notifications.userId, users.gone.userId));
    expect(told.filter((n) => n.type === 'alert')).toEqual([]);
  });

  it('never tells a student about the listing of a student they blocked, or who blocked them', async () => {
    const [blocker, blocked, bystander] = [await signUpAndLogin(t), await signUpAndLogin(t), await signUpAndLogin(t)];
    expect((await as(blocker).post('/api/users/blocks', { userId: blocked.userId })).statusCode).toBe(201);
    for (const who of [blocker, bystander]) await save(who, { kind: 'marketplace', filters: { search: 'harmonium' } });
    await save(blocked, { kind: 'marketplace', filters: { search: 'sitar' } });
    const harmonium = await list(blocked, { item_name: 'Harmonium', price: '3000', category: 'Other' });
    const sitar = await list(blocker, { item_name: 'Sitar', price: '5000', category: 'Other' });
    await expect.poll(() => toldAbout(bystander, `/marketplace/${harmonium}`), { timeout: 5_000 }).toHaveLength(1);
    await settled();
    expect(await toldAbout(blocker, `/marketplace/${harmonium}`)).toEqual([]);
    expect(await toldAbout(blocked, `/marketplace/${sitar}`)).toEqual([]);
  });

  it('matches rides by words, day window and seats, and lost & found reports by type and category', async () => {
    const tz = t.config.institute.timezone;
    await save(users.a, { kind: 'rides', filters: { search: 'airport', dateRange: 'tomorrow', minSeats: 2 } });
    const at = (days: number) => `${addDays(todayIn(tz), days)}T10:00`;
    const ride = async (fields: object) => {
      const res = await as(users.b).post('/api/rides', {
        pickupLocation: 'Main gate',
        dropLocation: 'IGI Airport',
        totalSeats: 3,
        phoneNumber: '9876543210',
        departureDateTime: at(1),
        ...fields,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id as string;
    };
    const tomorrow = await ride({});
    const later = await ride({ departureDateTime: at(3) });
    const small = await ride({ totalSeats: 1 });
    await expect.poll(() => toldAbout(users.a, `/rides/${tomorrow}`), { timeout: 5_000 }).toHaveLength(1);
    await settled();
    for (const id of [later, small]) expect(await toldAbout(users.a, `/rides/${id}`)).toEqual([]);

    await save(users.c, { kind: 'lost-found', filters: { type: 'found', category: 'Keys' } });
    const report = async (fields: object) => {
      const res = await as(users.b).post('/api/lost-and-found/lost-items', { ...VALID_LOST_FOUND, ...fields });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id as string;
    };
    const keys = await report({ item_name: 'Bunch of keys', category: 'Keys', is_found: true });
    const lostKeys = await report({ item_name: 'My keys', category: 'Keys', is_found: false });
    await expect.poll(() => toldAbout(users.c, `/lost-found/${keys}`), { timeout: 5_000 }).toHaveLength(1);
    await settled();
    expect(await toldAbout(users.c, `/lost-found/${lostKeys}`)).toEqual([]);
  });
});

describe('daily e-mail digest', () => {
  it('mails matches of digest alerts once a day, with an unsubscribe link that works without signing in', async () => {
    const who = users.quiet;
    await save(who, { kind: 'marketplace', filters: { search: 'kettle' }, emailDigest: true });
    const kettle = await list(users.b, { item_name: 'Electric kettle', price: '600', category: 'Electronics' });
    await settled();
    expect(await sendDigests(t.app.ctx)).toBeGreaterThanOrEqual(1);
    const files = await outboxFiles(t.outboxDir, who.email);
    const mail = (await fs.readFile(path.join(t.outboxDir, files.at(-1)!), 'utf8'))
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    expect(mail).toContain('Electric kettle');
    expect(mail).toContain(`/marketplace/${kettle}`);
    const token = decodeURIComponent(mail.match(/alert-unsubscribe\?token=(\S+)/)![1]!);

    // At most one a day: a new match waits for tomorrow's mail.
    await list(users.b, { item_name: 'Steel kettle', price: '700', category: 'Electronics' });
    await settled();
    const sentBefore = (await outboxFiles(t.outboxDir, who.email)).length;
    await sendDigests(t.app.ctx);
    expect((await outboxFiles(t.outboxDir, who.email)).length).toBe(sentBefore);

    const bad = await as().post('/api/alerts/unsubscribe', { token: `${token.split('.')[0]}.forged` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(A.unsubscribeInvalid);
    const res = await as().post('/api/alerts/unsubscribe', { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(A.unsubscribed);
    const kettleAlert = ((await as(who).get('/api/alerts?limit=50')).json().data as Alert[]).find((x) =>
      x.name.startsWith('Kettle'),
    );
    expect(kettleAlert!.emailDigest).toBe(false);
  });
});
