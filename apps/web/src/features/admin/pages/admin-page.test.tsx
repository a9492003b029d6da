/**
 * Admin Panel (docs/product-spec.md §2, §4, §5, §9): the sidebar below and above 768 px ("Toggle menu", closes on
 * pick and on overlay tap), Dashboard as default and fallback tab, the dashboard's stats, cards and
 * list view, and the notifications form's validation messages.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/http';
import { makeUser, renderApp } from '../../../test/render';
import AdminPage from './admin-page';

function stubMedia(wide: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: wide,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
}

const admin = makeUser({ id: '0190a000-0000-7000-8000-00000000000a', name: 'Dean', roles: ['admin'] });
const users = [
  admin,
  makeUser({
    id: '0190a000-0000-7000-8000-00000000000b',
    name: null,
    email: 'quiet.20230001@iiitsonepat.ac.in',
    roles: [],
  }),
  makeUser({
    id: '0190a000-0000-7000-8000-00000000000c',
    name: 'Zoya',
    email: 'zoya.20230002@iiitsonepat.ac.in',
    roles: [],
    isActive: false,
  }),
];

function stubApi() {
  const urls: string[] = [];
  stubFetch(async ({ req }) => {
    const url = req.url;
    urls.push(url);
    const ok = (body: object) =>
      new Response(JSON.stringify({ success: true, message: 'OK', ...body }), {
        headers: { 'content-type': 'application/json' },
      });
    if (url.includes('/api/users/admin/all'))
      return ok({
        data: {
          users,
          pagination: { page: 1, limit: 24, total: 3 },
          stats: { total: 3, newThisWeek: 2, active: 2, deactivated: 1 },
        },
      });
    if (url.includes('/api/notification/sends')) return ok({ data: [], pagination: { page: 1, limit: 15, total: 0 } });
    if (url.includes('/api/institute')) return ok({ data: {} });
    return ok({ data: [] });
  });
  return urls;
}

function renderAdmin(path = '/admin') {
  return renderApp(
    <Routes>
      <Route path="admin/*" element={<AdminPage />} />
    </Routes>,
    { auth: { status: 'authenticated', user: admin, roles: ['admin'] }, initialEntries: [path] },
  );
}

describe('AdminPage sidebar', () => {
  it('below 768 px hides the sidebar behind "Toggle menu"; it closes on a pick and on the overlay', async () => {
    stubMedia(false);
    stubApi();
    renderAdmin();
    const sidebar = document.getElementById('admin-sidebar')!;
    expect(sidebar).toHaveClass('hidden');
    const toggle = screen.getByRole('button', { name: 'Toggle menu' });
    await userEvent.click(toggle);
    expect(sidebar).not.toHaveClass('hidden');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(within(sidebar).getByRole('link', { name: 'Notifications' }));
    expect(sidebar).toHaveClass('hidden');
    expect(await screen.findByText('Send a notification')).toBeInTheDocument();
    await userEvent.click(toggle);
    fireEvent.click(screen.getByTestId('admin-overlay'));
    expect(sidebar).toHaveClass('hidden');
  });

  it('from 768 px shows the sidebar; Dashboard is the default and the fallback for unknown tabs', async () => {
    stubMedia(true);
    stubApi();
    renderAdmin('/admin/whatever');
    expect(document.getElementById('admin-sidebar')).not.toHaveClass('hidden');
    expect(screen.queryByTestId('admin-overlay')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Admin User Control Center' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
  });
});

describe('Dashboard tab', () => {
  it('shows stats, cards (Anonymous, role chips, expandable id) and a list view', async () => {
    stubMedia(true);
    const urls = stubApi();
    renderAdmin();
    expect(screen.getByText('Supervise, filter, and act on all users in your system')).toBeInTheDocument();
    expect(screen.getByText('Loading users')).toBeInTheDocument();
    expect(await screen.findByTestId('stat-total')).toHaveTextContent('3');
    expect(screen.getByTestId('stat-new')).toHaveTextContent('2');
    const anon = await screen.findByRole('article', { name: 'Anonymous' });
    expect(within(anon).getByText('user')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Dean' })).getByText('admin')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Zoya' })).getByText('Deactivated')).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Zoya' })).getByRole('button', { name: 'Reactivate Zoya' }),
    ).toBeInTheDocument();
    // One's own card has no Delete.
    expect(within(screen.getByRole('article', { name: 'Dean' })).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.getByPlaceholderText('Search users by name, email or ID...')).toBeInTheDocument();
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Newest First',
      'Oldest First',
      'Name (A-Z)',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'List view' }));
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Name', 'Email', 'Created']);
    // Typing filters the loaded page at once (docs/product-spec.md §5) and then asks the server.
    await userEvent.type(screen.getByPlaceholderText('Search users by name, email or ID...'), 'ZOY');
    expect(screen.getAllByRole('row')).toHaveLength(2);
    await waitFor(() => expect(urls.some((u) => u.includes('search=ZOY'))).toBe(true));
  });
});

describe('Notifications tab', () => {
  it('validates the form with the spec messages and shows the empty text', async () => {
    stubMedia(true);
    stubApi();
    renderAdmin('/admin/notifications');
    expect(await screen.findByText('No notifications found for this page.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark My Notifications Read' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send notification' }));
    expect(await screen.findByText('Message cannot be empty.')).toBeInTheDocument();
    expect(screen.getByText('Please select a target user or enable broadcast.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Broadcast to all users' }));
    await userEvent.type(screen.getByLabelText('Message'), 'Fest tonight');
    await userEvent.click(screen.getByRole('button', { name: 'Send broadcast' }));
    expect(await screen.findByText('Send to 2 users?')).toBeInTheDocument();
  });
});
