import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { AUTH_UI, USER_MESSAGES } from '@campus/contract/users-ui';
import { json, stubFetch } from '../../../test/http';
import { makeUser, renderApp } from '../../../test/render';
import SigninLinkPage from './signin-link-page';

function renderPage(entry = '/signin-link?token=step-up-token-1') {
  return renderApp(
    <Routes>
      <Route path="/signin-link" element={<SigninLinkPage />} />
    </Routes>,
    { auth: { status: 'unauthenticated' }, initialEntries: [entry] },
  );
}

/** Answers POST /users/signin-link with `replies` in turn; returns the JSON bodies sent. */
function stubSignin(...replies: Response[]) {
  const bodies: unknown[] = [];
  stubFetch(async ({ req }) => {
    if (req.url.includes('/users/signin-link')) {
      bodies.push(await req.json());
      return replies[Math.min(bodies.length, replies.length) - 1]!.clone();
    }
    return json(200, { success: true, message: 'OK', data: {} });
  });
  return bodies;
}

afterEach(() => vi.unstubAllGlobals());

describe('sign-in link page', () => {
  it('does nothing on open; POSTs the token with the password and signs in, keeping the link on a wrong password', async () => {
    const user = makeUser();
    const wrong = USER_MESSAGES.signinLinkPasswordWrong;
    const bodies = stubSignin(
      json(400, { success: false, message: wrong, errors: { password: wrong } }),
      json(200, { success: true, message: USER_MESSAGES.signinLinkOk, data: { user, roles: [] } }),
    );
    const { store } = renderPage();
    expect(screen.getByRole('heading', { name: AUTH_UI.signinLinkHeading })).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await userEvent.type(screen.getByLabelText(AUTH_UI.signinLinkPasswordLabel), 'not-it');
    await userEvent.click(screen.getByRole('button', { name: AUTH_UI.signinLinkButton }));
    expect(await screen.findByText(wrong)).toBeInTheDocument();
    const field = screen.getByLabelText(AUTH_UI.signinLinkPasswordLabel);
    await userEvent.clear(field);
    await userEvent.type(field, 'my-own-password');
    await userEvent.click(screen.getByRole('button', { name: AUTH_UI.signinLinkButton }));
    expect(await screen.findByText(USER_MESSAGES.signinLinkOk)).toBeInTheDocument();
    expect(bodies).toEqual([
      { token: 'step-up-token-1', password: 'not-it' },
      { token: 'step-up-token-1', password: 'my-own-password' },
    ]);
    expect(store.getState().auth).toMatchObject({ status: 'authenticated', user: { email: user.email } });
  });

  it('a used or expired link shows the server message and the way back to login', async () => {
    stubSignin(json(410, { success: false, message: USER_MESSAGES.tokenUsed }));
    renderPage();
    await userEvent.type(screen.getByLabelText(AUTH_UI.signinLinkPasswordLabel), 'my-own-password');
    await userEvent.click(screen.getByRole('button', { name: AUTH_UI.signinLinkButton }));
    expect(await screen.findByText(USER_MESSAGES.tokenUsed)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  });
});
