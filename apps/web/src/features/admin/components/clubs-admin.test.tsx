/**
 * The admin area's Clubs tab against a fake API: adding a coordinator by e-mail saves the whole
 * list, an unknown e-mail shows the server's message, removing one saves the rest; a deletion
 * refused while the club has events shows the server's message; the CSV import's dry run lists
 * each bad line, and the import is enabled only once a check found none.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CLUB_MESSAGES as C } from '@campus/contract/events-ui';
import { json, stubFetch } from '../../../test/http';
import { makeUser, renderApp } from '../../../test/render';
import { ClubsAdmin, withCoordinator } from './clubs-admin';

vi.mock('react-toastify/unstyled', () => ({ toast: { success: vi.fn(), info: vi.fn(), error: vi.fn() } }));

describe('withCoordinator', () => {
  it('adds a trimmed, lower-case e-mail once and ignores a blank one', () => {
    expect(withCoordinator(['a@x.in'], '  B@X.in ')).toEqual(['a@x.in', 'b@x.in']);
    expect(withCoordinator(['a@x.in'], 'A@x.in')).toEqual(['a@x.in']);
    expect(withCoordinator(['a@x.in'], '   ')).toEqual(['a@x.in']);
  });
});

describe('the Clubs tab of the admin area', () => {
  it('adds and removes coordinators by e-mail and shows a refused deletion', async () => {
    const { toast } = await import('../../../lib/toast');
    const club = {
      id: 'c1',
      slug: 'coding-club',
      name: 'Coding Club',
      category: 'technical',
      description: '',
      logoUrl: null,
      followerCount: 3,
      isFollowing: false,
      isCoordinator: false,
    };
    let coordinators = [{ userId: 'u1', name: 'Asha', email: 'asha@x.in' }];
    const puts: string[][] = [];
    stubFetch(async ({ req, path }) => {
      if (path === '/api/clubs')
        return json(200, { success: true, message: 'OK', data: [club], pagination: { page: 1, limit: 20, total: 1 } });
      if (path === '/api/admin/clubs/coding-club/coordinators' && req.method === 'PUT') {
        const { emails } = (await req.json()) as { emails: string[] };
        puts.push(emails);
        if (emails.includes('nobody@x.in'))
          return json(400, {
            success: false,
            message: 'Invalid input.',
            errors: { emails: C.coordinatorUnknown('nobody@x.in') },
          });
        coordinators = emails.map((email, i) => ({ userId: `u${i}`, name: null as unknown as string, email }));
        return json(200, { success: true, message: C.coordinatorsSaved, data: coordinators });
      }
      if (path === '/api/admin/clubs/coding-club/coordinators')
        return json(200, { success: true, message: 'OK', data: coordinators });
      if (path === '/api/admin/clubs/coding-club' && req.method === 'DELETE')
        return json(409, { success: false, message: C.hasEvents });
      return json(404, { success: false, message: 'Not found' });
    });
    const user = userEvent.setup();
    renderApp(<ClubsAdmin />, { auth: { status: 'authenticated', user: makeUser(), roles: ['admin'] } });
    expect(await screen.findByText('Coding Club')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Coordinators of Coding Club' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('asha@x.in')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Add by e-mail'), 'nobody@x.in');
    await user.click(within(dialog).getByRole('button', { name: 'Add coordinator' }));
    expect(await within(dialog).findByText(C.coordinatorUnknown('nobody@x.in'))).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Add by e-mail'));
    await user.type(within(dialog).getByLabelText('Add by e-mail'), ' Ravi@X.in ');
    await user.click(within(dialog).getByRole('button', { name: 'Add coordinator' }));
    expect(await within(dialog).findByText('ravi@x.in')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove asha@x.in' }));
    await waitFor(() => expect(within(dialog).queryByText('asha@x.in')).not.toBeInTheDocument());
    expect(puts).toEqual([['asha@x.in', 'nobody@x.in'], ['asha@x.in', 'ravi@x.in'], ['ravi@x.in']]);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));

    await user.click(screen.getByRole('button', { name: 'Delete Coding Club' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(C.hasEvents, undefined));
  });

  it('imports clubs from CSV: the dry run names each bad line, then a clean check imports', async () => {
    const { toast } = await import('../../../lib/toast');
    const sent: Array<{ csv: string; dryRun: boolean }> = [];
    stubFetch(async ({ req, path }) => {
      if (path === '/api/clubs')
        return json(200, { success: true, message: 'OK', data: [], pagination: { page: 1, limit: 20, total: 0 } });
      if (path === '/api/admin/clubs/import') {
        const body = (await req.json()) as { csv: string; dryRun: boolean };
        sent.push(body);
        const bad = body.csv.includes('Bad Slug');
        const lines = [
          { line: 2, slug: 'drama', action: 'create' },
          ...(bad ? [{ line: 3, slug: 'Bad Slug', action: 'error', message: C.slugInvalid }] : []),
        ];
        return json(200, { success: true, message: 'OK', data: { saved: !body.dryRun, lines } });
      }
      return json(404, { success: false, message: 'Not found' });
    });
    const user = userEvent.setup();
    renderApp(<ClubsAdmin />, { auth: { status: 'authenticated', user: makeUser(), roles: ['admin'] } });
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import clubs' });
    const text = within(dialog).getByLabelText('CSV text');
    await user.type(
      text,
      'slug,name,category,description,coordinators{enter}drama,Drama,cultural,,{enter}Bad Slug,Q,academic,,',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Check (dry run)' }));
    expect(await within(dialog).findByText(`Error: ${C.slugInvalid}`)).toBeInTheDocument();
    expect(within(dialog).getByRole('status')).toHaveTextContent('1 of 2 lines have errors — nothing was saved.');
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
    await user.clear(text);
    await user.type(text, 'slug,name,category,description,coordinators{enter}drama,Drama,cultural,,');
    await user.click(within(dialog).getByRole('button', { name: 'Check (dry run)' }));
    expect(await within(dialog).findByText('New club')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(C.imported(1)));
    expect(sent.map((b) => b.dryRun)).toEqual([true, true, false]);
  });
});
