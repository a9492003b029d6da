/**
 * Smaller hardening rules found by a second outside probe (docs/security.md V3.3.2, V3.5.1), through
 * the real HTTP interface: the Origin check compares scheme, host and port; cross-site cookies are
 * also `Partitioned` (CHIPS), set and cleared with it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_MESSAGES } from '@campus/contract/envelope';
import { createTestApp, signUpAndLogin, type TestApp } from './test/helpers.ts';

describe('the Origin check compares scheme, host and port', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const login = (origin: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { host: 'localhost:3000', origin },
      payload: { email: 'nobody@iiitsonepat.ac.in', password: 'not the password' },
    });

  it('refuses https://<host> on an http app, and another port; accepts the same origin', async () => {
    for (const origin of ['https://localhost:3000', 'http://localhost:3001', 'http://localhost']) {
      const res = await login(origin);
      expect(res.statusCode, origin).toBe(403);
      expect(res.json()).toEqual({ success: false, message: COMMON_MESSAGES.csrf });
    }
    // The app's own origin passes the check (and the wrong password is what answers).
    expect((await login('http://localhost:3000')).statusCode).toBe(401);
  });
});

describe('CROSS_SITE_COOKIES=true', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ APP_URL: 'https://campus.example.edu', CROSS_SITE_COOKIES: 'true' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('sets the session and device cookies SameSite=None; Secure; Partitioned, and clears the session cookie the same way', async () => {
    const user = await signUpAndLogin(t);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: user.email, password: user.password },
    });
    const setCookies = [login.headers['set-cookie']].flat().map(String);
    for (const name of ['cc_session', 'cc_device']) {
      const cookie = setCookies.find((c) => c.startsWith(`${name}=`));
      expect(cookie, name).toMatch(/; Partitioned/);
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/; SameSite=None/);
    }
    const session = /cc_session=[^;]+/.exec(setCookies.join('\n'))![0];
    const logout = await t.app.inject({ method: 'POST', url: '/api/users/logout', headers: { cookie: session } });
    expect(logout.statusCode).toBe(200);
    const cleared = [logout.headers['set-cookie']]
      .flat()
      .map(String)
      .find((c) => c.startsWith('cc_session='));
    expect(cleared).toMatch(/; Partitioned/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
  });
});
