/**
 * RTK Query endpoint of the internship finder (docs/product-spec.md §7, docs/design.md §4), injected into the
 * shared `api`: POST /internships/fetch with the filters, a 180 s client time-out (docs/product-spec.md §9). The
 * answer keeps `internships`, `source`, `fetchedAt` and `cached` at the top level (the base query
 * returns the whole body when there is no `data` key).
 */
import type { FetchInternshipsInput, FetchInternshipsResponse } from '@campus/contract/internships';
import { INTERNSHIP_CLIENT_TIMEOUT_MS, INTERNSHIP_MESSAGES as M } from '@campus/contract/internships-ui';
import { api, NETWORK_MESSAGE, toApiError } from '../../lib/api';

export const internshipsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /internships/fetch; rejects an ApiError (status 'TIMEOUT' after 180 s). */
    fetchInternships: build.mutation<FetchInternshipsResponse, FetchInternshipsInput>({
      query: (body) => ({ url: 'internships/fetch', method: 'POST', body, timeout: INTERNSHIP_CLIENT_TIMEOUT_MS }),
    }),
  }),
});

export const { useFetchInternshipsMutation } = internshipsApi;

/**
 * The text to show for a failed search (docs/product-spec.md §8): the time-out text on a client time-out, else the
 * server's message (blocked, time-out, unreadable, validation …), else the network message, else
 * "Failed to fetch internships.".
 */
export function internshipErrorText(error: unknown): string {
  const e = toApiError(error, M.failed);
  if (e.status === 'TIMEOUT') return M.timeout;
  if (e.serverMessage) return e.serverMessage;
  if (e.status === 'NETWORK') return NETWORK_MESSAGE;
  return M.failed;
}
