/**
 * Success envelopes (DESIGN §4): `{ success: true, message, data }`, plus the closed list of routes
 * whose spec client reads top-level keys (skill exchange, internships), which use `topLevel`.
 */
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
 * (DESIGN §4; `totalCapped` issue 23 item 5, built by `paginationOf` in lib/pages.ts).
 */
export function page<T>(data: T[], pagination: Pagination, message = 'OK') {
  return { success: true as const, message, data, pagination };
}

/** Rows to skip for the requested page of a paginated query (DESIGN §4: `page` from 1). */
export function pageOffset(q: { page: number; limit: number }): number {
  return (q.page - 1) * q.limit;
}

/** The keys a spec client reads at the top level instead of `data` (DESIGN §4): the closed list. */
export type TopLevelKey = 'skills' | 'teach' | 'learn' | 'matches' | 'userSkill' | 'request' | 'internships';

/**
 * `{ success: true, message, ...keys }` for the closed list of routes whose spec client reads
 * top-level keys instead of `data` (DESIGN §4): skill exchange (`skills`; `teach` and `learn`;
 * `matches`; `userSkill`; `request`) and internships (`internships`). A key outside
 * {@link TopLevelKey} does not compile.
 */
export function topLevel<K extends Partial<Record<TopLevelKey, unknown>>>(
  keys: K & Record<Exclude<keyof K, TopLevelKey>, never>,
  message = 'OK',
) {
  return { success: true as const, message, ...keys };
}
