/**
 * listPage: the count runs only when the page cannot tell the total itself, counts the list's own
 * FROM, joins and WHERE, and stops at the cap (docs/performance.md: a list above COUNT_CAP answers
 * the cap and `totalCapped`). Runs on a small table of its own (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, lte, sql } from 'drizzle-orm';
import { alias, integer, pgTable } from 'drizzle-orm/pg-core';
import { COUNT_CAP } from '@campus/contract/envelope';
import type { Database } from '../db/client.ts';
import { openTestDatabase } from '../test/helpers.ts';
import { cappedTotal, countCap, listPage, paginationOf, type PageWindow } from './pages.ts';

const numbers = pgTable('page_numbers', { n: integer('n').notNull() });
const same = alias(numbers, 'same');
const ROWS = COUNT_CAP + 55;

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase({ migrated: false });
  await database.db.execute(sql`CREATE TABLE page_numbers (n integer NOT NULL)`);
  await database.db.execute(sql`INSERT INTO page_numbers SELECT g FROM generate_series(1, ${ROWS}) AS g`);
});
afterAll(() => database?.close());

/** The first `upTo` numbers, `q`'s page of them, ascending. */
const numbersUpTo = (q: { page: number; limit: number }, upTo: number) =>
  listPage(database.db, q, {
    from: numbers,
    where: lte(numbers.n, upTo),
    select: database.db.select().from(numbers),
    orderBy: [asc(numbers.n)],
    map: (row) => row.n,
  });

describe('listPage', () => {
  it('takes the total from a short first or middle page without counting', async () => {
    const windows: PageWindow[] = [];
    const fewer = await listPage(
      database.db,
      { page: 1, limit: 20 },
      {
        from: numbers,
        rows: async (w) => (windows.push(w), [1, 2, 3]),
        map: String,
      },
    );
    expect(fewer).toEqual({ items: ['1', '2', '3'], total: 3 });
    expect(windows).toEqual([{ limit: 20, offset: 0, countLimit: COUNT_CAP + 1 }]);
    // The rows say 5 on page 3 of 20: 45 in all, although the table holds more (no count ran).
    const middle = await listPage(
      database.db,
      { page: 3, limit: 20 },
      { from: numbers, rows: async () => [1, 2, 3, 4, 5] },
    );
    expect(middle.total).toBe(45);
    expect(await listPage(database.db, { page: 1, limit: 20 }, { from: numbers, rows: async () => [] })).toEqual({
      items: [],
      total: 0,
    });
  });

  it('narrows the select by WHERE, order and window, and counts FROM and WHERE for a full page or a page past the end', async () => {
    expect(await numbersUpTo({ page: 2, limit: 10 }, 57)).toEqual({
      items: [11, 12, 13, 14, 15, 16, 17, 18, 19, 20],
      total: 57,
    });
    expect(await numbersUpTo({ page: 9, limit: 10 }, 12)).toEqual({ items: [], total: 12 });
  });

  it('counts over the joins it is given, whose columns the WHERE reads', async () => {
    const page = await listPage(
      database.db,
      { page: 1, limit: 5 },
      {
        from: numbers,
        joins: [[same, eq(same.n, numbers.n)]],
        where: lte(same.n, 30),
        select: database.db.select({ n: numbers.n }).from(numbers).innerJoin(same, eq(same.n, numbers.n)),
        orderBy: [asc(numbers.n)],
      },
    );
    expect(page).toEqual({ items: [1, 2, 3, 4, 5].map((n) => ({ n })), total: 30 });
  });

  it('answers the cap and totalCapped when the count reaches its limit, the exact count at the cap', async () => {
    const capped = await numbersUpTo({ page: 1, limit: 20 }, ROWS);
    expect(capped).toMatchObject({ total: COUNT_CAP, totalCapped: true });
    expect(capped.items).toHaveLength(20);
    const exact = await numbersUpTo({ page: 1, limit: 20 }, COUNT_CAP);
    expect(exact.total).toBe(COUNT_CAP);
    expect(exact.totalCapped).toBeUndefined();
  });

  it('raises the cap to the end of a page beyond it: a full deep page proves that many rows', async () => {
    expect(countCap({ offset: 0, limit: 20 })).toBe(COUNT_CAP);
    expect(countCap({ offset: COUNT_CAP, limit: 20 })).toBe(COUNT_CAP + 20);
    const deep = await numbersUpTo({ page: COUNT_CAP / 20 + 1, limit: 20 }, ROWS);
    expect(deep).toMatchObject({ total: COUNT_CAP + 20, totalCapped: true });
    // A short page past the cap is exact: it saw the end.
    const lastShort = await numbersUpTo({ page: COUNT_CAP / 20 + 3, limit: 20 }, ROWS);
    expect(lastShort).toMatchObject({ total: ROWS });
    expect(lastShort.items).toHaveLength(ROWS - (COUNT_CAP + 40));
  });
});

describe('cappedTotal', () => {
  it('is exact up to the cap and a lower bound beyond it', () => {
    expect(cappedTotal(100, 100)).toEqual({ total: 100 });
    expect(cappedTotal(101, 100)).toEqual({ total: 100, totalCapped: true });
  });
});

describe('paginationOf', () => {
  it('adds totalCapped only when the total is a lower bound', () => {
    expect(paginationOf({ page: 2, limit: 20 }, { total: 57 })).toEqual({ page: 2, limit: 20, total: 57 });
    expect(paginationOf({ page: 1, limit: 20 }, { total: COUNT_CAP, totalCapped: true })).toEqual({
      page: 1,
      limit: 20,
      total: COUNT_CAP,
      totalCapped: true,
    });
  });
});
