/**
 * Campus-wide search: `GET /api/search?q=&type=&limit=` over what a signed-in student
 * can see — marketplace listings, lost & found items, upcoming rides, events, people who teach a skill and the campus's places —
 * answered in groups, each hit with a title, a snippet whose matching words are marked, and the deep
 * link that opens it. Declared once here for the API and the web app.
 */
import { z } from 'zod';
import { apiSuccess } from './envelope.ts';
import { SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX, SEARCH_MESSAGES, SEARCH_Q_MAX, SEARCH_TYPES } from './search-ui.ts';

export * from './search-ui.ts';

/** GET /api/search query: `q` trimmed (1–100 characters), optional `type`, `limit` per group (1–20, default 5). */
export const searchQuery = z.object({
  q: z
    .string({ error: SEARCH_MESSAGES.queryRequired })
    .trim()
    .min(1, SEARCH_MESSAGES.queryRequired)
    .max(SEARCH_Q_MAX, SEARCH_MESSAGES.queryTooLong),
  type: z.enum(SEARCH_TYPES, { error: SEARCH_MESSAGES.typeInvalid }).optional(),
  limit: z.coerce
    .number({ error: SEARCH_MESSAGES.limitInvalid })
    .int(SEARCH_MESSAGES.limitInvalid)
    .min(1, SEARCH_MESSAGES.limitInvalid)
    .max(SEARCH_LIMIT_MAX, SEARCH_MESSAGES.limitInvalid)
    .default(SEARCH_LIMIT_DEFAULT),
});
export type SearchQuery = z.infer<typeof searchQuery>;

/** A piece of a snippet: plain text, or a word the query matched (shown marked). */
export const snippetPart = z.object({ text: z.string(), match: z.boolean() });
export type SnippetPart = z.infer<typeof snippetPart>;

/** One hit: what it is called, where the query matched, and the link that opens it (`/marketplace/{id}`, …). */
export const searchHit = z.object({
  id: z.string(),
  title: z.string(),
  snippet: z.array(snippetPart),
  link: z.string(),
});
export type SearchHit = z.infer<typeof searchHit>;

/**
 * One group: its type, how many hits it has in all, and the first `limit` of them, best first.
 * `total` is exact unless `totalCapped` is `true` (as lists do,
 * docs/performance.md): a search counts at most {@link SEARCH_COUNT_CAP} matches, so its cost does not grow with the
 * tables; a capped total is `SEARCH_COUNT_CAP`, shown as "100+". `totalCapped` is absent when exact.
 */
export const searchGroup = z.object({
  type: z.enum(SEARCH_TYPES),
  total: z.number().int(),
  totalCapped: z.literal(true).optional(),
  items: z.array(searchHit),
});
export type SearchGroup = z.infer<typeof searchGroup>;

/** `data` of GET /api/search: the trimmed query and one group per searched type, in {@link SEARCH_TYPES} order. */
export const searchData = z.object({ q: z.string(), groups: z.array(searchGroup) });
export type SearchData = z.infer<typeof searchData>;
export const searchResponse = apiSuccess(searchData);
