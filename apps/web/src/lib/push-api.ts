/**
 * Web Push endpoints (docs/decisions/0501-web-push.md), injected into the one `api`: the VAPID
 * public key, this device's subscription and the student's categories. Shared: the bell's menu
 * (notifications) and the profile (users) both show the push control from `components/`.
 */
import type {
  PushPreferences,
  PushSubscriptionInfo,
  SubscribeBody,
  UnsubscribeBody,
  UpdatePushPreferencesBody,
} from '@campus/contract/push';
import { PUSH_UI } from '@campus/contract/push-ui';
import { api } from './api';
import { toastOutcome } from './mutation-toast';

const tagged = api.enhanceEndpoints({ addTagTypes: ['PushPreferences'] });

export const pushApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    /** GET /push/key: the `applicationServerKey` the browser subscribes with. */
    pushKey: build.query<{ publicKey: string }, void>({ query: () => 'push/key' }),
    /** POST /push/subscriptions: stores this device's subscription. */
    savePushSubscription: build.mutation<PushSubscriptionInfo, SubscribeBody>({
      query: (body) => ({ url: 'push/subscriptions', method: 'POST', body }),
    }),
    /** DELETE /push/subscriptions: forgets this device (by its endpoint). */
    deletePushSubscription: build.mutation<null, UnsubscribeBody>({
      query: (body) => ({ url: 'push/subscriptions', method: 'DELETE', body }),
    }),
    /** GET /push/preferences: which categories are pushed. */
    pushPreferences: build.query<PushPreferences, void>({
      query: () => 'push/preferences',
      providesTags: ['PushPreferences'],
    }),
    /** PUT /push/preferences: switches categories on or off. */
    updatePushPreferences: build.mutation<PushPreferences, UpdatePushPreferencesBody>({
      query: (body) => ({ url: 'push/preferences', method: 'PUT', body }),
      onQueryStarted: toastOutcome({ error: PUSH_UI.saveFailed }),
      invalidatesTags: ['PushPreferences'],
    }),
  }),
});

export const { usePushPreferencesQuery, useUpdatePushPreferencesMutation } = pushApi;
