/**
 * Success envelopes (docs/design.md §4): `{ success: true, message, data }`, plus the closed list of routes
 * whose spec client reads top-level keys (skill exchange, internships), which use `topLevel`.
 */
import type { FastifyReply } from 'fastify';
import type { Pagination } from '@campus/contract/envelope';
import { COMPRESS_THRESHOLD, compressAnswer } from '../plugins/compression.ts';
import { pageEncoding } from './ssr.ts';

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
 * Compressed answers a route keeps with what they are made of (e.g. a cached page), by a key that
 * names every byte of the answer beside that (its encoding is added): see {@link sendPageText}.
 */
export interface KeptAnswers {
  get(key: string): Buffer | undefined;
  set(key: string, bytes: Buffer): unknown;
}

/**
 * Sends {@link page}'s envelope as JSON text around `data`, JSON text already (a list page
 * PostgreSQL built), or a function that makes it (called only when the answer is not kept). With `content-type: application/json` Fastify sends a string
 * as it is, without the response schema's serializer: the route's tests hold its answer to that
 * schema instead.
 *
 * With `kept` (`answers`, and the `key` of this answer among them), a request that accepts brotli or
 * gzip (`Accept-Encoding`, as SSR pages read it) gets the answer compressed once per key and
 * encoding — the bytes, headers (`Content-Encoding`, `Vary: accept-encoding`) and settings
 * (plugins/compression.ts) of the compression plugin, without compressing it again for every
 * request (docs/decisions/0702-events-feed-cache.md). Anything else — no such encoding,
 * `x-no-compression`, an answer under the plugin's threshold — goes through the plugin as before.
 */
export function sendPageText(
  reply: FastifyReply,
  data: JsonText | (() => JsonText),
  pagination: Pagination,
  message = 'OK',
  kept?: { answers: KeptAnswers; key: string },
) {
  const text = () =>
    `{"success":true,"message":${JSON.stringify(message)},"data":${typeof data === 'function' ? data() : data},"pagination":${JSON.stringify(pagination)}}`;
  reply.type('application/json; charset=utf-8');
  const headers = reply.request.headers;
  const encoding = kept && headers['x-no-compression'] === undefined ? pageEncoding(headers['accept-encoding']) : null;
  if (!kept || !encoding) return reply.send(text());
  const key = `${encoding} ${kept.key}`;
  let bytes = kept.answers.get(key);
  if (!bytes) {
    const whole = text();
    if (Buffer.byteLength(whole) < COMPRESS_THRESHOLD) return reply.send(whole);
    bytes = compressAnswer(whole, encoding);
    kept.answers.set(key, bytes);
  }
  const vary = reply.getHeader('vary');
  const varies = vary === undefined ? [] : Array.isArray(vary) ? vary : [String(vary)];
  if (!varies.some((v) => v.includes('accept-encoding')))
    reply.header('vary', [...varies, 'accept-encoding'].join(', '));
  return reply.header('content-encoding', encoding).header('content-length', bytes.length).send(bytes);
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
