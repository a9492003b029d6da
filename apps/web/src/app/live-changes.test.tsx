/**
 * Pages follow the live stream (docs/web-patterns.md "Live changes"): a `change` event from the
 * bell's stream invalidates exactly the cached queries that show the records it names — the ride's
 * detail and the lists holding it, not another ride; a skill request's inbox and match cards — and
 * a listing that disappears while its dialog is open says so.
 */
import type { ReactNode } from 'react';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MarketplaceItem } from '@campus/contract/marketplace';
import { MARKETPLACE_MESSAGES as M } from '@campus/contract/marketplace-ui';
import type { RecordChange } from '@campus/contract/notifications-ui';
import { ItemDetailModal } from '../features/marketplace/components/item-detail-modal';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import { ridesApi } from '../features/rides/rides-api';
import { skillExchangeApi } from '../features/skill-exchange/skill-exchange-api';
import { FakeSource } from '../test/fake-event-source';
import { json, stubFetch } from '../test/http';
import { makeUser, renderApp } from '../test/render';

const ok = (data: unknown, extra: object = {}) => json(200, { success: true, message: 'OK', data, ...extra });
const page = (items: unknown[]) => ok(items, { pagination: { page: 1, limit: 20, total: items.length } });
const item: MarketplaceItem = {
  id: 'm1',
  userId: 'someone-else',
  item_name: 'Casio calculator',
  price: 850,
  category: 'Electronics',
  description: 'Works.',
  item_condition: 'Good',
  owner_contact: '9876543210',
  image_url: null,
  image_thumb_url: null,
  owner_name: 'Ravi',
  is_sold: false,
  expires_at: '2026-03-01T00:00:00.000Z',
  is_expired: false,
  createdAt: '2026-01-15T10:00:00.000Z',
  updatedAt: '2026-01-15T10:00:00.000Z',
};

/** Renders the bell (its stream a fake) and `ui` for a signed-in student; returns the store and the stream. */
function renderWithStream(ui: ReactNode = null) {
  const sources: FakeSource[] = [];
  const view = renderApp(
    <>
      <NotificationBell
        liveOptions={{
          createEventSource: () => {
            const s = new FakeSource();
            sources.push(s);
            return s;
          },
          locks: null,
          createChannel: null,
        }}
      />
      {ui}
    </>,
    { auth: { user: makeUser(), roles: ['user'], status: 'authenticated' } },
  );
  return { ...view, change: (changed: RecordChange[]) => act(() => sources[0]!.emit('change', { changed })) };
}

const flush = () => act(() => new Promise((r) => setTimeout(r, 10)));

afterEach(() => vi.unstubAllGlobals());

describe('live change events', () => {
  it('refetch the changed ride and the lists that hold it, and nothing else', async () => {
    const calls: string[] = [];
    stubFetch(({ path, url }) => {
      if (path.startsWith('/api/notification')) return ok(path.endsWith('count') ? { unreadCount: 0 } : []);
      calls.push(path + url.search);
      if (path === '/api/rides') return page([{ id: 'r1' }]);
      return ok({ id: path.split('/').pop() });
    });
    const { store, change } = renderWithStream();
    await flush();
    const subs = [
      store.dispatch(ridesApi.endpoints.getRide.initiate('r1')),
      store.dispatch(ridesApi.endpoints.getRide.initiate('r2')),
      store.dispatch(ridesApi.endpoints.listRides.initiate({ page: 1 })),
      store.dispatch(skillExchangeApi.endpoints.matches.initiate()),
    ];
    await Promise.all(subs);
    calls.length = 0;

    change([{ type: 'ride', id: 'r1' }]);
    await flush();
    expect(calls.sort()).toEqual(['/api/rides/r1', '/api/rides?page=1']);

    calls.length = 0;
    change([{ type: 'skill-request', id: 'q1' }]);
    await flush();
    expect(calls).toEqual(['/api/skill-exchange/matches']);

    calls.length = 0;
    change([{ type: 'listing', id: 'r2' }]);
    await flush();
    expect(calls).toEqual([]);
    for (const s of subs) s.unsubscribe();
  });

  it('shows the not-found message in an open dialog whose listing was removed meanwhile', async () => {
    let gone = false;
    stubFetch(({ path }) => {
      if (path.startsWith('/api/notification')) return ok(path.endsWith('count') ? { unreadCount: 0 } : []);
      if (path === '/api/buy-and-sell/items/m1')
        return gone ? json(404, { success: false, message: M.notFound }) : ok(item);
      return json(404, { success: false, message: 'Not found' });
    });
    const { change } = renderWithStream(
      <ItemDetailModal id="m1" onClose={() => {}} canManage={() => false} onEdit={() => {}} onDelete={() => {}} />,
    );
    expect(await screen.findByRole('heading', { name: item.item_name })).toBeInTheDocument();
    gone = true;
    change([{ type: 'listing', id: 'm1' }]);
    expect(await screen.findByText(M.notFound)).toBeInTheDocument();
    expect(screen.getByText(M.errorFetchingOne)).toBeInTheDocument();
  });
});
