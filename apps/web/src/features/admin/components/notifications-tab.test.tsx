/**
 * The admin send form (docs/product-spec.md §2, §5, §8): the target user combobox works by keyboard
 * (arrows, Enter, Escape), the form validates with the contract's messages, keeps its input when the
 * server refuses it (field message under the field), and clears after a send.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_MESSAGES, NOTIFICATION_UI } from '@campus/contract/notifications';
import { makeUser, renderApp } from '../../../test/render';
import { toast } from '../../../lib/toast';
import { NotificationsTab } from './notifications-tab';
import { UserCombobox } from './user-combobox';

vi.mock('react-toastify/unstyled', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const admin = makeUser({ id: '0190a000-0000-7000-8000-00000000000a', name: 'Dean', roles: ['admin'] });
const asha = makeUser({ id: '0190a000-0000-7000-8000-00000000000b', name: 'Asha', email: 'asha.20230001@x.in' });
const arjun = makeUser({ id: '0190a000-0000-7000-8000-00000000000c', name: 'Arjun', email: 'arjun.20230002@x.in' });

type Sent = { url: string; method: string; form?: FormData };

function stubApi(onSend: (sent: Sent) => Response | null = () => null) {
  const sent: Sent[] = [];
  const ok = (body: object, status = 200) =>
    new Response(JSON.stringify({ success: true, message: 'OK', ...body }), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : null;
      const url = request ? request.url : String(input);
      const method = init?.method ?? request?.method ?? 'GET';
      if (method !== 'GET') {
        const entry = { url, method, form: request ? await request.formData() : (init?.body as FormData) };
        sent.push(entry);
        return onSend(entry) ?? ok({ data: {} }, 201);
      }
      if (url.includes('/api/users/admin/all')) {
        const search = new URL(url).searchParams.get('search') ?? '';
        const users = [asha, arjun].filter((u) => u.name!.toLowerCase().includes(search.toLowerCase()));
        return ok({
          data: {
            users,
            pagination: { page: 1, limit: 8, total: users.length },
            stats: { total: 3, newThisWeek: 0, active: 3, deactivated: 0 },
          },
        });
      }
      if (url.includes('/api/notification/sends'))
        return ok({ data: [], pagination: { page: 1, limit: 15, total: 0 } });
      return ok({ data: [] });
    }),
  );
  return sent;
}

const asAdmin = { auth: { status: 'authenticated' as const, user: admin, roles: ['admin'] } };

describe('UserCombobox', () => {
  it('searches as you type; ArrowDown moves through the results and Enter picks one', async () => {
    stubApi();
    const onChange = vi.fn();
    renderApp(<UserCombobox value={null} onChange={onChange} />, asAdmin);
    const input = screen.getByRole('combobox', { name: 'Target user' });
    await userEvent.type(input, 'a');
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([`Asha${asha.email}`, `Arjun${arjun.email}`]);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(within(listbox).getByRole('option', { name: /Arjun/ })).toHaveAttribute('data-focus');
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledExactlyOnceWith(arjun);
  });

  it('Escape closes the results without picking', async () => {
    stubApi();
    const onChange = vi.fn();
    renderApp(<UserCombobox value={null} onChange={onChange} />, asAdmin);
    await userEvent.type(screen.getByRole('combobox', { name: 'Target user' }), 'ash');
    expect(await screen.findByRole('option', { name: /Asha/ })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(screen.getByRole('combobox', { name: 'Target user' })).toHaveAttribute('aria-expanded', 'false');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows the picked user with a Clear button', async () => {
    stubApi();
    const onChange = vi.fn();
    renderApp(<UserCombobox value={asha} onChange={onChange} />, asAdmin);
    expect(screen.getByText(asha.email)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear target user' }));
    expect(onChange).toHaveBeenCalledWith(null);
  });
});

describe('the send form', () => {
  it('shows the contract messages for an empty message and a missing target', async () => {
    stubApi();
    renderApp(<NotificationsTab />, asAdmin);
    await userEvent.type(screen.getByLabelText('Message'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Send notification' }));
    expect(await screen.findByText(NOTIFICATION_MESSAGES.messageRequired)).toBeInTheDocument();
    expect(screen.getByText(NOTIFICATION_MESSAGES.targetRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toHaveAttribute('aria-invalid', 'true');
  });

  it('keeps the input when the server refuses it, with the field message, and clears after a send', async () => {
    let refuse = true;
    const sent = stubApi(() =>
      refuse
        ? new Response(
            JSON.stringify({
              success: false,
              message: NOTIFICATION_MESSAGES.messageTooLong,
              errors: { message: NOTIFICATION_MESSAGES.messageTooLong },
            }),
            { status: 400, headers: { 'content-type': 'application/json' } },
          )
        : null,
    );
    renderApp(<NotificationsTab />, asAdmin);
    await userEvent.type(screen.getByRole('combobox', { name: 'Target user' }), 'ash');
    await userEvent.click(await screen.findByRole('option', { name: /Asha/ }));
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'event');
    await userEvent.type(screen.getByLabelText('Message'), '  Fest tonight  ');
    await userEvent.click(screen.getByRole('button', { name: 'Send notification' }));

    expect(await screen.findByText(NOTIFICATION_MESSAGES.messageTooLong)).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith(
      NOTIFICATION_UI.adminSendFailed(NOTIFICATION_MESSAGES.messageTooLong),
      undefined,
    );
    expect(screen.getByLabelText('Message')).toHaveValue('  Fest tonight  ');
    expect(screen.getByLabelText('Type')).toHaveValue('event');
    expect(screen.getByText(asha.email)).toBeInTheDocument();
    const form = sent[0].form!;
    expect([form.get('message'), form.get('type'), form.get('userId')]).toEqual(['Fest tonight', 'event', asha.id]);

    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Send notification' }));
    await waitFor(() => expect(screen.getByLabelText('Message')).toHaveValue(''));
    expect(toast.success).toHaveBeenCalledWith(NOTIFICATION_UI.adminSendOk, undefined);
    expect(screen.getByRole('combobox', { name: 'Target user' })).toBeInTheDocument();
    expect(screen.getByLabelText('Type')).toHaveValue('general');
  });
});
