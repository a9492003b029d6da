/**
 * RTK Query endpoint of campus-wide search, injected into the shared `api`:
 * `GET /api/search?q=&type=&limit=` answers one group per feature with its hits.
 */
import type { SearchData, SearchQuery } from '@campus/contract/search';
import { api } from '../../lib/api';

/** What a caller passes: the query text, and optionally one group and the hits per group. */
export type SearchArgs = Pick<SearchQuery, 'q'> & Partial<Pick<SearchQuery, 'type' | 'limit'>>;

export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /search: the trimmed query and its groups, in the contract's order. */
    search: build.query<SearchData, SearchArgs>({
      query: (args) => ({ url: 'search', params: args }),
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useSearchQuery } = searchApi;
