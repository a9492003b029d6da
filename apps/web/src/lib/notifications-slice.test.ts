/**
 * The notification reducer rules of docs/product-spec.md §4 and the fetch rules of docs/product-spec.md §5 (authenticated only,
 * success only when the envelope's flag is true, defaults of docs/product-spec.md §8).
 */
import { describe, expect, it, vi } from 'vitest';
import type { Notification } from '@campus/contract/notifications';
import { makeStore } from './store';
import { initialAuthState } from './auth-slice';
import {
  allMarkedRead,
  deleteNotification,
  fetchNotifications,
  fetchUnreadCount,
  initialNotificationsState,
  markAllNotificationsRead,
  markNotificationRead,
  notificationAdded,
  notificationCreated,
  notificationsReducer,
  notificationUpdated,
  type NotificationsState,
} from './notifications-slice';

const note = (id: string, is_read = false): Notification => ({
  id,
  userId: 'u1',
  message: `message ${id}`,
  type: 'general',
  file_url: null,
  link: null,
  is_read,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const state = (items: Notification[], unreadCount: number): NotificationsState => ({
  ...initialNotificationsState,
  items,
  unreadCount,
});
const reduce = (s: NotificationsState, action: { type: string; payload?: unknown; error?: unknown; meta?: unknown }) =>
  notificationsReducer(s, action as never);

describe('notification reducer (docs/product-spec.md §4)', () => {
  it('marking one read replaces it and lowers the count by one, never below 0', () => {
    const s = reduce(state([note('a'), note('b')], 2), markNotificationRead.fulfilled(note('a', true), 'r', 'a'));
    expect(s.items.map((n) => [n.id, n.is_read])).toEqual([
      ['a', true],
      ['b', false],
    ]);
    expect(s.unreadCount).toBe(1);
    expect(
      reduce(state([note('a', true)], 0), markNotificationRead.fulfilled(note('a', true), 'r', 'a')).unreadCount,
    ).toBe(0);
  });

  it('marking all as read empties the list and sets the count to 0', () => {
    const s = reduce(state([note('a'), note('b', true)], 1), markAllNotificationsRead.fulfilled(undefined, 'r'));
    expect(s).toMatchObject({ items: [], unreadCount: 0, loading: false });
    expect(reduce(state([note('a')], 3), allMarkedRead())).toMatchObject({ items: [], unreadCount: 0 });
  });

  it('deleting removes it and lowers the count only if it was unread', () => {
    const start = state([note('a'), note('b', true)], 1);
    const unreadGone = reduce(start, deleteNotification.fulfilled('a', 'r', 'a'));
    expect(unreadGone.items.map((n) => n.id)).toEqual(['b']);
    expect(unreadGone.unreadCount).toBe(0);
    const readGone = reduce(start, deleteNotification.fulfilled('b', 'r', 'b'));
    expect(readGone.items.map((n) => n.id)).toEqual(['a']);
    expect(readGone.unreadCount).toBe(1);
  });

  it('creating and a local add put the item at the front and raise the count if unread', () => {
    const s1 = reduce(state([note('a')], 1), notificationCreated(note('b')));
    expect(s1.items.map((n) => n.id)).toEqual(['b', 'a']);
    expect(s1.unreadCount).toBe(2);
    const s2 = reduce(s1, notificationAdded(note('c', true)));
    expect(s2.items.map((n) => n.id)).toEqual(['c', 'b', 'a']);
    expect(s2.unreadCount).toBe(2);
    // The same item arriving twice (live event and refetch) is not counted twice.
    expect(reduce(s2, notificationAdded(note('b')))).toEqual(s2);
  });

  it('updating adjusts the count when the read flag changes', () => {
    const s = state([note('a'), note('b', true)], 1);
    expect(reduce(s, notificationUpdated(note('a', true))).unreadCount).toBe(0);
    expect(reduce(s, notificationUpdated(note('b', false))).unreadCount).toBe(2);
    const same = reduce(s, notificationUpdated({ ...note('a'), message: 'edited' }));
    expect(same.unreadCount).toBe(1);
    expect(same.items[0]!.message).toBe('edited');
  });

  it('loading sets the list to the server result; requests set loading and clear the error; failures store it', () => {
    const failedBefore = { ...state([note('old')], 0), error: 'earlier' };
    const pending = reduce(failedBefore, fetchNotifications.pending('r'));
    expect(pending).toMatchObject({ loading: true, error: null });
    const loaded = reduce(pending, fetchNotifications.fulfilled([note('x'), note('y')], 'r'));
    expect(loaded.items.map((n) => n.id)).toEqual(['x', 'y']);
    expect(loaded.loading).toBe(false);
    const failed = reduce(pending, fetchNotifications.rejected(null, 'r', undefined, 'Failed to load notifications'));
    expect(failed).toMatchObject({ loading: false, error: 'Failed to load notifications' });
  });
});

describe('notification thunks (docs/product-spec.md §5, §8)', () => {
  const signedIn = () => makeStore({ auth: { ...initialAuthState, status: 'authenticated' } });

  it('rejects the list load with "Not authenticated" when signed out, without calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const store = makeStore({ auth: { ...initialAuthState, status: 'unauthenticated' } });
    const result = await store.dispatch(fetchNotifications());
    expect(result.payload).toBe('Not authenticated');
    expect(store.getState().notifications?.error).toBe('Not authenticated');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loads page 1 of 20 and the unread count when signed in', async () => {
    const fetchMock = vi.fn(async (url: string) => {
      const data = url.includes('unread') ? { unreadCount: 4 } : [note('a')];
      return new Response(JSON.stringify({ success: true, message: 'OK', data }));
    });
    vi.stubGlobal('fetch', fetchMock);
    const store = signedIn();
    await store.dispatch(fetchNotifications());
    await store.dispatch(fetchUnreadCount());
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/notification?page=1&limit=20');
    expect(store.getState().notifications).toMatchObject({ items: [note('a')], unreadCount: 4, error: null });
  });

  it('counts a reply as success only when success is true; uses the server message, else the default', async () => {
    vi.stubGlobal(
      'fetch',
      async () => new Response(JSON.stringify({ success: false, message: 'Database down' }), { status: 200 }),
    );
    const store = signedIn();
    expect((await store.dispatch(fetchNotifications())).payload).toBe('Database down');
    vi.stubGlobal('fetch', async () => new Response('<html>bad gateway</html>', { status: 502 }));
    expect((await store.dispatch(fetchNotifications())).payload).toBe('Failed to load notifications');
    expect((await store.dispatch(markNotificationRead('a'))).payload).toBe('Failed to mark notification as read');
    expect((await store.dispatch(deleteNotification('a'))).payload).toBe('Failed to delete notification');
    expect((await store.dispatch(markAllNotificationsRead())).payload).toBe('Failed to mark all notifications as read');
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('');
    });
    expect((await store.dispatch(markAllNotificationsRead())).payload).toBe(
      'Network/Server error during mark all as read',
    );
  });
});
