/**
 * RTK Query endpoints of the marketplace (docs/product-spec.md §7, docs/design.md §4), injected into the shared `api`.
 * Lists keep the server's `pagination` next to the items ({@link toPage}); the mutations declare
 * their docs/product-spec.md §8 toasts ({@link toastOutcome}). Photo uploads (create/update with a
 * file) go through {@link useSaveItem}, which uses XMLHttpRequest for upload progress and then
 * invalidates the same tags.
 */
import { MARKETPLACE_MESSAGES as M } from '@campus/contract/marketplace-ui';
import type { ItemFilters, MarketplaceItem } from '@campus/contract/marketplace';
import { useAppDispatch } from '../../lib/store';
import { api, toPage, type Page } from '../../lib/api';
import { invalidateOnChange, pageTags } from '../../lib/live-changes';
import { toastOutcome } from '../../lib/mutation-toast';
import { useMultipartSave } from '../../lib/upload';

/** Duration of the marketplace's toasts in ms (docs/product-spec.md §8: error toast 5 s). */
export const MARKETPLACE_TOAST_MS = 5000;

/** One page of items with its pagination. */
export type ItemPage = Page<MarketplaceItem>;

const TAG = 'MarketplaceItem' as const;
const withTags = api.enhanceEndpoints({ addTagTypes: [TAG] });
// A listing sold, hidden, restored or removed refetches its dialog and the pages that show it.
invalidateOnChange(withTags, 'listing', (id) => [{ type: TAG, id }]);

export const marketplaceApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    /** GET /buy-and-sell/items with filters, sort and page. */
    listItems: build.query<ItemPage, ItemFilters>({
      query: (filters) => ({ url: 'buy-and-sell/items', params: filters }),
      transformResponse: toPage<MarketplaceItem>,
      providesTags: pageTags(TAG, 'LIST'),
    }),
    /** GET /buy-and-sell/user-items: the caller's listings, sold and expired included. */
    userItems: build.query<ItemPage, { page?: number; limit?: number }>({
      query: (q) => ({ url: 'buy-and-sell/user-items', params: q }),
      transformResponse: toPage<MarketplaceItem>,
      providesTags: pageTags(TAG, 'MINE'),
    }),
    /** GET /buy-and-sell/items/{id}. */
    getItem: build.query<MarketplaceItem, string>({
      query: (id) => `buy-and-sell/items/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: TAG, id }],
    }),
    /** PUT /buy-and-sell/items/{id} as JSON (mark sold / available, no photo change). */
    setSold: build.mutation<MarketplaceItem, { id: string; is_sold: boolean }>({
      query: ({ id, is_sold }) => ({ url: `buy-and-sell/items/${id}`, method: 'PUT', body: { is_sold } }),
      onQueryStarted: toastOutcome({
        success: ({ is_sold }) => (is_sold ? M.markedSold : M.updated),
        error: (e) => `${M.errorUpdating}: ${e.message}`,
        ms: MARKETPLACE_TOAST_MS,
      }),
      invalidatesTags: (_r, _e, { id }) => [
        { type: TAG, id },
        { type: TAG, id: 'LIST' },
        { type: TAG, id: 'MINE' },
      ],
    }),
    /** POST /buy-and-sell/items/{id}/renew (owner): another 60 days. */
    renewItem: build.mutation<MarketplaceItem, string>({
      query: (id) => ({ url: `buy-and-sell/items/${id}/renew`, method: 'POST' }),
      onQueryStarted: toastOutcome({
        success: M.renewed,
        error: (e) => `${M.errorUpdating}: ${e.message}`,
        ms: MARKETPLACE_TOAST_MS,
      }),
      invalidatesTags: (_r, _e, id) => [
        { type: TAG, id },
        { type: TAG, id: 'LIST' },
        { type: TAG, id: 'MINE' },
      ],
    }),
    /** DELETE /buy-and-sell/items/{id}. */
    deleteItem: build.mutation<unknown, string>({
      query: (id) => ({ url: `buy-and-sell/items/${id}`, method: 'DELETE' }),
      onQueryStarted: toastOutcome({
        success: M.deleted,
        error: (e) => `${M.errorDeleting}: ${e.message}`,
        ms: MARKETPLACE_TOAST_MS,
      }),
      invalidatesTags: (_r, _e, id) => [
        { type: TAG, id },
        { type: TAG, id: 'LIST' },
        { type: TAG, id: 'MINE' },
      ],
    }),
  }),
});

export const {
  useListItemsQuery,
  useUserItemsQuery,
  useGetItemQuery,
  useSetSoldMutation,
  useRenewItemMutation,
  useDeleteItemMutation,
} = marketplaceApi;

/**
 * Create (POST) or update (PUT, when `id` is given) a listing from a FormData of text parts and an
 * optional `image` file, reporting upload progress (0–100). Resolves the saved item; rejects an
 * ApiError. Invalidates the lists and the item; toasts "Item listed successfully!" / "Item updated
 * successfully!" or "Error creating item" / "Error updating item" (docs/product-spec.md §8, 5 s).
 */
export function useSaveItem() {
  const dispatch = useAppDispatch();
  return useMultipartSave<MarketplaceItem>(
    'buy-and-sell/items',
    (saved) =>
      dispatch(
        marketplaceApi.util.invalidateTags([
          { type: TAG, id: 'LIST' },
          { type: TAG, id: 'MINE' },
          { type: TAG, id: saved.id },
        ]),
      ),
    {
      success: ({ id }) => (id ? M.updated : M.listed),
      error: (_e, { id }) => (id ? M.errorUpdating : M.errorCreating),
      ms: MARKETPLACE_TOAST_MS,
    },
  );
}
