/**
 * Notifications API and live delivery, through HTTP on a real database:
 * every endpoint for guest, owner, another user, non-admin and admin; pagination bounds;
 * bad input; sends and recall; the SSE stream (events, logout, deactivation, shutdown, catch-up)
 * and, on PostgreSQL, delivery across two app instances (liveness bounds only: tests time nothing).
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { COMMON_MESSAGES } from '@campus/contract/envelope';
import { FILE_MESSAGES } from '@campus/contract/files';
import { NOTIFICATION_MESSAGES, type Notification } from '@campus/contract/notifications';
import { buildApp } from '../../app.ts';
import { openPostgres } from '../../db/client.ts';
import { files } from '../../db/schema/files.ts';
import { notifications, notificationSends } from '../../db/schema/notifications.ts';
import { users } from '../../db/schema/users.ts';
import { createTestApp, signUpAndLogin, testWorldHooks, type Method } from '../../test/helpers.ts';
import { multipartForm } from '../../test/multipart.ts';
import { openStream } from '../../test/sse.ts';
import { seedNotificationsDemo } from './notifications.seed.ts';
import { notify } from './notifications.service.ts';

const ADMIN = 'dean@iiitsonepat.ac.in';
const {
  t,
  users: { admin, alice, bob },
  json: call,
  send: sendForm,
} = testWorldHooks(['admin', 'alice', 'bob'], { ADMIN_EMAILS: ADMIN });

/** A multipart body with text parts and an optional file part `file`. */
const form = (fields: Record<string, string>, file?: { content: Buffer; name: string; type: string }) =>
  multipartForm(fields, file ? [{ field: 'file', filename: file.name, content: file.content, type: file.type }] : []);

const png = () =>
  sharp({ create: { width: 20, height: 20, channels: 3, background: '#c00' } })
    .png()
    .toBuffer();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

async function unread(cookie: string): Promise<number> {
  return (await call('GET', '/api/notification/unread/count', cookie)).json().data.unreadCount;
}
async function firstOf(cookie: string): Promise<Notification> {
  return (await call('GET', '/api/notification?limit=1', cookie)).json().data[0];
}

describe('authorization', () => {
  const ANY_ID = '0190a0a0-0000-7000-8000-000000000000';
  it('refuses guests on every endpoint with 401', async () => {
    const routes: [Method, string][] = [
      ['GET', '/api/notification'],
      ['GET', `/api/notification/${ANY_ID}`],
      ['POST', '/api/notification'],
      ['PUT', `/api/notification/${ANY_ID}`],
      ['DELETE', `/api/notification/${ANY_ID}`],
      ['PUT', `/api/notification/${ANY_ID}/read`],
      ['PUT', '/api/notification/read-all'],
      ['GET', '/api/notification/unread/count'],
      ['POST', '/api/notification/broadcast'],
      ['GET', '/api/notification/sends'],
      ['DELETE', `/api/notification/sends/${ANY_ID}`],
      ['GET', '/api/notification/stream'],
    ];
    for (const [method, url] of routes) {
      const res = await call(
        method,
        url,
        undefined,
        method === 'GET' || method === 'DELETE' ? undefined : { message: 'x' },
      );
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({ success: false, message: COMMON_MESSAGES.notSignedIn });
    }
  });

  it('refuses non-admins on admin actions with 403 and writes nothing', async () => {
    const before = await t.database.db.select({ id: notifications.id }).from(notifications);
    const cases: [Method, string, object | undefined][] = [
      ['POST', '/api/notification/broadcast', { message: 'hi all' }],
      ['GET', '/api/notification/sends', undefined],
      ['DELETE', `/api/notification/sends/${ANY_ID}`, undefined],
      ['POST', '/api/notification', { message: 'for bob', userId: bob.userId }],
    ];
    for (const [method, url, payload] of cases) {
      const res = await call(method, url, alice.cookie, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe(COMMON_MESSAGES.adminOnly);
    }
    // Multipart create for another user is refused the same way.
    const mp = await sendForm('POST', '/api/notification', alice.cookie, form({ message: 'x', userId: bob.userId }));
    expect(mp.statusCode).toBe(403);
    const after = await t.database.db.select({ id: notifications.id }).from(notifications);
    expect(after.length).toBe(before.length);
  });

  it("answers 404 for another user's notification on get, update, delete and read", async () => {
    await notify(t.app.ctx, alice.userId, { message: 'private to alice' });
    const mine = await firstOf(alice.cookie);
    expect(mine.message).toBe('private to alice');
    for (const [method, url] of [
      ['GET', `/api/notification/${mine.id}`],
      ['PUT', `/api/notification/${mine.id}`],
      ['DELETE', `/api/notification/${mine.id}`],
      ['PUT', `/api/notification/${mine.id}/read`],
    ] as [Method, string][]) {
      for (const cookie of [bob.cookie, admin.cookie]) {
        const res = await call(method, url, cookie, method === 'PUT' ? { is_read: true } : undefined);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().message).toBe(NOTIFICATION_MESSAGES.notFound);
      }
    }
    expect((await call('GET', `/api/notification/${mine.id}`, alice.cookie)).json().data.is_read).toBe(false);
    // Malformed ids are an ordinary 404, never a 5xx.
    expect((await call('GET', '/api/notification/not-a-uuid', alice.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/notification/sends/not-a-uuid', admin.cookie)).statusCode).toBe(404);
  });
});

describe('notify, list and pagination', () => {
  it('notify() creates a notification with type and link, listed newest first with spec fields', async () => {
    const carol = await signUpAndLogin(t);
    await notify(t.app.ctx, carol.userId, { message: 'first' });
    await notify(t.app.ctx, carol.userId, { message: '  second  ', type: 'event', link: '/rides' });
    const res = await call('GET', '/api/notification', carol.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pagination).toEqual({ page: 1, limit: 100, total: 2 });
    expect(body.data.map((n: Notification) => n.message)).toEqual(['second', 'first']);
    expect(body.data[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      userId: carol.userId,
      message: 'second',
      type: 'event',
      file_url: null,
      link: '/rides',
      is_read: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
    expect(await unread(carol.cookie)).toBe(2);
  });

  it('pages with page/limit (default 20, cap 100; up to 100 when neither is sent) and refuses out-of-range values', async () => {
    const dave = await signUpAndLogin(t);
    for (let i = 0; i < 23; i++) await notify(t.app.ctx, dave.userId, { message: `n${i}` });
    expect((await call('GET', '/api/notification', dave.cookie)).json().data).toHaveLength(23);
    const first = (await call('GET', '/api/notification?page=1', dave.cookie)).json();
    expect(first.data).toHaveLength(20);
    expect(first.data[0].message).toBe('n22');
    const second = (await call('GET', '/api/notification?page=2', dave.cookie)).json();
    expect(second.data.map((n: Notification) => n.message)).toEqual(['n2', 'n1', 'n0']);
    expect(second.pagination).toEqual({ page: 2, limit: 20, total: 23 });
    expect((await call('GET', '/api/notification?page=9', dave.cookie)).json().data).toEqual([]);
    expect((await call('GET', '/api/notification?limit=100', dave.cookie)).json().data).toHaveLength(23);
    for (const q of ['limit=101', 'limit=0', 'page=0', 'page=-1', 'limit=abc']) {
      const res = await call('GET', `/api/notification?${q}`, dave.cookie);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().success).toBe(false);
    }
  });
});

describe('create, update, read state and delete', () => {
  it('lets a user create a note for themselves (JSON) and validates message, type and link', async () => {
    const res = await call('POST', '/api/notification', bob.cookie, { message: 'remember the quiz', type: 'alert' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ userId: bob.userId, message: 'remember the quiz', type: 'alert' });
    const bad: [object, string, string][] = [
      [{ message: '' }, 'message', NOTIFICATION_MESSAGES.messageRequired],
      [{ message: '   ' }, 'message', NOTIFICATION_MESSAGES.messageRequired],
      [{}, 'message', NOTIFICATION_MESSAGES.messageRequired],
      [{ message: 'x'.repeat(1001) }, 'message', NOTIFICATION_MESSAGES.messageTooLong],
      [{ message: 'ok', type: 'spam' }, 'type', NOTIFICATION_MESSAGES.typeInvalid],
      [{ message: 'ok', link: 'https://evil.example' }, 'link', NOTIFICATION_MESSAGES.linkInvalid],
      [{ message: 'ok', link: '//evil.example' }, 'link', NOTIFICATION_MESSAGES.linkInvalid],
    ];
    for (const [payload, field, message] of bad) {
      const r = await call('POST', '/api/notification', bob.cookie, payload);
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
      expect(r.json().message).toBe(message);
      expect(r.json().errors[field]).toBe(message);
    }
    const empty = await sendForm('POST', '/api/notification', bob.cookie, form({ message: '', type: 'general' }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(NOTIFICATION_MESSAGES.messageRequired);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/notification',
      payload: '{"message":',
      headers: { cookie: bob.cookie, 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(COMMON_MESSAGES.malformedJson);
  });

  it('marks one read (count never below 0), marks all read, and deletes (count drops if unread)', async () => {
    const erin = await signUpAndLogin(t);
    for (const m of ['a', 'b', 'c']) await notify(t.app.ctx, erin.userId, { message: m });
    expect(await unread(erin.cookie)).toBe(3);
    const top = await firstOf(erin.cookie);
    const read = await call('PUT', `/api/notification/${top.id}/read`, erin.cookie);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      message: NOTIFICATION_MESSAGES.markedRead,
      data: { id: top.id, is_read: true },
    });
    expect(await unread(erin.cookie)).toBe(2);
    await call('PUT', `/api/notification/${top.id}/read`, erin.cookie);
    expect(await unread(erin.cookie)).toBe(2);
    // Deleting a read one keeps the count; deleting an unread one lowers it.
    const del = await call('DELETE', `/api/notification/${top.id}`, erin.cookie);
    expect(del.json()).toMatchObject({ success: true, message: NOTIFICATION_MESSAGES.deleted, data: { id: top.id } });
    expect(await unread(erin.cookie)).toBe(2);
    const next = await firstOf(erin.cookie);
    await call('DELETE', `/api/notification/${next.id}`, erin.cookie);
    expect(await unread(erin.cookie)).toBe(1);
    expect((await call('GET', `/api/notification/${next.id}`, erin.cookie)).statusCode).toBe(404);
    // Another user's notifications are untouched by read-all.
    const bobBefore = await unread(bob.cookie);
    await notify(t.app.ctx, erin.userId, { message: 'd' });
    const all = await call('PUT', '/api/notification/read-all', erin.cookie);
    expect(all.json()).toMatchObject({
      success: true,
      message: NOTIFICATION_MESSAGES.allMarkedRead,
      data: { updated: 2 },
    });
    expect(await unread(erin.cookie)).toBe(0);
    expect(await unread(bob.cookie)).toBe(bobBefore);
    // Read rows stay listed (the admin table keeps read rows).
    const list = (await call('GET', '/api/notification', erin.cookie)).json().data as Notification[];
    expect(list.every((n) => n.is_read)).toBe(true);
  });

  it('updates partially: the read flag always, content only on one’s own notes', async () => {
    const own = (await call('POST', '/api/notification', bob.cookie, { message: 'draft' })).json().data;
    const edit = await call('PUT', `/api/notification/${own.id}`, bob.cookie, { message: 'final', type: 'update' });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data).toMatchObject({ message: 'final', type: 'update', is_read: false });
    const flag = await sendForm('PUT', `/api/notification/${own.id}`, bob.cookie, form({ is_read: 'true' }));
    expect(flag.json().data).toMatchObject({ message: 'final', is_read: true });
    const bad = await call('PUT', `/api/notification/${own.id}`, bob.cookie, { type: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(NOTIFICATION_MESSAGES.typeInvalid);
    const badFlag = await call('PUT', `/api/notification/${own.id}`, bob.cookie, { is_read: 'maybe' });
    expect(badFlag.statusCode).toBe(400);
    await notify(t.app.ctx, bob.userId, { message: 'system says' });
    const sys = await firstOf(bob.cookie);
    const refused = await call('PUT', `/api/notification/${sys.id}`, bob.cookie, { message: 'hacked' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(NOTIFICATION_MESSAGES.onlyOwnContent);
    const ok = await call('PUT', `/api/notification/${sys.id}`, bob.cookie, { is_read: true });
    expect(ok.json().data).toMatchObject({ message: 'system says', is_read: true });
  });
});

describe('admin sends, files and broadcast', () => {
  it('sends to one user with an image or PDF attachment, recorded as a send', async () => {
    const img = await sendForm(
      'POST',
      '/api/notification',
      admin.cookie,
      form(
        { message: 'Your ID card is ready', type: 'update', userId: alice.userId },
        { content: await png(), name: 'a.png', type: 'image/png' },
      ),
    );
    expect(img.statusCode).toBe(201);
    expect(img.json().message).toBe(NOTIFICATION_MESSAGES.created);
    const n = img.json().data as Notification;
    expect(n).toMatchObject({ userId: alice.userId, type: 'update' });
    expect(n.file_url).toMatch(/^http:\/\/localhost:3000\/api\/files\/[0-9a-f-]{36}$/);
    const file = await t.app.inject({ url: new URL(n.file_url!).pathname, headers: { cookie: alice.cookie } });
    expect(file.headers['content-type']).toBe('image/webp');
    const pdf = await sendForm(
      'POST',
      '/api/notification',
      admin.cookie,
      form({ message: 'Timetable', userId: alice.userId }, { content: PDF, name: 't.pdf', type: 'application/pdf' }),
    );
    expect(pdf.statusCode).toBe(201);
    const pdfFile = await t.app.inject({
      url: new URL(pdf.json().data.file_url).pathname,
      headers: { cookie: alice.cookie },
    });
    expect(pdfFile.headers['content-type']).toBe('application/pdf');
    const sends = (await call('GET', '/api/notification/sends?page=1', admin.cookie)).json();
    expect(sends.pagination).toMatchObject({ page: 1, limit: 15 });
    expect(sends.data[0]).toMatchObject({
      message: 'Timetable',
      broadcast: false,
      recipientCount: 1,
      readCount: 0,
      target: { id: alice.userId, email: alice.email },
      sender: { email: ADMIN },
    });
  });

  it('refuses a bad attachment (413 / 400), an unknown or malformed target, and writes nothing', async () => {
    const before = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(notificationSends))[0]!.n;
    const big = await sendForm(
      'POST',
      '/api/notification',
      admin.cookie,
      form(
        { message: 'big', userId: alice.userId },
        { content: Buffer.alloc(5 * 1024 * 1024, 1), name: 'b.png', type: 'image/png' },
      ),
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(FILE_MESSAGES.tooLarge);
    const text = await sendForm(
      'POST',
      '/api/notification/broadcast',
      admin.cookie,
      form(
        { message: 'txt' },
        { content: Buffer.from('just text, not an image'.repeat(10)), name: 'x.png', type: 'image/png' },
      ),
    );
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe(FILE_MESSAGES.notImageOrPdf);
    const unknown = await call('POST', '/api/notification', admin.cookie, {
      message: 'x',
      userId: '0190a0a0-0000-7000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(NOTIFICATION_MESSAGES.targetNotFound);
    const malformed = await call('POST', '/api/notification', admin.cookie, { message: 'x', userId: 'bob' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(NOTIFICATION_MESSAGES.userIdInvalid);
    const emptyBroadcast = await call('POST', '/api/notification/broadcast', admin.cookie, { message: ' ' });
    expect(emptyBroadcast.statusCode).toBe(400);
    expect(emptyBroadcast.json().message).toBe(NOTIFICATION_MESSAGES.messageRequired);
    const badType = await sendForm(
      'POST',
      '/api/notification/broadcast',
      admin.cookie,
      form({ message: 'x', type: 'news' }),
    );
    expect(badType.statusCode).toBe(400);
    expect(badType.json().message).toBe(NOTIFICATION_MESSAGES.typeInvalid);
    const after = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(notificationSends))[0]!.n;
    expect(after).toBe(before);
  });

  it('broadcasts to every active user in one send, counts reads, and recalls every copy', async () => {
    const gone = await signUpAndLogin(t);
    await t.database.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, gone.userId));
    const [{ active }] = (await t.database.db
      .select({ active: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`deactivated_at IS NULL`)) as [{ active: number }];
    const res = await sendForm(
      'POST',
      '/api/notification/broadcast',
      admin.cookie,
      form(
        { message: 'Fest tonight!', type: 'event', entityType: 'broadcast' },
        { content: await png(), name: 'p.png', type: 'image/png' },
      ),
    );
    expect(res.statusCode).toBe(201); // a created send
    expect(res.json().message).toBe(NOTIFICATION_MESSAGES.broadcastSent);
    const send = res.json().data.send;
    expect(res.json().data.recipientCount).toBe(active);
    expect(send).toMatchObject({ broadcast: true, target: null, recipientCount: active, readCount: 0, type: 'event' });
    const rows = await t.database.db.select().from(notifications).where(eq(notifications.sendId, send.id));
    expect(rows).toHaveLength(active);
    expect(new Set(rows.map((r) => r.id)).size).toBe(active);
    expect(rows.some((r) => r.userId === gone.userId)).toBe(false);
    const aliceCopy = await firstOf(alice.cookie);
    expect(aliceCopy).toMatchObject({ message: 'Fest tonight!', type: 'event' });
    expect(aliceCopy.file_url).toBe(send.file_url);
    await call('PUT', `/api/notification/${aliceCopy.id}/read`, alice.cookie);
    await call('PUT', '/api/notification/read-all', bob.cookie);
    const listed = (await call('GET', '/api/notification/sends?limit=1', admin.cookie)).json();
    expect(listed.data[0]).toMatchObject({ id: send.id, readCount: 2 });
    // A recipient deleting their copy leaves the shared file in place.
    const bobCopy = await firstOf(bob.cookie);
    await call('DELETE', `/api/notification/${bobCopy.id}`, bob.cookie);
    expect(
      (await t.app.inject({ url: new URL(send.file_url).pathname, headers: { cookie: alice.cookie } })).statusCode,
    ).toBe(200);
    const recall = await call('DELETE', `/api/notification/sends/${send.id}`, admin.cookie);
    expect(recall.statusCode).toBe(200);
    expect(recall.json().message).toBe(NOTIFICATION_MESSAGES.recalled);
    expect(await t.database.db.select().from(notifications).where(eq(notifications.sendId, send.id))).toEqual([]);
    expect((await call('GET', `/api/notification/${aliceCopy.id}`, alice.cookie)).statusCode).toBe(404);
    const fileId = new URL(send.file_url).pathname.split('/').pop()!;
    expect(await t.database.db.select({ id: files.id }).from(files).where(eq(files.id, fileId))).toEqual([]);
    expect((await call('DELETE', `/api/notification/sends/${send.id}`, admin.cookie)).statusCode).toBe(404);
  });

  it('pages sends by 15 (up to 100 when neither page nor limit is sent) and refuses out-of-range values', async () => {
    for (let i = 0; i < 16; i++)
      await call('POST', '/api/notification', admin.cookie, { message: `s${i}`, userId: bob.userId });
    const unpaged = (await call('GET', '/api/notification/sends', admin.cookie)).json();
    expect(unpaged.data.length).toBe(Math.min(100, unpaged.pagination.total));
    const p1 = (await call('GET', '/api/notification/sends?page=1', admin.cookie)).json();
    expect(p1.data).toHaveLength(15);
    expect(p1.data[0].message).toBe('s15');
    const total = p1.pagination.total;
    const last = (await call('GET', `/api/notification/sends?page=${Math.ceil(total / 15)}`, admin.cookie)).json();
    expect(last.data.length).toBe(total - 15 * (Math.ceil(total / 15) - 1));
    expect((await call('GET', '/api/notification/sends?limit=101', admin.cookie)).statusCode).toBe(400);
    expect((await call('GET', '/api/notification/sends?page=0', admin.cookie)).statusCode).toBe(400);
  });
});

describe('demo seed', () => {
  it('adds a broadcast and two linked notes per student; the first student has read theirs', async () => {
    const s1 = await signUpAndLogin(t);
    const s2 = await signUpAndLogin(t);
    await seedNotificationsDemo(t.app.ctx, {
      admin: { id: admin.userId },
      students: [{ id: s1.userId }, { id: s2.userId }],
    });
    const list = (await call('GET', '/api/notification', s2.cookie)).json().data as Notification[];
    expect(list.map((n) => n.type)).toEqual(['event', 'alert', 'system']);
    expect(list.map((n) => n.link)).toEqual(['/', '/attendance', '/profile']);
    expect(await unread(s2.cookie)).toBe(3);
    expect(await unread(s1.cookie)).toBe(0);
  });
});

describe('live stream (SSE)', () => {
  let base: string;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = t.app.server.address();
    base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  });

  it('sends the unread count, then notification and unread events for new items and read changes', async () => {
    const user = await signUpAndLogin(t);
    await notify(t.app.ctx, user.userId, { message: 'before connecting' });
    const s = await openStream(base, user.cookie);
    expect(s.res.status).toBe(200);
    expect(s.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect((await s.waitFor((e) => e.event === 'unread')).data).toEqual({ unreadCount: 1, reason: 'init' });
    await notify(t.app.ctx, user.userId, { message: 'live one', type: 'alert', link: '/rides' });
    const live = await s.waitFor((e) => e.event === 'notification');
    expect(live.data).toMatchObject({
      message: 'live one',
      type: 'alert',
      link: '/rides',
      is_read: false,
      userId: user.userId,
    });
    expect((await s.waitFor((e) => e.event === 'unread' && e.data.reason === 'new')).data.unreadCount).toBe(2);
    await call('PUT', '/api/notification/read-all', user.cookie);
    expect((await s.waitFor((e) => e.data.reason === 'read-all')).data.unreadCount).toBe(0);
    // Another user's notifications never reach this stream; a broadcast does.
    await notify(t.app.ctx, bob.userId, { message: 'for bob only' });
    await call('POST', '/api/notification/broadcast', admin.cookie, { message: 'to everyone' });
    const b = await s.waitFor((e) => e.event === 'notification' && e.data.message === 'to everyone');
    expect(b.data.userId).toBe(user.userId);
    expect(s.events.some((e) => e.data.message === 'for bob only')).toBe(false);
    await s.close();
  });

  it('lets a client catch up after a dropped stream (count on reconnect, list refetch)', async () => {
    const user = await signUpAndLogin(t);
    const first = await openStream(base, user.cookie);
    await first.waitFor((e) => e.event === 'unread');
    await first.close();
    await notify(t.app.ctx, user.userId, { message: 'sent while offline' });
    const again = await openStream(base, user.cookie);
    expect((await again.waitFor((e) => e.event === 'unread')).data).toEqual({ unreadCount: 1, reason: 'init' });
    expect((await firstOf(user.cookie)).message).toBe('sent while offline');
    await again.close();
  });

  it('closes the stream on logout (that session only) and on deactivation', async () => {
    const user = await signUpAndLogin(t);
    const login2 = await call('POST', '/api/users/login', undefined, { email: user.email, password: user.password });
    const cookie2 = `cc_session=${login2.cookies.find((c) => c.name === 'cc_session')!.value}`;
    const s1 = await openStream(base, user.cookie);
    const s2 = await openStream(base, cookie2);
    await s1.waitFor((e) => e.event === 'unread');
    await s2.waitFor((e) => e.event === 'unread');
    await call('POST', '/api/users/logout', user.cookie);
    await s1.waitEnded(10_000);
    await notify(t.app.ctx, user.userId, { message: 'still live on device 2' });
    await s2.waitFor((e) => e.data.message === 'still live on device 2');
    const deact = await call('POST', `/api/users/admin/users/${user.userId}/deactivate`, admin.cookie);
    expect(deact.statusCode).toBe(200);
    await s2.waitEnded(10_000);
    const retry = await fetch(`${base}/api/notification/stream`, { headers: { cookie: cookie2 } });
    expect(retry.status).toBe(401);
  });

  it('closes open streams quickly when the app shuts down', async () => {
    const other = await createTestApp();
    try {
      await other.app.listen({ port: 0, host: '127.0.0.1' });
      const addr = other.app.server.address();
      const u = await signUpAndLogin(other);
      const s = await openStream(`http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`, u.cookie);
      await s.waitFor((e) => e.event === 'unread');
      await other.app.close();
      await s.waitEnded(10_000);
    } finally {
      await other.close();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('live delivery across two instances (PostgreSQL)', () => {
  it('delivers a notification created on instance A to an SSE client on instance B', async () => {
    const result = (await t.database.db.execute(sql`SELECT current_database() AS name`)) as unknown as {
      rows: { name: string }[];
    };
    const name = result.rows[0]!.name;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const databaseB = await openPostgres(url.toString(), 3);
    const appB = await buildApp({ config: t.config, database: databaseB, logger: false });
    try {
      await appB.listen({ port: 0, host: '127.0.0.1' });
      const addr = appB.server.address();
      const user = await signUpAndLogin(t);
      const s = await openStream(`http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`, user.cookie);
      await s.waitFor((e) => e.event === 'unread');
      // Created through instance A's HTTP interface.
      const created = await call('POST', '/api/notification', admin.cookie, {
        message: 'across instances',
        userId: user.userId,
      });
      expect(created.statusCode).toBe(201);
      const got = await s.waitFor((e) => e.event === 'notification' && e.data.message === 'across instances', 10_000);
      expect(got.data.id).toBe(created.json().data.id);
      // A broadcast from A reaches B as well, through ONE notify.
      await call('POST', '/api/notification/broadcast', admin.cookie, { message: 'broadcast across' });
      await s.waitFor((e) => e.data.message === 'broadcast across', 10_000);
      // Logout through A closes the stream held by B.
      await call('POST', '/api/users/logout', user.cookie);
      await s.waitEnded(10_000);
    } finally {
      await appB.close();
      await databaseB.close();
    }
  });
});
