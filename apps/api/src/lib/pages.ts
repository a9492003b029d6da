/**
 * One page of a list with its total matching count: the single way every list route computes
 * `pagination.total` (DESIGN §4 pagination; issue 22).
 */
import { pageOffset } from './envelope.ts';

/** A page of rows and how many rows match in all. */
export interface Page<T> {
  items: T[];
  total: number;
}

/**
 * Runs `rows` with the page's `limit` and `offset` (from `q.page`, 1-based, and `q.limit`), then
 * the total: a short page that is not past the end already tells it (`offset + rows`), so no count
 * query runs; otherwise `count(rows)` gives it — a count query, or a total the page query carried
 * on its rows (the marketplace browse does this to save a round trip). `map` turns a row into the
 * API shape.
 */
export async function listPage<R, T>(
  q: { page: number; limit: number },
  rows: (window: { limit: number; offset: number }) => PromiseLike<R[]>,
  count: (rows: R[]) => PromiseLike<number | string> | number,
  map: (row: R) => T,
): Promise<Page<T>> {
  const offset = pageOffset(q);
  const found = await rows({ limit: q.limit, offset });
  const short = found.length < q.limit && (found.length > 0 || offset === 0);
  const total = short ? offset + found.length : Number(await count(found));
  return { items: found.map(map), total };
}
