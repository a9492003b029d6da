/**
 * RTK Query endpoints of campus transport (docs/architecture.md "Features in detail": Transport),
 * injected into the shared `api` — in `lib/` because the map page's stops and the home dashboard
 * read the next departures. The service worker keeps the answers (offline bus times).
 */
import type { Departure, TransportRoute } from '@campus/contract/transport';
import { api } from './api';

export const transportApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /transport/routes: every route with its stops and trips. */
    listRoutes: build.query<TransportRoute[], void>({ query: () => 'transport/routes' }),
    /** GET /transport/next?stop=: the next departures from a stop (now), sorted by time. */
    nextDepartures: build.query<Departure[], string>({
      query: (stop) => ({ url: 'transport/next', params: { stop } }),
    }),
  }),
});

export const { useListRoutesQuery, useNextDeparturesQuery } = transportApi;
