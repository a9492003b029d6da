/**
 * RTK Query endpoints of lost and found (docs/product-spec.md §7, docs/design.md §4), injected into the shared `api`.
 * Lists keep `pagination` ({@link toPage}); the mutations declare their docs/product-spec.md §8 toasts
 * ({@link toastOutcome}). Items with a photo go through {@link useSaveLostFoundItem}
 * (XMLHttpRequest, for upload progress), which then invalidates the same tags.
 */
import type { LostFoundItem, LostFoundItemFilters } from '@campus/contract/lost-found';
import { LOST_FOUND_MESSAGES as L } from '@campus/contract/lost-found-ui';
import { useAppDispatch } from '../../lib/store';
import { api, toPage, type Page } from '../../lib/api';
import { invalidateOnChange, pageTags } from '../../lib/live-changes';
import { toastOutcome } from '../../lib/mutation-toast';
import { useMultipartSave } from '../../lib/upload';

/** Duration of the lost-and-found toasts in ms (docs/product-spec.md §8: error toast 4 s). */
export const LOST_FOUND_TOAST_MS = 4000;

/** List filters as sent to GET /lost-and-found/lost-items. */

const TAG = 'LostFoundItem' as const;
const withTags = api.enhanceEndpoints({ addTagTypes: [TAG] });
// An item returned, hidden, restored or removed refetches its dialog and the lists that show it.
invalidateOnChange(withTags, 'lost-found', (id) => [{ type: TAG, id }]);

export const lostFoundApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    /** GET /lost-and-found/lost-items (newest first, paginated, filtered). */
    listLostFoundItems: build.query<Page<LostFoundItem>, LostFoundItemFilters>({
      query: (filters) => ({ url: 'lost-and-found/lost-items', params: filters }),
      transformResponse: toPage<LostFoundItem>,
      providesTags: pageTags(TAG, 'LIST'),
    }),
    /** GET /lost-and-found/lost-items/{id}. */
    getLostFoundItem: build.query<LostFoundItem, string>({
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
      onQueryStarted: toastOutcome({
        success: ({ is_returned }) => (is_returned ? L.markedReturned : L.updated),
        error: (e) => `${L.errorUpdating}: ${e.message}`,
        ms: LOST_FOUND_TOAST_MS,
      }),
      invalidatesTags: (_r, _e, { id }) => [
        { type: TAG, id },
        { type: TAG, id: 'LIST' },
      ],
    }),
    /** DELETE /lost-and-found/lost-items/{id}. */
    deleteLostFoundItem: build.mutation<unknown, string>({
      query: (id) => ({ url: `lost-and-found/lost-items/${id}`, method: 'DELETE' }),
      onQueryStarted: toastOutcome({
        success: L.deleted,
        error: (e) => `${L.errorDeleting}: ${e.message}`,
        ms: LOST_FOUND_TOAST_MS,
      }),
      invalidatesTags: (_r, _e, id) => [
        { type: TAG, id },
        { type: TAG, id: 'LIST' },
      ],
    }),
  }),
});

export const {
  useListLostFoundItemsQuery,
  useGetLostFoundItemQuery,
  useSetReturnedMutation,
  useDeleteLostFoundItemMutation,
} = lostFoundApi;

/**
 * Create (POST) or update (PUT with `id`) an item from a FormData of text parts and an optional
 * `image` file, with upload progress (0–100). Resolves the saved item; rejects an ApiError.
 * Toasts "Item reported successfully!" / "Item updated successfully!" or "Error reporting item" /
 * "Error updating lost item" (docs/product-spec.md §8, 4 s).
 */
export function useSaveLostFoundItem() {
  const dispatch = useAppDispatch();
  return useMultipartSave<LostFoundItem>(
    'lost-and-found/lost-items',
    (saved) =>
      dispatch(
        lostFoundApi.util.invalidateTags([
          { type: TAG, id: 'LIST' },
          { type: TAG, id: saved.id },
        ]),
      ),
    {
      success: ({ id }) => (id ? L.updated : L.reported),
      error: (_e, { id }) => (id ? L.errorUpdating : L.errorReporting),
      ms: LOST_FOUND_TOAST_MS,
    },
  );
}
