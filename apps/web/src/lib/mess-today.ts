/**
 * Today's meals of a mess (`GET /api/mess/today`, docs/mess.md), shared by the mess page and the
 * home dashboard's mess card (the home feature may not import the mess feature: docs/architecture.md
 * "Layers"). Without an argument: the student's own mess. Every mess write invalidates tag `Mess`,
 * so both follow a rating, a notice or a new menu at once.
 */
import type { MessToday } from '@campus/contract/mess';
import { api } from './api';

const withTags = api.enhanceEndpoints({ addTagTypes: ['Mess'] });

export const messTodayApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/mess/today (the student's own mess without `mess`). */
    messToday: build.query<MessToday, string | undefined>({
      query: (mess) => ({ url: 'mess/today', params: mess ? { mess } : undefined }),
      providesTags: ['Mess'],
    }),
  }),
});

export const { useMessTodayQuery } = messTodayApi;
