/**
 * Client auth state (docs/product-spec.md §3 "auth" area, §4 transitions). Part of the start-up bundle, so it
 * depends on neither RTK Query nor zod; the lazily loaded screens report results with its actions.
 *
 * `status`: 'unknown' until the first status check answers, then 'authenticated' or
 * 'unauthenticated'. The check ({@link checkSession}, GET /api/users/current) has a 3 s time-out;
 * a time-out or any failure of the *first* check counts as not authenticated, while later refreshes
 * (every 15 minutes) only sign the user out on a 401, never on a transient error.
 * Sign-in success → authenticated; sign-up leaves the user unauthenticated (verification needed);
 * logout clears everything even if the server call fails (features/users/logout.ts).
 *
 * Also holds `allUsers` (the admin list, filled by the admin feature), `isLoading` and `error`
 * (the last sign-in/sign-up failure text, cleared when the login screen switches tab).
 */
import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PublicUser, UserData } from '@campus/contract/users';

export type AuthStatus = 'unknown' | 'authenticated' | 'unauthenticated';

export interface AuthState {
  status: AuthStatus;
  user: PublicUser | null;
  /** Roles from the last `current`/`login` reply (`data.roles`). */
  roles: string[];
  /** All users, for the admin area (filled by a later issue). */
  allUsers: PublicUser[];
  isLoading: boolean;
  error: string | null;
  /** The user pressed Logout: stay signed out on this page, and do not remember the origin. */
  signedOutByUser: boolean;
  /** Set by a successful login until the login screen has redirected (keeps its 1.8 s delay). */
  justSignedIn: boolean;
}

export const initialAuthState: AuthState = {
  status: 'unknown',
  user: null,
  roles: [],
  allUsers: [],
  isLoading: false,
  error: null,
  signedOutByUser: false,
  justSignedIn: false,
};

/** Auth status check time-out in ms (docs/product-spec.md §4, §9). */
export const AUTH_CHECK_TIMEOUT_MS = 3000;

/** Result of one status check: the session's data, 'signed-out' (401) or 'failed' (time-out, network, 5xx). */
export type SessionCheck = { kind: 'user'; data: UserData } | { kind: 'signed-out' } | { kind: 'failed' };

/** GET /api/users/current with a 3 s time-out. Never rejects; resolves a {@link SessionCheck}. */
async function fetchSessionCheck(): Promise<SessionCheck> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), AUTH_CHECK_TIMEOUT_MS);
  try {
    const res = await fetch('/api/users/current', {
      credentials: 'include',
      signal: controller.signal,
      headers: { accept: 'application/json' },
    });
    // Bodies the check does not need are still read to the end: an unread body keeps the request
    // open in Chromium (the page never reaches network idle).
    if (res.status === 401 || !res.ok) {
      await res.body?.cancel();
      return res.status === 401 ? { kind: 'signed-out' } : { kind: 'failed' };
    }
    const body = (await res.json()) as { data?: UserData };
    return body.data?.user ? { kind: 'user', data: body.data } : { kind: 'failed' };
  } catch {
    return { kind: 'failed' };
  } finally {
    clearTimeout(timer);
  }
}

/** The check {@link primeSessionCheck} started, waiting for the first {@link checkSession}. */
let primed: Promise<SessionCheck> | null = null;

/**
 * Starts the first session check before React renders (it then runs beside the start-up
 * health check instead of after it). The first {@link checkSession} uses its answer when it is a
 * user or a 401; a failed primed check (e.g. the server was still starting) is asked again.
 */
export function primeSessionCheck(): void {
  primed ??= fetchSessionCheck();
}

/**
 * GET /api/users/current with a 3 s time-out (the primed request the first time, if any). Never
 * rejects; resolves a {@link SessionCheck}.
 */
export const checkSession = createAsyncThunk<SessionCheck, void>('auth/checkSession', async () => {
  const early = primed;
  primed = null;
  const result = early ? await early : null;
  return result && result.kind !== 'failed' ? result : fetchSessionCheck();
});

function applyUser(state: AuthState, data: UserData): void {
  state.status = 'authenticated';
  state.user = data.user;
  state.roles = data.roles ?? data.user.roles ?? [];
}

function clearUser(state: AuthState): void {
  state.status = 'unauthenticated';
  state.user = null;
  state.roles = [];
  state.allUsers = [];
}

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    /** A sign-in or sign-up request started: loading, error cleared. */
    authRequestStarted: (state) => {
      state.isLoading = true;
      state.error = null;
    },
    /** A sign-in or sign-up request failed with this text (docs/product-spec.md §8). */
    authRequestFailed: (state, action: PayloadAction<string>) => {
      state.isLoading = false;
      state.error = action.payload;
    },
    /** Sign-up succeeded: still signed out (verification needed). */
    signedUp: (state) => {
      state.isLoading = false;
    },
    /** Login succeeded with `{ user, roles }`. */
    signedIn: (state, action: PayloadAction<UserData>) => {
      state.isLoading = false;
      state.error = null;
      state.signedOutByUser = false;
      state.justSignedIn = true;
      applyUser(state, action.payload);
    },
    /** Fresh `{ user, roles }` from current / update / avatar while signed in. */
    userUpdated: (state, action: PayloadAction<UserData>) => {
      if (state.signedOutByUser) return;
      applyUser(state, action.payload);
    },
    /** The server answered 401: the session is gone. */
    sessionEnded: (state) => {
      clearUser(state);
    },
    /** Logout: clears the client session whatever the server said (docs/product-spec.md §4). */
    loggedOut: () => ({ ...initialAuthState, status: 'unauthenticated' as const, signedOutByUser: true }),
    clearAuthError: (state) => {
      state.error = null;
    },
    /** The login screen has redirected after its delay. */
    redirectDone: (state) => {
      state.justSignedIn = false;
    },
    setAllUsers: (state, action: PayloadAction<PublicUser[]>) => {
      state.allUsers = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(checkSession.pending, (state) => {
        if (state.status === 'unknown') state.isLoading = true;
      })
      .addCase(checkSession.fulfilled, (state, action) => {
        state.isLoading = false;
        const result = action.payload;
        if (result.kind === 'user') {
          if (!state.signedOutByUser) applyUser(state, result.data);
        } else if (result.kind === 'signed-out' || state.status === 'unknown') {
          clearUser(state);
        }
      });
  },
});

export const {
  authRequestStarted,
  authRequestFailed,
  signedUp,
  signedIn,
  userUpdated,
  sessionEnded,
  loggedOut,
  clearAuthError,
  redirectDone,
  setAllUsers,
} = authSlice.actions;
export const authReducer = authSlice.reducer;
