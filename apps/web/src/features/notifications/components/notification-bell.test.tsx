/**
 * The header bell and its dropdown (docs/product-spec.md §2, §4, §8): red dot, title, Loading..., empty text,
 * unread highlight, relative time, click outside / Escape, keyboard use, mark one read and open its
 * link, mark all read, live events from the stream.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Notification } from '@campus/contract/notifications';
import { FakeSource } from '../../../test/fake-event-source';
import { LocationProbe, makeUser, renderApp } from '../../../test/render';
import { NotificationBell } from './notification-bell';

const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();
const note = (id: string, over: Partial<Notification> = {}): Notification => ({
  id,
  userId: 'u1',
  message: `Message ${id}`,
  type: 'general',
  file_url: null,
  link: null,
  is_read: false,
  createdAt: hoursAgo(2),
  ...over,
});

/** Serves the API from `db`; records the calls. */
function stubApi(items: Notification[], unreadCount = items.filter((n) => !n.is_read).length) {
  const calls: string[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url}`);
    const reply = (data: unknown) => new Response(JSON.stringify({ success: true, message: 'OK', data }));
    if (url.startsWith('/api/notification?')) return reply(items);
    if (url === '/api/notification/unread/count') return reply({ unreadCount });
    if (url === '/api/notification/read-all') return reply({ updated: unreadCount });
    const read = /^\/api\/notification\/([^/]+)\/read$/.exec(url);
    if (read) return reply({ ...items.find((n) => n.id === read[1])!, is_read: true });
    return new Response(JSON.stringify({ success: false, message: 'Not found' }), { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function renderBell() {
  const sources: FakeSource[] = [];
  const liveOptions = {
    createEventSource: () => {
      const s = new FakeSource();
      sources.push(s);
      return s;
    },
    locks: null,
    createChannel: null,
  };
  const view = renderApp(
    <>
      <div>
        <p>Outside</p>
        <NotificationBell liveOptions={liveOptions} />
      </div>
      <Routes>
        <Route path="*" element={<LocationProbe name="page" />} />
      </Routes>
    </>,
    { auth: { status: 'authenticated', user: makeUser(), roles: [] } },
  );
  return { ...view, sources };
}

describe('NotificationBell', () => {
  // The dropdown is a lazy chunk: load it once so the first test does not time out on the transform.
  beforeAll(async () => {
    await import('./notification-dropdown');
  });

  it('shows the red dot only when the unread count is above 0', async () => {
    stubApi([note('a')]);
    renderBell();
    expect(await screen.findByTestId('unread-dot')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });

  it('has no dot and shows "You\'re all caught up!" when there is nothing', async () => {
    stubApi([]);
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByRole('dialog', { name: 'Notifications' })).toBeInTheDocument();
    expect(await screen.findByText("You're all caught up!")).toBeInTheDocument();
    expect(screen.queryByTestId('unread-dot')).toBeNull();
  });

  it('shows Loading... while the first load runs', async () => {
    let release: () => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            release = () => resolve(new Response(JSON.stringify({ success: true, message: 'OK', data: [] })));
          }),
      ),
    );
    renderBell();
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    act(() => release());
  });

  it('lists items with unread highlighted and a relative time; click outside and Escape close it', async () => {
    stubApi([note('a', { message: 'Ride joined' }), note('b', { message: 'Old news', is_read: true })]);
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await userEvent.click(bell);
    const unread = await screen.findByRole('button', { name: /Unread: Ride joined/ });
    expect(unread.closest('li')).toHaveClass('bg-accent-soft');
    expect(screen.getByRole('button', { name: /Old news/ }).closest('li')).not.toHaveClass('bg-accent-soft');
    expect(screen.getAllByText('about 2 hours ago')).toHaveLength(2);
    fireEvent.mouseDown(screen.getByText('Outside'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(bell);
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bell).toHaveFocus();
  });

  it('is keyboard usable: clicking an item marks it read and opens its link', async () => {
    const calls = stubApi([note('a', { message: 'Your ride changed', link: '/rides' })]);
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    bell.focus();
    await userEvent.keyboard('{Enter}');
    const item = await screen.findByRole('button', { name: /Your ride changed/ });
    item.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('path')).toHaveTextContent('/rides'));
    expect(calls).toContain('PUT /api/notification/a/read');
    await waitFor(() => expect(screen.queryByTestId('unread-dot')).toBeNull());
  });

  it('marks all as read: the list empties and the dot goes', async () => {
    const calls = stubApi([note('a'), note('b')]);
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await screen.findByRole('button', { name: /Message a/ });
    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText("You're all caught up!")).toBeInTheDocument();
    expect(calls).toContain('PUT /api/notification/read-all');
    expect(screen.queryByTestId('unread-dot')).toBeNull();
  });

  it('adds live notifications and follows the server count; refetches after a reconnect', async () => {
    const calls = stubApi([]);
    const { sources, store } = renderBell();
    await screen.findByRole('button', { name: 'Notifications' });
    expect(sources).toHaveLength(1);
    act(() => {
      sources[0]!.emit('notification', note('live', { message: 'Fest tonight!' }));
      sources[0]!.emit('unread', { unreadCount: 1, reason: 'new' });
    });
    expect(await screen.findByTestId('unread-dot')).toBeInTheDocument();
    expect(store.getState().notifications?.items[0]!.message).toBe('Fest tonight!');
    act(() => sources[0]!.emit('unread', { unreadCount: 0, reason: 'read-all' }));
    await waitFor(() => expect(screen.queryByTestId('unread-dot')).toBeNull());
    expect(store.getState().notifications?.items).toEqual([]);
    const before = calls.length;
    act(() => {
      sources[0]!.onopen?.call(sources[0]!, new Event('open'));
      sources[0]!.onopen?.call(sources[0]!, new Event('open'));
    });
    await waitFor(() => expect(calls.length).toBe(before + 2));
    expect(calls.slice(before).sort()).toEqual([
      'GET /api/notification/unread/count',
      'GET /api/notification?page=1&limit=20',
    ]);
  });
});
