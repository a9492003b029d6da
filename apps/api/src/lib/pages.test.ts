/**
 * listPage: the count runs only when the page cannot tell the total itself, and stops at the cap
 * (issue 23 item 5: a list above COUNT_CAP answers the cap and `totalCapped`).
 */
import { describe, expect, it, vi } from 'vitest';
import { COUNT_CAP } from '@campus/contract/envelope';
import { countCap, listPage, paginationOf } from './pages.ts';

const rowsOf = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('listPage', () => {
  it('takes the total from a short first or middle page without counting', async () => {
    const count = vi.fn(() => 999);
    expect(await listPage({ page: 1, limit: 20 }, async () => rowsOf(3), count, String)).toEqual({
      items: ['0', '1', '2'],
      total: 3,
    });
    expect(
      (
        await listPage(
          { page: 3, limit: 20 },
          async () => rowsOf(5),
          count,
          (r) => r,
        )
      ).total,
    ).toBe(45);
    expect(
      (
        await listPage(
          { page: 1, limit: 20 },
          async () => [],
          count,
          (r) => r,
        )
      ).total,
    ).toBe(0);
    expect(count).not.toHaveBeenCalled();
  });

  it('counts for a full page and for a page past the end, passing the window and the count limit', async () => {
    const windows: unknown[] = [];
    const limits: number[] = [];
    const full = await listPage(
      { page: 2, limit: 10 },
      async (w) => (windows.push(w), rowsOf(10)),
      async (_, countLimit) => (limits.push(countLimit), '57'),
      (r) => r,
    );
    expect(full).toEqual({ items: rowsOf(10), total: 57 });
    expect(windows).toEqual([{ limit: 10, offset: 10, countLimit: COUNT_CAP + 1 }]);
    expect(limits).toEqual([COUNT_CAP + 1]);
    const past = await listPage(
      { page: 9, limit: 10 },
      async () => [],
      (rows) => rows.length + 12,
      (r) => r,
    );
    expect(past).toEqual({ items: [], total: 12 });
  });

  it('answers the cap and totalCapped when the count reaches its limit, the exact count at the cap', async () => {
    const capped = await listPage(
      { page: 1, limit: 20 },
      async () => rowsOf(20),
      (_, countLimit) => countLimit,
      (r) => r,
    );
    expect(capped).toEqual({ items: rowsOf(20), total: COUNT_CAP, totalCapped: true });
    const exact = await listPage(
      { page: 1, limit: 20 },
      async () => rowsOf(20),
      () => COUNT_CAP,
      (r) => r,
    );
    expect(exact).toEqual({ items: rowsOf(20), total: COUNT_CAP });
  });

  it('raises the cap to the end of a page beyond it: a full deep page proves that many rows', async () => {
    expect(countCap({ offset: 0, limit: 20 })).toBe(COUNT_CAP);
    expect(countCap({ offset: COUNT_CAP, limit: 20 })).toBe(COUNT_CAP + 20);
    const limits: number[] = [];
    const deep = await listPage(
      { page: COUNT_CAP / 20 + 1, limit: 20 },
      async () => rowsOf(20),
      (_, countLimit) => (limits.push(countLimit), countLimit),
      () => 0,
    );
    expect(limits).toEqual([COUNT_CAP + 21]);
    expect(deep.total).toBe(COUNT_CAP + 20);
    expect(deep.totalCapped).toBe(true);
    // A short page past the cap is exact: it saw the end.
    const lastShort = await listPage(
      { page: 60, limit: 20 },
      async () => rowsOf(3),
      () => 0,
      () => 0,
    );
    expect(lastShort).toEqual({ items: [0, 0, 0], total: 59 * 20 + 3 });
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
