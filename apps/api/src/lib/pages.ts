/**
 * One page of a list with its total matching count: the single way every list route computes
 * `pagination.total` (DESIGN §4 pagination; issue 22).
 */
import type { FastifyRequest } from 'fastify';
import { UNPAGED_LIMIT } from '@campus/contract/envelope';
import { pageOffset } from './envelope.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Rows the list answers without `page` and `limit` (default {@link UNPAGED_LIMIT}). */
    unpagedLimit?: number;
  }
}

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

/**
 * preValidation step of every route (issue 25 item 4): a GET list request — its querystring schema
 * has a `limit` — that names neither `page` nor `limit` gets `limit` = the route's `unpagedLimit`
 * config, else {@link UNPAGED_LIMIT} (100), so the spec's client, which never pages, sees every row
 * up to that; the answer keeps its `pagination` block. A request naming either is left as it is.
 */
export function fillUnpagedLimit(request: FastifyRequest): void {
  const query = request.query as Record<string, unknown> | null | undefined;
  if (request.method !== 'GET' || !query || typeof query !== 'object' || 'page' in query || 'limit' in query) return;
  const schema = request.routeOptions.schema?.querystring as { shape?: Record<string, unknown> } | undefined;
  if (!schema?.shape || !('limit' in schema.shape)) return;
  query.limit = String(request.routeOptions.config.unpagedLimit ?? UNPAGED_LIMIT);
}
