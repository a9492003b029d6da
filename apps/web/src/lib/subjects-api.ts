/**
 * The subject catalogue (docs/product-spec.md §7 `GET /resources/subjects`), shared by the attendance feature (the
 * enrollment modal) and the admin area (the Subjects tab), injected into the shared `api`. The
 * admin's changes live in `features/admin/admin-api.ts` and invalidate the same `Subject` tag.
 */
import type { Subject, SubjectFilters } from '@campus/contract/attendance';
import { api, toPage, type Page } from './api';

export const subjectsApi = api.enhanceEndpoints({ addTagTypes: ['Subject'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /resources/subjects: the catalogue, filtered (docs/product-spec.md §7). */
    listSubjects: build.query<Page<Subject>, SubjectFilters>({
      query: (params) => ({ url: 'resources/subjects', params: { limit: 100, ...params } }),
      transformResponse: toPage<Subject>,
      providesTags: ['Subject'],
    }),
  }),
});

export const { useListSubjectsQuery } = subjectsApi;
