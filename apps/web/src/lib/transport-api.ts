/**
 * RTK Query endpoints of campus transport (docs/architecture.md "Features in detail": Transport),
 * injected into the shared `api` — in `lib/` because the map page's stops and the home dashboard
 * read the next departures; the admin area edits routes and imports timetables. The service worker keeps the answers (offline bus times).
 */
import type {
  Departure,
  ImportRoutesBody,
  ImportRoutesResult,
  RouteBody,
  TransportRoute,
} from '@campus/contract/transport';
import { api } from './api';

const TAG = 'TransportRoute' as const;

export const transportApi = api.enhanceEndpoints({ addTagTypes: [TAG] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /transport/routes: every route with its stops and trips. */
    listRoutes: build.query<TransportRoute[], void>({ query: () => 'transport/routes', providesTags: [TAG] }),
    /** GET /transport/next?stop=: the next departures from a stop (now), sorted by time. */
    nextDepartures: build.query<Departure[], string>({
      query: (stop) => ({ url: 'transport/next', params: { stop } }),
      providesTags: [TAG],
    }),
    /** PUT /admin/transport/routes/{slug} (admin): creates or replaces the route. */
    saveRoute: build.mutation<TransportRoute, { slug: string; body: RouteBody }>({
      query: ({ slug, body }) => ({ url: `admin/transport/routes/${encodeURIComponent(slug)}`, method: 'PUT', body }),
      invalidatesTags: [TAG],
    }),
    /** POST /admin/transport/import (admin): a dry run lists the routes and bad lines; a real import saves all or nothing. */
    importRoutes: build.mutation<ImportRoutesResult, ImportRoutesBody>({
      query: (body) => ({ url: 'admin/transport/import', method: 'POST', body }),
      invalidatesTags: (result) => (result?.saved ? [TAG] : []),
    }),
  }),
});

export const { useListRoutesQuery, useNextDeparturesQuery, useSaveRouteMutation, useImportRoutesMutation } =
  transportApi;
