import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { AUTH_UI, USER_MESSAGES } from '@campus/contract/users-ui';
import { toast } from 'react-toastify/unstyled';
import { json } from '../test/http';
import { GuestOnly } from './guards/guest-only';
import { LocationProbe, makeUser, renderApp } from '../test/render';
import LoginPage from '../features/users/pages/login-page';

vi.mock('react-toastify/unstyled', () => ({ toast: { success: vi.fn(), info: vi.fn(), error: vi.fn() } }));

/** Queries inside the visible tab panel (both forms stay mounted). */
const panel = () => within(screen.getByRole('tabpanel'));

/** Renders /login and waits for its lazily loaded forms. */
async function renderLogin(from?: string) {
  const rendered = renderApp(
    <Routes>
      <Route element={<GuestOnly />}>
        <Route path="/login" element={<LoginPage />} />
      </Route>
      <Route path="/rides" element={<LocationProbe name="Rides page" />} />
      <Route path="/" element={<LocationProbe name="Home page" />} />
    </Routes>,
    { auth: { status: 'unauthenticated' }, initialEntries: [{ pathname: '/login', state: from ? { from } : null }] },
  );
  await screen.findByRole('button', { name: 'Log in' });
  return rendered;
}

describe('login screen', () => {
  it('shows the spec texts and client messages for empty fields', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { success: true, message: 'OK', data: {} })),
    );
    await renderLogin();
    expect(screen.getByRole('heading', { name: AUTH_UI.loginHeading })).toBeInTheDocument();
    expect(screen.getByText(AUTH_UI.terms)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText(USER_MESSAGES.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(USER_MESSAGES.passwordRequired)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Sign Up' }));
    expect(screen.getByRole('heading', { name: AUTH_UI.signupHeading })).toBeInTheDocument();
    expect(screen.getByText(/where rollno is your 8-digit roll number/)).toBeInTheDocument();
  });

  it('keeps the typed input on a 403 and offers Resend link', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.includes('/users/login')) return json(403, { success: false, message: USER_MESSAGES.verifyFirst });
      return json(200, { success: true, message: 'OK', data: {} });
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderLogin();
    const email = panel().getByLabelText('Email');
    await userEvent.type(email, 'asha.12345678@iiitsonepat.ac.in');
    await userEvent.type(panel().getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText(USER_MESSAGES.verifyFirst)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend link' })).toBeInTheDocument();
    expect(email).toHaveValue('asha.12345678@iiitsonepat.ac.in');
    expect(panel().getByLabelText('Password')).toHaveValue('correct horse');
  });

  it('shows the step-up as "check your institute email", not as an error, and keeps the input', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        if (url.includes('/users/login')) return json(403, { success: false, message: USER_MESSAGES.stepUpSent });
        return json(200, { success: true, message: 'OK', data: {} });
      }),
    );
    await renderLogin();
    await userEvent.type(panel().getByLabelText('Email'), 'asha.12345678@iiitsonepat.ac.in');
    await userEvent.type(panel().getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent(AUTH_UI.stepUpTitle);
    expect(notice).toHaveTextContent(USER_MESSAGES.stepUpSent);
    expect(notice).toHaveTextContent(AUTH_UI.stepUpHelp);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend link' })).not.toBeInTheDocument();
    expect(panel().getByLabelText('Email')).toHaveValue('asha.12345678@iiitsonepat.ac.in');
  });

  it('maps 401 to "Invalid email or password." and toggles password visibility', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { success: false, message: 'nope' })),
    );
    await renderLogin();
    await userEvent.type(panel().getByLabelText('Email'), 'asha.12345678@iiitsonepat.ac.in');
    const password = panel().getByLabelText('Password');
    await userEvent.type(password, 'wrong-password');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getAllByRole('button', { name: /show password/i })[0]!);
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(USER_MESSAGES.invalidCredentials));
  });

  it('on success toasts "Welcome back!" for 1.5 s, then after ~1.8 s returns to the remembered page', async () => {
    const user = makeUser();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { success: true, message: 'Welcome back!', data: { user, roles: ['user'] } })),
    );
    const { store } = await renderLogin('/rides');
    await userEvent.type(panel().getByLabelText('Email'), user.email);
    await userEvent.type(panel().getByLabelText('Password'), 'correct horse');
    const clickedAt = Date.now();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(AUTH_UI.loginToast, { autoClose: 1500 }));
    expect(store.getState().auth.status).toBe('authenticated');
    // Still on the login screen during the delay (the guest-only wrapper waits for it).
    expect(screen.getByRole('heading', { name: AUTH_UI.loginHeading })).toBeInTheDocument();
    expect(await screen.findByText('Rides page', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(1700);
    expect(store.getState().auth.justSignedIn).toBe(false);
  });
});
