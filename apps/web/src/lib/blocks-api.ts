/**
 * Blocking another student (docs/privacy.md "Block"), injected into the one `api`: the block list
 * of the profile, block and unblock. Shared: the Block button (`components/block-button.tsx`) sits
 * on every feature's cards. A block or unblock changes what every list shows, so it resets the
 * cached lists (`resetApiState`, as logging out does); the pages on screen fetch again.
 */
import type { BlockedUser } from '@campus/contract/privacy';
import { PRIVACY_MESSAGES } from '@campus/contract/privacy-ui';
import { api } from './api';
import { toastOutcome } from './mutation-toast';

const tagged = api.enhanceEndpoints({ addTagTypes: ['Blocks'] });

/** After a block or unblock: every cached list may show other records now. */
async function refetchEverything(
  _arg: unknown,
  { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<unknown> },
) {
  try {
    await queryFulfilled;
    dispatch(api.util.resetApiState());
  } catch {
    // the toast tells
  }
}

export const blocksApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    /** GET /users/blocks: the students the viewer blocked, latest first. */
    blocks: build.query<BlockedUser[], void>({ query: () => 'users/blocks', providesTags: ['Blocks'] }),
    /** POST /users/blocks. */
    block: build.mutation<BlockedUser, { userId: string; name: string }>({
      query: ({ userId }) => ({ url: 'users/blocks', method: 'POST', body: { userId } }),
      onQueryStarted: async (arg, lifecycle) => {
        await Promise.all([
          toastOutcome<{ userId: string; name: string }, BlockedUser>({
            success: PRIVACY_MESSAGES.blocked,
            error: (e) => e.message,
          })(arg, lifecycle),
          refetchEverything(arg, lifecycle),
        ]);
      },
    }),
    /** DELETE /users/blocks/{userId}. */
    unblock: build.mutation<null, string>({
      query: (userId) => ({ url: `users/blocks/${userId}`, method: 'DELETE' }),
      onQueryStarted: async (arg, lifecycle) => {
        await Promise.all([
          toastOutcome<string, null>({ success: PRIVACY_MESSAGES.unblocked, error: (e) => e.message })(arg, lifecycle),
          refetchEverything(arg, lifecycle),
        ]);
      },
    }),
  }),
});

export const { useBlocksQuery, useBlockMutation, useUnblockMutation } = blocksApi;
