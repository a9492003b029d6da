/**
 * RTK Query endpoints of lost and found (spec §7, DESIGN §4), injected into the shared `api`.
 * Lists keep `pagination` (lib/paged.ts). Reports with a photo go through {@link useSaveReport}
 * (XMLHttpRequest, for upload progress), which then invalidates the same tags.
 */
import type { LostFoundItem } from '@campus/contract/lost-found';
import { useAppDispatch } from '../../app/store';
import { api } from '../../lib/api';
import { fetchPage, toQueryString, type Page } from '../../lib/paged';
import { useMultipartSave } from '../../lib/upload';

/** List filters as sent to GET /lost-and-found/lost-items. */
export interface ReportFilters {
  type?: 'lost' | 'found';
  category?: string;
  search?: string;
  includeReturned?: boolean;
  mine?: boolean;
  page?: number;
  limit?: number;
}

const TAG = 'LostFoundItem' as const;
const withTags = api.enhanceEndpoints({ addTagTypes: [TAG] });

export const lostFoundApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    /** GET /lost-and-found/lost-items (newest first, paginated, filtered). */
    listReports: build.query<Page<LostFoundItem>, ReportFilters>({
      queryFn: (filters, { signal }) =>
        fetchPage<LostFoundItem>(`lost-and-found/lost-items${toQueryString(filters)}`, signal),
      providesTags: [{ type: TAG, id: 'LIST' }],
    }),
    /** GET /lost-and-found/lost-items/{id}. */
    getReport: build.query<LostFoundItem, string>({
      query: (id) => `lost-and-found/lost-items/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: TAG, id }],
    }),
    /** PUT /lost-and-found/lost-items/{id} as JSON (mark returned). */
    setReturned: build.mutation<LostFoundItem, { id: string; is_returned: boolean }>({
      query: ({ id, is_returned }) => ({
        url: `lost-and-found/lost-items/${id}`,
        method: 'PUT',
        body: { is_returned },
      }),
      invalidatesTags: (_r, _e, { id }) => [
        { type: TAG, id },
        { type: TAG, id: 'LIST' },
      ],
    }),
    /** DELETE /lost-and-found/lost-items/{id}. */
    deleteReport: build.mutation<unknown, string>({
      query: (id) => ({ url: `lost-and-found/lost-items/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [
        { type: TAG, id },
        { type: TAG, id: 'LIST' },
      ],
    }),
  }),
});

export const { useListReportsQuery, useGetReportQuery, useSetReturnedMutation, useDeleteReportMutation } = lostFoundApi;

/**
 * Create (POST) or update (PUT with `id`) a report from a FormData of text parts and an optional
 * `image` file, with upload progress (0–100). Resolves the saved report; rejects an ApiError.
 */
export function useSaveReport() {
  const dispatch = useAppDispatch();
  return useMultipartSave<LostFoundItem>('lost-and-found/lost-items', (saved) =>
    dispatch(
      lostFoundApi.util.invalidateTags([
        { type: TAG, id: 'LIST' },
        { type: TAG, id: saved.id },
      ]),
    ),
  );
}
