/**
 * The admin area's Subjects tab against a fake API: the catalogue, adding a subject with
 * the contract's rules, a refused deletion shown with the server's message.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ATTENDANCE_MESSAGES as M } from '@campus/contract/attendance';
import { json, stubFetch } from '../../../test/http';
import { makeUser, renderApp } from '../../../test/render';
import { SubjectsAdmin } from './subjects-admin';

vi.mock('react-toastify/unstyled', () => ({ toast: { success: vi.fn(), info: vi.fn(), error: vi.fn() } }));

describe('the Subjects tab of the admin area', () => {
  it('lists the catalogue, adds a subject with the contract’s rules, and shows a refused deletion', async () => {
    const { toast } = await import('../../../lib/toast');
    const subjects = [
      { id: 's1', name: 'Data Structures', code: 'CS301', branch: 'CSE', semester: 'Third', credits: 4 },
    ];
    const posted: unknown[] = [];
    stubFetch(async ({ req, path }) => {
      if (path === '/api/institute')
        return json(200, { success: true, message: 'OK', data: { branches: ['CSE'], semesters: ['Third'] } });
      if (path === '/api/resources/subjects' && req.method === 'POST') {
        const body = await req.json();
        posted.push(body);
        subjects.push({ id: 's2', ...body });
        return json(201, { success: true, message: M.subjectCreated, data: { id: 's2', ...body } });
      }
      if (path === '/api/resources/subjects/s1' && req.method === 'DELETE')
        return json(409, { success: false, message: M.subjectInUse });
      if (path === '/api/resources/subjects')
        return json(200, {
          success: true,
          message: 'OK',
          data: subjects,
          pagination: { page: 1, limit: 20, total: subjects.length },
        });
      return json(404, { success: false, message: 'Not found' });
    });
    const user = userEvent.setup();
    renderApp(<SubjectsAdmin />, { auth: { status: 'authenticated', user: makeUser(), roles: ['admin'] } });
    expect(await screen.findByText('CS301 · Data Structures')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add subject' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Add subject' }));
    expect(await within(dialog).findByText(M.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(M.codeRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Name'), 'Compiler Design');
    await user.type(within(dialog).getByLabelText('Code'), 'cs601');
    await user.selectOptions(within(dialog).getByLabelText('Branch'), 'CSE');
    await user.selectOptions(within(dialog).getByLabelText('Semester'), 'Third');
    await user.click(within(dialog).getByRole('button', { name: 'Add subject' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted).toEqual([{ name: 'Compiler Design', code: 'CS601', branch: 'CSE', semester: 'Third', credits: 4 }]);
    expect(await screen.findByText('CS601 · Compiler Design')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete CS301' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(M.subjectInUse, undefined));
  });
});
