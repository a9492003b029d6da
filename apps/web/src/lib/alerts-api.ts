/**
 * RTK Query endpoints of saved alerts (docs/alerts.md), injected into the shared `api` — here in
 * `lib/` because three list pages save alerts ("Alert me") besides the alerts pages: the
 * caller's alerts, saving one from a list's filters ("Alert me"), pause/resume and the e-mail
 * digest switch, delete, and the digest's unsubscribe link. The mutations declare their toasts.
 */
import type { Alert, CreateAlertBody, UpdateAlertBody } from '@campus/contract/alerts';
import { ALERT_MESSAGES as A } from '@campus/contract/alerts-ui';
import { api, toPage, type Page } from './api';
import { invalidateOnChange, pageTags } from './live-changes';
import { toastOutcome } from './mutation-toast';

const TAG = 'Alert' as const;
const withTags = api.enhanceEndpoints({ addTagTypes: [TAG] });
// A new match (the stream tells the alert's owner) moves its "matches today".
invalidateOnChange(withTags, 'alert', (id) => [{ type: TAG, id }]);

/** The body "Alert me" sends: a list's kind and its filters as the page holds them (text from inputs). */
export type AlertDraft = { kind: CreateAlertBody['kind']; filters: Record<string, string | number | undefined> };

export const alertsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    /** GET /alerts: the caller's alerts (at most 20), newest first. */
    listAlerts: build.query<Page<Alert>, void>({
      query: () => ({ url: 'alerts', params: { limit: 20 } }),
      transformResponse: toPage<Alert>,
      providesTags: pageTags(TAG, 'LIST'),
    }),
    /** POST /alerts: saves the list's current filters as an alert. */
    createAlert: build.mutation<Alert, AlertDraft>({
      query: (body) => ({ url: 'alerts', method: 'POST', body }),
      onQueryStarted: toastOutcome({
        success: (_arg, alert) => `“${alert.name}”: ${A.created}`,
        error: (e) => e.message,
      }),
      invalidatesTags: [{ type: TAG, id: 'LIST' }],
    }),
    /** PATCH /alerts/{id}: pause or resume, e-mail digest on or off. */
    updateAlert: build.mutation<Alert, { id: string } & UpdateAlertBody>({
      query: ({ id, ...body }) => ({ url: `alerts/${id}`, method: 'PATCH', body }),
      onQueryStarted: toastOutcome({
        success: (arg) => (arg.paused === undefined ? A.updated : arg.paused ? A.paused : A.resumed),
        error: (e) => e.message,
      }),
      invalidatesTags: [{ type: TAG, id: 'LIST' }],
    }),
    /** DELETE /alerts/{id}. */
    deleteAlert: build.mutation<unknown, string>({
      query: (id) => ({ url: `alerts/${id}`, method: 'DELETE' }),
      onQueryStarted: toastOutcome({ success: A.deleted, error: (e) => e.message }),
      invalidatesTags: [{ type: TAG, id: 'LIST' }],
    }),
    /** POST /alerts/unsubscribe: turns off the e-mail digest the signed link names (no session needed). */
    unsubscribeAlert: build.mutation<unknown, string>({
      query: (token) => ({ url: 'alerts/unsubscribe', method: 'POST', body: { token } }),
      invalidatesTags: [{ type: TAG, id: 'LIST' }],
    }),
  }),
});

export const {
  useListAlertsQuery,
  useCreateAlertMutation,
  useUpdateAlertMutation,
  useDeleteAlertMutation,
  useUnsubscribeAlertMutation,
} = alertsApi;
