/** listPage: the count runs only when the page cannot tell the total itself. */
import { describe, expect, it, vi } from 'vitest';
import { listPage } from './pages.ts';

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

  it('counts for a full page and for a page past the end, passing the window to the query', async () => {
    const windows: unknown[] = [];
    const full = await listPage(
      { page: 2, limit: 10 },
      async (w) => (windows.push(w), rowsOf(10)),
      async () => '57',
      (r) => r,
    );
    expect(full.total).toBe(57);
    expect(windows).toEqual([{ limit: 10, offset: 10 }]);
    const past = await listPage(
      { page: 9, limit: 10 },
      async () => [],
      (rows) => rows.length + 12,
      (r) => r,
    );
    expect(past).toEqual({ items: [], total: 12 });
  });
});
