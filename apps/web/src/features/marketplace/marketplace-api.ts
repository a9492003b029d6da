/**
 * RTK Query endpoints of the marketplace (spec §7, DESIGN §4), injected into the shared `api`.
 * Lists keep the server's `pagination` next to the items. Photo uploads (create/update with a
 * file) go through {@link useSaveItem}, which uses XMLHttpRequest for upload progress and then
 * invalidates the same tags.
 */
import type { MarketplaceItem, MarketplaceSort } from '@campus/contract/marketplace';
import { useAppDispatch } from '../../app/store';
import { api } from '../../lib/api';
import { fetchPage, toQueryString, type Page } from '../../lib/paged';
import { useMultipartSave } from '../../lib/upload';

/** One page of items with its pagination. */
export type ItemPage = Page<MarketplaceItem>;

/** Browse filters as sent to GET /buy-and-sell/items (absent = no filter). */
export interface ItemFilters {
  category?: string;
  search?: string;
  minPrice?: number;
  maxPrice?: number;
  sort?: MarketplaceSort;
  page?: number;
  limit?: number;
}

const TAG = 'MarketplaceItem' as const;
const withTags = api.enhanceEndpoints({ addTagTypes: [TAG] });

export const marketplaceApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    /** GET /buy-and-sell/items with filters, sort and page. */
    listItems: build.query<ItemPage, ItemFilters>({
      queryFn: (filters, { signal }) =>
        fetchPage<MarketplaceItem>(`buy-and-sell/items${toQueryString(filters)}`, signal),
      providesTags: [{ type: TAG, id: 'LIST' }],
    }),
    /** GET /buy-and-sell/user-items: the caller's listings, sold and expired included. */
    userItems: build.query<ItemPage, { page?: number; limit?: number }>({
      queryFn: (q, { signal }) => fetchPage<MarketplaceItem>(`buy-and-sell/user-items${toQueryString(q)}`, signal),
      providesTags: [{ type: TAG, id: 'MINE' }],
    }),
    /** GET /buy-and-sell/items/{id}. */
    getItem: build.query<MarketplaceItem, string>({
      query: (id) => `buy-and-sell/items/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: TAG, id }],
    }),
    /** PUT /buy-and-sell/items/{id} as JSON (mark sold / available, no photo change). */
    setSold: build.mutation<MarketplaceItem, { id: string; is_sold: boolean }>({
      query: ({ id, is_sold }) => ({ url: `buy-and-sell/items/${id}`, method: 'PUT', body: { is_sold } }),
      invalidatesTags: (_r, _e, { id }) => [
        { type: TAG, id },
        { type: TAG, id: 'LIST' },
        { type: TAG, id: 'MINE' },
      ],
    }),
    /** POST /buy-and-sell/items/{id}/renew (owner): another 60 days. */
    renewItem: build.mutation<MarketplaceItem, string>({
      query: (id) => ({ url: `buy-and-sell/items/${id}/renew`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => [
        { type: TAG, id },
        { type: TAG, id: 'LIST' },
        { type: TAG, id: 'MINE' },
      ],
    }),
    /** DELETE /buy-and-sell/items/{id}. */
    deleteItem: build.mutation<unknown, string>({
      query: (id) => ({ url: `buy-and-sell/items/${id}`, method: 'DELETE' }),
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
 * ApiError. Invalidates the lists and the item.
 */
export function useSaveItem() {
  const dispatch = useAppDispatch();
  return useMultipartSave<MarketplaceItem>('buy-and-sell/items', (saved) =>
    dispatch(
      marketplaceApi.util.invalidateTags([
        { type: TAG, id: 'LIST' },
        { type: TAG, id: 'MINE' },
        { type: TAG, id: saved.id },
      ]),
    ),
  );
}
