/**
 * One page of a list with its total matching count: the single way every list route computes
 * `pagination.total` (docs/design.md §4 pagination), capped so that no list's cost grows with
 * its table (flat cost at 100× data).
 */
import type { FastifyRequest } from 'fastify';
import { getTableColumns, sql } from 'drizzle-orm';
import type { AnyColumn, SQL, Subquery } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { COUNT_CAP, UNPAGED_LIMIT } from '@campus/contract/envelope';
import { SEARCH_COUNT_CAP } from '@campus/contract/search';
import type { Db } from '../db/client.ts';
import { pageOffset, type JsonText } from './envelope.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Rows the list answers without `page` and `limit` (default {@link UNPAGED_LIMIT}). */
    unpagedLimit?: number;
  }
}

/**
 * A page of rows and how many rows match in all: exactly, or — `totalCapped` true — at least
 * `total` (the count stopped there; see {@link listPage}).
 */
export interface Page<T> {
  items: T[];
  total: number;
  totalCapped?: true;
}

/** A {@link Page} whose items are one JSON array built by PostgreSQL. */
export type PageText = Omit<Page<never>, 'items'> & { items: JsonText };

/** The window of one page: SQL `LIMIT`/`OFFSET`, and the most rows its count may visit. */
export interface PageWindow {
  limit: number;
  offset: number;
  /** `LIMIT` of the count's inner query: one more than the largest total answered exactly. */
  countLimit: number;
}

/**
 * The largest total answered exactly for a page at `offset` of `limit` rows: {@link COUNT_CAP} —
 * {@link SEARCH_COUNT_CAP} when the list is filtered by a search word — or the end of that page
 * when it lies further (a deep page's full rows already prove that many exist, and reaching them
 * cost the OFFSET as much). A word's matches are counted by testing each row's text, so 1,001 of
 * them cost a scan of thousands of rows where the word is common (0.28× of the
 * 10k throughput at 100× data); 101 cost a tenth of that, as the campus-wide search counts.
 */
export function countCap(q: { limit: number; offset: number; search?: unknown }): number {
  const searched = typeof q.search === 'string' && q.search.trim() !== '';
  return Math.max(searched ? SEARCH_COUNT_CAP : COUNT_CAP, q.offset + q.limit);
}

/**
 * What a list is made of, for {@link listPage}: the FROM and WHERE it counts, and its rows — either
 * `select` (the list's SELECT … FROM … JOIN, without WHERE) with `orderBy`, which `listPage` narrows
 * by `where` and the page's window, or `rows`, a page query the feature builds from the window (a
 * prepared statement, a count carried on the rows).
 */
export type ListOf<R, T> = {
  /** The table the total counts (the list's FROM). */
  from: PgTable;
  /** Inner joins the count needs as well: `where` reads their columns (`[table or alias, ON]`). */
  joins?: [PgTable, SQL][];
  /** The list's WHERE (none: every row of `from`). */
  where?: SQL;
  /** Turns a row into the API shape (default: the row itself). */
  map?: (row: R) => T;
} & (
  | {
      /** The rows' SELECT and FROM (joins included), without WHERE, ORDER BY, LIMIT, OFFSET. */
      select: PromiseLike<R[]> & { where(where: SQL | undefined): unknown };
      /** The list's order, ending with a unique key so pages do not overlap. */
      orderBy: (SQL | AnyColumn)[];
    }
  | {
      /** The rows of the page's window (`limit`, `offset`, and `countLimit` for a carried count). */
      rows: (window: PageWindow) => PromiseLike<R[]>;
    }
);

/** The chain `listPage` runs on a list's `select`. */
interface Narrowing<R> {
  where(where: SQL | undefined): Narrowing<R>;
  orderBy(...columns: (SQL | AnyColumn)[]): Narrowing<R>;
  limit(limit: number): Narrowing<R>;
  offset(offset: number): PromiseLike<R[]>;
}

/**
 * One page of `list` (the single way a list's page and total are computed — docs/architecture.md
 * "Building blocks"): the rows of page `q.page` (1-based) of `q.limit`, mapped by `list.map`, then
 * the total: a short page that is not past the end already tells it (`offset + rows`), so no count
 * runs; otherwise `SELECT count(*)` over `list.from` (and `list.joins`) where `list.where`, stopping
 * at the window's `countLimit` ({@link countCap} + 1; lower when `q.search` filters the list). A
 * count of `countLimit` or more answers the cap with `totalCapped: true` ({@link cappedTotal}), so
 * no list counts more than ~1,000 rows per request however large its table grows (docs/performance.md).
 */
export async function listPage<R, T = R>(db: Db, q: PageQuery, list: ListOf<R, T>): Promise<Page<T>> {
  const window = windowOf(q);
  const found = await ('rows' in list
    ? list.rows(window)
    : (list.select as unknown as Narrowing<R>)
        .where(list.where)
        .orderBy(...list.orderBy)
        .limit(window.limit)
        .offset(window.offset));
  const map = list.map ?? ((row: R) => row as unknown as T);
  const total = await totalOf(q, window, found.length, () => countMatching(db, list, window.countLimit));
  return { items: found.map(map), ...total };
}

/** How a list request names its page: `page` (1-based), `limit`, and the search word that lowers the count's cap. */
export interface PageQuery {
  page: number;
  limit: number;
  search?: unknown;
}

/**
 * `SELECT count(*) FROM (SELECT 1 FROM from [JOIN …] WHERE where LIMIT countLimit) AS matching`:
 * how many rows of `list` match, visiting at most `countLimit` of them (docs/performance.md).
 */
function countMatching(db: Db, list: Pick<ListOf<unknown, unknown>, 'from' | 'joins' | 'where'>, countLimit: number) {
  let matching = db
    .select({ one: sql`1` })
    .from(list.from)
    .$dynamic();
  for (const [table, on] of list.joins ?? []) matching = matching.innerJoin(table, on);
  return countUpTo(db, matching.where(list.where).limit(countLimit).as('matching'));
}

/**
 * A total of `counted` matches against the largest total answered exactly, `cap`: `counted` itself
 * up to the cap, else the cap with `totalCapped: true` (a lower bound; the web shows "1,000+").
 * Every list's total and each campus-search group's go through it (docs/architecture.md).
 */
export function cappedTotal(counted: number, cap: number): { total: number; totalCapped?: true } {
  return counted > cap ? { total: cap, totalCapped: true } : { total: counted };
}

/**
 * {@link listPage} for a page PostgreSQL answers as one row of JSON text: `row` gives the page's
 * `items` (a JSON array, null when empty), how many `rows` it holds and `total`, the statement's
 * count of matches up to the window's `countLimit` — one scalar column of the row, not a value
 * carried on each of the page's rows.
 */
export async function listPageText(
  q: PageQuery,
  row: (window: PageWindow) => PromiseLike<{ items: JsonText | null; rows: number; total: number }>,
): Promise<PageText> {
  const window = windowOf(q);
  const found = await row(window);
  return { items: found.items ?? ('[]' as JsonText), ...(await totalOf(q, window, found.rows, () => found.total)) };
}

/**
 * The window of page `q.page` (1-based) of `q.limit` rows, its count stopping past
 * {@link countCap} (lower when `q.search` filters the list).
 */
function windowOf(q: PageQuery): PageWindow {
  const offset = pageOffset(q);
  return { limit: q.limit, offset, countLimit: countCap({ limit: q.limit, offset, search: q.search }) + 1 };
}

/**
 * The total of a page holding `rows` rows: a short page that is not past the end tells it
 * (`offset + rows`); otherwise `count()` — at `countLimit` or more, the cap with `totalCapped`.
 */
async function totalOf(
  q: { limit: number },
  window: PageWindow,
  rows: number,
  count: () => PromiseLike<number | string> | number | string,
): Promise<{ total: number; totalCapped?: true }> {
  if (rows < q.limit && (rows > 0 || window.offset === 0)) return { total: window.offset + rows };
  return cappedTotal(Number(await count()), window.countLimit - 1);
}

/**
 * `SELECT count(*) FROM (matching) AS matching`: how many rows `matching` — a select of the
 * list's FROM and WHERE that already carries `.limit(countLimit)` — returns, so the count stops at
 * the limit instead of visiting every match. Pass it the select's `.as(…)`.
 */
async function countUpTo(db: Db, matching: Subquery): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(matching);
  return Number(row?.n ?? 0);
}

/**
 * The columns a list page reads from `table`: all but the full-text document `searchVector`
 * (kept by the database for search, never shown), which the driver would otherwise
 * receive and parse as text on every row (request cost).
 */
export function listColumns<T extends PgTable>(table: T): Omit<T['_']['columns'], 'searchVector'> {
  const { searchVector: _unused, ...columns } = getTableColumns(table) as T['_']['columns'] & {
    searchVector?: unknown;
  };
  return columns;
}

/**
 * The `pagination` block of a list answer (docs/design.md §4) from the request's `page` and `limit` and a
 * {@link Page}: `totalCapped` only when the total is a lower bound, so an exact answer keeps the
 * spec's `{ page, limit, total }`.
 */
export function paginationOf(
  q: { page: number; limit: number },
  found: { total: number; totalCapped?: true },
): { page: number; limit: number; total: number; totalCapped?: true } {
  return {
    page: q.page,
    limit: q.limit,
    total: found.total,
    ...(found.totalCapped && { totalCapped: true as const }),
  };
}

/**
 * preValidation step of every route: a GET list request — its querystring schema
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
