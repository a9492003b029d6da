/**
 * Lost and found API through HTTP on a real database: every
 * endpoint for guest, owner, another user and admin; every validation message; list filters and
 * order against generated data; returned and deactivated owners' reports leaving the list; partial
 * update keeping the photo; pagination bounds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { COMMON_MESSAGES } from '@campus/contract/envelope';
import { FILE_MESSAGES } from '@campus/contract/files';
import { LOST_FOUND_CATEGORIES, LOST_FOUND_MESSAGES as L, type LostFoundItem } from '@campus/contract/lost-found';
import { files } from '../../db/schema/files.ts';
import { lostFoundItems } from '../../db/schema/lost-found.ts';
import { users } from '../../db/schema/users.ts';
import { createTestApp, signUpAndLogin, testWorldHooks, type Method, type TestApp } from '../../test/helpers.ts';
import { jpeg, multipartForm, type FilePart } from '../../test/multipart.ts';
import { todayIn } from '../../lib/dates.ts';
import { VALID_LOST_FOUND } from './lost-found.cases.ts';
import { seedLostFoundDemo } from './lost-found.service.ts';

const ADMIN = 'warden@iiitsonepat.ac.in';
const BASE = '/api/lost-and-found/lost-items';
const {
  t,
  users: { owner, other, admin },
  send,
  json,
} = testWorldHooks(['owner', 'other', 'admin'], { ADMIN_EMAILS: ADMIN });

const valid = VALID_LOST_FOUND;

async function report(cookie: string, fields: Record<string, string> = valid, file?: FilePart): Promise<LostFoundItem> {
  const res = await send('POST', BASE, cookie, multipartForm(fields, file ? [file] : []));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
const photo = async (colour = '#228844'): Promise<FilePart> => ({
  field: 'image',
  filename: 'bottle.jpg',
  content: await jpeg(colour),
  type: 'image/jpeg',
});
const rowCount = async () => (await t.database.db.select({ n: count() }).from(lostFoundItems))[0]!.n;

describe('authorization', () => {
  it('refuses guests on every endpoint with 401, before reading an upload', async () => {
    const item = await report(owner.cookie);
    const big = multipartForm(valid, [
      { field: 'image', filename: 'x.jpg', content: Buffer.alloc(6 * 1024 * 1024, 1) },
    ]);
    for (const [method, url] of [
      ['GET', BASE],
      ['GET', `${BASE}/${item.id}`],
      ['POST', BASE],
      ['PUT', `${BASE}/${item.id}`],
      ['DELETE', `${BASE}/${item.id}`],
    ] as [Method, string][]) {
      const res = await send(method, url, undefined, method === 'POST' || method === 'PUT' ? big : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({ success: false, message: COMMON_MESSAGES.notSignedIn });
    }
  });

  it('another user may read but not change or delete (403); unknown and malformed ids are 404', async () => {
    const item = await report(owner.cookie);
    const url = `${BASE}/${item.id}`;
    expect((await send('GET', url, other.cookie)).json().data).toMatchObject({
      id: item.id,
      item_name: valid.item_name,
    });
    const put = await send('PUT', url, other.cookie, multipartForm({ is_returned: 'true' }));
    expect(put.statusCode).toBe(403);
    expect(put.json().message).toBe(L.forbidden);
    expect((await send('PUT', url, other.cookie, multipartForm({ owner_contact: '1' }))).statusCode).toBe(403);
    expect((await send('DELETE', url, other.cookie)).statusCode).toBe(403);
    for (const id of ['0190a0a0-0000-7000-8000-000000000000', 'nope']) {
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const res = await send(
          method,
          `${BASE}/${id}`,
          owner.cookie,
          method === 'PUT' ? multipartForm({ item_name: 'x' }) : undefined,
        );
        expect(res.statusCode, `${method} ${id}`).toBe(404);
        expect(res.json().message).toBe(L.notFound);
      }
    }
  });

  it('an admin may edit and delete any report; the reporter is notified of the deletion', async () => {
    const item = await report(owner.cookie, { ...valid, item_name: 'Keys with red tag', category: 'Keys' });
    const url = `${BASE}/${item.id}`;
    const put = await send('PUT', url, admin.cookie, multipartForm({ location_found: 'Main gate' }));
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toMatchObject({ location_found: 'Main gate', userId: owner.userId });
    const del = await send('DELETE', url, admin.cookie);
    expect(del.json()).toEqual({ success: true, message: L.deleted });
    expect((await send('GET', url, owner.cookie)).statusCode).toBe(404);
    const notes = (await send('GET', '/api/notification?limit=100', owner.cookie)).json().data;
    expect(notes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ message: L.adminDeleted('Keys with red tag'), link: '/lost-found' }),
      ]),
    );
  });
});

describe('create', () => {
  it('reports an item from multipart with a photo; is_found defaults to true and date_found to today', async () => {
    const res = await send('POST', BASE, owner.cookie, multipartForm(valid, [await photo()]));
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(L.reported);
    const item: LostFoundItem = res.json().data;
    expect(item).toMatchObject({
      ...valid,
      userId: owner.userId,
      is_found: true,
      is_returned: false,
      date_found: todayIn('Asia/Kolkata'),
    });
    expect(item.image_url).toMatch(/^http:\/\/localhost:3000\/api\/files\/[0-9a-f-]{36}$/);
    expect((await send('GET', new URL(item.image_url!).pathname, other.cookie)).statusCode).toBe(200);
  });

  it('accepts a lost report (is_found=false) with a past date, as JSON', async () => {
    const res = await json('POST', BASE, owner.cookie, { ...valid, is_found: false, date_found: '2024-02-29' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ is_found: false, date_found: '2024-02-29', image_url: null });
  });

  it('answers missing required fields with "Please fill in all required fields."', async () => {
    const res = await send('POST', BASE, owner.cookie, multipartForm({ item_name: '', description: 'x' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: L.required,
      errors: { item_name: L.required, category: L.required, location_found: L.required, owner_contact: L.required },
    });
  });

  it.each([
    ['owner_contact', '5123456789', L.contactInvalid],
    ['owner_contact', '912345678', L.contactInvalid],
    ['owner_contact', '91234567890', L.contactInvalid],
    ['owner_contact', 'phone', L.contactInvalid],
    ['item_name', 'x'.repeat(101), L.nameLong],
    ['location_found', 'x'.repeat(101), L.locationLong],
    ['description', 'x'.repeat(501), L.descriptionLong],
    ['category', 'Pets', L.categoryInvalid],
    ['date_found', '2024-13-01', L.dateInvalid],
    ['date_found', '2023-02-29', L.dateInvalid],
    ['date_found', '01/02/2024', L.dateInvalid],
    ['date_found', '2999-01-01', L.dateFuture],
    ['is_found', 'perhaps', 'Must be true or false.'],
  ])('refuses %s = %j with its message and writes nothing', async (field, value, message) => {
    const before = await rowCount();
    const res = await send('POST', BASE, owner.cookie, multipartForm({ ...valid, [field]: value }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message, errors: { [field]: message } });
    expect(await rowCount()).toBe(before);
  });

  it('accepts the length limits exactly and normalises +91', async () => {
    const item = await report(owner.cookie, {
      ...valid,
      item_name: 'n'.repeat(100),
      location_found: 'l'.repeat(100),
      description: 'd'.repeat(500),
      owner_contact: '+91 6000000000',
    });
    expect(item.owner_contact).toBe('6000000000');
  });

  it('refuses an image of 5 MiB or more (413) and a non-image (400), writing nothing', async () => {
    const before = await rowCount();
    const big = await send(
      'POST',
      BASE,
      owner.cookie,
      multipartForm(valid, [{ field: 'image', filename: 'big.jpg', content: Buffer.alloc(5 * 1024 * 1024, 1) }]),
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(L.imageTooLarge);
    const text = await send(
      'POST',
      BASE,
      owner.cookie,
      multipartForm(valid, [
        { field: 'image', filename: 'a.gif', content: Buffer.from('just some text, not a picture '.repeat(10)) },
      ]),
    );
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe(FILE_MESSAGES.notImage);
    expect(await rowCount()).toBe(before);
  });
});

describe('update', () => {
  it('changes only sent fields and keeps the photo; remove_image deletes it', async () => {
    const item = await report(owner.cookie, valid, await photo());
    const res = await send(
      'PUT',
      `${BASE}/${item.id}`,
      owner.cookie,
      multipartForm({ description: 'Has a dent', item_name: '' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(L.updated);
    expect(res.json().data).toMatchObject({ ...item, description: 'Has a dent', updatedAt: expect.any(String) });
    const fileId = new URL(item.image_url!).pathname.split('/').pop()!;
    const removed = await send('PUT', `${BASE}/${item.id}`, owner.cookie, multipartForm({ remove_image: 'true' }));
    expect(removed.json().data.image_url).toBeNull();
    expect(await t.database.db.select().from(files).where(eq(files.id, fileId))).toHaveLength(0);
  });

  it('a new photo replaces the old one', async () => {
    const item = await report(owner.cookie, valid, await photo());
    const res = await send('PUT', `${BASE}/${item.id}`, owner.cookie, multipartForm({}, [await photo('#ffcc00')]));
    expect(res.json().data.image_url).not.toBe(item.image_url);
    const oldId = new URL(item.image_url!).pathname.split('/').pop()!;
    expect(await t.database.db.select().from(files).where(eq(files.id, oldId))).toHaveLength(0);
  });

  it('validates sent fields and changes nothing on failure', async () => {
    const item = await report(owner.cookie);
    const res = await json('PUT', `${BASE}/${item.id}`, owner.cookie, { item_name: 'Other', owner_contact: '12' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ owner_contact: L.contactInvalid });
    expect((await send('GET', `${BASE}/${item.id}`, owner.cookie)).json().data.item_name).toBe(valid.item_name);
  });

  it('mark returned leaves the default list; includeReturned shows it', async () => {
    const tag = `ret${Date.now()}`;
    const item = await report(owner.cookie, { ...valid, item_name: `Umbrella ${tag}` });
    const list = async (extra = '') =>
      (await send('GET', `${BASE}?search=${tag}${extra}`, other.cookie)).json().data.map((i: LostFoundItem) => i.id);
    expect(await list()).toEqual([item.id]);
    const res = await send('PUT', `${BASE}/${item.id}`, owner.cookie, multipartForm({ is_returned: 'true' }));
    expect(res.json().data.is_returned).toBe(true);
    expect(await list()).toEqual([]);
    expect(await list('&includeReturned=true')).toEqual([item.id]);
    expect((await send('GET', `${BASE}/${item.id}`, other.cookie)).json().data.is_returned).toBe(true);
  });
});

describe('delete', () => {
  it('owner deletes the report and its photo; no notification to self', async () => {
    const fresh = await signUpAndLogin(t);
    const item = await report(fresh.cookie, valid, await photo());
    const fileId = new URL(item.image_url!).pathname.split('/').pop()!;
    expect((await send('DELETE', `${BASE}/${item.id}`, fresh.cookie)).statusCode).toBe(200);
    expect(await t.database.db.select().from(files).where(eq(files.id, fileId))).toHaveLength(0);
    expect((await send('DELETE', `${BASE}/${item.id}`, fresh.cookie)).statusCode).toBe(404);
    expect((await send('GET', '/api/notification', fresh.cookie)).json().data).toEqual([]);
  });
});

describe('deactivated owners', () => {
  it('their reports leave the list and are 404 by id for others', async () => {
    const leaver = await signUpAndLogin(t);
    const tag = `gone${Date.now()}`;
    const item = await report(leaver.cookie, { ...valid, item_name: `Wallet ${tag}` });
    await t.database.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, leaver.userId));
    const res = await send('GET', `${BASE}?search=${tag}&includeReturned=true`, other.cookie);
    expect(res.json()).toMatchObject({ data: [], pagination: { total: 0 } });
    expect((await send('GET', `${BASE}/${item.id}`, other.cookie)).statusCode).toBe(404);
    expect((await send('GET', `${BASE}/${item.id}`, admin.cookie)).statusCode).toBe(200);
  });
});

describe('list query validation and pagination bounds', () => {
  it.each([['limit=0'], ['limit=101'], ['page=0'], ['type=stolen'], ['category=Pets'], ['includeReturned=maybe']])(
    'refuses %s with 400',
    async (qs) => {
      const res = await send('GET', `${BASE}?${qs}`, owner.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
    },
  );

  it('defaults to page 1 / limit 20 (100 when neither is sent) and returns the first 5 with limit=5', async () => {
    expect((await send('GET', BASE, owner.cookie)).json().pagination).toMatchObject({ page: 1, limit: 100 });
    const d = (await send('GET', `${BASE}?page=1`, owner.cookie)).json();
    expect(d.pagination).toMatchObject({ page: 1, limit: 20 });
    const five = (await send('GET', `${BASE}?limit=5`, owner.cookie)).json();
    expect(five.data).toHaveLength(Math.min(5, d.pagination.total));
  });
});

describe('filters over generated data', () => {
  let l: TestApp;
  let viewer: { cookie: string; userId: string };
  let rows: (typeof lostFoundItems.$inferSelect)[] = [];

  beforeAll(async () => {
    l = await createTestApp();
    const a = await signUpAndLogin(l);
    const b = await signUpAndLogin(l);
    const gone = await signUpAndLogin(l);
    viewer = a;
    await l.database.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, gone.userId));
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const names = ['Phone', 'ID card', 'Keys', 'Notebook', 'Earphones', 'Jacket'];
    const places = ['Library', 'Canteen', 'Hostel gate', 'Lab 3'];
    const base = Date.now() - 5 * 86_400_000;
    rows = await l.database.db
      .insert(lostFoundItems)
      .values(
        Array.from({ length: 90 }, (_, i) => ({
          userId: [a, b, gone][rnd(3)]!.userId,
          itemName: `${names[rnd(names.length)]} ${i}`,
          description: rnd(4) === 0 ? 'black PHONE cover' : null,
          locationFound: places[rnd(places.length)]!,
          ownerContact: '9876543210',
          category: LOST_FOUND_CATEGORIES[rnd(LOST_FOUND_CATEGORIES.length)]!,
          isFound: rnd(2) === 0,
          isReturned: rnd(5) === 0,
          dateFound: '2025-01-10',
          createdAt: new Date(base + Math.floor(i / 2) * 60_000),
        })),
      )
      .returning();
    rows = rows.filter((r) => r.userId !== gone.userId);
  });
  afterAll(async () => {
    await l?.close();
  });

  type Q = { type?: 'lost' | 'found'; category?: string; search?: string; includeReturned?: 'true'; mine?: 'true' };
  const queries: Q[] = [
    {},
    { type: 'lost' },
    { type: 'found' },
    { category: 'Keys' },
    { type: 'found', category: 'Electronics' },
    { search: 'phone' },
    { search: 'CANTEEN' },
    { search: 'phone', type: 'lost', includeReturned: 'true' },
    { includeReturned: 'true' },
    { mine: 'true' },
  ];

  it.each(queries)('returns exactly the right rows newest first for %j', async (q) => {
    const s = q.search?.toLowerCase();
    const want = rows
      .filter(
        (r) =>
          (q.includeReturned || !r.isReturned) &&
          (!q.type || r.isFound === (q.type === 'found')) &&
          (!q.category || r.category === q.category) &&
          (!q.mine || r.userId === viewer.userId) &&
          (!s || [r.itemName, r.description ?? '', r.locationFound].some((x) => x.toLowerCase().includes(s))),
      )
      .sort((x, y) => y.createdAt.getTime() - x.createdAt.getTime() || (y.id < x.id ? -1 : 1))
      .map((r) => r.id);
    const got: string[] = [];
    let total = -1;
    for (let p = 1; p < 40; p++) {
      const params = new URLSearchParams({ ...q, page: String(p), limit: '6' });
      const res = await l.app.inject({ url: `${BASE}?${params}`, headers: { cookie: viewer.cookie } });
      expect(res.statusCode, res.body).toBe(200);
      total = res.json().pagination.total;
      got.push(...res.json().data.map((i: LostFoundItem) => i.id));
      if (res.json().data.length < 6) break;
    }
    expect(got).toEqual(want);
    expect(total).toBe(want.length);
  });
});

describe('demo data', () => {
  it('seeds reports that show in the default list with valid dates', async () => {
    const d = await createTestApp();
    try {
      const a = await signUpAndLogin(d);
      await seedLostFoundDemo(d.app.ctx, { students: [{ id: a.userId }] });
      const res = await d.app.inject({ url: `${BASE}?limit=5`, headers: { cookie: a.cookie } });
      expect(res.json().data).toHaveLength(5);
      expect(res.json().pagination.total).toBe(6);
      for (const item of res.json().data as LostFoundItem[]) expect(item.date_found).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    } finally {
      await d.close();
    }
  });
});
