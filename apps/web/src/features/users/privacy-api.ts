/**
 * `GET /api/users/privacy-notice` (docs/privacy.md): the privacy notice's figures — retention,
 * erasure grace, notification lifetime — and the grievance officer, from the server's
 * configuration. Open to guests; kept for the session.
 */
import type { PrivacyNotice } from '@campus/contract/privacy-ui';
import { api } from '../../lib/api';

export const privacyNoticeApi = api.injectEndpoints({
  endpoints: (build) => ({
    privacyNotice: build.query<PrivacyNotice, void>({
      query: () => 'users/privacy-notice',
      keepUnusedDataFor: 60 * 60,
    }),
  }),
});

export const { usePrivacyNoticeQuery } = privacyNoticeApi;
