/**
 * One account's unwanted mail is capped per hour across every kind and requester
 * (docs/security.md "Mail budgets a stranger cannot spend for the owner"), through HTTP on a real
 * database: strangers at 30 addresses asking for reset links and signing up with the address get
 * at most `MAIL_LIMITS.unwantedPerAddress` mails to it; the owner's own browser still gets its reset
 * mail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '@campus/contract/users';
import { createTestApp, instituteEmail, outboxFiles, signUpAndLogin, type TestApp } from '../../test/helpers.ts';
import { MAIL_LIMITS } from './users.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** POST `url` from the client at `ip`, with `cookie` if given. */
const from = (ip: string, url: string, payload: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers: cookie ? { cookie } : {} });

describe('unwanted mail to one account', () => {
  it(`reaches it at most ${MAIL_LIMITS.unwantedPerAddress} times an hour over all kinds and requesters; the owner's browser still gets its mail`, async () => {
    const owner = await signUpAndLogin(t);
    const login = await from('198.51.100.7', '/api/users/login', { email: owner.email, password: owner.password });
    const device = login.cookies.find((c) => c.name === 'cc_device');
    expect(device).toBeDefined();
    const baseline = (await outboxFiles(t.outboxDir, owner.email)).length;
    // 15 strangers ask for a reset link, 15 others sign up with the address ("you already have an account").
    for (let a = 1; a <= 15; a++) {
      expect((await from(`203.0.113.${a}`, '/api/users/forgot-password', { email: owner.email })).statusCode).toBe(200);
      const signup = await from(`203.0.114.${a}`, '/api/users/signup', {
        email: owner.email,
        password: 'another long password',
      });
      expect(signup.statusCode).toBe(201);
    }
    // Every mail to the address so far came from a requester other than its trusted browser (the
    // sign-up's own verification mail included): the cap is reached, not passed.
    expect(baseline).toBe(1);
    const sent = (await outboxFiles(t.outboxDir, owner.email)).length;
    expect(sent).toBe(MAIL_LIMITS.unwantedPerAddress);
    const own = await from(
      '198.51.100.7',
      '/api/users/forgot-password',
      { email: owner.email },
      `cc_device=${device!.value}`,
    );
    expect(own.statusCode).toBe(200);
    expect((await outboxFiles(t.outboxDir, owner.email)).length).toBe(sent + 1);
  });
});

describe('sign-up mails from one client address', () => {
  it(`go to at most 30 distinct addresses an hour (the default); repeats do not count, another address is served`, async () => {
    expect(t.config.signupRecipientsPerAddress).toBe(30);
    const ip = '192.0.2.44';
    const first = instituteEmail('flood');
    for (let i = 0; i < 30; i++) {
      const email = i === 0 ? first : instituteEmail('flood');
      expect((await from(ip, '/api/users/signup', { email, password: 'flood password 1' })).statusCode).toBe(201);
    }
    const next = instituteEmail('flood');
    const refused = await from(ip, '/api/users/signup', { email: next, password: 'flood password 1' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(USER_MESSAGES.signupsFromAddress);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Nothing was written for the refused address: no mail, and it can sign up from elsewhere.
    expect(await outboxFiles(t.outboxDir, next)).toHaveLength(0);
    // Retrying the refused address does not slip through as a "repeat".
    expect((await from(ip, '/api/users/signup', { email: next, password: 'flood password 1' })).statusCode).toBe(429);
    // Signing up an address already counted again is not a new recipient.
    expect((await from(ip, '/api/users/signup', { email: first, password: 'flood password 2' })).statusCode).toBe(201);
    expect(
      (await from('192.0.2.45', '/api/users/signup', { email: next, password: 'flood password 1' })).statusCode,
    ).toBe(201);
    expect(await outboxFiles(t.outboxDir, next)).toHaveLength(1);
  });
});
