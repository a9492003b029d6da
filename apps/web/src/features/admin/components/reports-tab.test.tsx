/**
 * The admin Reports tab against a fake API: loading then one entry per reported
 * target (type, owner, open reports and reasons, the reports, the audit trail); Remove asks for
 * confirmation with a note and sends `{ action, note }`; the empty state; the error state.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ModerationCase } from '@campus/contract/reports';
import { json, stubFetch } from '../../../test/http';
import { makeUser, renderApp } from '../../../test/render';
import { ReportsTab } from './reports-tab';

vi.mock('react-toastify/unstyled', () => ({ toast: { success: vi.fn(), info: vi.fn(), error: vi.fn() } }));

const admin = { auth: { status: 'authenticated' as const, user: makeUser(), roles: ['admin'] } };

const entry: ModerationCase = {
  id: 'c1',
  targetType: 'listing',
  targetId: 'i1',
  state: 'hidden',
  title: 'Leaked exam papers',
  link: '/marketplace/i1',
  owner: { id: 'u1', name: 'Riya Sharma', email: 'riya.20240001@iiitsonepat.ac.in', deactivated: false },
  openReports: 3,
  reasons: ['prohibited', 'scam'],
  reports: [
    {
      id: 'r1',
      reason: 'prohibited',
      details: 'Selling exam papers',
      status: 'open',
      reporter: { id: 'u2', name: 'Aman' },
      createdAt: '2026-11-24T10:00:00.000Z',
    },
  ],
  actions: [],
  createdAt: '2026-11-24T10:00:00.000Z',
  lastReportAt: '2026-11-24T11:00:00.000Z',
};

const page = (data: ModerationCase[]) =>
  json(200, { success: true, message: 'OK', data, pagination: { page: 1, limit: 10, total: data.length } });

describe('the Reports tab of the admin area', () => {
  it('shows each reported target and removes one after confirming with a note', async () => {
    const sent: unknown[] = [];
    let open = [entry];
    stubFetch(async ({ req, path }) => {
      if (path === '/api/admin/reports/c1/resolve' && req.method === 'POST') {
        sent.push(await req.json());
        open = [];
        return json(200, {
          success: true,
          message: 'Removed. The owner was told why.',
          data: { ...entry, state: 'removed' },
        });
      }
      if (path === '/api/admin/reports') return page(open);
      return json(404, { success: false, message: 'Not found' });
    });
    const user = userEvent.setup();
    renderApp(<ReportsTab />, admin);
    expect(screen.getByText('Loading reports...')).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Leaked exam papers' });
    expect(within(card).getByText('Marketplace listing')).toBeInTheDocument();
    expect(within(card).getByText('Hidden after reports')).toBeInTheDocument();
    expect(within(card).getByText(/3 open reports · Prohibited item, Scam or fraud/)).toBeInTheDocument();
    expect(within(card).getByText('Selling exam papers')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove: Leaked exam papers' });
    await user.type(within(dialog).getByLabelText('Note (optional, kept in the audit trail)'), 'Prohibited');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([{ action: 'remove', note: 'Prohibited' }]);
    expect(await screen.findByText('No open reports')).toBeInTheDocument();
  });

  it('shows the error state with Retry', async () => {
    stubFetch(() => json(500, { success: false, message: 'Something went wrong. Please try again.' }));
    renderApp(<ReportsTab />, admin);
    expect(await screen.findByText('Could not load reports')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
