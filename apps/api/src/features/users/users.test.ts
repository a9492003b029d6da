/**
 * Users and session API, through HTTP on a real database.
 */

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { USER_MESSAGES } from '@campus/contract/users';
import { FILE_MESSAGES } from '@campus/contract/files';
import { COMMON_MESSAGES } from '@campus/contract/envelope';
import { signupAttempts, users } from '../../db/schema/users.ts';
import {
  createTestApp,
  instituteEmail,
  outboxFiles,
  sendForm,
  sessionCookie,
  signUpAndLogin,
  tokenFromOutbox,
  type MultipartBody,
  type TestApp,
} from '../../test/helpers.ts';
import { multipartForm } from '../../test/multipart.ts';
import { LOGIN_LIMITS, MAIL_LIMITS } from './users.service.ts';
import { rateLimits } from '../../db/schema/rate-limits.ts';
import { USER_LIMITS } from '../../lib/rate-limit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'dean@iiitsonepat.ac.in,registrar@iiitsonepat.ac.in' });
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload?: object, cookie?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { ...(cookie && { cookie }), ...headers } });

/** Builds a multipart body with one file part. */
const multipart = (field: string, filename: string, content: Buffer, type?: string) =>
  multipartForm({}, [{ field, filename, content, type }]);
/** POSTs a multipart `body` to the avatar route with the session `cookie` (a guest without one). */
const uploadAvatar = (body: MultipartBody, cookie?: string) => sendForm(t, 'POST', '/api/users/avatar', cookie, body);
/** A small white PNG. */
const whitePng = () =>
  sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();

describe('health', () => {
  it('answers 200 with success when the database answers', async () => {
    const res = await t.app.inject('/api/users/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true });
  });
});

describe('signup', () => {
  it('creates an unverified account, derives roll number and graduation year, and mails a link', async () => {
    const email = 'Riya.Sharma.20220117@IIITSonepat.ac.in';
    const res = await post('/api/users/signup', { email, password: 'longenough' });
    expect(res.statusCode).toBe(201);
    expect(res.json().success).toBe(true);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email.toLowerCase()));
    expect(row).toMatchObject({
      registrationNumber: '20220117',
      graduationYear: 2026,
      emailVerifiedAt: null,
      roles: [],
    });
    expect(await tokenFromOutbox(t.outboxDir, email.toLowerCase(), 'verify-email')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refuses another domain with 403 and a malformed roll number with 400', async () => {
    const other = await post('/api/users/signup', { email: 'riya.20220117@gmail.com', password: 'longenough' });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(USER_MESSAGES.emailDomain('iiitsonepat.ac.in'));
    for (const email of [
      'riya.2022011@iiitsonepat.ac.in',
      'riya@iiitsonepat.ac.in',
      'riya.2022011x@iiitsonepat.ac.in',
    ]) {
      const res = await post('/api/users/signup', { email, password: 'longenough' });
      expect(res.statusCode, email).toBe(400);
      expect(res.json().errors.email).toBe(USER_MESSAGES.emailDomain('iiitsonepat.ac.in'));
    }
  });

  it('refuses short, long and missing passwords with field messages', async () => {
    const short = await post('/api/users/signup', { email: instituteEmail(), password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      success: false,
      message: USER_MESSAGES.passwordShort,
      errors: { password: USER_MESSAGES.passwordShort },
    });
    const long = await post('/api/users/signup', { email: instituteEmail(), password: 'x'.repeat(129) });
    expect(long.json().errors.password).toBe(USER_MESSAGES.passwordLong);
    const empty = await post('/api/users/signup', {});
    expect(empty.json().errors).toEqual({
      email: USER_MESSAGES.emailRequired,
      password: USER_MESSAGES.passwordRequired,
    });
  });

  it('answers malformed JSON with its own 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/signup',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: COMMON_MESSAGES.malformedJson });
  });

  it('a second sign-up never takes over: the first password works, the second never does', async () => {
    const email = instituteEmail('victim');
    expect((await post('/api/users/signup', { email, password: 'owner-password-A' })).statusCode).toBe(201);
    const ownerLink = await tokenFromOutbox(t.outboxDir, email, 'verify-email');
    expect((await post('/api/users/signup', { email, password: 'attacker-password-B' })).statusCode).toBe(201);
    const newestLink = await tokenFromOutbox(t.outboxDir, email, 'verify-email');
    expect(newestLink).not.toBe(ownerLink);
    // The owner opens the newest mail: their password does not fit that attempt.
    const mismatch = await post('/api/users/verify-email', { token: newestLink, password: 'owner-password-A' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({
      success: false,
      message: USER_MESSAGES.verifyPasswordMismatch,
      errors: { password: USER_MESSAGES.verifyPasswordMismatch },
    });
    expect((await post('/api/users/login', { email, password: 'attacker-password-B' })).statusCode).toBe(403);
    // Their own link with their own password verifies and signs them in.
    const verified = await post('/api/users/verify-email', { token: ownerLink, password: 'owner-password-A' });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({
      success: true,
      message: USER_MESSAGES.verified,
      data: { user: { email } },
    });
    const cookie = sessionCookie(verified);
    expect((await t.app.inject({ url: '/api/users/current', headers: { cookie } })).json().data.user.email).toBe(email);
    // The newer attempt's link died with the verification; B never works.
    expect(
      (await post('/api/users/verify-email', { token: newestLink, password: 'attacker-password-B' })).statusCode,
    ).toBe(410);
    expect((await post('/api/users/login', { email, password: 'attacker-password-B' })).statusCode).toBe(401);
    expect((await post('/api/users/login', { email, password: 'owner-password-A' })).statusCode).toBe(200);
  });

  it('the same holds for an ADMIN_EMAILS address: the attacker never gets the admin role', async () => {
    const email = 'registrar@iiitsonepat.ac.in';
    expect((await post('/api/users/signup', { email, password: 'registrar-own-pw' })).statusCode).toBe(201);
    const ownerLink = await tokenFromOutbox(t.outboxDir, email, 'verify-email');
    expect((await post('/api/users/signup', { email, password: 'attacker-password-B' })).statusCode).toBe(201);
    const newestLink = await tokenFromOutbox(t.outboxDir, email, 'verify-email');
    expect(
      (await post('/api/users/verify-email', { token: newestLink, password: 'registrar-own-pw' })).statusCode,
    ).toBe(400);
    const verified = await post('/api/users/verify-email', { token: ownerLink, password: 'registrar-own-pw' });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data.roles).toEqual(['admin']);
    expect((await post('/api/users/login', { email, password: 'attacker-password-B' })).statusCode).toBe(401);
    const owner = await post('/api/users/login', { email, password: 'registrar-own-pw' });
    expect(owner.statusCode).toBe(200);
    expect(owner.json().data.roles).toEqual(['admin']);
  });

  it('verifying a newer attempt ends the older links; the older password does not become the password', async () => {
    const email = instituteEmail('twice');
    await post('/api/users/signup', { email, password: 'first-try-password' });
    const olderLink = await tokenFromOutbox(t.outboxDir, email, 'verify-email');
    await post('/api/users/signup', { email, password: 'second-try-password' });
    const newerLink = await tokenFromOutbox(t.outboxDir, email, 'verify-email');
    expect(
      (await post('/api/users/verify-email', { token: newerLink, password: 'second-try-password' })).statusCode,
    ).toBe(200);
    const old = await post('/api/users/verify-email', { token: olderLink, password: 'first-try-password' });
    expect(old.statusCode).toBe(410);
    expect(old.json().message).toBe(USER_MESSAGES.tokenUsed);
    expect((await post('/api/users/login', { email, password: 'first-try-password' })).statusCode).toBe(401);
    expect((await post('/api/users/login', { email, password: 'second-try-password' })).statusCode).toBe(200);
  });

  it('a sign-up for an unverified account leaves its stored password untouched', async () => {
    const email = instituteEmail('keep');
    await post('/api/users/signup', { email, password: 'first-password-1' });
    const [before] = await t.database.db.select().from(users).where(eq(users.email, email));
    await post('/api/users/signup', { email, password: 'second-password-2' });
    const [after] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(after!.passwordHash).toBe(before!.passwordHash);
  });

  it('while verified: the same 201 as a new address, and the password is unchanged', async () => {
    const { email, password } = await signUpAndLogin(t);
    const res = await post('/api/users/signup', { email, password: 'another-password' });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(USER_MESSAGES.signupOk);
    expect((await post('/api/users/login', { email, password })).statusCode).toBe(200);
  });

  it('ADMIN_EMAILS addresses skip the roll-number rule and get the admin role', async () => {
    const res = await post('/api/users/signup', { email: 'dean@iiitsonepat.ac.in', password: 'dean-password' });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'dean@iiitsonepat.ac.in'));
    expect(row!.roles).toEqual(['admin']);
  });
});

describe('verification tokens', () => {
  it('needs the password: a token alone is 400 with the contract message', async () => {
    const email = instituteEmail();
    await post('/api/users/signup', { email, password: 'longenough' });
    const token = await tokenFromOutbox(t.outboxDir, email, 'verify-email');
    const alone = await post('/api/users/verify-email', { token });
    expect(alone.statusCode).toBe(400);
    expect(alone.json()).toMatchObject({
      success: false,
      message: USER_MESSAGES.verifyPasswordRequired,
      errors: { password: USER_MESSAGES.verifyPasswordRequired },
    });
    expect((await post('/api/users/verify-email', { token, password: 'longenough' })).statusCode).toBe(200);
  });

  it('refuses unknown (400), reused (410) and expired (410) tokens', async () => {
    const password = 'longenough';
    expect((await post('/api/users/verify-email', { token: 'nope', password })).statusCode).toBe(400);
    const email = instituteEmail();
    await post('/api/users/signup', { email, password: 'longenough' });
    const token = await tokenFromOutbox(t.outboxDir, email, 'verify-email');
    expect((await post('/api/users/verify-email', { token, password })).statusCode).toBe(200);
    const reused = await post('/api/users/verify-email', { token, password });
    expect(reused.statusCode).toBe(410);
    expect(reused.json().message).toBe(USER_MESSAGES.tokenUsed);

    const email2 = instituteEmail();
    await post('/api/users/signup', { email: email2, password: 'longenough' });
    const token2 = await tokenFromOutbox(t.outboxDir, email2, 'verify-email');
    await t.database.db.update(signupAttempts).set({ expiresAt: sql`now() - interval '1 minute'` });
    const expired = await post('/api/users/verify-email', { token: token2, password });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(USER_MESSAGES.tokenExpired);
    // resend gives a working link
    expect((await post('/api/users/resend-verification', { email: email2 })).statusCode).toBe(200);
    const token3 = await tokenFromOutbox(t.outboxDir, email2, 'verify-email');
    expect((await post('/api/users/verify-email', { token: token3, password })).statusCode).toBe(200);
  });
});

describe('login and session', () => {
  it('refuses login before verification with 403 and the spec text', async () => {
    const email = instituteEmail();
    await post('/api/users/signup', { email, password: 'longenough' });
    const res = await post('/api/users/login', { email, password: 'longenough' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Please verify your email before logging in.');
  });

  it('refuses a wrong password (401) and an unknown user (401); empty fields get the spec messages', async () => {
    const { email } = await signUpAndLogin(t);
    const wrong = await post('/api/users/login', { email, password: 'wrong-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Invalid email or password.');
    expect((await post('/api/users/login', { email: instituteEmail(), password: 'whatever1' })).statusCode).toBe(401);
    const empty = await post('/api/users/login', { email: '', password: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ email: 'Please enter your email.', password: 'Please enter your password.' });
  });

  it('slows an untrusted client down after a few failures: 429 with Retry-After', async () => {
    const { email, password } = await signUpAndLogin(t);
    for (let i = 0; i <= LOGIN_LIMITS.freePerAccountAndIp; i++)
      expect((await post('/api/users/login', { email, password: 'bad-password' })).statusCode).toBe(401);
    const limited = await post('/api/users/login', { email, password });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(USER_MESSAGES.tooManyLogins);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('100 parallel wrong guesses: at most the limit are checked (401), the rest are 403 or 429', async () => {
    const { email } = await signUpAndLogin(t);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => post('/api/users/login', { email, password: `guess-number-${i}` })),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(LOGIN_LIMITS.perAccountAndIp);
    expect(codes.filter((c) => c !== 401 && c !== 403 && c !== 429)).toEqual([]);
  });
  it('current returns the user with roles and avatar; logout kills the session on the server', async () => {
    const { cookie, email } = await signUpAndLogin(t);
    const current = await t.app.inject({ url: '/api/users/current', headers: { cookie } });
    expect(current.statusCode).toBe(200);
    expect(current.json().data).toMatchObject({ user: { email, roles: [], avatar: null }, roles: [] });
    expect((await post('/api/users/logout', undefined, cookie)).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/users/current', headers: { cookie } })).statusCode).toBe(401);
  });

  it('sets an HttpOnly SameSite=Lax cookie', async () => {
    const { email, password } = await signUpAndLogin(t);
    const res = await post('/api/users/login', { email, password });
    const c = res.cookies.find((x) => x.name === 'cc_session')!;
    expect(c).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  });

  it('refuses a state-changing request with a foreign Origin (403) and accepts the own origin', async () => {
    const { cookie } = await signUpAndLogin(t);
    const foreign = await post('/api/users/logout', undefined, cookie, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/users/current', headers: { cookie } })).statusCode).toBe(200);
    const crossSite = await post('/api/users/logout', undefined, cookie, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    const own = await post('/api/users/logout', undefined, cookie, { origin: 'http://localhost:3000' });
    expect(own.statusCode).toBe(200);
  });

  it('sends security headers', async () => {
    const res = await t.app.inject('/api/users/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('adds HSTS and Secure cookies when APP_URL is https', async () => {
    const https = await createTestApp({ APP_URL: 'https://campus.example.org' });
    try {
      const res = await https.app.inject('/api/users/health');
      expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
      const { email, password } = await signUpAndLogin(https);
      const login = await https.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });
      expect(login.cookies.find((c) => c.name === 'cc_session')?.secure).toBe(true);
    } finally {
      await https.close();
    }
  });
});

describe('throttles per client (TRUST_PROXY, X-Forwarded-For)', () => {
  let p: TestApp;
  beforeAll(async () => {
    p = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(async () => {
    await p?.close();
  });
  const from = (ip: string, url: string, payload: object) =>
    p.app.inject({ method: 'POST', url, payload, headers: { 'x-forwarded-for': ip } });

  it("a stranger's failures do not lock the owner out from another client IP", async () => {
    const { email, password } = await signUpAndLogin(p);
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndIp + 5; i++)
      await from('203.0.113.9', '/api/users/login', { email, password: `stranger-guess-${i}` });
    expect([403, 429]).toContain((await from('203.0.113.9', '/api/users/login', { email, password })).statusCode);
    const owner = await from('198.51.100.7', '/api/users/login', { email, password });
    expect(owner.statusCode).toBe(200);
  });

  it('many places together put the account under attack: an untrusted client gets the step-up', async () => {
    const { email, password } = await signUpAndLogin(p);
    // Failures already counted from other places (stored like any other counter), then one more place.
    await p.database.db
      .insert(rateLimits)
      .values({ key: `login:acct:${email}`, windowStart: new Date(), count: LOGIN_LIMITS.perAccount - 1 })
      .onConflictDoUpdate({ target: rateLimits.key, set: { count: LOGIN_LIMITS.perAccount - 1 } });
    expect((await from('192.0.2.1', '/api/users/login', { email, password: 'wrong-pw-x' })).statusCode).toBe(401);
    const owner = await from('198.51.100.8', '/api/users/login', { email, password });
    expect(owner.statusCode).toBe(403);
    expect(owner.json().message).toBe(USER_MESSAGES.stepUpSent);
  });

  it("one requester cannot use up another address's reset mails", async () => {
    const { email } = await signUpAndLogin(p);
    for (let i = 0; i < 10; i++)
      expect((await from('203.0.113.9', '/api/users/forgot-password', { email })).statusCode).toBe(200);
    const strangers = (await outboxFiles(p.outboxDir, email)).length;
    expect(strangers).toBe(1 + MAIL_LIMITS.perAddressAndIp); // the sign-up mail + the stranger's share
    expect((await from('198.51.100.7', '/api/users/forgot-password', { email })).statusCode).toBe(200);
    expect((await outboxFiles(p.outboxDir, email)).length).toBe(strangers + 1);
  });

  it("one requester cannot use up another address's verification mails", async () => {
    const email = instituteEmail('late');
    expect((await from('198.51.100.7', '/api/users/signup', { email, password: 'owner-password' })).statusCode).toBe(
      201,
    );
    for (let i = 0; i < 10; i++) await from('203.0.113.9', '/api/users/resend-verification', { email });
    const before = (await outboxFiles(p.outboxDir, email)).length;
    expect(before).toBe(1 + MAIL_LIMITS.perAddressAndIp);
    await from('198.51.100.7', '/api/users/resend-verification', { email });
    expect((await outboxFiles(p.outboxDir, email)).length).toBe(before + 1);
  });
});

describe('forgot-password answers before any mail is sent', () => {
  it('existing and unknown addresses take the same path: the answer does not wait for the mail', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const sent: string[] = [];
    const m = await createTestApp(
      {},
      {
        mailer: {
          async send(message) {
            sent.push(message.to);
            if (message.subject.startsWith('Reset')) await gate;
          },
        },
      },
    );
    try {
      const email = instituteEmail('slowmail');
      expect(
        (await m.app.inject({ method: 'POST', url: '/api/users/signup', payload: { email, password: 'pw-12345678' } }))
          .statusCode,
      ).toBe(201);
      const known = await m.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email } });
      const unknown = await m.app.inject({
        method: 'POST',
        url: '/api/users/forgot-password',
        payload: { email: instituteEmail('nobody') },
      });
      expect(known.statusCode).toBe(200);
      expect(known.body).toBe(unknown.body);
      release();
      await m.app.ctx.background.idle();
      expect(sent.filter((to) => to === email)).toHaveLength(2);
    } finally {
      release();
      await m.close();
    }
  });
});

describe('profile update', () => {
  it('saves name, branch, semester and hostel; cannot change e-mail or roles', async () => {
    const { cookie, email } = await signUpAndLogin(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/update',
      headers: { cookie },
      payload: {
        name: 'Aarav Mehta',
        branch: 'Computer Science Engineering',
        semester: 'Third',
        hostel: 'Coho Hostel',
        email: 'x.12345678@iiitsonepat.ac.in',
        roles: ['admin'],
        graduation_year: 1999,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(
      'Profile updated successfully! You were enrolled in 3 subjects for Computer Science Engineering, Third semester — change them on Attendance',
    ); // first save of branch and semester
    expect(res.json().data.user).toMatchObject({
      name: 'Aarav Mehta',
      branch: 'Computer Science Engineering',
      semester: 'Third',
      hostel: 'Coho Hostel',
      email,
      roles: [],
    });
    expect(res.json().data.user.graduation_year).not.toBe(1999);
  });

  it('refuses unknown branch, semester and hostel with field errors and changes nothing', async () => {
    const { cookie } = await signUpAndLogin(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/update',
      headers: { cookie },
      payload: { name: 'Kept?', branch: 'Astrology', semester: 'Ninth', hostel: 'Moon Base' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      branch: USER_MESSAGES.branchInvalid,
      semester: USER_MESSAGES.semesterInvalid,
      hostel: USER_MESSAGES.hostelInvalid,
    });
    const current = await t.app.inject({ url: '/api/users/current', headers: { cookie } });
    expect(current.json().data.user.name).toBeNull();
  });

  it('refuses guests with 401', async () => {
    expect((await t.app.inject({ method: 'PUT', url: '/api/users/update', payload: { name: 'x' } })).statusCode).toBe(
      401,
    );
  });
});

describe('passwords', () => {
  it('change-password needs the current password and ends the other sessions', async () => {
    const { cookie, email, password } = await signUpAndLogin(t);
    const other = sessionCookie(await post('/api/users/login', { email, password }));
    const wrong = await post(
      '/api/users/change-password',
      { currentPassword: 'not-it', newPassword: 'brand-new-pass' },
      cookie,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.currentPassword).toBe(USER_MESSAGES.currentPasswordWrong);
    const ok = await post(
      '/api/users/change-password',
      { currentPassword: password, newPassword: 'brand-new-pass' },
      cookie,
    );
    expect(ok.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/users/current', headers: { cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/users/current', headers: { cookie: other } })).statusCode).toBe(401);
    expect((await post('/api/users/login', { email, password: 'brand-new-pass' })).statusCode).toBe(200);
  });

  it('forgot + reset sets a new password once, ends sessions; reuse is 410', async () => {
    const { cookie, email } = await signUpAndLogin(t);
    expect((await post('/api/users/forgot-password', { email })).statusCode).toBe(200);
    expect((await post('/api/users/forgot-password', { email: instituteEmail() })).statusCode).toBe(200);
    const token = await tokenFromOutbox(t.outboxDir, email, 'reset-password');
    const short = await post('/api/users/reset-password', { token, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect((await post('/api/users/reset-password', { token, password: 'reset-password-1' })).statusCode).toBe(200);
    expect((await post('/api/users/reset-password', { token, password: 'reset-password-2' })).statusCode).toBe(410);
    expect((await t.app.inject({ url: '/api/users/current', headers: { cookie } })).statusCode).toBe(401);
    expect((await post('/api/users/login', { email, password: 'reset-password-1' })).statusCode).toBe(200);
  });
});

describe('avatar and files', () => {
  it('stores a re-encoded WebP without EXIF/GPS, served only to signed-in users with the §6 headers', async () => {
    const { cookie } = await signUpAndLogin(t);
    const jpeg = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#3366aa' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Secret Phone' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '28/1 59/1 0/1' },
      })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const up = await post('/api/users/avatar', undefined, cookie, {});
    expect(up.statusCode).toBe(400);
    const body = multipart('avatar', 'me.jpg', jpeg, 'image/jpeg');
    const res = await uploadAvatar(body, cookie);
    expect(res.statusCode).toBe(200);
    const avatar: string = res.json().data.user.avatar;
    expect(avatar).toMatch(/^http:\/\/localhost:3000\/api\/files\/[0-9a-f-]{36}$/);
    const path = new URL(avatar).pathname;
    expect((await t.app.inject(path)).statusCode).toBe(401);
    const file = await t.app.inject({ url: path, headers: { cookie } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toBe('private, no-cache');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toBe('sandbox');
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(Math.max(meta.width!, meta.height!)).toBe(1600);
    expect(file.rawPayload.includes(Buffer.from('Secret Phone'))).toBe(false);
    const again = await t.app.inject({ url: path, headers: { cookie, 'if-none-match': file.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    const thumb = await t.app.inject({ url: `${path}?variant=thumb`, headers: { cookie } });
    expect(Math.max((await sharp(thumb.rawPayload).metadata()).width!, 1)).toBeLessThanOrEqual(320);
  });

  it('refuses an upload of 5 MiB or more (413), a non-image (400) and a malformed body (400)', async () => {
    const { cookie } = await signUpAndLogin(t);
    const headers = { cookie, 'content-type': 'multipart/form-data; boundary=zz' };
    const truncated = await t.app.inject({
      method: 'POST',
      url: '/api/users/avatar',
      headers,
      payload: '--zz\r\nContent-Disposition: form-data; name="avatar"; filename="a.jpg"\r\n\r\nabc',
    });
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json()).toEqual({ success: false, message: COMMON_MESSAGES.malformedMultipart });
    const noBoundary = await t.app.inject({ method: 'POST', url: '/api/users/avatar', headers, payload: '{}' });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json().message).toBe(COMMON_MESSAGES.malformedMultipart);
    const big = multipart('avatar', 'big.jpg', Buffer.alloc(5 * 1024 * 1024, 1), 'image/jpeg');
    const tooBig = await uploadAvatar(big, cookie);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe(FILE_MESSAGES.tooLarge);
    const text = multipart('avatar', 'fake.jpg', Buffer.from('<script>alert(1)</script>'.repeat(20)), 'image/jpeg');
    const notImage = await uploadAvatar(text, cookie);
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().message).toBe(FILE_MESSAGES.notImage);
  });

  it('refuses a guest upload before reading the body (401)', async () => {
    const body = multipart('avatar', 'me.png', await whitePng());
    const res = await uploadAvatar(body);
    expect(res.statusCode).toBe(401);
  });

  it('limits uploads per user per hour (429 with Retry-After), counted in the database', async () => {
    const { cookie, userId } = await signUpAndLogin(t);
    await t.database.db
      .insert(rateLimits)
      .values({ key: `upload:${userId}`, windowStart: new Date(), count: USER_LIMITS.uploadsPerHour });
    const png = await whitePng();
    const body = multipart('avatar', 'me.png', png, 'image/png');
    const res = await uploadAvatar(body, cookie);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    await t.database.db.delete(rateLimits).where(eq(rateLimits.key, `upload:${userId}`));
    const ok = await uploadAvatar(body, cookie);
    expect(ok.statusCode).toBe(200);
  });

  it('unknown file ids are 404', async () => {
    const { cookie } = await signUpAndLogin(t);
    expect(
      (await t.app.inject({ url: '/api/files/0190a0a0-0000-7000-8000-000000000000', headers: { cookie } })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: '/api/files/not-a-uuid', headers: { cookie } })).statusCode).toBe(404);
  });
});

describe('unknown api paths', () => {
  it('are 404 in the envelope', async () => {
    const res = await t.app.inject('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json().success).toBe(false);
  });
});
