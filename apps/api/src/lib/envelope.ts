/**
 * Success envelopes (docs/design.md §4): `{ success: true, message, data }`, plus the closed list of routes
 * whose spec client reads top-level keys (skill exchange, internships), which use `topLevel`.
 */
import type { FastifyReply } from 'fastify';
import type { Pagination } from '@campus/contract/envelope';

/** `{ success: true, message, data }`. */
export function ok<T>(data: T, message = 'OK') {
  return { success: true as const, message, data };
}

/** `{ success: true, message }` for actions without data. */
export function done(message: string) {
  return { success: true as const, message };
}

/**
 * Paginated list: the array in `data`, `pagination: { page, limit, total, totalCapped? }` beside it
 * (docs/design.md §4; `totalCapped` built by `paginationOf` in lib/pages.ts).
 */
export function page<T>(data: T[], pagination: Pagination, message = 'OK') {
  return { success: true as const, message, data, pagination };
}

/** JSON text built by PostgreSQL for an answer's `data`, sent as it is. */
export type JsonText = string & { readonly __jsonText: true };

/**
 * Sends {@link page}'s envelope as JSON text around `data`, JSON text already (a list page
 * PostgreSQL built). With `content-type: application/json` Fastify sends a string
 * as it is, without the response schema's serializer: the route's tests hold its answer to that
 * schema instead.
 */
export function sendPageText(reply: FastifyReply, data: JsonText, pagination: Pagination, message = 'OK') {
  const text = `{"success":true,"message":${JSON.stringify(message)},"data":${data},"pagination":${JSON.stringify(pagination)}}`;
  return reply.type('application/json; charset=utf-8').send(text);
}

/** Rows to skip for the requested page of a paginated query (docs/design.md §4: `page` from 1). */
export function pageOffset(q: { page: number; limit: number }): number {
  return (q.page - 1) * q.limit;
}

/** The keys a spec client reads at the top level instead of `data` (docs/design.md §4): the closed list. */
export type TopLevelKey = 'skills' | 'teach' | 'learn' | 'matches' | 'userSkill' | 'request' | 'internships';

/**
 * `{ success: true, message, ...keys }` for the closed list of routes whose spec client reads
 * top-level keys instead of `data` (docs/design.md §4): skill exchange (`skills`; `teach` and `learn`;
 * `matches`; `userSkill`; `request`) and internships (`internships`). A key outside
 * {@link TopLevelKey} does not compile.
 */
export function topLevel<K extends Partial<Record<TopLevelKey, unknown>>>(
  keys: K & Record<Exclude<keyof K, TopLevelKey>, never>,
  message = 'OK',
) {
  return { success: true as const, message, ...keys };
}
