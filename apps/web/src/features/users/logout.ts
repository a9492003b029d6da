/**
 * Logout (docs/product-spec.md §4): asks the server to end the session (POST /api/users/logout), then clears the
 * client session, every cached query and the service worker's cached API reads whatever the answer. Resolves `{ serverFailed }` so the
 * screen can show "Server logout failed, but client session cleared." when the call failed. First,
 * while the session lasts, this device's push subscription is forgotten, so the next student on a
 * shared computer never sees the last one's pushes (docs/decisions/0501-web-push.md).
 */
import { createAsyncThunk } from '@reduxjs/toolkit';
import { api } from '../../lib/api';
import { clearOfflineCache } from '../../lib/offline-cache';
import { turnOffPush } from '../../lib/push';
import { usersApi } from './users-api';
import { loggedOut } from '../../lib/auth-slice';

export const logout = createAsyncThunk('auth/logout', async (_: void, { dispatch }) => {
  let serverFailed = false;
  await turnOffPush(dispatch);
  try {
    await dispatch(usersApi.endpoints.logout.initiate()).unwrap();
  } catch {
    serverFailed = true;
  }
  dispatch(loggedOut());
  dispatch(api.util.resetApiState());
  // The service worker's copies of personal API answers go too.
  await clearOfflineCache();
  return { serverFailed };
});
