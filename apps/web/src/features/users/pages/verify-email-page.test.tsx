import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { AUTH_UI, USER_MESSAGES } from '@campus/contract/users-ui';
import { json, stubFetch } from '../../../test/http';
import { makeUser, renderApp } from '../../../test/render';
import VerifyEmailPage from './verify-email-page';

function renderVerify(entry = '/verify-email?token=link-token-1') {
  return renderApp(
    <Routes>
      <Route path="/verify-email" element={<VerifyEmailPage />} />
    </Routes>,
    { auth: { status: 'unauthenticated' }, initialEntries: [entry] },
  );
}

/** The JSON bodies POSTed to verify-email. */
function stubVerify(reply: Response) {
  const bodies: unknown[] = [];
  stubFetch(async ({ req }) => {
    if (req.url.includes('/users/verify-email')) {
      bodies.push(await req.json());
      return reply.clone();
    }
    return json(200, { success: true, message: 'OK', data: {} });
  });
  return bodies;
}

afterEach(() => vi.unstubAllGlobals());

describe('verify e-mail page', () => {
  it('asks for the password chosen, sends it with the token and signs the user in', async () => {
    const user = makeUser();
    const bodies = stubVerify(json(200, { success: true, message: USER_MESSAGES.verified, data: { user, roles: [] } }));
    const { store } = renderVerify();
    await userEvent.click(screen.getByRole('button', { name: AUTH_UI.verifyButton }));
    expect(await screen.findByText(USER_MESSAGES.verifyPasswordRequired)).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await userEvent.type(screen.getByLabelText(AUTH_UI.verifyPasswordLabel), 'my-own-password');
    await userEvent.click(screen.getByRole('button', { name: AUTH_UI.verifyButton }));
    expect(await screen.findByText(USER_MESSAGES.verified)).toBeInTheDocument();
    expect(bodies).toEqual([{ token: 'link-token-1', password: 'my-own-password' }]);
    expect(store.getState().auth).toMatchObject({ status: 'authenticated', user: { email: user.email } });
  });

  it('on a password that does not fit the link, explains to use the latest link or sign up again', async () => {
    const message = USER_MESSAGES.verifyPasswordMismatch;
    stubVerify(json(400, { success: false, message, errors: { password: message } }));
    renderVerify();
    await userEvent.type(screen.getByLabelText(AUTH_UI.verifyPasswordLabel), 'not-the-one');
    await userEvent.click(screen.getByRole('button', { name: AUTH_UI.verifyButton }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText(AUTH_UI.verifyMismatchHelp)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up again' })).toBeInTheDocument();
    expect(screen.getByLabelText(AUTH_UI.verifyPasswordLabel)).toBeInTheDocument();
  });

  it('a used link shows the message and a way to get a new one', async () => {
    stubVerify(json(410, { success: false, message: USER_MESSAGES.tokenUsed }));
    renderVerify();
    await userEvent.type(screen.getByLabelText(AUTH_UI.verifyPasswordLabel), 'whatever-pass');
    await userEvent.click(screen.getByRole('button', { name: AUTH_UI.verifyButton }));
    expect(await screen.findByText(USER_MESSAGES.tokenUsed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send a new verification link' })).toBeInTheDocument();
  });

  it('a resent link (&choose=1) asks to choose a password and shows the password rules under it', async () => {
    const common = USER_MESSAGES.passwordCommon;
    const bodies = stubVerify(json(400, { success: false, message: common, errors: { password: common } }));
    renderVerify('/verify-email?token=link-token-2&choose=1');
    const field = screen.getByLabelText(AUTH_UI.verifyChooseLabel);
    await userEvent.type(field, 'short');
    await userEvent.click(screen.getByRole('button', { name: AUTH_UI.verifyButton }));
    expect(await screen.findByText(USER_MESSAGES.passwordShort)).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await userEvent.clear(field);
    await userEvent.type(field, 'password');
    await userEvent.click(screen.getByRole('button', { name: AUTH_UI.verifyButton }));
    expect(await screen.findByText(common)).toBeInTheDocument();
    expect(bodies).toEqual([{ token: 'link-token-2', password: 'password' }]);
    expect(screen.queryByRole('link', { name: 'Sign up again' })).not.toBeInTheDocument();
  });
});
