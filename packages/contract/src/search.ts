/**
 * Campus-wide search: `GET /api/search?q=&type=&limit=` over what a signed-in student
 * can see — marketplace listings, lost & found items, upcoming rides and people who teach a skill —
 * answered in groups, each hit with a title, a snippet whose matching words are marked, and the deep
 * link that opens it. Declared once here for the API and the web app.
 */
import { z } from 'zod';
import { apiSuccess } from './envelope.ts';

/** The groups a search answers, in this order; `type` narrows to one of them. */
export const SEARCH_TYPES = ['marketplace', 'lost-found', 'rides', 'skills'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** Longest query, in characters, after trimming. */
export const SEARCH_Q_MAX = 100;
/** Hits per group: default and most. */
export const SEARCH_LIMIT_DEFAULT = 5;
export const SEARCH_LIMIT_MAX = 20;
/**
 * Matches a group counts at most: a group with more answers `total: 100,
 * totalCapped: true`, shown as "100+". A search reads at most this many matches (+1) per tier, so
 * its cost stays flat however many rows match — measured 4–6× less database time per group than
 * the lists' `COUNT_CAP` (1,000) for a common word or a typo (README "Search"). A list filtered by
 * a search word — the feature's own page that "See all in …" opens — counts up to this too
 * (flat cost at 100× data).
 */
export const SEARCH_COUNT_CAP = 100;

/**
 * Each group's name, the feature page "See all" opens, and that page's search parameter (null: the
 * page has no search filter — skill exchange shows matches for the skills a student picks).
 */
export const SEARCH_GROUPS: Record<SearchType, { label: string; path: string; param: string | null }> = {
  marketplace: { label: 'Marketplace', path: '/marketplace', param: 'search' },
  'lost-found': { label: 'Lost & Found', path: '/lost-found', param: 'search' },
  rides: { label: 'Rides', path: '/rides', param: 'search' },
  skills: { label: 'Skill Exchange', path: '/skill-exchange', param: null },
};

export const SEARCH_MESSAGES = {
  queryRequired: 'Please enter something to search for.',
  queryTooLong: `Search text must be at most ${SEARCH_Q_MAX} characters.`,
  typeInvalid: 'Search type must be one of marketplace, lost-found, rides or skills.',
  limitInvalid: `The limit must be a whole number from 1 to ${SEARCH_LIMIT_MAX}.`,
  loginToSearch: 'Log in to search',
  failed: 'Search failed. Please try again.',
  /** The empty state, with the query as typed. */
  noResults: (q: string) => `No results for “${q}”`,
  /** A group's count beside its name: "7", or "100+" when the count stopped at `SEARCH_COUNT_CAP`. */
  total: (group: { total: number; totalCapped?: true }) =>
    `${group.total.toLocaleString('en-IN')}${group.totalCapped ? '+' : ''}`,
  /** The link under a group to the feature's own page with its search filled in. */
  seeAll: (label: string) => `See all in ${label}`,
  /** A skill hit's title when the teacher has not given a name. */
  unnamedStudent: 'A student',
  /** A skill hit's snippet: "Teaches **Python** · CSE · Fifth semester". */
  teaches: 'Teaches',
  semester: (semester: string) => `${semester} semester`,
};

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
