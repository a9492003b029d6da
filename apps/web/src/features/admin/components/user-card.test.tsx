/**
 * A user card's Close account (docs/privacy.md "Delete my account"): it asks first, and only the
 * confirmation posts the close; the toast gives the erasure date. The admin's own card has none.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify/unstyled';
import { ADMIN_UI } from '@campus/contract/admin-ui';
import { json, stubFetch } from '../../../test/http';
import { makeUser, renderApp } from '../../../test/render';
import { UserCard } from './user-card';

vi.mock('react-toastify/unstyled', () => ({ toast: { success: vi.fn(), info: vi.fn(), error: vi.fn() } }));

const admin = { auth: { status: 'authenticated' as const, user: makeUser(), roles: ['admin'] } };
const student = makeUser({ id: '0190a000-0000-7000-8000-000000000002', name: 'Riya Sharma' });

describe('Close account on a user card', () => {
  it('closes the account after the confirmation and tells the erasure date', async () => {
    const posted: string[] = [];
    stubFetch(({ req, path }) => {
      posted.push(`${req.method} ${path}`);
      return json(200, { success: true, message: 'Account closed.', data: { eraseAfter: '2026-12-13T08:00:00.000Z' } });
    });
    renderApp(<UserCard user={student} isSelf={false} />, admin);
    await userEvent.click(screen.getByRole('button', { name: 'Close account of Riya Sharma' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close account' });
    expect(dialog).toHaveTextContent(ADMIN_UI.confirmClose('Riya Sharma'));
    expect(posted).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close account' }));
    await waitFor(() => expect(posted).toEqual([`POST /api/users/admin/users/${student.id}/close`]));
    await waitFor(() => expect(vi.mocked(toast.success).mock.calls[0]?.[0]).toBe(ADMIN_UI.accountClosed('13/12/2026')));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("is not offered on the admin's own card", () => {
    renderApp(<UserCard user={makeUser()} isSelf />, admin);
    expect(screen.queryByRole('button', { name: /Close account/ })).not.toBeInTheDocument();
  });
});
