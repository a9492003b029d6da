/**
 * RTK Query endpoint of campus-wide search, injected into the shared `api`:
 * `GET /api/search?q=&type=&limit=` answers one group per feature with its hits. The server runs a
 * few searches at once and refuses more with 503 and `Retry-After: 1` (docs/performance.md
 * "Search"): the endpoint tries again after that second, twice at most, so a student typing fast
 * sees suggestions rather than an error.
 */
import { retry } from '@reduxjs/toolkit/query/react';
import type { SearchData, SearchQuery } from '@campus/contract/search';
import { api, envelopeBaseQuery } from '../../lib/api';

/** What a caller passes: the query text, and optionally one group and the hits per group. */
export type SearchArgs = Pick<SearchQuery, 'q'> & Partial<Pick<SearchQuery, 'type' | 'limit'>>;

/** Tries a search refused as busy (503) again after the server's `Retry-After` of 1 s, twice at most. */
export const BUSY_RETRY = { retries: 2, afterMs: 1_000 } as const;

const searchQuery = retry(envelopeBaseQuery, {
  retryCondition: (error, _args, { attempt }) =>
    (error as { status?: unknown }).status === 503 && attempt <= BUSY_RETRY.retries,
  backoff: () => new Promise((resolve) => setTimeout(resolve, BUSY_RETRY.afterMs)),
});

export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /search: the trimmed query and its groups, in the contract's order. */
    search: build.query<SearchData, SearchArgs>({
      queryFn: async (args, apiCtx, extra) => {
        const result = await searchQuery({ url: 'search', params: args }, apiCtx, extra);
        return result.error ? { error: result.error } : { data: result.data as SearchData, meta: result.meta };
      },
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useSearchQuery } = searchApi;
