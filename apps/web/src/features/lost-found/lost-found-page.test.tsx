/**
 * Lost & found page (docs/product-spec.md §2): Recently Reported asks for the first 5, each entry shows
 * the Lost/Found label, name, date, location and placeholder; Contact Owner shows the contact or
 * "Not provided"; the load error has Retry; "View all" reads its filters from the URL; the report
 * modal has the spec's title and the contract's messages, and its location suggests the directory's places.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { LostFoundItem } from '@campus/contract/lost-found';
import { LOST_FOUND_MESSAGES as L } from '@campus/contract/lost-found-ui';
import { json, stubFetch } from '../../test/http';
import { makeUser, renderApp } from '../../test/render';
import LostFoundPage, { lostFoundFiltersFromParams } from './pages/lost-found-page';

vi.mock('react-toastify/unstyled', () => ({ toast: { success: vi.fn(), info: vi.fn(), error: vi.fn() } }));

const me = makeUser();
function lostFoundItem(overrides: Partial<LostFoundItem> = {}): LostFoundItem {
  return {
    id: '0190a000-0000-7000-8000-0000000000b1',
    userId: 'other',
    item_name: 'Blue bottle',
    description: null,
    location_found: 'Library',
    owner_contact: '9123456780',
    category: 'Accessories',
    image_url: null,
    image_thumb_url: null,
    is_found: true,
    date_found: '2026-02-03',
    is_returned: false,
    reporter_name: 'Meera',
    createdAt: '2026-02-03T08:00:00.000Z',
    updatedAt: '2026-02-03T08:00:00.000Z',
    ...overrides,
  };
}
function mockApi(items: LostFoundItem[], status = 200) {
  const calls: string[] = [];
  stubFetch(async ({ req }) => {
    const url = req.url;
    calls.push(url);
    if (new URL(url).pathname === '/api/places')
      return json(200, {
        success: true,
        message: 'OK',
        data: [{ id: 'p1', slug: 'central-library', name: 'Central Library' }],
        pagination: { page: 1, limit: 100, total: 1 },
      });
    if (status !== 200) return json(status, { success: false, message: 'Server error. Please try again later.' });
    return json(200, {
      success: true,
      message: 'OK',
      data: items,
      pagination: { page: 1, limit: 5, total: items.length },
    });
  });
  return calls;
}

const renderPage = (url = '/lost-found') =>
  renderApp(
    <Routes>
      <Route path="/lost-found" element={<LostFoundPage />} />
      <Route path="/lost-found/:id" element={<LostFoundPage />} />
    </Routes>,
    { auth: { status: 'authenticated', user: me, roles: [] }, initialEntries: [url] },
  );

describe('lostFoundFiltersFromParams', () => {
  it('reads valid filters and drops malformed ones', () => {
    expect(
      lostFoundFiltersFromParams(new URLSearchParams('type=lost&category=Keys&search=x&returned=1&page=2')),
    ).toEqual({
      type: 'lost',
      category: 'Keys',
      search: 'x',
      includeReturned: true,
      mine: undefined,
      page: 2,
      limit: 10,
    });
    expect(lostFoundFiltersFromParams(new URLSearchParams('type=stolen&category=Pets&page=-1'))).toMatchObject({
      type: undefined,
      category: undefined,
      page: 1,
    });
  });
});

describe('lost and found page', () => {
  it('Recently Reported asks for 5 and shows label, name, date and location', async () => {
    const calls = mockApi([
      lostFoundItem(),
      lostFoundItem({ id: 'x2', item_name: 'Hostel keys', is_found: false, owner_contact: null }),
    ]);
    renderPage();
    const recent = await screen.findByRole('region', { name: 'Recently Reported' });
    expect(await within(recent).findByText('Blue bottle')).toBeInTheDocument();
    expect(calls[0]).toContain('/api/lost-and-found/lost-items?limit=5&page=1');
    expect(within(recent).getByText('Found')).toBeInTheDocument();
    expect(within(recent).getByText('Lost')).toBeInTheDocument();
    expect(within(recent).getAllByText('3/2/2026')).toHaveLength(2);
    expect(within(recent).getAllByText('Library')).toHaveLength(2);
  });

  it('Contact Owner shows the contact, or "Not provided"', async () => {
    mockApi([lostFoundItem(), lostFoundItem({ id: 'x2', item_name: 'Hostel keys', owner_contact: null })]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Contact Owner of Blue bottle' }));
    expect(
      within(await screen.findByRole('dialog', { name: 'Contact Owner' })).getByText('9123456780'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await userEvent.click(screen.getByRole('button', { name: 'Contact Owner of Hostel keys' }));
    expect(
      within(await screen.findByRole('dialog', { name: 'Contact Owner' })).getByText(L.notProvided),
    ).toBeInTheDocument();
  });

  it('a load error shows Retry, which refetches', async () => {
    const calls = mockApi([], 500);
    renderPage();
    expect(await screen.findByText(L.errorFetching)).toBeInTheDocument();
    const before = calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(calls.length).toBeGreaterThan(before));
  });

  it('View all sends the URL filters', async () => {
    const calls = mockApi([lostFoundItem()]);
    renderPage('/lost-found?view=all&type=found&category=Keys&returned=1');
    await screen.findByText('Blue bottle');
    expect(calls[0]).toContain('type=found&category=Keys&includeReturned=true&page=1&limit=10');
    expect(screen.getByLabelText('Include returned')).toBeChecked();
  });

  it('the report modal is titled "Report Found Item" and shows the contract messages', async () => {
    mockApi([]);
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Report Item' }));
    const dialog = await screen.findByRole('dialog', { name: L.reportTitle });
    await userEvent.type(within(dialog).getByLabelText('Contact number'), '5123456789');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Report Item' }));
    expect((await within(dialog).findAllByText(L.required)).length).toBeGreaterThanOrEqual(3);
    expect(within(dialog).getByText(L.contactInvalid)).toBeInTheDocument();
  });

  it("the report's location suggests the campus directory's places, free text still allowed", async () => {
    const calls = mockApi([]);
    renderPage();
    expect(calls.some((u) => u.includes('/api/places'))).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Report Item' }));
    const dialog = await screen.findByRole('dialog', { name: L.reportTitle });
    const location = within(dialog).getByLabelText('Location');
    const list = document.getElementById(location.getAttribute('list')!)!;
    await waitFor(() => expect(list.querySelector('option[value="Central Library"]')).not.toBeNull());
    await userEvent.type(location, 'Near the canteen');
    expect(location).toHaveValue('Near the canteen');
  });

  it('the reporter sees Mark returned, Edit and Delete; others do not', async () => {
    mockApi([lostFoundItem({ userId: me.id }), lostFoundItem({ id: 'x3', item_name: 'Pen drive' })]);
    renderPage();
    await screen.findByText('Blue bottle');
    expect(screen.getByRole('button', { name: 'Edit Blue bottle' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Mark returned' })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Edit Pen drive' })).not.toBeInTheDocument();
  });
});
