/**
 * Reports and moderation endpoints, injected into the one `api`: the
 * report any signed-in user sends (shared: the Report button in `components/` is used by every
 * feature's cards), and the admin queue and its resolution (the admin Reports tab). Resolving a
 * case invalidates the queue and every list an item may leave or return to.
 */
import type { CaseFilters, CreateReportBody, ModerationCase, ResolveCaseBody } from '@campus/contract/reports';
import { REPORT_MESSAGES } from '@campus/contract/reports-ui';
import { api, toPage, type Page } from './api';
import { invalidateOnChange } from './live-changes';
import { toastOutcome } from './mutation-toast';

const tagged = api.enhanceEndpoints({ addTagTypes: ['ModerationCases'] });
// A case reported or resolved (the stream tells the administrators) refetches the queue.
invalidateOnChange(tagged, 'report', () => ['ModerationCases' as const]);

export const reportsApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    /** POST /reports: `{ id, caseId }`; the dialog shows the thanks message or the refusal itself. */
    createReport: build.mutation<{ id: string; caseId: string }, CreateReportBody>({
      query: (body) => ({ url: 'reports', method: 'POST', body }),
      invalidatesTags: ['ModerationCases'],
    }),
    /** GET /admin/reports: one entry per reported target, with its reports and audit trail. */
    moderationCases: build.query<Page<ModerationCase>, CaseFilters>({
      query: (params) => ({ url: 'admin/reports', params }),
      transformResponse: toPage<ModerationCase>,
      providesTags: ['ModerationCases'],
    }),
    /** POST /admin/reports/{id}/resolve: dismiss, remove or deactivate, with an optional note. */
    resolveCase: build.mutation<ModerationCase, { id: string; body: ResolveCaseBody }>({
      query: ({ id, body }) => ({ url: `admin/reports/${id}/resolve`, method: 'POST', body }),
      onQueryStarted: toastOutcome({
        success: ({ body }) =>
          body.action === 'dismiss'
            ? REPORT_MESSAGES.dismissed
            : body.action === 'remove'
              ? REPORT_MESSAGES.removed
              : REPORT_MESSAGES.deactivated,
      }),
      invalidatesTags: ['ModerationCases'],
    }),
  }),
});

export const { useCreateReportMutation, useModerationCasesQuery, useResolveCaseMutation } = reportsApi;
