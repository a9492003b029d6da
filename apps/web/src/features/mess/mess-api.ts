/**
 * RTK Query endpoints of the mess menu (docs/mess.md), injected into the shared `api`: the messes,
 * today's meals, a week, the student's pick, and the administrators' mess form. Picking a mess or
 * saving one refetches the messes and the menus (tag `Mess`).
 */
import { MESS_MESSAGES as M, type Mess, type MessBody, type MessToday, type MessWeek } from '@campus/contract/mess';
import { api } from '../../lib/api';
import { toastOutcome } from '../../lib/mutation-toast';

const withTags = api.enhanceEndpoints({ addTagTypes: ['Mess'] });

export const messApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/mess. */
    messes: build.query<Mess[], void>({ query: () => 'mess', providesTags: ['Mess'] }),
    /** GET /api/mess/today (the student's own mess without `mess`). */
    messToday: build.query<MessToday, string | undefined>({
      query: (mess) => ({ url: 'mess/today', params: mess ? { mess } : undefined }),
      providesTags: ['Mess'],
    }),
    /** GET /api/mess/:id/week. */
    messWeek: build.query<MessWeek, { id: string; from?: string }>({
      query: ({ id, from }) => ({ url: `mess/${encodeURIComponent(id)}/week`, params: from ? { from } : undefined }),
      providesTags: ['Mess'],
    }),
    /** PUT /api/mess/mine. */
    chooseMess: build.mutation<{ mess: string }, string>({
      query: (mess) => ({ url: 'mess/mine', method: 'PUT', body: { mess } }),
      invalidatesTags: ['Mess'],
      onQueryStarted: toastOutcome({ error: (e) => e.message }),
    }),
    /** POST /api/mess (administrators). */
    createMess: build.mutation<Mess, MessBody>({
      query: (body) => ({ url: 'mess', method: 'POST', body }),
      invalidatesTags: ['Mess'],
      onQueryStarted: toastOutcome({ success: M.created, error: (e) => e.message }),
    }),
    /** PUT /api/mess/:id (administrators). */
    updateMess: build.mutation<Mess, { id: string; body: MessBody }>({
      query: ({ id, body }) => ({ url: `mess/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: ['Mess'],
      onQueryStarted: toastOutcome({ success: M.updated, error: (e) => e.message }),
    }),
  }),
});

export const {
  useMessesQuery,
  useMessTodayQuery,
  useMessWeekQuery,
  useChooseMessMutation,
  useCreateMessMutation,
  useUpdateMessMutation,
} = messApi;
