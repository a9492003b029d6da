/**
 * `GET /api/institute` as an RTK Query endpoint (docs/design.md §8), kept free of zod so the home
 * page can use it without loading the schema code: name, shortName, emailDomain, timezone,
 * branches, semesters, hostels, Quick Links (with the absolute `href` to open), Campus Buzz,
 * spotlights, calendar, contacts and timetable. Fetched once and kept for the session.
 */
import type { InstituteInfo } from '@campus/contract/institute';
import { api } from './api';

export const instituteApi = api.injectEndpoints({
  endpoints: (build) => ({
    getInstitute: build.query<InstituteInfo, void>({
      query: () => 'institute',
      providesTags: ['Institute'],
      keepUnusedDataFor: 60 * 60,
    }),
  }),
});

/** Short name shown before the config has loaded. */
export const DEFAULT_SHORT_NAME = 'IIIT Sonepat';

/**
 * The served institute content for the dashboard and spotlight pages: no fallback to the
 * defaults, since another institute's events or stories would be wrong. `{ data, isLoading,
 * isError, refetch, isFetching }` as RTK Query returns them.
 */
export function useInstituteInfo() {
  return instituteApi.useGetInstituteQuery();
}
