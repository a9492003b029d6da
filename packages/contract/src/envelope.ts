/**
 * The API envelope (docs/design.md §4): every response is `{ success, message, data? }` on success or
 * `{ success: false, message, errors? }` on failure, with a real HTTP status.
 */
import { z } from 'zod';
import { COMMON_MESSAGES } from './envelope-ui.ts';

export * from './envelope-ui.ts';

/** Failure body: `message` is the spec text of the first failing field; `errors` maps field → message. */
export const apiFailure = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ApiFailure = z.infer<typeof apiFailure>;

/** Builds the success envelope schema around a `data` schema. */
export function apiSuccess<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), message: z.string(), data });
}

/** Success envelope without data. */
export const apiOk = z.object({ success: z.literal(true), message: z.string() });

/**
 * Rows a list answers when the request names neither `page` nor `limit` (the
 * spec's client never sends them and expects every row); rides answer up to `RIDES_UNPAGED_LIMIT`.
 * A request with either keeps the list's usual default.
 */
export const UNPAGED_LIMIT = 100;

/** Highest page number a list accepts (keeps OFFSET far inside PostgreSQL's range). */
export const PAGE_MAX = 1_000_000;

/**
 * Pagination query (docs/design.md §4): `page` from 1, `limit` default `defaultLimit` (20), cap 100. Every
 * paginated list's query is this or extends it.
 */
export function paginationQueryOf(defaultLimit = 20) {
  return z.object({
    page: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(defaultLimit),
  });
}
export const paginationQuery = paginationQueryOf();
export type PaginationQuery = z.infer<typeof paginationQuery>;

/**
 * Route params `{ id }` of a record (docs/design.md §4): a malformed id cannot name a record, so it answers
 * 404 with `notFoundMessage` like an unknown one (the API maps params failures to 404).
 */
export function idParams(notFoundMessage: string = COMMON_MESSAGES.notFound) {
  return z.object({ id: z.uuid({ error: notFoundMessage }) });
}

/**
 * Largest count a list answers exactly (flat cost at 100× data): a count stops
 * at this many matches, so its cost does not grow with the table; a larger total is shown as
 * "1,000+". A list filtered by a search word, and the campus-wide search, count up to
 * `SEARCH_COUNT_CAP` (100, `search.ts`).
 */
export const COUNT_CAP = 1000;

/**
 * `pagination` key placed beside `data` on paginated lists. `total` is exact unless `totalCapped`
 * is `true`: the count stopped early and `total` is a lower bound — at least
 * {@link COUNT_CAP} (`SEARCH_COUNT_CAP` for a list filtered by a search word), or the end of the
 * requested page when that is further — shown as "1,000+" ("100+").
 * `totalCapped` is absent when the total is exact, so the spec's `{ page, limit, total }` stays.
 */
export const pagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalCapped: z.literal(true).optional(),
});
export type Pagination = z.infer<typeof pagination>;

/** A paginated list response: `data` is the array of `item`, `pagination` beside it (docs/design.md §4). */
export function apiPage<T extends z.ZodType>(item: T) {
  return apiSuccess(z.array(item)).extend({ pagination });
}

/**
 * The header a client sends with a creating write so that a repeat (a double tap, a retry after a
 * lost answer, the offline queue) gets the first answer instead of a second record (docs/design.md §9).
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
