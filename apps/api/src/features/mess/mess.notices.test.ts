/**
 * Mess notices through HTTP on a real database (docs/mess.md "Notices"), with the local push
 * service of test/push-service.ts: a manager's notice reaches the bell of the mess's students (by
 * hostel or by their pick, not another mess's) and `/api/mess/today`; a student who switched the
 * `mess` push category off gets no push while one who kept it on does; anyone but the mess's
 * managers and administrators gets 403; a bad body 400 with the contract's message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MESS_MESSAGES as M, MESS_NOTICE_MAX, type Mess, type MessToday } from '@campus/contract/mess';
import { pushOutbox } from '../../db/schema/push.ts';
import { outboxWorkersIdle } from '../../lib/outbox.ts';
import { pushSendsSettled } from '../push/push.service.ts';
import { clientOf, createTestApp, signUpAndLogin, type SignedIn, type TestApp } from '../../test/helpers.ts';
import { startPushService, type TestPushService } from '../../test/push-service.ts';

const ADMIN = 'mess.notices.admin@iiitsonepat.ac.in';
let t: TestApp;
let push: TestPushService;
let admin: SignedIn;
let manager: SignedIn;
/** Lives in a hostel North Mess serves. */
let hosteller: SignedIn;
/** Picked North Mess; switches the `mess` push category off. */
let picker: SignedIn;
/** Eats at the other mess. */
let other: SignedIn;
let north: Mess;

const as = (who?: SignedIn) => clientOf(t, who);

beforeAll(async () => {
  push = await startPushService();
  t = await createTestApp({ ADMIN_EMAILS: ADMIN, TRUST_PROXY: '127.0.0.1', PUSH_ENDPOINT_HOSTS: push.host });
  admin = await signUpAndLogin(t, { email: ADMIN });
  [manager, hosteller, picker, other] = (await Promise.all([1, 2, 3, 4].map(() => signUpAndLogin(t)))) as [
    SignedIn,
    SignedIn,
    SignedIn,
    SignedIn,
  ];
  const messes = (await as(admin).get('/api/mess')).json().data as Mess[];
  north = messes.find((m) => m.name === 'North Mess')!;
  const south = messes.find((m) => m.name !== 'North Mess')!;
  expect((await as(admin).put(`/api/mess/${north.id}/managers`, { emails: [manager.email] })).statusCode).toBe(200);
  expect((await as(hosteller).put('/api/users/update', { hostel: north.hostels[0] })).statusCode).toBe(200);
  expect((await as(picker).put('/api/users/update', { hostel: south.hostels[0] })).statusCode).toBe(200);
  expect((await as(picker).put('/api/mess/mine', { mess: north.id })).statusCode).toBe(200);
  expect((await as(other).put('/api/users/update', { hostel: north.hostels[0] })).statusCode).toBe(200);
  expect((await as(other).put('/api/mess/mine', { mess: south.id })).statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await push?.close();
});

/** Resolves once the push outbox is empty, its worker idle and every push it handed out settled. */
async function outboxDrained(): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(pushOutbox);
    if (Number(row!.n) === 0) {
      await outboxWorkersIdle(t.app.ctx);
      return pushSendsSettled(t.app.ctx);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('push outbox not drained');
}

const bell = async (who: SignedIn) =>
  ((await as(who).get('/api/notification?limit=20')).json().data as { message: string; link: string | null }[]).map(
    (n) => [n.message, n.link],
  );

describe('a notice', () => {
  it('reaches the bell of the mess’s students, by hostel and by pick, and today’s menu; the push skips who switched mess off', async () => {
    const hostellerPhone = push.subscription('hosteller-phone');
    const pickerPhone = push.subscription('picker-phone');
    for (const [who, sub] of [
      [hosteller, hostellerPhone],
      [picker, pickerPhone],
    ] as const)
      expect(
        (await as(who).post('/api/push/subscriptions', { endpoint: sub.endpoint, keys: sub.keys })).statusCode,
      ).toBe(201);
    const off = await as(picker).put('/api/push/preferences', { mess: false });
    expect(off.json().data).toMatchObject({ mess: false, events: true });

    const res = await as(manager).post(`/api/mess/${north.id}/notices`, { text: '  Dinner delayed to 20:30 ' });
    expect(res.statusCode, res.body).toBe(201);
    const text = 'Dinner delayed to 20:30';
    expect(res.json()).toMatchObject({ message: M.noticeSent(2), data: { text, recipients: 2 } });

    const message = M.noticeBell('North Mess', text);
    expect(await bell(hosteller)).toContainEqual([message, '/mess']);
    expect(await bell(picker)).toContainEqual([message, '/mess']);
    expect(await bell(other)).not.toContainEqual([message, '/mess']);
    expect(await bell(manager)).not.toContainEqual([message, '/mess']);

    await outboxDrained();
    expect(push.pushesTo(hostellerPhone)).toEqual([expect.objectContaining({ body: message, link: '/mess' })]);
    expect(push.pushesTo(pickerPhone)).toEqual([]);

    const today = (await as(picker).get('/api/mess/today')).json().data as MessToday;
    expect(today.mess?.id).toBe(north.id);
    expect(today.notices.map((n) => n.text)).toEqual([text]);
    const elsewhere = (await as(other).get('/api/mess/today')).json().data as MessToday;
    expect(elsewhere.notices).toEqual([]);
  });

  it('is posted by administrators too; another student gets 403, an unknown mess 404', async () => {
    const res = await as(admin).post(`/api/mess/${north.id}/notices`, { text: 'Lunch ends at 14:00 today' });
    expect(res.statusCode, res.body).toBe(201);
    const refused = await as(hosteller).post(`/api/mess/${north.id}/notices`, { text: 'Free paneer for all' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, message: M.notManager });
    const unknown = await as(admin).post('/api/mess/0190a1b2-0000-7000-8000-000000000000/notices', { text: 'Hello' });
    expect(unknown.statusCode).toBe(404);
    expect(await bell(hosteller)).not.toContainEqual([M.noticeBell('North Mess', 'Free paneer for all'), '/mess']);
  });

  it.each([
    ['no text', {}, M.noticeRequired],
    ['blank text', { text: '   ' }, M.noticeRequired],
    ['text that is not a string', { text: 42 }, M.noticeRequired],
    ['text over the limit', { text: 'x'.repeat(MESS_NOTICE_MAX + 1) }, M.noticeTooLong],
  ])('refuses %s with 400', async (_name, body, message) => {
    const res = await as(manager).post(`/api/mess/${north.id}/notices`, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message });
  });
});
