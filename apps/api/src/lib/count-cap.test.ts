/**
 * Capped totals through HTTP on a real database (flat cost at 100× data): a list
 * with more than COUNT_CAP matches answers `total: COUNT_CAP` and `totalCapped: true` (a list
 * filtered by a search word: SEARCH_COUNT_CAP), a deep full page raises the bound to its end, and a
 * list at or under the cap stays exact without the flag —
 * for the marketplace browse (default, filtered, search filter and a page past the end), lost &
 * found, rides and notifications. Rows are seeded in SQL with generate_series (cheap on PGlite and
 * PostgreSQL).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { COUNT_CAP } from '@campus/contract/envelope';
import { SEARCH_COUNT_CAP } from '@campus/contract/search';
import { testWorldHooks } from '../test/helpers.ts';

const { t, users, as } = testWorldHooks(['owner']);
const OVER = COUNT_CAP + 25;

beforeAll(async () => {
  const owner = users.owner.userId;
  const db = t.database.db;
  // OVER of each (ids drawn in SQL); every 2nd listing is a Bicycle, so a search for it stays under the cap.
  await db.execute(sql`
    INSERT INTO marketplace_items (id, user_id, item_name, price, category, description, item_condition, owner_contact, expires_at, created_at)
    SELECT gen_random_uuid(), ${owner}, CASE WHEN g % 2 = 0 THEN 'Bicycle #' || g ELSE 'Lamp #' || g END, 100 + g, 'Electronics',
           'Seeded listing', 'Good', '9876543210', now() + interval '30 days', now() - g * interval '1 minute'
    FROM generate_series(1, ${OVER}) AS g`);
  await db.execute(sql`
    INSERT INTO lost_found_items (id, user_id, item_name, location_found, category, date_found, created_at)
    SELECT gen_random_uuid(), ${owner}, 'Umbrella #' || g, 'Library', 'Other', '2026-11-01', now() - g * interval '1 minute'
    FROM generate_series(1, ${OVER}) AS g`);
  await db.execute(sql`
    INSERT INTO rides (id, creator_id, pickup_location, drop_location, departure_at, total_seats, available_seats, phone_number)
    SELECT gen_random_uuid(), ${owner}, 'Campus main gate', 'Delhi Airport T3', now() + g * interval '1 hour', 4, 3, '9876543210'
    FROM generate_series(1, ${OVER}) AS g`);
  await db.execute(sql`
    INSERT INTO notifications (id, user_id, message) SELECT gen_random_uuid(), ${owner}, 'Note ' || g FROM generate_series(1, ${OVER}) AS g`);
});

/** The pagination block of `url` as the owner sees it (asserting 200). */
async function paginationOf(url: string): Promise<Record<string, unknown>> {
  const res = await as('owner').get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().pagination;
}

describe('a list above COUNT_CAP', () => {
  it.each([
    ['marketplace default', '/api/buy-and-sell/items?page=1&limit=20'],
    [
      'marketplace filtered + sorted, page 3',
      '/api/buy-and-sell/items?category=Electronics&minPrice=100&sort=priceLowToHigh&page=3&limit=20',
    ],
    ['marketplace my listings', '/api/buy-and-sell/user-items?page=1&limit=20'],
    ['lost & found', '/api/lost-and-found/lost-items?page=1&limit=20'],
    ['rides', '/api/rides?page=1&limit=20'],
    ['notifications', '/api/notification?page=1&limit=20'],
  ])('%s answers the cap and totalCapped', async (_, url) => {
    const p = await paginationOf(url);
    expect(p).toMatchObject({ total: COUNT_CAP, totalCapped: true });
  });

  it('a full page beyond the cap raises the bound to its end; the last, short page is exact', async () => {
    const deep = COUNT_CAP / 20 + 1; // the first page past the cap
    expect(await paginationOf(`/api/buy-and-sell/items?page=${deep}&limit=20`)).toEqual({
      page: deep,
      limit: 20,
      total: deep * 20,
      totalCapped: true,
    });
    const last = Math.ceil(OVER / 20);
    expect(await paginationOf(`/api/lost-and-found/lost-items?page=${last}&limit=20`)).toEqual({
      page: last,
      limit: 20,
      total: OVER,
    });
  });

  it('a page past the end counts without rows to carry the total, up to its own end: exact here', async () => {
    expect(await paginationOf('/api/buy-and-sell/items?page=999&limit=20')).toEqual({
      page: 999,
      limit: 20,
      total: OVER,
    });
  });

  it('a filter with at most COUNT_CAP matches answers the exact total without the flag', async () => {
    const expensive = OVER - 600; // prices 100 + g: g > 600
    expect(expensive).toBeLessThanOrEqual(COUNT_CAP);
    expect(await paginationOf('/api/buy-and-sell/items?minPrice=701&page=1&limit=20')).toEqual({
      page: 1,
      limit: 20,
      total: expensive,
    });
  });
});

describe('a list filtered by a search word counts up to SEARCH_COUNT_CAP', () => {
  it.each([
    ['marketplace', '/api/buy-and-sell/items?search=seeded&page=1&limit=20'],
    ['marketplace, fewer matches than COUNT_CAP', '/api/buy-and-sell/items?search=bicycle&page=1&limit=20'],
    ['lost & found', '/api/lost-and-found/lost-items?search=umbrella&page=1&limit=20'],
    ['rides', '/api/rides?search=airport&page=1&limit=20'],
  ])('%s answers SEARCH_COUNT_CAP and totalCapped', async (_, url) => {
    expect(await paginationOf(url)).toMatchObject({ total: SEARCH_COUNT_CAP, totalCapped: true });
  });

  it('a deeper full page raises the bound to its end; a rarer word is exact', async () => {
    expect(await paginationOf('/api/buy-and-sell/items?search=bicycle&page=7&limit=20')).toEqual({
      page: 7,
      limit: 20,
      total: 140,
      totalCapped: true,
    });
    // 'Bicycle #10…': the even g whose digits start with 10, at most OVER.
    const rare = Array.from({ length: OVER }, (_, i) => i + 1).filter(
      (g) => g % 2 === 0 && String(g).startsWith('10'),
    ).length;
    expect(rare).toBeLessThanOrEqual(SEARCH_COUNT_CAP);
    expect(await paginationOf('/api/buy-and-sell/items?search=bicycle%20%2310&page=1&limit=20')).toEqual({
      page: 1,
      limit: 20,
      total: rare,
    });
  });
});
