/**
 * Campus-wide search, the zod-free part: the groups, the limits and the texts. Kept free of zod so
 * the header's search box, on every page, does not load the schema library; `search.ts`
 * re-exports everything here.
 */
import { SEARCHABLE_KINDS, nonEmpty, orList, type KindSearchType } from './record-kinds.ts';

/**
 * The groups a search answers, in this order; `type` narrows to one of them: the searchable record
 * kinds' groups (`record-kinds.ts`), then `skills` (students who teach a skill) and `places` (the
 * places directory, by name or alias: "LHC" → Lecture Hall Complex, opened on the campus map) —
 * neither is a record kind.
 */
export type SearchType = KindSearchType | 'skills' | 'places';
export const SEARCH_TYPES = nonEmpty<SearchType>([...SEARCHABLE_KINDS.map((k) => k.search.type), 'skills', 'places']);

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
export const SEARCH_GROUPS = {
  ...Object.fromEntries(
    SEARCHABLE_KINDS.map((k) => [k.search.type, { label: k.page, path: k.path, param: k.search.param }]),
  ),
  skills: { label: 'Skill Exchange', path: '/skill-exchange', param: null },
  places: { label: 'Campus map', path: '/map', param: 'q' },
} as Record<SearchType, { label: string; path: string; param: string | null }>;

export const SEARCH_MESSAGES = {
  queryRequired: 'Please enter something to search for.',
  queryTooLong: `Search text must be at most ${SEARCH_Q_MAX} characters.`,
  typeInvalid: `Search type must be one of ${orList(SEARCH_TYPES)}.`,
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
  /** A place hit's snippet: its category, then "Also called LHC, Lecture Halls" when it has aliases. */
  alsoCalled: 'Also called',
};
