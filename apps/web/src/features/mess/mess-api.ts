/**
 * RTK Query endpoints of the mess menu (docs/mess.md), injected into the shared `api`: the messes,
 * today's meals, a week, the student's pick, ratings, notices, the feedback page, and the administrators'
 * mess form and managers. Every write refetches the messes and the menus (tag `Mess`).
 */
import { MESS_MESSAGES as M } from '@campus/contract/mess-ui';
import type {
  MenuImport,
  Mess,
  MessBody,
  MessComment,
  MessDayBody,
  MessFeedback,
  MessNotice,
  MessWeek,
  RateMealBody,
} from '@campus/contract/mess';
import { api, toPage, type Page } from '../../lib/api';
import { toastOutcome } from '../../lib/mutation-toast';

/** Today's meals (`GET /api/mess/today`): defined in lib/mess-today.ts, shared with the home dashboard. */
export { useMessTodayQuery } from '../../lib/mess-today';

const withTags = api.enhanceEndpoints({ addTagTypes: ['Mess'] });

export const messApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/mess. */
    messes: build.query<Mess[], void>({ query: () => 'mess', providesTags: ['Mess'] }),
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
    /** PUT /api/mess/:id/managers (administrators). */
    setManagers: build.mutation<Mess, { id: string; emails: string[] }>({
      query: ({ id, emails }) => ({ url: `mess/${encodeURIComponent(id)}/managers`, method: 'PUT', body: { emails } }),
      invalidatesTags: ['Mess'],
      onQueryStarted: toastOutcome({ success: M.managersSaved, error: (e) => e.message }),
    }),
    /** PUT /api/mess/ratings: refetches today's menu, so the dish counts move. */
    rateMeal: build.mutation<unknown, RateMealBody>({
      query: (body) => ({ url: 'mess/ratings', method: 'PUT', body }),
      invalidatesTags: ['Mess'],
      onQueryStarted: toastOutcome({ success: M.ratingSaved, error: (e) => e.message }),
    }),
    /** POST /api/mess/:id/menu/import (a CSV body); a dry run only previews. */
    importMenu: build.mutation<MenuImport, { id: string; csv: string; dryRun: boolean; validFrom?: string }>({
      query: ({ id, csv, dryRun, validFrom }) => ({
        url: `mess/${encodeURIComponent(id)}/menu/import`,
        method: 'POST',
        body: csv,
        headers: { 'content-type': 'text/csv' },
        params: { dryRun: String(dryRun), ...(validFrom ? { validFrom } : {}) },
      }),
      invalidatesTags: (_r, _e, arg) => (arg.dryRun ? [] : ['Mess']),
      onQueryStarted: toastOutcome({
        success: (arg) => (arg.dryRun ? M.csvPreview : M.csvImported),
        error: (e) => e.message,
      }),
    }),
    /** PUT /api/mess/:id/days/:date: a one-day override. */
    saveDay: build.mutation<unknown, { id: string; date: string; body: MessDayBody }>({
      query: ({ id, date, body }) => ({
        url: `mess/${encodeURIComponent(id)}/days/${encodeURIComponent(date)}`,
        method: 'PUT',
        body,
      }),
      invalidatesTags: ['Mess'],
      onQueryStarted: toastOutcome({ success: M.daySaved, error: (e) => e.message }),
    }),
    /** POST /api/mess/:id/notices: refetches today's menu, where the notice shows. */
    postNotice: build.mutation<MessNotice & { recipients: number }, { id: string; text: string }>({
      query: ({ id, text }) => ({ url: `mess/${encodeURIComponent(id)}/notices`, method: 'POST', body: { text } }),
      invalidatesTags: ['Mess'],
      onQueryStarted: toastOutcome({ success: (_arg, data) => M.noticeSent(data.recipients), error: (e) => e.message }),
    }),
    /** GET /api/mess/:id/feedback. */
    messFeedback: build.query<MessFeedback, string>({
      query: (id) => `mess/${encodeURIComponent(id)}/feedback`,
      providesTags: ['Mess'],
    }),
    /** GET /api/mess/:id/feedback/comments. */
    messComments: build.query<Page<MessComment>, { id: string; page: number }>({
      query: ({ id, page }) => ({
        url: `mess/${encodeURIComponent(id)}/feedback/comments`,
        params: { page, limit: 20 },
      }),
      transformResponse: (data, meta) => toPage<MessComment>(data, meta),
      providesTags: ['Mess'],
    }),
  }),
});

export const {
  useMessesQuery,
  useMessWeekQuery,
  useChooseMessMutation,
  useCreateMessMutation,
  useUpdateMessMutation,
  useSetManagersMutation,
  useRateMealMutation,
  useImportMenuMutation,
  useSaveDayMutation,
  usePostNoticeMutation,
  useMessFeedbackQuery,
  useMessCommentsQuery,
} = messApi;
