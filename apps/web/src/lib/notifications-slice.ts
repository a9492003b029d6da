/**
 * Client notification state (docs/product-spec.md §3 "Notification state": the list, unreadCount, a loading flag
 * and an error; docs/product-spec.md §4 transitions). The server is the source of truth for `is_read` and the count
 * (docs/design.md §7): live events and refetches overwrite local guesses.
 *
 * Part of the start-up bundle (the header bell): it talks to the API with `fetch` and imports only
 * the zod-free contract module. Rules (docs/product-spec.md §4):
 * - marking one read replaces it in the list and lowers the count by one, never below 0;
 * - marking all as read empties the list and sets the count to 0;
 * - deleting removes it and lowers the count if it was unread;
 * - creating adds it at the front and raises the count if unread;
 * - updating adjusts the count when the read flag changes;
 * - loading sets the list to the server result;
 * - a local add puts an item at the front and raises the count if unread;
 * - each request sets the loading flag and clears the error; a failure stores its message;
 * - the list loads only when the user is authenticated ("Not authenticated" otherwise).
 */
import { createAsyncThunk, createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { Notification } from '@campus/contract/notifications';
import { NOTIFICATION_PAGE_SIZE, NOTIFICATION_UI } from '@campus/contract/notifications-ui';
import { rootReducer, type RootState } from './store';

export interface NotificationsState {
  items: Notification[];
  unreadCount: number;
  loading: boolean;
  error: string | null;
}

export const initialNotificationsState: NotificationsState = {
  items: [],
  unreadCount: 0,
  loading: false,
  error: null,
};

/** Thrown by {@link request}: the text to show (server message, else the default of docs/product-spec.md §8). */
class RequestError extends Error {}
/** Thrown by {@link request} when no response arrived. */
class NetworkError extends Error {}

/**
 * Calls `/api/notification…` with cookies; resolves the envelope's `data`. A reply counts as success
 * only when its `success` flag is true (docs/product-spec.md §5); otherwise rejects with the server's message, or
 * `fallback` (docs/product-spec.md §8 defaults), or the network error text.
 */
async function request<T>(path: string, fallback: string, init: RequestInit = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/api/notification${path}`, {
      credentials: 'include',
      ...init,
      headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}) },
    });
  } catch (err) {
    throw new NetworkError(err instanceof Error && err.message ? err.message : fallback);
  }
  type Envelope = { success?: boolean; message?: string; data?: T };
  const body = (await res.json().catch(() => null)) as Envelope | null;
  if (!body || body.success !== true) throw new RequestError(body?.message || fallback);
  return body.data as T;
}

type ThunkConfig = { state: RootState; rejectValue: string };
const errorText = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);
const isAuthenticated = (state: RootState) => state.auth.status === 'authenticated';

/** GET /api/notification (page 1, 20 items); rejected with "Not authenticated" when signed out. */
export const fetchNotifications = createAsyncThunk<Notification[], void, ThunkConfig>(
  'notifications/fetch',
  async (_, { getState, rejectWithValue }) => {
    if (!isAuthenticated(getState())) return rejectWithValue(NOTIFICATION_UI.notAuthenticated);
    try {
      return await request<Notification[]>(`?page=1&limit=${NOTIFICATION_PAGE_SIZE}`, NOTIFICATION_UI.loadFailed);
    } catch (err) {
      return rejectWithValue(errorText(err, NOTIFICATION_UI.loadFailed));
    }
  },
);

/** GET /api/notification/unread/count → `data.unreadCount`. */
export const fetchUnreadCount = createAsyncThunk<number, void, ThunkConfig>(
  'notifications/fetchUnreadCount',
  async (_, { getState, rejectWithValue }) => {
    if (!isAuthenticated(getState())) return rejectWithValue(NOTIFICATION_UI.notAuthenticated);
    try {
      return (await request<{ unreadCount: number }>('/unread/count', NOTIFICATION_UI.countFailed)).unreadCount;
    } catch (err) {
      return rejectWithValue(errorText(err, NOTIFICATION_UI.countFailed));
    }
  },
);

/** PUT /api/notification/{id}/read → the updated notification. */
export const markNotificationRead = createAsyncThunk<Notification, string, ThunkConfig>(
  'notifications/markRead',
  async (id, { rejectWithValue }) => {
    try {
      return await request<Notification>(`/${encodeURIComponent(id)}/read`, NOTIFICATION_UI.markReadFailed, {
        method: 'PUT',
      });
    } catch (err) {
      return rejectWithValue(errorText(err, NOTIFICATION_UI.markReadFailed));
    }
  },
);

/** PUT /api/notification/read-all (only success is read). */
export const markAllNotificationsRead = createAsyncThunk<void, void, ThunkConfig>(
  'notifications/markAllRead',
  async (_, { rejectWithValue }) => {
    try {
      await request<unknown>('/read-all', NOTIFICATION_UI.markAllFailed, { method: 'PUT' });
    } catch (err) {
      return rejectWithValue(
        err instanceof NetworkError ? NOTIFICATION_UI.markAllNetwork : errorText(err, NOTIFICATION_UI.markAllFailed),
      );
    }
  },
);

/** DELETE /api/notification/{id}; resolves the id (docs/product-spec.md §7 "on success the id is used"). */
export const deleteNotification = createAsyncThunk<string, string, ThunkConfig>(
  'notifications/delete',
  async (id, { rejectWithValue }) => {
    try {
      await request<unknown>(`/${encodeURIComponent(id)}`, NOTIFICATION_UI.deleteFailed, { method: 'DELETE' });
      return id;
    } catch (err) {
      return rejectWithValue(errorText(err, NOTIFICATION_UI.deleteFailed));
    }
  },
);

const pending = (state: NotificationsState) => {
  state.loading = true;
  state.error = null;
};
const failed = (state: NotificationsState, action: { payload?: string; error: { message?: string } }) => {
  state.loading = false;
  state.error = action.payload ?? action.error.message ?? null;
};

function addFront(state: NotificationsState, n: Notification) {
  if (state.items.some((x) => x.id === n.id)) return;
  state.items.unshift(n);
  if (!n.is_read) state.unreadCount += 1;
}

export const notificationsSlice = createSlice({
  name: 'notifications',
  initialState: initialNotificationsState,
  reducers: {
    /** A local add (live event or admin create for oneself): at the front, count +1 if unread. */
    notificationAdded: (state, action: PayloadAction<Notification>) => addFront(state, action.payload),
    /** Creating: adds it at the front and raises the count if unread. */
    notificationCreated: (state, action: PayloadAction<Notification>) => addFront(state, action.payload),
    /** Updating: replaces it and adjusts the count when the read flag changes. */
    notificationUpdated: (state, action: PayloadAction<Notification>) => {
      const i = state.items.findIndex((x) => x.id === action.payload.id);
      if (i < 0) return;
      const before = state.items[i]!;
      state.items[i] = action.payload;
      if (before.is_read && !action.payload.is_read) state.unreadCount += 1;
      if (!before.is_read && action.payload.is_read) state.unreadCount = Math.max(0, state.unreadCount - 1);
    },
    /** The server's unread count (stream `unread` event). */
    unreadCountSet: (state, action: PayloadAction<number>) => {
      state.unreadCount = Math.max(0, action.payload);
    },
    /** Marking all read (here or in another tab): empties the list, count 0. */
    allMarkedRead: (state) => {
      state.items = [];
      state.unreadCount = 0;
    },
    /** Sign-out: back to the initial state. */
    notificationsReset: () => initialNotificationsState,
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchNotifications.pending, pending)
      .addCase(fetchNotifications.fulfilled, (state, action) => {
        state.loading = false;
        state.items = action.payload;
      })
      .addCase(fetchNotifications.rejected, failed)
      .addCase(fetchUnreadCount.pending, pending)
      .addCase(fetchUnreadCount.fulfilled, (state, action) => {
        state.loading = false;
        state.unreadCount = Math.max(0, action.payload);
      })
      .addCase(fetchUnreadCount.rejected, failed)
      .addCase(markNotificationRead.pending, pending)
      .addCase(markNotificationRead.fulfilled, (state, action) => {
        state.loading = false;
        const i = state.items.findIndex((x) => x.id === action.payload.id);
        if (i >= 0) state.items[i] = action.payload;
        state.unreadCount = Math.max(0, state.unreadCount - 1);
      })
      .addCase(markNotificationRead.rejected, failed)
      .addCase(markAllNotificationsRead.pending, pending)
      .addCase(markAllNotificationsRead.fulfilled, (state) => {
        state.loading = false;
        state.items = [];
        state.unreadCount = 0;
      })
      .addCase(markAllNotificationsRead.rejected, failed)
      .addCase(deleteNotification.pending, pending)
      .addCase(deleteNotification.fulfilled, (state, action) => {
        state.loading = false;
        const gone = state.items.find((x) => x.id === action.payload);
        state.items = state.items.filter((x) => x.id !== action.payload);
        if (gone && !gone.is_read) state.unreadCount = Math.max(0, state.unreadCount - 1);
      })
      .addCase(deleteNotification.rejected, failed);
  },
});

export const {
  notificationAdded,
  notificationCreated,
  notificationUpdated,
  unreadCountSet,
  allMarkedRead,
  notificationsReset,
} = notificationsSlice.actions;
export const notificationsReducer = notificationsSlice.reducer;

declare module './store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging needs an interface
  export interface LazyLoadedSlices extends WithSlice<typeof notificationsSlice> {}
}

rootReducer.inject(notificationsSlice);

/** The notifications area (initial state until the slice is injected). */
export const selectNotifications = (state: RootState): NotificationsState =>
  state.notifications ?? initialNotificationsState;
