/**
 * RTK Query endpoints of ride sharing (docs/product-spec.md §7, docs/design.md §4), injected into the shared
 * `api`. Lists keep `pagination` ({@link toPage}). Join, cancel and delete invalidate the ride and
 * every list, so seats shown everywhere follow the server. Offers and edits (with an optional
 * photo) go through {@link useSaveRide} (XMLHttpRequest, for upload progress). Every change declares
 * its docs/product-spec.md §8 toasts here ({@link toastOutcome}).
 */
import type { Ride, RideFilters, RideParticipant } from '@campus/contract/rides';
import { RIDE_MESSAGES as R } from '@campus/contract/rides-ui';
import { useAppDispatch } from '../../lib/store';
import { api, toPage, type Page } from '../../lib/api';
import { invalidateOnChange, pageTags } from '../../lib/live-changes';
import { toastOutcome } from '../../lib/mutation-toast';
import { useMultipartSave } from '../../lib/upload';

const TAG = 'Ride' as const;
const withTags = api.enhanceEndpoints({ addTagTypes: [TAG] });
// A ride joined, left, changed, hidden or deleted refetches its dialog and the lists that show it (seats).
invalidateOnChange(withTags, 'ride', (id) => [{ type: TAG, id }]);
const everyList = [
  { type: TAG, id: 'LIST' },
  { type: TAG, id: 'MINE' },
] as const;

export const ridesApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    /** GET /rides with filters, sort and page (upcoming rides; full ones included). */
    listRides: build.query<Page<Ride>, RideFilters>({
      query: (filters) => ({ url: 'rides', params: filters }),
      transformResponse: toPage<Ride>,
      providesTags: pageTags(TAG, 'LIST'),
    }),
    /** GET /rides/user/rides: rides the caller offered or joined, upcoming first. */
    userRides: build.query<Page<Ride>, { page?: number; limit?: number }>({
      query: (q) => ({ url: 'rides/user/rides', params: q }),
      transformResponse: toPage<Ride>,
      providesTags: pageTags(TAG, 'MINE'),
    }),
    /** GET /rides/{id}. */
    getRide: build.query<Ride, string>({
      query: (id) => `rides/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: TAG, id }],
    }),
    /** POST /rides/{id}/join → the participants. */
    joinRide: build.mutation<RideParticipant[], string>({
      query: (id) => ({ url: `rides/${id}/join`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => [{ type: TAG, id }, ...everyList],
      onQueryStarted: toastOutcome({ success: R.joined, error: (e) => `${R.failedJoin} ${e.message}` }),
    }),
    /** DELETE /rides/{id}/join → the participants. */
    leaveRide: build.mutation<RideParticipant[], string>({
      query: (id) => ({ url: `rides/${id}/join`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [{ type: TAG, id }, ...everyList],
      onQueryStarted: toastOutcome({ success: R.left, error: (e) => `${R.failedCancel} ${e.message}` }),
    }),
    /** DELETE /rides/{id}. */
    deleteRide: build.mutation<unknown, string>({
      query: (id) => ({ url: `rides/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [{ type: TAG, id }, ...everyList],
      onQueryStarted: toastOutcome({ success: R.deleted, error: (e) => `${R.failedDelete} ${e.message}` }),
    }),
  }),
});

export const {
  useListRidesQuery,
  useUserRidesQuery,
  useGetRideQuery,
  useJoinRideMutation,
  useLeaveRideMutation,
  useDeleteRideMutation,
} = ridesApi;

/**
 * Offer (POST) or edit (PUT with `id`) a ride from a FormData of text parts and an optional `image`
 * file, with upload progress (0–100). Resolves the saved ride; rejects an ApiError.
 */
export function useSaveRide() {
  const dispatch = useAppDispatch();
  return useMultipartSave<Ride>(
    'rides',
    (saved) => dispatch(ridesApi.util.invalidateTags([{ type: TAG, id: saved.id }, ...everyList])),
    { success: ({ id }) => (id ? R.updated : R.created), error: (e) => `${R.failedSave} ${e.message}` },
  );
}
