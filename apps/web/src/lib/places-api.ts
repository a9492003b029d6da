/**
 * RTK Query endpoints of the places directory (docs/architecture.md "Features in detail": Places
 * and the map), injected into the shared `api` — here in `lib/` because the map page, the admin
 * area's Places tab and the ride form's quick picks all read places. The administrator's changes
 * declare their toasts and refresh every list of places.
 */
import type { ImportPlacesBody, ImportResult, Place, PlaceBodyInput, PlaceFilters } from '@campus/contract/places';
import { PLACE_MESSAGES as M } from '@campus/contract/places-ui';
import { api, toPage, type Page } from './api';
import { toastOutcome } from './mutation-toast';

const TAG = 'Place' as const;

export const placesApi = api.enhanceEndpoints({ addTagTypes: [TAG] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /places: up to 100 places, by category and a search word (name or alias, typos allowed). */
    listPlaces: build.query<Page<Place>, PlaceFilters>({
      query: (params) => ({ url: 'places', params: { limit: 100, ...params } }),
      transformResponse: toPage<Place>,
      providesTags: [TAG],
    }),
    /** GET /places/{slug}. */
    getPlace: build.query<Place, string>({
      query: (slug) => `places/${encodeURIComponent(slug)}`,
      providesTags: [TAG],
    }),
    /** POST /admin/places (admin). */
    createPlace: build.mutation<Place, PlaceBodyInput>({
      query: (body) => ({ url: 'admin/places', method: 'POST', body }),
      onQueryStarted: toastOutcome({ success: M.created, error: (e) => e.message }),
      invalidatesTags: [TAG],
    }),
    /** PUT /admin/places/{slug} (admin): replaces the place; the body's slug may rename it. */
    updatePlace: build.mutation<Place, { slug: string; body: PlaceBodyInput }>({
      query: ({ slug, body }) => ({ url: `admin/places/${encodeURIComponent(slug)}`, method: 'PUT', body }),
      onQueryStarted: toastOutcome({ success: M.updated, error: (e) => e.message }),
      invalidatesTags: [TAG],
    }),
    /** DELETE /admin/places/{slug} (admin). */
    deletePlace: build.mutation<unknown, string>({
      query: (slug) => ({ url: `admin/places/${encodeURIComponent(slug)}`, method: 'DELETE' }),
      onQueryStarted: toastOutcome({ success: M.deleted, error: (e) => e.message }),
      invalidatesTags: [TAG],
    }),
    /** POST /admin/places/import (admin): a dry run answers each line's outcome; a real import saves all or nothing. */
    importPlaces: build.mutation<ImportResult, ImportPlacesBody>({
      query: (body) => ({ url: 'admin/places/import', method: 'POST', body }),
      invalidatesTags: (result) => (result?.saved ? [TAG] : []),
    }),
  }),
});

export const {
  useListPlacesQuery,
  useGetPlaceQuery,
  useCreatePlaceMutation,
  useUpdatePlaceMutation,
  useDeletePlaceMutation,
  useImportPlacesMutation,
} = placesApi;
