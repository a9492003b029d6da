/**
 * /reset-password (docs/design.md §5): without a token only the way to a new link; a used or expired
 * link (410) shows the server's message with "Request a new link" above the kept form; the new
 * password is sent with the token, and the success offers the login page.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { USER_MESSAGES } from '@campus/contract/users-ui';
import { json, stubFetch } from '../../../test/http';
import { renderApp } from '../../../test/render';
import ResetPasswordPage from './reset-password-page';

function renderPage(entry = '/reset-password?token=reset-token-1') {
  return renderApp(
    <Routes>
      <Route path="/reset-password" element={<ResetPasswordPage />} />
    </Routes>,
    { auth: { status: 'unauthenticated' }, initialEntries: [entry] },
  );
}

/** Answers POST /users/reset-password with `replies` in turn; returns the JSON bodies sent. */
function stubReset(...replies: Response[]) {
  const bodies: unknown[] = [];
  stubFetch(async ({ req }) => {
    if (req.url.includes('/users/reset-password')) {
      bodies.push(await req.json());
      return replies[Math.min(bodies.length, replies.length) - 1]!.clone();
    }
    return json(200, { success: true, message: 'OK', data: {} });
  });
  return bodies;
}

async function submit(password: string) {
  await userEvent.type(screen.getByLabelText('New password'), password);
  await userEvent.type(screen.getByLabelText('Confirm new password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
}

afterEach(() => vi.unstubAllGlobals());

describe('reset password page', () => {
  it('without a token: the message and the way to a new link, no form', () => {
    stubReset();
    renderPage('/reset-password');
    expect(screen.getByText(USER_MESSAGES.tokenInvalid)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('a used link shows the message above the kept form; the next try resets and offers the login', async () => {
    const bodies = stubReset(
      json(410, { success: false, message: USER_MESSAGES.tokenUsed }),
      json(200, { success: true, message: USER_MESSAGES.passwordReset }),
    );
    renderPage();
    await submit('a-long-new-password');
    expect(await screen.findByText(USER_MESSAGES.tokenUsed)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByLabelText('New password')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(USER_MESSAGES.passwordReset)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
    expect(bodies).toEqual([
      { token: 'reset-token-1', password: 'a-long-new-password' },
      { token: 'reset-token-1', password: 'a-long-new-password' },
    ]);
  });
});
