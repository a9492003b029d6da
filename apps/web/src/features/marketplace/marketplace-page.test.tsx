/**
 * Marketplace page (docs/product-spec.md §2): filters read from and written to the URL, loading / empty /
 * error states, ₹ with en-IN grouping, "[removed]" shown as "No description available", owner-only
 * Edit/Delete, local likes, and the delete confirmation.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { MARKETPLACE_MESSAGES as M, type MarketplaceItem } from '@campus/contract/marketplace';
import { json, stubFetch } from '../../test/http';
import { LocationProbe, makeUser, renderApp } from '../../test/render';
import { LIKES_KEY } from './likes';
import MarketplacePage, { filtersFromParams } from './pages/marketplace-page';

vi.mock('react-toastify/unstyled', () => ({ toast: { success: vi.fn(), info: vi.fn(), error: vi.fn() } }));

const me = makeUser();
function item(overrides: Partial<MarketplaceItem> = {}): MarketplaceItem {
  return {
    id: '0190a000-0000-7000-8000-0000000000a1',
    userId: 'someone-else',
    item_name: 'Desk lamp',
    price: 125000,
    category: 'Electronics',
    description: 'Warm light',
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
    ...overrides,
  };
}

function mockApi(
  items: MarketplaceItem[],
  status = 200,
  pagination: object = { page: 1, limit: 12, total: items.length },
) {
  const calls: string[] = [];
  stubFetch(async ({ req }) => {
    const url = req.url;
    const method = req.method;
    calls.push(`${method} ${url}`);
    if (status !== 200) return json(status, { success: false, message: 'Server error. Please try again later.' });
    if (method === 'DELETE') return json(200, { success: true, message: M.deleted });
    return json(200, {
      success: true,
      message: 'OK',
      data: items,
      pagination,
    });
  });
  return calls;
}

function renderPage(url = '/marketplace') {
  return renderApp(
    <Routes>
      <Route
        path="/marketplace"
        element={
          <>
            <MarketplacePage />
            <LocationProbe name="probe" />
          </>
        }
      />
      <Route path="/marketplace/:id" element={<MarketplacePage />} />
    </Routes>,
    { auth: { status: 'authenticated', user: me, roles: [] }, initialEntries: [url] },
  );
}

describe('filtersFromParams', () => {
  it('reads valid filters and drops malformed ones', () => {
    expect(
      filtersFromParams(
        new URLSearchParams('category=Books&search=%20calc%20&minPrice=100&maxPrice=x&sort=oldest&page=3'),
      ),
    ).toEqual({
      category: 'Books',
      search: 'calc',
      minPrice: 100,
      maxPrice: undefined,
      sort: 'oldest',
      page: 3,
      limit: 12,
    });
    expect(filtersFromParams(new URLSearchParams('category=All&sort=cheapest&page=0'))).toMatchObject({
      category: undefined,
      sort: undefined,
      page: 1,
    });
  });
});

describe('marketplace page', () => {
  it('lists items with ₹ en-IN grouping and sends the URL filters to the API', async () => {
    const calls = mockApi([item(), item({ id: 'b', item_name: 'Old notes', description: '[removed]', price: 50 })]);
    renderPage('/marketplace?category=Electronics&search=lamp&minPrice=10&sort=priceLowToHigh');
    expect(await screen.findByText('₹1,25,000')).toBeInTheDocument();
    expect(screen.getByText('No description available')).toBeInTheDocument();
    expect(screen.getAllByText(/Listed on 15\/1\/2026 by Ravi/)).toHaveLength(2);
    expect(calls[0]).toContain(
      '/api/buy-and-sell/items?category=Electronics&search=lamp&minPrice=10&sort=priceLowToHigh&page=1&limit=12',
    );
    expect(screen.getByRole('button', { name: 'Electronics' })).toHaveAttribute('aria-pressed', 'true');
    // Not the owner and not an admin: no Edit/Delete.
    expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
  });

  it('loads the first listing photo at once with high priority, the others lazily (LCP)', async () => {
    mockApi([
      item({ image_thumb_url: '/api/files/a-thumb.webp' }),
      item({ id: 'b', item_name: 'Old notes', image_thumb_url: '/api/files/b-thumb.webp' }),
    ]);
    renderPage();
    const [first, second] = await screen.findAllByRole('img', { name: /./ });
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(first).toHaveAttribute('loading', 'eager');
    expect(second).toHaveAttribute('loading', 'lazy');
    expect(second).not.toHaveAttribute('fetchpriority', 'high');
  });

  it('a capped total reads "1,000+ items" and "Page 1 of 84+", Next enabled', async () => {
    const items = Array.from({ length: 12 }, (_, i) => item({ id: `i${i}`, item_name: `Lamp ${i}` }));
    mockApi(items, 200, { page: 1, limit: 12, total: 1000, totalCapped: true });
    renderPage();
    expect(await screen.findByText('1,000+ items')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Marketplace pages' });
    expect(pager).toHaveTextContent('Page 1 of 84+');
    expect(within(pager).getByRole('button', { name: /Next/ })).toBeEnabled();
  });

  it('a chip click writes the category to the URL and resets the page', async () => {
    mockApi([item()]);
    renderPage('/marketplace?page=2');
    await screen.findByRole('link', { name: 'Desk lamp' });
    await userEvent.click(screen.getByRole('button', { name: 'Books' }));
    await waitFor(() => expect(screen.getByTestId('path')).toHaveTextContent('/marketplace?category=Books'));
  });

  it('typing a search writes it to the URL once typing stops', async () => {
    mockApi([item()]);
    renderPage();
    await screen.findByRole('link', { name: 'Desk lamp' });
    await userEvent.type(screen.getByLabelText('Search items'), 'lamp');
    expect(screen.getByTestId('path')).toHaveTextContent(/^\/marketplace$/);
    await waitFor(() => expect(screen.getByTestId('path')).toHaveTextContent('/marketplace?search=lamp'));
  });

  it('a search still being typed is dropped when switching to My listings, which stays open', async () => {
    mockApi([item({ userId: me.id })]);
    renderPage();
    await screen.findByRole('link', { name: 'Desk lamp' });
    await userEvent.type(screen.getByLabelText('Search items'), 'lamp');
    await userEvent.click(screen.getByRole('tab', { name: 'My listings' }));
    expect(screen.getByTestId('path')).toHaveTextContent('/marketplace?view=mine');
    // Longer than the 400 ms debounce: nothing is written afterwards.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(screen.getByTestId('path')).toHaveTextContent(/^\/marketplace\?view=mine$/);
    expect(screen.getByRole('tab', { name: 'My listings' })).toHaveAttribute('aria-selected', 'true');
  });

  it('the views are tabs: arrow keys move between Browse and My listings and write ?view=mine', async () => {
    const calls = mockApi([item({ userId: me.id })]);
    renderPage('/marketplace?category=Books');
    await screen.findByRole('link', { name: 'Desk lamp' });
    const browse = screen.getByRole('tab', { name: 'Browse' });
    expect(browse).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Browse' })).toContainElement(screen.getByLabelText('Search items'));
    browse.focus();
    await userEvent.keyboard('{ArrowRight}');
    const mine = screen.getByRole('tab', { name: 'My listings' });
    expect(mine).toHaveFocus();
    await waitFor(() => expect(mine).toHaveAttribute('aria-selected', 'true'));
    expect(screen.getByTestId('path')).toHaveTextContent(/^\/marketplace\?view=mine$/);
    expect(screen.queryByLabelText('Search items')).toBeNull();
    await waitFor(() => expect(calls.some((c) => c.includes('/api/buy-and-sell/user-items'))).toBe(true));
    await userEvent.keyboard('{ArrowLeft}');
    expect(browse).toHaveFocus();
    await waitFor(() => expect(browse).toHaveAttribute('aria-selected', 'true'));
    expect(screen.getByTestId('path')).toHaveTextContent(/^\/marketplace$/);
  });

  it('shows "No items found" for an empty page', async () => {
    mockApi([]);
    renderPage();
    expect(await screen.findByText(M.empty)).toBeInTheDocument();
  });

  it('shows the load error with a Retry button', async () => {
    const calls = mockApi([], 500);
    renderPage();
    expect(await screen.findByText(M.errorFetching)).toBeInTheDocument();
    const before = calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(calls.length).toBeGreaterThan(before));
  });

  it('likes are kept in localStorage', async () => {
    window.localStorage.removeItem(LIKES_KEY);
    mockApi([item()]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Like Desk lamp' }));
    expect(screen.getByRole('button', { name: 'Liked Desk lamp' })).toHaveAttribute('aria-pressed', 'true');
    expect(JSON.parse(window.localStorage.getItem(LIKES_KEY)!)).toEqual([item().id]);
  });

  it('the owner gets Edit and Delete; Delete asks for confirmation before calling the API', async () => {
    const calls = mockApi([item({ userId: me.id })]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Desk lamp' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this listing?' });
    expect(calls.some((c) => c.startsWith('DELETE'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.startsWith('DELETE') && c.includes(item().id))).toBe(true));
  });

  it('an admin gets Edit and Delete on anyone\u2019s listing', async () => {
    mockApi([item()]);
    renderApp(
      <Routes>
        <Route path="/marketplace" element={<MarketplacePage />} />
      </Routes>,
      { auth: { status: 'authenticated', user: me, roles: ['admin'] }, initialEntries: ['/marketplace'] },
    );
    expect(await screen.findByRole('button', { name: 'Edit Desk lamp' })).toBeInTheDocument();
  });
});
