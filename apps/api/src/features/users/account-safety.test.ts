/**
 * Account safety, through HTTP on a real database: each finding of
 * the security test reproduced and shown fixed — targeted sign-in lockout, mail budget exhaustion,
 * a resend link only a stranger's password opens, a reset link that survived a password change, no
 * notice of a change, common passwords, sign-up enumeration, stale unverified sign-ups.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, isNotNull, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { USER_MESSAGES } from '@campus/contract/users';
import { signupAttempts, users } from '../../db/schema/users.ts';
import { rateLimits } from '../../db/schema/rate-limits.ts';
import { stats } from '../admin/admin.service.ts';
import { broadcast } from '../notifications/notifications.service.ts';
import type { Admin } from '../../lib/auth.ts';
import {
  createTestApp,
  instituteEmail,
  outboxFiles,
  sessionCookie,
  signUpAndLogin,
  type TestApp,
} from '../../test/helpers.ts';
import { LOGIN_LIMITS, MAIL_LIMITS, purgeUnverifiedUsers } from './users.service.ts';

const ADMIN = 'warden@iiitsonepat.ac.in';
let t: TestApp;
beforeAll(async () => {
  // Requests come from 127.0.0.1 (inject); trusting it as a proxy lets each test pick a client IP.
  t = await createTestApp({ TRUST_PROXY: '127.0.0.1', ADMIN_EMAILS: ADMIN });
});
afterAll(async () => {
  await t?.close();
});

/** POST `url` as the client at `ip`, with the given cookies (`name=value; …`). */
const from = (ip: string, url: string, payload: object, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'x-forwarded-for': ip, ...(cookie && { cookie }) },
  });

/** The `cc_device=…` pair a sign-in set (the browser's device cookie). */
function deviceCookie(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === 'cc_device');
  if (!c) throw new Error(`No device cookie (status ${res.statusCode}: ${res.body})`);
  return `cc_device=${c.value}`;
}

/** Texts of the outbox mails to `email`, oldest first. */
async function mails(email: string): Promise<string[]> {
  const files = await outboxFiles(t.outboxDir, email);
  return Promise.all(
    files.map(async (f) =>
      (await fs.readFile(path.join(t.outboxDir, f), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '='),
    ),
  );
}

/** Tokens of the `/page?token=` links mailed to `email`, oldest first. */
async function linksTo(email: string, page: string): Promise<string[]> {
  const re = new RegExp(`/${page}\\?token=([A-Za-z0-9_-]+)`);
  return (await mails(email)).map((m) => re.exec(m)?.[1]).filter((x): x is string => !!x);
}

/** A verified account signed in once from `ip` in its own browser: the session and device cookies. */
async function ownerWithBrowser(ip = '198.51.100.7') {
  const account = await signUpAndLogin(t);
  const login = await from(ip, '/api/users/login', { email: account.email, password: account.password });
  expect(login.statusCode).toBe(200);
  return { ...account, device: deviceCookie(login), session: sessionCookie(login) };
}

describe('sign-in throttling an attacker cannot turn against the owner (item 2)', () => {
  it('when strangers spent the sign-in mail budget, the step-up says no link was sent, and the last link still works', async () => {
    const owner = await ownerWithBrowser();
    for (let a = 1; a <= LOGIN_LIMITS.perAccount; a++)
      await from(`203.0.114.${a}`, '/api/users/login', { email: owner.email, password: `guess-${a}` });
    // Under attack now: the owner on a new browser gets a link.
    const first = await from('192.0.2.80', '/api/users/login', { email: owner.email, password: owner.password });
    expect(first.json()).toEqual({ success: false, message: USER_MESSAGES.stepUpSent });
    await t.app.ctx.background.idle();
    const link = (await linksTo(owner.email, 'signin-link')).at(-1)!;
    expect(link).toBeTruthy();
    // Strangers from 30 addresses spend the address's mail budget.
    for (let a = 1; a <= 30; a++)
      await from(`198.18.0.${a}`, '/api/users/login', { email: owner.email, password: `x-${a}` });
    await t.app.ctx.background.idle();
    const sent = (await mails(owner.email)).length;

    const late = await from('192.0.2.81', '/api/users/login', { email: owner.email, password: owner.password });
    expect(late.statusCode).toBe(403);
    expect(late.json()).toEqual({ success: false, message: USER_MESSAGES.stepUpNotSent });
    await t.app.ctx.background.idle();
    expect((await mails(owner.email)).length).toBe(sent); // truthful: nothing was sent
    // The link the owner already has still works until it expires.
    const done = await from('192.0.2.80', '/api/users/signin-link', { token: link, password: owner.password });
    expect(done.statusCode, done.body).toBe(200);
  });

  it('100 wrong passwords from 10 addresses: the trusted browser signs in; a new one completes the step-up', async () => {
    const owner = await ownerWithBrowser();
    const signedIn = await from('198.51.100.7', '/api/users/login', { email: owner.email, password: owner.password });
    expect(signedIn.cookies.find((c) => c.name === 'cc_device')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/users',
      maxAge: 365 * 24 * 60 * 60,
    });
    const codes: number[] = [];
    for (let a = 1; a <= 10; a++)
      for (let i = 0; i < 10; i++)
        codes.push(
          (await from(`203.0.113.${a}`, '/api/users/login', { email: owner.email, password: `guess-${a}-${i}` }))
            .statusCode,
        );
    expect(codes.filter((c) => ![401, 403, 429].includes(c))).toEqual([]);
    // Passwords are checked only until the account is under attack; then every untrusted client gets the step-up.
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(LOGIN_LIMITS.perAccount);
    expect(codes.at(-1)).toBe(403);

    // The owner's own browser, even from an attacked address: signed in at once.
    const trusted = await from(
      '203.0.113.1',
      '/api/users/login',
      { email: owner.email, password: owner.password },
      owner.device,
    );
    expect(trusted.statusCode).toBe(200);
    expect(trusted.json().data.user.email).toBe(owner.email);

    // A new browser: a clear step-up, not a refusal — the same answer whatever the password.
    const fresh = await from('192.0.2.44', '/api/users/login', { email: owner.email, password: owner.password });
    expect(fresh.statusCode).toBe(403);
    expect(fresh.json()).toEqual({ success: false, message: USER_MESSAGES.stepUpSent });
    expect(fresh.cookies.find((c) => c.name === 'cc_session')).toBeUndefined();
    // (from another new address: a second step-up from 192.0.2.44 would find its mail budget spent)
    const wrong = await from('192.0.2.45', '/api/users/login', { email: owner.email, password: 'not-the-password' });
    expect(wrong.body).toBe(fresh.body);

    // Any sign-in link in the mailbox works, with the password; a wrong password keeps the link.
    const link = (await linksTo(owner.email, 'signin-link')).at(-1)!;
    expect(link).toBeTruthy();
    const bad = await from('192.0.2.44', '/api/users/signin-link', { token: link, password: 'not-the-password' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.password).toBe(USER_MESSAGES.signinLinkPasswordWrong);
    const done = await from('192.0.2.44', '/api/users/signin-link', { token: link, password: owner.password });
    expect(done.statusCode).toBe(200);
    const cookie = sessionCookie(done);
    expect((await t.app.inject({ url: '/api/users/current', headers: { cookie } })).statusCode).toBe(200);
    // The link is single use, and the new browser is now trusted.
    expect(
      (await from('192.0.2.44', '/api/users/signin-link', { token: link, password: owner.password })).statusCode,
    ).toBe(410);
    const again = await from(
      '192.0.2.44',
      '/api/users/login',
      { email: owner.email, password: owner.password },
      deviceCookie(done),
    );
    expect(again.statusCode).toBe(200);
  });

  it('a stranger at the same address slows down before the step-up: 1 s, 2 s, … with Retry-After', async () => {
    const owner = await ownerWithBrowser();
    for (let i = 0; i < LOGIN_LIMITS.freePerAccountAndIp; i++)
      expect(
        (await from('203.0.113.50', '/api/users/login', { email: owner.email, password: `nope-${i}` })).statusCode,
      ).toBe(401);
    expect(
      (await from('203.0.113.50', '/api/users/login', { email: owner.email, password: 'nope-x' })).statusCode,
    ).toBe(401);
    const slowed = await from('203.0.113.50', '/api/users/login', { email: owner.email, password: 'nope-y' });
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(2);
    // Another address, and the owner's browser at this address, are not slowed.
    expect(
      (await from('192.0.2.9', '/api/users/login', { email: owner.email, password: owner.password })).statusCode,
    ).toBe(200);
    expect(
      (await from('203.0.113.50', '/api/users/login', { email: owner.email, password: owner.password }, owner.device))
        .statusCode,
    ).toBe(200);
  });

  it('100 parallel guesses from one client: at most the per-address ceiling of passwords is checked', async () => {
    const owner = await ownerWithBrowser();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        from('203.0.113.77', '/api/users/login', { email: owner.email, password: `p-guess-${i}` }),
      ),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(LOGIN_LIMITS.perAccountAndIp);
    expect(codes.filter((c) => ![401, 403, 429].includes(c))).toEqual([]);
  });

  it('a device cookie stops being trusted when the password changes, and cannot be forged', async () => {
    const owner = await ownerWithBrowser();
    const other = await from('198.51.100.8', '/api/users/login', { email: owner.email, password: owner.password });
    const otherDevice = deviceCookie(other);
    const changed = await from(
      '198.51.100.7',
      '/api/users/change-password',
      { currentPassword: owner.password, newPassword: 'a-new-long-secret' },
      owner.session,
    );
    expect(changed.statusCode).toBe(200);
    const renewed = deviceCookie(changed);
    await t.database.db
      .insert(rateLimits)
      .values({ key: `login:acct:${owner.email}`, windowStart: new Date(), count: LOGIN_LIMITS.perAccount })
      .onConflictDoUpdate({ target: rateLimits.key, set: { count: LOGIN_LIMITS.perAccount, windowStart: new Date() } });
    const creds = { email: owner.email, password: 'a-new-long-secret' };
    expect((await from('198.51.100.8', '/api/users/login', creds, otherDevice)).statusCode).toBe(403);
    expect((await from('198.51.100.8', '/api/users/login', creds, `${otherDevice}x`)).statusCode).toBe(403);
    expect((await from('198.51.100.7', '/api/users/login', creds, renewed)).statusCode).toBe(200);
  });
});

describe('mail budgets a stranger cannot spend for the owner (item 3)', () => {
  it("28 forgot-password requests from 7 addresses leave the owner's own reset mails delivered", async () => {
    const owner = await ownerWithBrowser();
    for (let a = 1; a <= 7; a++)
      for (let i = 0; i < 4; i++)
        expect(
          (await from(`203.0.113.${100 + a}`, '/api/users/forgot-password', { email: owner.email })).statusCode,
        ).toBe(200);
    const before = await linksTo(owner.email, 'reset-password');
    expect(before.length).toBeLessThanOrEqual(7 * MAIL_LIMITS.perAddressAndIp);
    // From the owner's own browser (device cookie) …
    const own = await from('198.51.100.7', '/api/users/forgot-password', { email: owner.email }, owner.device);
    expect(own.statusCode).toBe(200);
    expect((await linksTo(owner.email, 'reset-password')).length).toBe(before.length + 1);
    // … and from a browser and address the account never used (the strangers' repeats did not spend it).
    const borrowed = await from('192.0.2.200', '/api/users/forgot-password', { email: owner.email });
    expect(borrowed.statusCode).toBe(200);
    const after = await linksTo(owner.email, 'reset-password');
    expect(after.length).toBe(before.length + 2);
    // A link a stranger's request sent still works for the mailbox holder …
    expect(
      (await from('198.51.100.7', '/api/users/reset-password', { token: before[0], password: 'fresh-start-pw-1' }))
        .statusCode,
    ).toBe(200);
    // … and once the password changed, every other link is dead, the owner's newest included.
    const dead = await from('198.51.100.7', '/api/users/reset-password', {
      token: after.at(-1),
      password: 'fresh-start-pw-2',
    });
    expect(dead.statusCode).toBe(410);
    expect(dead.json().message).toBe(USER_MESSAGES.tokenUsed);
  });

  it("resend-verification gives the mailbox holder a link they set the password with; the stranger's never works", async () => {
    const email = instituteEmail('claimed');
    // A stranger signs up first with their password; the owner never saw that mail's password.
    expect((await from('203.0.113.9', '/api/users/signup', { email, password: 'stranger-secret-1' })).statusCode).toBe(
      201,
    );
    // The stranger's mail has gone out before the holder asks (mail is sent from a queue of two).
    expect(await linksTo(email, 'verify-email')).toHaveLength(1);
    expect((await from('198.51.100.7', '/api/users/resend-verification', { email })).statusCode).toBe(200);
    const [strangerLink, ownerLink] = await linksTo(email, 'verify-email');
    expect((await mails(email)).at(-1)).toContain('&choose=1');
    // The holder chooses: too short or common is refused and the link stays usable.
    const common = await from('198.51.100.7', '/api/users/verify-email', { token: ownerLink, password: 'password' });
    expect(common.statusCode).toBe(400);
    expect(common.json().errors.password).toBe(USER_MESSAGES.passwordCommon);
    const ok = await from('198.51.100.7', '/api/users/verify-email', {
      token: ownerLink,
      password: 'holders-own-pw-1',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.user.email).toBe(email);
    expect(
      (await from('203.0.113.9', '/api/users/verify-email', { token: strangerLink, password: 'stranger-secret-1' }))
        .statusCode,
    ).toBe(410);
    expect((await from('203.0.113.9', '/api/users/login', { email, password: 'stranger-secret-1' })).statusCode).toBe(
      401,
    );
    expect((await from('198.51.100.7', '/api/users/login', { email, password: 'holders-own-pw-1' })).statusCode).toBe(
      200,
    );
  });
});

describe('account changes (item 4)', () => {
  it('a reset link dies when the password is changed; the owner gets a mail and a notification', async () => {
    const owner = await ownerWithBrowser();
    const other = sessionCookie(
      await from('198.51.100.9', '/api/users/login', { email: owner.email, password: owner.password }),
    );
    await from('198.51.100.7', '/api/users/forgot-password', { email: owner.email });
    const [link] = await linksTo(owner.email, 'reset-password');
    const changed = await from(
      '198.51.100.7',
      '/api/users/change-password',
      { currentPassword: owner.password, newPassword: 'changed-secret-9' },
      owner.session,
    );
    expect(changed.statusCode).toBe(200);
    const dead = await from('203.0.113.9', '/api/users/reset-password', { token: link, password: 'takeover-pw-123' });
    expect(dead.statusCode).toBe(410);
    expect((await t.app.inject({ url: '/api/users/current', headers: { cookie: other } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/users/current', headers: { cookie: owner.session } })).statusCode).toBe(
      200,
    );
    const notice = (await mails(owner.email)).at(-1)!;
    expect(notice).toContain('Subject: Your Campus Companion password was changed');
    expect(notice).toContain("If it wasn't you, reset your password now");
    const list = await t.app.inject({ url: '/api/notification', headers: { cookie: owner.session } });
    expect(list.json().data.map((n: { message: string }) => n.message)).toContain(USER_MESSAGES.passwordChangedNotice);
  });

  it('a reset ends every session and link and leaves the same notice', async () => {
    const owner = await ownerWithBrowser();
    await from('198.51.100.7', '/api/users/forgot-password', { email: owner.email });
    await from('198.51.100.7', '/api/users/forgot-password', { email: owner.email });
    const [first, second] = await linksTo(owner.email, 'reset-password');
    expect(
      (await from('198.51.100.7', '/api/users/reset-password', { token: second, password: 'after-reset-pw-1' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await from('198.51.100.7', '/api/users/reset-password', { token: first, password: 'after-reset-pw-2' }))
        .statusCode,
    ).toBe(410);
    expect((await t.app.inject({ url: '/api/users/current', headers: { cookie: owner.session } })).statusCode).toBe(
      401,
    );
    const login = await from(
      '198.51.100.7',
      '/api/users/login',
      { email: owner.email, password: 'after-reset-pw-1' },
      owner.device,
    );
    expect(login.statusCode).toBe(200);
    const list = await t.app.inject({ url: '/api/notification', headers: { cookie: sessionCookie(login) } });
    expect(list.json().data[0].message).toBe(USER_MESSAGES.passwordChangedNotice);
    expect((await mails(owner.email)).at(-1)).toContain('Your Campus Companion password was changed');
  });

  it('`password`, `12345678` and `aaaaaaaa` are refused at sign-up, reset and change with the contract message', async () => {
    for (const password of ['password', '12345678', 'aaaaaaaa', 'Password1', 'qwertyuiop']) {
      const res = await from('198.51.100.7', '/api/users/signup', { email: instituteEmail('weak'), password });
      expect(res.statusCode, password).toBe(400);
      expect(res.json()).toMatchObject({
        message: USER_MESSAGES.passwordCommon,
        errors: { password: USER_MESSAGES.passwordCommon },
      });
    }
    const owner = await ownerWithBrowser();
    const change = await from(
      '198.51.100.7',
      '/api/users/change-password',
      { currentPassword: owner.password, newPassword: 'password' },
      owner.session,
    );
    expect(change.statusCode).toBe(400);
    expect(change.json().errors.newPassword).toBe(USER_MESSAGES.passwordCommon);
    await from('198.51.100.7', '/api/users/forgot-password', { email: owner.email });
    const [link] = await linksTo(owner.email, 'reset-password');
    const reset = await from('198.51.100.7', '/api/users/reset-password', { token: link, password: '12345678' });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().errors.password).toBe(USER_MESSAGES.passwordCommon);
    // Nothing changed: the old password works and the link is still usable.
    expect(
      (await from('198.51.100.7', '/api/users/login', { email: owner.email, password: owner.password }, owner.device))
        .statusCode,
    ).toBe(200);
    expect(
      (await from('198.51.100.7', '/api/users/reset-password', { token: link, password: 'uncommon-enough-1' }))
        .statusCode,
    ).toBe(200);
  });

  it('sign-up with a registered address answers the same 201 and mails the owner; nothing changes', async () => {
    const owner = await ownerWithBrowser();
    const fresh = await from('203.0.113.9', '/api/users/signup', {
      email: instituteEmail('new'),
      password: 'someone-else-pw',
    });
    const registered = await from('203.0.113.9', '/api/users/signup', {
      email: owner.email,
      password: 'someone-else-pw',
    });
    expect(registered.statusCode).toBe(201);
    expect(registered.body).toBe(fresh.body);
    const mail = (await mails(owner.email)).at(-1)!;
    expect(mail).toContain('Subject: You already have a Campus Companion account');
    expect(mail).not.toContain('/verify-email');
    expect(
      (await from('203.0.113.9', '/api/users/login', { email: owner.email, password: 'someone-else-pw' })).statusCode,
    ).toBe(401);
    expect(
      (await from('198.51.100.7', '/api/users/login', { email: owner.email, password: owner.password }, owner.device))
        .statusCode,
    ).toBe(200);
  });
});

describe('unverified sign-ups (item 8 and the argon2 cost)', () => {
  it('login checks one password hash: the newest sign-up says "verify first", older ones are just wrong', async () => {
    const email = instituteEmail('pending');
    for (const password of ['pending-pw-one', 'pending-pw-two', 'pending-pw-three'])
      expect((await from('198.51.100.7', '/api/users/signup', { email, password })).statusCode).toBe(201);
    const newest = await from('198.51.100.7', '/api/users/login', { email, password: 'pending-pw-three' });
    expect(newest.statusCode).toBe(403);
    expect(newest.json().message).toBe(USER_MESSAGES.verifyFirst);
    expect((await from('198.51.100.7', '/api/users/login', { email, password: 'pending-pw-one' })).statusCode).toBe(
      401,
    );
  });

  it('are purged after 7 days, and are neither counted in stats nor sent broadcasts', async () => {
    const stale = instituteEmail('stale');
    const recent = instituteEmail('recent');
    await from('198.51.100.7', '/api/users/signup', { email: stale, password: 'stale-signup-pw' });
    await from('198.51.100.7', '/api/users/signup', { email: recent, password: 'recent-signup-pw' });
    const verified = await signUpAndLogin(t);
    const db = t.database.db;
    const eightDaysAgo = sql`now() - interval '8 days'`;
    for (const email of [stale, recent, verified.email])
      await db.update(users).set({ createdAt: eightDaysAgo }).where(eq(users.email, email));
    const [staleUser] = await db.select().from(users).where(eq(users.email, stale));
    await db.update(signupAttempts).set({ createdAt: eightDaysAgo }).where(eq(signupAttempts.userId, staleUser!.id));

    const before = await stats(t.app.ctx);
    const [row] = await db.select({ n: count() }).from(users).where(isNotNull(users.emailVerifiedAt));
    const verifiedCount = Number(row!.n);
    expect(before.total).toBe(verifiedCount);
    const admin = await signUpAndLogin(t, { email: ADMIN });
    const [adminRow] = await db.select().from(users).where(eq(users.id, admin.userId));
    const send = await broadcast(t.app.ctx, adminRow! as Admin, { message: 'hello everyone', type: 'general' });
    expect(send.recipientCount).toBe(verifiedCount + 1);

    expect(await purgeUnverifiedUsers(db)).toBeGreaterThanOrEqual(1);
    const left = (await db.select({ email: users.email }).from(users)).map((u) => u.email);
    expect(left).not.toContain(stale);
    expect(left).toContain(recent); // a sign-up attempt in the last 7 days keeps it
    expect(left).toContain(verified.email);
  });
});
