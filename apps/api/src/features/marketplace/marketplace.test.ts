/**
 * Marketplace API through HTTP on a real database: every
 * endpoint for guest, owner, another user and admin; every validation message; filters and sorts
 * against generated data; sold, expired and deactivated owners' listings leaving browse; partial
 * update keeping the photo; pagination bounds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, inArray } from 'drizzle-orm';
import { COMMON_MESSAGES } from '@campus/contract/envelope';
import { FILE_MESSAGES } from '@campus/contract/files';
import {
  ITEM_CONDITIONS,
  MARKETPLACE_CATEGORIES,
  MARKETPLACE_MESSAGES as M,
  MARKETPLACE_SORTS,
  isSqlStatement,
  marketplaceList,
  type MarketplaceItem,
} from '@campus/contract/marketplace';
import { files } from '../../db/schema/files.ts';
import { marketplaceItems } from '../../db/schema/marketplace.ts';
import { users } from '../../db/schema/users.ts';
import { createTestApp, signUpAndLogin, testWorldHooks, type Method, type TestApp } from '../../test/helpers.ts';
import { jpeg, multipartForm, type FilePart } from '../../test/multipart.ts';
import { VALID_ITEM } from './marketplace.cases.ts';
import { seedMarketplaceDemo } from './marketplace.service.ts';

const ADMIN = 'dean@iiitsonepat.ac.in';
const {
  t,
  users: { owner, other, admin },
  send,
  json,
} = testWorldHooks(['owner', 'other', 'admin'], { ADMIN_EMAILS: ADMIN });

const valid = VALID_ITEM;

async function createItem(
  cookie: string,
  fields: Record<string, string> = valid,
  file?: FilePart,
): Promise<MarketplaceItem> {
  const res = await send('POST', '/api/buy-and-sell/items', cookie, multipartForm(fields, file ? [file] : []));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
const photo = async (colour = '#3366aa'): Promise<FilePart> => ({
  field: 'image',
  filename: 'photo.jpg',
  content: await jpeg(colour),
  type: 'image/jpeg',
});
const fileCount = async () => (await t.database.db.select({ n: count() }).from(files))[0]!.n;

describe('authorization', () => {
  it('refuses guests on every endpoint with 401, before reading an upload', async () => {
    const item = await createItem(owner.cookie);
    const big = multipartForm(valid, [
      { field: 'image', filename: 'x.jpg', content: Buffer.alloc(6 * 1024 * 1024, 1) },
    ]);
    const calls: [Method, string][] = [
      ['GET', '/api/buy-and-sell/items'],
      ['GET', '/api/buy-and-sell/user-items'],
      ['GET', `/api/buy-and-sell/items/${item.id}`],
      ['POST', '/api/buy-and-sell/items'],
      ['PUT', `/api/buy-and-sell/items/${item.id}`],
      ['DELETE', `/api/buy-and-sell/items/${item.id}`],
      ['POST', `/api/buy-and-sell/items/${item.id}/renew`],
    ];
    for (const [method, url] of calls) {
      const res = await send(method, url, undefined, method === 'POST' || method === 'PUT' ? big : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({ success: false, message: COMMON_MESSAGES.notSignedIn });
    }
  });

  it('another user may read but not change, delete or renew (403); unknown and malformed ids are 404', async () => {
    const item = await createItem(owner.cookie);
    const url = `/api/buy-and-sell/items/${item.id}`;
    expect((await send('GET', url, other.cookie)).statusCode).toBe(200);
    const put = await send('PUT', url, other.cookie, multipartForm({ price: '1' }));
    expect(put.statusCode).toBe(403);
    expect(put.json().message).toBe(M.forbidden);
    // Ownership is checked before the body: an invalid body from a stranger is still 403.
    expect((await send('PUT', url, other.cookie, multipartForm({ price: 'abc' }))).statusCode).toBe(403);
    expect((await send('DELETE', url, other.cookie)).statusCode).toBe(403);
    expect((await send('POST', `${url}/renew`, other.cookie)).statusCode).toBe(403);
    expect((await send('GET', url, owner.cookie)).json().data.price).toBe(850);
    for (const id of ['0190a0a0-0000-7000-8000-000000000000', 'not-a-uuid']) {
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const res = await send(
          method,
          `/api/buy-and-sell/items/${id}`,
          owner.cookie,
          method === 'PUT' ? multipartForm({ price: '1' }) : undefined,
        );
        expect(res.statusCode, `${method} ${id}`).toBe(404);
        expect(res.json().message).toBe(M.notFound);
      }
    }
  });

  it('an admin may edit and delete any listing but not renew it', async () => {
    const item = await createItem(owner.cookie);
    const url = `/api/buy-and-sell/items/${item.id}`;
    const put = await send('PUT', url, admin.cookie, multipartForm({ item_name: 'Edited by admin' }));
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toMatchObject({ item_name: 'Edited by admin', userId: owner.userId });
    expect((await send('POST', `${url}/renew`, admin.cookie)).statusCode).toBe(403);
    const del = await send('DELETE', url, admin.cookie);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ success: true, message: M.deleted });
    expect((await send('GET', url, owner.cookie)).statusCode).toBe(404);
    // The owner is told, with a link to the marketplace.
    const notes = (await send('GET', '/api/notification?limit=100', owner.cookie)).json().data;
    expect(notes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ message: M.adminDeleted('Edited by admin'), link: '/marketplace', is_read: false }),
      ]),
    );
  });

  it('an owner deleting their own listing gets no notification', async () => {
    const fresh = await signUpAndLogin(t);
    const item = await createItem(fresh.cookie);
    expect((await send('DELETE', `/api/buy-and-sell/items/${item.id}`, fresh.cookie)).statusCode).toBe(200);
    expect((await send('GET', '/api/notification', fresh.cookie)).json().data).toEqual([]);
  });
});

describe('create', () => {
  it('lists an item from multipart text parts and an image; image_url is absolute and served', async () => {
    const before = await fileCount();
    const res = await send('POST', '/api/buy-and-sell/items', owner.cookie, multipartForm(valid, [await photo()]));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe(M.listed);
    const item: MarketplaceItem = body.data;
    expect(item).toMatchObject({
      userId: owner.userId,
      item_name: valid.item_name,
      price: 850,
      category: 'Electronics',
      item_condition: 'Like New',
      description: valid.description,
      owner_contact: '9876543210',
      is_sold: false,
      is_expired: false,
    });
    expect(item.image_url).toMatch(/^http:\/\/localhost:3000\/api\/files\/[0-9a-f-]{36}$/);
    const days = (Date.parse(item.expires_at) - Date.parse(item.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(60, 1);
    expect(await fileCount()).toBe(before + 1);
    const served = await send('GET', new URL(item.image_url!).pathname, other.cookie);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('accepts JSON with a numeric price and no photo', async () => {
    const res = await json('POST', '/api/buy-and-sell/items', owner.cookie, { ...valid, price: 0 });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ price: 0, image_url: null });
  });

  it('answers every missing field with its message; an empty text part counts as absent', async () => {
    const res = await send(
      'POST',
      '/api/buy-and-sell/items',
      owner.cookie,
      multipartForm({ item_name: '', price: '', description: '   ' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: M.itemNameRequired,
      errors: {
        item_name: M.itemNameRequired,
        price: M.priceRequired,
        category: M.categoryRequired,
        item_condition: M.conditionRequired,
        description: M.descriptionRequired,
        owner_contact: M.contactRequired,
      },
    });
    const empty = await json('POST', '/api/buy-and-sell/items', owner.cookie, {});
    expect(Object.keys(empty.json().errors)).toHaveLength(6);
  });

  it.each([
    ['price', '-1', M.priceInvalid],
    ['price', '12.5', M.priceInvalid],
    ['price', 'abc', M.priceInvalid],
    ['price', '1e3', M.priceInvalid],
    ['price', '10000001', M.priceTooHigh],
    ['category', 'Cars', M.categoryInvalid],
    ['item_condition', 'Broken', M.conditionInvalid],
    ['owner_contact', '12345', M.contactInvalid],
    ['owner_contact', '98765432101', M.contactInvalid],
    ['owner_contact', 'call me', M.contactInvalid],
    ['item_name', 'x'.repeat(101), M.itemNameLong],
    ['description', 'x'.repeat(1001), M.descriptionLong],
  ])('refuses %s = %j with its message', async (field, value, message) => {
    const before = (await t.database.db.select({ n: count() }).from(marketplaceItems))[0]!.n;
    const res = await send(
      'POST',
      '/api/buy-and-sell/items',
      owner.cookie,
      multipartForm({ ...valid, [field]: value }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message, errors: { [field]: message } });
    expect((await t.database.db.select({ n: count() }).from(marketplaceItems))[0]!.n).toBe(before);
  });

  it('refuses a negative JSON price and a fractional one', async () => {
    for (const price of [-5, 2.5]) {
      const res = await json('POST', '/api/buy-and-sell/items', owner.cookie, { ...valid, price });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.price).toBe(M.priceInvalid);
    }
  });

  it('normalises a contact with spaces or +91', async () => {
    const item = await createItem(owner.cookie, { ...valid, owner_contact: '+91 98765-43210' });
    expect(item.owner_contact).toBe('9876543210');
  });

  it('refuses an image of 5 MiB or more (413) and a non-image (400), writing nothing', async () => {
    const before = await fileCount();
    const rowsBefore = (await t.database.db.select({ n: count() }).from(marketplaceItems))[0]!.n;
    const big = await send(
      'POST',
      '/api/buy-and-sell/items',
      owner.cookie,
      multipartForm(valid, [{ field: 'image', filename: 'big.jpg', content: Buffer.alloc(5 * 1024 * 1024, 1) }]),
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(M.imageTooLarge);
    const text = await send(
      'POST',
      '/api/buy-and-sell/items',
      owner.cookie,
      multipartForm(valid, [
        { field: 'image', filename: 'x.jpg', content: Buffer.from('not an image at all '.repeat(10)) },
      ]),
    );
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ message: FILE_MESSAGES.notImage, errors: { image: FILE_MESSAGES.notImage } });
    expect(await fileCount()).toBe(before);
    expect((await t.database.db.select({ n: count() }).from(marketplaceItems))[0]!.n).toBe(rowsBefore);
  });

  it('replaces a description that is a SQL statement with [removed], not ordinary words', async () => {
    const removed = await createItem(owner.cookie, { ...valid, description: 'DROP TABLE users;' });
    expect(removed.description).toBe('[removed]');
    const injected = await createItem(owner.cookie, {
      ...valid,
      description: "nice'); DELETE FROM marketplace_items; --",
    });
    expect(injected.description).toBe('[removed]');
    const ordinary = 'Will update the price soon. Select your slot, drop me a message; delete this ad later.';
    expect((await createItem(owner.cookie, { ...valid, description: ordinary })).description).toBe(ordinary);
  });
});

describe('the browse answer, built by PostgreSQL', () => {
  it('holds each item exactly as the listing\u2019s own answer has it, in the contract\u2019s shape', async () => {
    const withPhoto = await createItem(owner.cookie, { ...valid, item_name: 'Lamp "desk" \\ café' }, await photo());
    const plain = await createItem(other.cookie, { ...valid, item_name: 'Plain chair', price: '0' });
    const res = await send('GET', '/api/buy-and-sell/items?limit=100', other.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = marketplaceList.parse(res.json());
    expect(Object.keys(res.json()).sort()).toEqual(['data', 'message', 'pagination', 'success']);
    const browsed = new Map(body.data.map((item) => [item.id, item]));
    for (const item of [withPhoto, plain]) {
      const own = (await json('GET', `/api/buy-and-sell/items/${item.id}`, other.cookie)).json();
      expect(browsed.get(item.id)).toStrictEqual(own.data);
    }
    expect(browsed.get(withPhoto.id)!.image_thumb_url).toBe(`${withPhoto.image_url}?variant=thumb`);
    expect(browsed.get(plain.id)!.image_url).toBeNull();
  });
});

describe('malformed bodies', () => {
  it('answer 400 with the contract message on create and update, and change nothing', async () => {
    const created = await send('POST', '/api/buy-and-sell/items', owner.cookie, multipartForm(valid));
    expect(created.statusCode).toBe(201);
    const id: string = created.json().data.id;
    const before = await t.database.db.$count(marketplaceItems);
    const headers = { cookie: owner.cookie, 'content-type': 'multipart/form-data; boundary=zz' };
    const payload = '--zz\r\nContent-Disposition: form-data; name="item_name"\r\n\r\nLamp';
    for (const [method, url] of [
      ['POST', '/api/buy-and-sell/items'],
      ['PUT', `/api/buy-and-sell/items/${id}`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: COMMON_MESSAGES.malformedMultipart });
    }
    expect(await t.database.db.$count(marketplaceItems)).toBe(before);
    const after = await t.app.inject({ url: `/api/buy-and-sell/items/${id}`, headers: { cookie: owner.cookie } });
    expect(after.json().data.item_name).toBe(valid.item_name);
  });

  it('refuse the NUL character in a text part, a JSON field or the query with 400', async () => {
    const before = await t.database.db.$count(marketplaceItems);
    const nul = { success: false, message: COMMON_MESSAGES.nulCharacter };
    const form = await send(
      'POST',
      '/api/buy-and-sell/items',
      owner.cookie,
      multipartForm({ ...valid, item_name: 'Lamp\u0000' }),
    );
    expect(form.statusCode).toBe(400);
    expect(form.json()).toEqual(nul);
    const body = await json('POST', '/api/buy-and-sell/items', owner.cookie, { ...valid, description: 'a\u0000b' });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toEqual(nul);
    const query = await t.app.inject({ url: '/api/buy-and-sell/items?search=%00', headers: { cookie: owner.cookie } });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toEqual(nul);
    expect(await t.database.db.$count(marketplaceItems)).toBe(before);
  });
});

describe('the [removed] rule (docs/design.md §8)', () => {
  it.each([
    'DROP TABLE users',
    'drop database campus;',
    'DELETE FROM marketplace_items WHERE 1=1',
    'INSERT INTO users (email) VALUES (1)',
    'UPDATE users SET roles = 1',
    'SELECT * FROM users',
    'select email, password_hash from users where id = 1',
    'ALTER TABLE users ADD x int',
    'TRUNCATE users',
    "x'; DROP TABLE students; --",
  ])('treats %j as a statement', (text) => expect(isSqlStatement(text)).toBe(true));
  it.each([
    'Update: price reduced',
    'Selling my cycle, select a time to see it',
    'Drop-off near the library',
    'Delete this after it sells',
    'Insert the SIM into the phone',
    'Truncated manual included',
    'Select from five colours',
    'Like new; from a smoke-free room',
  ])('keeps %j', (text) => expect(isSqlStatement(text)).toBe(false));
});

describe('update', () => {
  it('changes only the sent fields and keeps the photo when no file part is sent', async () => {
    const item = await createItem(owner.cookie, valid, await photo());
    const res = await send(
      'PUT',
      `/api/buy-and-sell/items/${item.id}`,
      owner.cookie,
      multipartForm({ price: '700', item_name: '' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(M.updated);
    const updated: MarketplaceItem = res.json().data;
    expect(updated).toMatchObject({ ...item, price: 700, updatedAt: expect.any(String) });
    expect(updated.image_url).toBe(item.image_url);
    const json2 = await json('PUT', `/api/buy-and-sell/items/${item.id}`, owner.cookie, { item_condition: 'Good' });
    expect(json2.json().data).toMatchObject({ item_condition: 'Good', price: 700, image_url: item.image_url });
  });

  it('a new photo replaces the old file; remove_image=true deletes it', async () => {
    const item = await createItem(owner.cookie, valid, await photo());
    const oldId = new URL(item.image_url!).pathname.split('/').pop()!;
    const replaced = await send(
      'PUT',
      `/api/buy-and-sell/items/${item.id}`,
      owner.cookie,
      multipartForm({}, [await photo('#aa3366')]),
    );
    expect(replaced.statusCode).toBe(200);
    const newUrl: string = replaced.json().data.image_url;
    expect(newUrl).not.toBe(item.image_url);
    expect(await t.database.db.select().from(files).where(eq(files.id, oldId))).toHaveLength(0);
    const removed = await send(
      'PUT',
      `/api/buy-and-sell/items/${item.id}`,
      owner.cookie,
      multipartForm({ remove_image: 'true' }),
    );
    expect(removed.json().data.image_url).toBeNull();
    const newId = new URL(newUrl).pathname.split('/').pop()!;
    expect(await t.database.db.select().from(files).where(eq(files.id, newId))).toHaveLength(0);
  });

  it('JSON: empty strings and null count as absent', async () => {
    const item = await createItem(owner.cookie);
    const res = await json('PUT', `/api/buy-and-sell/items/${item.id}`, owner.cookie, {
      item_name: '',
      description: '  ',
      category: null,
      price: 5,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ item_name: valid.item_name, category: 'Electronics', price: 5 });
  });

  it('validates sent fields with the create messages and changes nothing on failure', async () => {
    const item = await createItem(owner.cookie);
    const res = await send(
      'PUT',
      `/api/buy-and-sell/items/${item.id}`,
      owner.cookie,
      multipartForm({ item_name: 'New name', price: '-3', owner_contact: '123' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ price: M.priceInvalid, owner_contact: M.contactInvalid });
    expect((await send('GET', `/api/buy-and-sell/items/${item.id}`, owner.cookie)).json().data.item_name).toBe(
      valid.item_name,
    );
    const bad = await send(
      'PUT',
      `/api/buy-and-sell/items/${item.id}`,
      owner.cookie,
      multipartForm({ is_sold: 'maybe' }),
    );
    expect(bad.statusCode).toBe(400);
  });

  it('applies the [removed] rule to an updated description', async () => {
    const item = await createItem(owner.cookie);
    const res = await send(
      'PUT',
      `/api/buy-and-sell/items/${item.id}`,
      owner.cookie,
      multipartForm({ description: 'SELECT * FROM users' }),
    );
    expect(res.json().data.description).toBe('[removed]');
  });
});

describe('delete', () => {
  it('deletes the item and its photo (owner); a second delete is 404', async () => {
    const item = await createItem(owner.cookie, valid, await photo());
    const fileId = new URL(item.image_url!).pathname.split('/').pop()!;
    const res = await send('DELETE', `/api/buy-and-sell/items/${item.id}`, owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(await t.database.db.select().from(files).where(eq(files.id, fileId))).toHaveLength(0);
    expect((await send('DELETE', `/api/buy-and-sell/items/${item.id}`, owner.cookie)).statusCode).toBe(404);
  });
});

describe('sold, renew and user-items', () => {
  it('mark sold leaves browse but stays in the owner\u2019s listings; renew extends expiry', async () => {
    const tag = `soldtag${Date.now()}`;
    const item = await createItem(owner.cookie, { ...valid, item_name: `Lamp ${tag}` });
    const browse = async () =>
      (await send('GET', `/api/buy-and-sell/items?search=${tag}`, other.cookie))
        .json()
        .data.map((i: MarketplaceItem) => i.id);
    expect(await browse()).toEqual([item.id]);
    const sold = await send(
      'PUT',
      `/api/buy-and-sell/items/${item.id}`,
      owner.cookie,
      multipartForm({ is_sold: 'true' }),
    );
    expect(sold.json().data.is_sold).toBe(true);
    expect(await browse()).toEqual([]);
    const mine = (await send('GET', '/api/buy-and-sell/user-items?limit=100', owner.cookie)).json();
    expect(mine.data.find((i: MarketplaceItem) => i.id === item.id)).toMatchObject({ is_sold: true });
    expect((await send('GET', `/api/buy-and-sell/items/${item.id}`, other.cookie)).json().data.is_sold).toBe(true);
    await json('PUT', `/api/buy-and-sell/items/${item.id}`, owner.cookie, { is_sold: false });
    expect(await browse()).toEqual([item.id]);

    // Expired: leaves browse, stays in the owner's list flagged; renewal brings it back for 60 days.
    await t.database.db
      .update(marketplaceItems)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(marketplaceItems.id, item.id));
    expect(await browse()).toEqual([]);
    const mine2 = (await send('GET', '/api/buy-and-sell/user-items?limit=100', owner.cookie)).json();
    expect(mine2.data.find((i: MarketplaceItem) => i.id === item.id)).toMatchObject({ is_expired: true });
    const renewed = await send('POST', `/api/buy-and-sell/items/${item.id}/renew`, owner.cookie);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().message).toBe(M.renewed);
    const days = (Date.parse(renewed.json().data.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(59.9);
    expect(renewed.json().data.is_expired).toBe(false);
    expect(await browse()).toEqual([item.id]);
  });

  it('user-items lists only the caller\u2019s items, newest first, paginated', async () => {
    const fresh = await signUpAndLogin(t);
    const a = await createItem(fresh.cookie, { ...valid, item_name: 'A' });
    const b = await createItem(fresh.cookie, { ...valid, item_name: 'B' });
    const c = await createItem(fresh.cookie, { ...valid, item_name: 'C' });
    const res = await send('GET', '/api/buy-and-sell/user-items?limit=2', fresh.cookie);
    expect(res.json().data.map((i: MarketplaceItem) => i.id)).toEqual([c.id, b.id]);
    expect(res.json().pagination).toEqual({ page: 1, limit: 2, total: 3 });
    const p2 = await send('GET', '/api/buy-and-sell/user-items?limit=2&page=2', fresh.cookie);
    expect(p2.json().data.map((i: MarketplaceItem) => i.id)).toEqual([a.id]);
    expect(
      (await send('GET', '/api/buy-and-sell/user-items', other.cookie))
        .json()
        .data.some((i: MarketplaceItem) => i.userId !== other.userId),
    ).toBe(false);
  });

  it('a deactivated owner\u2019s listings leave browse and are 404 by id (admins still see them)', async () => {
    const leaver = await signUpAndLogin(t);
    const tag = `leaver${Date.now()}`;
    const item = await createItem(leaver.cookie, { ...valid, item_name: `Desk ${tag}` });
    await t.database.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, leaver.userId));
    const res = await send('GET', `/api/buy-and-sell/items?search=${tag}`, other.cookie);
    expect(res.json().data).toEqual([]);
    expect(res.json().pagination.total).toBe(0);
    expect((await send('GET', `/api/buy-and-sell/items/${item.id}`, other.cookie)).statusCode).toBe(404);
    expect((await send('GET', `/api/buy-and-sell/items/${item.id}`, admin.cookie)).statusCode).toBe(200);
  });
});

describe('list query validation and pagination bounds', () => {
  it.each([
    ['limit=0'],
    ['limit=101'],
    ['page=0'],
    ['page=-1'],
    ['page=abc'],
    ['sort=cheapest'],
    ['category=Cars'],
    ['minPrice=-1'],
    ['maxPrice=1.5'],
  ])('refuses %s with 400', async (qs) => {
    const res = await send('GET', `/api/buy-and-sell/items?${qs}`, owner.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });

  it('refuses minPrice above maxPrice with its message', async () => {
    const res = await send('GET', '/api/buy-and-sell/items?minPrice=500&maxPrice=100', owner.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(M.priceRange);
  });

  it('defaults to page 1, limit 20 (100 when neither is sent); accepts limit 100; a page past the end is empty with the total', async () => {
    const unpaged = (await send('GET', '/api/buy-and-sell/items', owner.cookie)).json();
    expect(unpaged.pagination).toMatchObject({ page: 1, limit: 100 });
    const d = (await send('GET', '/api/buy-and-sell/items?page=1', owner.cookie)).json();
    expect(d.pagination).toMatchObject({ page: 1, limit: 20 });
    expect((await send('GET', '/api/buy-and-sell/items?limit=100', owner.cookie)).statusCode).toBe(200);
    const far = (await send('GET', '/api/buy-and-sell/items?page=9999', owner.cookie)).json();
    expect(far.data).toEqual([]);
    expect(far.pagination.total).toBe(d.pagination.total);
  });
});

describe('filters and sorts over generated data', () => {
  let l: TestApp;
  let viewer: string;
  /** The rows browse must return, as inserted. */
  let visible: { id: string; name: string; description: string; price: number; category: string; createdAt: Date }[] =
    [];

  beforeAll(async () => {
    l = await createTestApp();
    const sellers = [await signUpAndLogin(l), await signUpAndLogin(l), await signUpAndLogin(l)];
    viewer = sellers[0]!.cookie;
    const gone = sellers[2]!;
    await l.database.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, gone.userId));
    // Deterministic pseudo-random data (LCG) so a failure reproduces.
    let seed = 42;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const words = ['Laptop', 'Chair', 'Novel', 'Jacket', 'Cycle', 'Bat', 'Lamp', 'Watch', '100%_cotton'];
    const base = Date.now() - 10 * 86_400_000;
    const rows = Array.from({ length: 120 }, (_, i) => {
      const kind = rnd(10); // 0: sold, 1: expired, 2: deactivated owner, else visible
      const seller = kind === 2 ? gone : sellers[rnd(2)]!;
      return {
        userId: seller.userId,
        itemName: `${words[rnd(words.length)]} ${i}`,
        price: [0, 50, 499, 500, 501, 1000, 2500, 99999][rnd(8)]!,
        category: MARKETPLACE_CATEGORIES[rnd(MARKETPLACE_CATEGORIES.length)]!,
        description: rnd(3) === 0 ? 'Barely used, LAPTOP stand included' : 'Good shape',
        itemCondition: ITEM_CONDITIONS[rnd(5)]!,
        ownerContact: '9876543210',
        isSold: kind === 0,
        // Same created_at for some rows so the id tie-break is exercised.
        createdAt: new Date(base + Math.floor(i / 3) * 60_000),
        expiresAt: new Date(kind === 1 ? Date.now() - 60_000 : Date.now() + 86_400_000),
        kind,
      };
    });
    const inserted = await l.database.db
      .insert(marketplaceItems)
      .values(rows.map(({ kind: _kind, ...r }) => r))
      .returning();
    visible = inserted
      .filter((_, i) => rows[i]!.kind > 2)
      .map((r) => ({
        id: r.id,
        name: r.itemName,
        description: r.description,
        price: r.price,
        category: r.category,
        createdAt: r.createdAt,
      }));
    expect(visible.length).toBeGreaterThan(50);
    expect(visible.length).toBeLessThan(120);
  });
  afterAll(async () => {
    await l?.close();
  });

  type Q = { category?: string; search?: string; minPrice?: number; maxPrice?: number; sort?: string };
  function expected(q: Q): string[] {
    const s = q.search?.toLowerCase();
    const rows = visible.filter(
      (r) =>
        (!q.category || q.category === 'All' || r.category === q.category) &&
        (!s || r.name.toLowerCase().includes(s) || r.description.toLowerCase().includes(s)) &&
        (q.minPrice === undefined || r.price >= q.minPrice) &&
        (q.maxPrice === undefined || r.price <= q.maxPrice),
    );
    const byNewest = (a: (typeof rows)[0], b: (typeof rows)[0]) =>
      b.createdAt.getTime() - a.createdAt.getTime() || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0);
    const cmp: Record<string, (a: (typeof rows)[0], b: (typeof rows)[0]) => number> = {
      newest: byNewest,
      oldest: (a, b) => -byNewest(a, b),
      priceLowToHigh: (a, b) => a.price - b.price || byNewest(a, b),
      priceHighToLow: (a, b) => b.price - a.price || byNewest(a, b),
    };
    return rows.sort(cmp[q.sort ?? 'newest']).map((r) => r.id);
  }

  async function fetchAll(q: Q): Promise<{ ids: string[]; total: number }> {
    const ids: string[] = [];
    let total = -1;
    for (let p = 1; p < 50; p++) {
      const params = new URLSearchParams({ ...(q as Record<string, string>), page: String(p), limit: '7' });
      const res = await l.app.inject({ url: `/api/buy-and-sell/items?${params}`, headers: { cookie: viewer } });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      total = body.pagination.total;
      ids.push(...body.data.map((i: MarketplaceItem) => i.id));
      if (body.data.length < 7) break;
    }
    return { ids, total };
  }

  const queries: Q[] = [{}];
  for (const sort of MARKETPLACE_SORTS) {
    queries.push({ sort });
    queries.push({ sort, category: 'Books' });
    queries.push({ sort, minPrice: 500 });
    queries.push({ sort, maxPrice: 500 });
    queries.push({ sort, minPrice: 499, maxPrice: 1000, category: 'Electronics' });
    queries.push({ sort, search: 'laptop' });
    queries.push({ sort, search: 'LAP', category: 'Other', maxPrice: 2500 });
  }
  queries.push(
    { category: 'All' },
    { search: '100%_' },
    { search: '%' },
    { search: 'nothing-matches' },
    { minPrice: 0, maxPrice: 0 },
  );

  it.each(queries)('returns exactly the right rows in order for %j', async (q) => {
    const want = expected(q);
    const got = await fetchAll(q);
    expect(got.ids).toEqual(want);
    expect(got.total).toBe(want.length);
  });

  it('never returns sold, expired or deactivated owners\u2019 items', async () => {
    const got = await fetchAll({});
    const rows = await l.database.db.select().from(marketplaceItems).where(inArray(marketplaceItems.id, got.ids));
    expect(rows.every((r) => !r.isSold && r.expiresAt.getTime() > Date.now())).toBe(true);
  });
});

describe('demo data', () => {
  it('seeds listings that show in browse, newest first, for the demo students', async () => {
    const d = await createTestApp();
    try {
      const a = await signUpAndLogin(d);
      const b = await signUpAndLogin(d);
      await seedMarketplaceDemo(d.app.ctx, { students: [{ id: a.userId }, { id: b.userId }] });
      const res = await d.app.inject({ url: '/api/buy-and-sell/items?limit=100', headers: { cookie: a.cookie } });
      const data: MarketplaceItem[] = res.json().data;
      expect(data.length).toBe(8);
      expect(data.map((i) => i.createdAt)).toEqual([...data.map((i) => i.createdAt)].sort().reverse());
      expect(new Set(data.map((i) => i.userId))).toEqual(new Set([a.userId, b.userId]));
    } finally {
      await d.close();
    }
  });
});
