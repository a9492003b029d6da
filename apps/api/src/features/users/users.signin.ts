/**
 * Signing in (docs/product-spec.md §8, docs/design.md §5): the password login with its throttling — device
 * cookies, the progressive delay and the mailed step-up — and the step-up's sign-in link. Every way
 * of signing in ends in {@link signIn}. `users.service.ts` re-exports what routes and tests use.
 */
import { verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { DELETION_MESSAGES } from '@campus/contract/privacy';
import { USER_MESSAGES, type LoginBody, type SigninLinkBody } from '@campus/contract/users';
import { accountClosures } from '../../db/schema/privacy.ts';
import { createSession, type SessionUser } from '../../lib/auth.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError, forbidden, badRequest, gone, tooManyRequests, unauthorized } from '../../lib/errors.ts';
import { hit, hitAll, peek, reset, resetPrefix, unhit } from '../../lib/rate-limit.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import { issueDeviceCookie, trustedDevice } from './devices.ts';
import { hashPassword } from './passwords.ts';
import { isCurrentCredential, issueSigninToken, readSigninToken } from './signin-links.ts';
import { mayMail, sendUsersMail } from './users.mail.ts';
import { loginHash, recordSigninLinkUsed, tokenRecorded, userByEmail, userById } from './users.queries.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Sign-in throttling (OWASP device cookies, NIST SP 800-63B §5.2.2), per hour:
 * - a browser with a valid device cookie for the account (signed in there before) is *trusted*:
 *   only its own failures count (`perDevice`; over it, that browser is treated as untrusted), so
 *   others' failures never lock it out;
 * - untrusted failures count per (account, client IP) and per account. From the
 *   `freePerAccountAndIp`-th failure of one (account, IP) on, the next attempt from there waits
 *   1 s, 2 s, 4 s … (at most `maxDelayMs`; earlier → 429 with Retry-After);
 * - at `perAccountAndIp` failures from that IP, or `perAccount` from anywhere, the account is under
 *   attack for untrusted clients: their passwords are no longer checked (no more guesses, no
 *   oracle); every attempt gets the step-up — a one-time sign-in link mailed to the address, opened
 *   with the password — answered 403 with the contract's `stepUpSent`, never a silent refusal.
 * Counters are rows of `rate_limits` (shared by every instance); a success takes its hit back.
 */
export const LOGIN_LIMITS = {
  perAccountAndIp: 10,
  perAccount: 20,
  perDevice: 10,
  freePerAccountAndIp: 3,
  maxDelayMs: 60_000,
} as const;

/** Wrong passwords allowed on one sign-in link per hour before 429 (the link stays for its owner). */
export const SIGNIN_LINK_PASSWORD_TRIES = 5;

/** Who is asking: client IP, the raw device cookie (if any) and the user agent. */
export interface ClientInfo {
  ip: string;
  deviceCookie?: string;
  userAgent?: string;
}

/** A new session: the user, the raw session token and a fresh device cookie value. */
export interface SignedInResult {
  user: SessionUser;
  token: string;
  deviceCookie: string;
}

const loginKeys = (email: string, ip: string) => ({
  pair: `login:pair:${email}|${ip}`,
  pairPrefix: `login:pair:${email}|`,
  gate: `login:gate:${email}|${ip}`,
  gatePrefix: `login:gate:${email}|`,
  account: `login:acct:${email}`,
});

/** Creates a session and a fresh device cookie for `user` (every way of signing in ends here). */
export async function signIn(ctx: ServiceContext, user: SessionUser, client: ClientInfo): Promise<SignedInResult> {
  return {
    user,
    token: await createSession(ctx.db, user.id, client.userAgent),
    deviceCookie: await issueDeviceCookie(ctx.db, user),
  };
}

/** A hash to verify against when there is none, so timing does not reveal the account. */
let dummyHash: Promise<string> | undefined;

/** True when `password` matches `passwordHash`; with no hash, one dummy verification and false. */
async function checkPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash) return verify(passwordHash, password);
  await verify(await (dummyHash ??= hashPassword('not-a-real-password')), password);
  return false;
}

/**
 * 403 for a correct password on an account that cannot sign in yet: unverified or deactivated; a
 * closed account waiting for erasure answers its erasure date instead, with `errors.erasure` (the
 * ISO time) so the sign-in page offers "Keep my account" (docs/privacy.md "Delete my account").
 */
async function assertMaySignIn(ctx: ServiceContext, user: SessionUser): Promise<void> {
  if (!user.emailVerifiedAt) throw forbidden(USER_MESSAGES.verifyFirst);
  if (!user.deactivatedAt) return;
  const [closed] = await ctx.db
    .select({ eraseAfter: accountClosures.eraseAfter })
    .from(accountClosures)
    .where(eq(accountClosures.userId, user.id));
  if (!closed) throw forbidden(USER_MESSAGES.deactivated);
  const date = new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: ctx.config.institute.timezone,
  }).format(closed.eraseAfter);
  throw new AppError(403, DELETION_MESSAGES.closedSignIn(date), { erasure: closed.eraseAfter.toISOString() });
}

/** The progressive delay before the next untrusted attempt after `failures` from one (account, IP). */
const delayMs = (failures: number) =>
  Math.min(1000 * 2 ** (failures - LOGIN_LIMITS.freePerAccountAndIp), LOGIN_LIMITS.maxDelayMs);

/**
 * The step-up of an untrusted client on an account under attack (docs/security.md "Account
 * safety"): counts the sign-in mail budgets of `email` from `ip` — for every address, known or
 * not, so the answer tells nothing about the account — and when they are spent throws 403
 * `stepUpNotSent` (truthfully: no mail; the links already sent keep working until they expire).
 * Else queues a one-time sign-in link (1 h, signed, nothing stored) to the address of an active,
 * verified account and throws 403 `stepUpSent`, the same for every password and unknown addresses.
 */
async function stepUp(ctx: ServiceContext, user: SessionUser | undefined, email: string, ip: string): Promise<never> {
  if (!(await mayMail(ctx, 'signin', email, ip))) throw forbidden(USER_MESSAGES.stepUpNotSent);
  if (user?.emailVerifiedAt && !user.deactivatedAt) {
    ctx.background.run('signin-link', async () => {
      await sendUsersMail(ctx, 'signin', email, await issueSigninToken(ctx.db, user));
    });
  }
  throw forbidden(USER_MESSAGES.stepUpSent);
}

/**
 * Login (docs/product-spec.md §8, docs/design.md §5; see {@link LOGIN_LIMITS}). A trusted device (valid
 * device cookie for this account) is checked against its own failures only. An untrusted client
 * first meets the progressive delay (429 with Retry-After), then the step-up once the account is
 * under attack (403 `stepUpSent`, password not checked); otherwise its attempt is counted before
 * the password is checked (parallel guesses cannot slip past). At most one argon2 verification.
 * 401 wrong e-mail or password; 403 unverified or deactivated (only after a correct password).
 * A success takes its hits back. Returns the new session and device cookie.
 */
export async function login(ctx: ServiceContext, body: LoginBody, client: ClientInfo): Promise<SignedInResult> {
  const user = await userByEmail(ctx.db, body.email);
  const device = user ? await trustedDevice(ctx.db, client.deviceCookie, user) : null;
  if (user && device) {
    const deviceKey = `login:dev:${device}`;
    const over = await hitAll(ctx.db, [{ key: deviceKey, max: LOGIN_LIMITS.perDevice, windowMs: HOUR_MS }]);
    // Over its own ceiling (a copied cookie?) the browser is treated as untrusted below.
    if (!over) {
      if (!(await checkPassword(await loginHash(ctx.db, user), body.password)))
        throw unauthorized(USER_MESSAGES.invalidCredentials);
      await assertMaySignIn(ctx, user);
      await reset(ctx.db, deviceKey);
      return signIn(ctx, user, client);
    }
  }
  const keys = loginKeys(body.email, client.ip);
  const [pair, account] = await Promise.all([peek(ctx.db, keys.pair, HOUR_MS), peek(ctx.db, keys.account, HOUR_MS)]);
  if (pair.count >= LOGIN_LIMITS.perAccountAndIp || account.count >= LOGIN_LIMITS.perAccount)
    await stepUp(ctx, user, body.email, client.ip);
  if (pair.count >= LOGIN_LIMITS.freePerAccountAndIp) {
    const gate = await hit(ctx.db, keys.gate, delayMs(pair.count));
    if (gate.count > 1) throw tooManyRequests(USER_MESSAGES.tooManyLogins, gate.retryAfterMs / 1000);
  }
  const over = await hitAll(ctx.db, [
    { key: keys.pair, max: LOGIN_LIMITS.perAccountAndIp, windowMs: HOUR_MS },
    { key: keys.account, max: LOGIN_LIMITS.perAccount, windowMs: HOUR_MS },
  ]);
  if (over) await stepUp(ctx, user, body.email, client.ip); // parallel attempts past the ceiling
  const passwordOk = await checkPassword(user ? await loginHash(ctx.db, user) : null, body.password);
  if (!user || !passwordOk) throw unauthorized(USER_MESSAGES.invalidCredentials);
  await assertMaySignIn(ctx, user);
  await Promise.all([unhit(ctx.db, keys.pair), unhit(ctx.db, keys.account), reset(ctx.db, keys.gate)]);
  return signIn(ctx, user, client);
}

/**
 * POST signin-link `{ token, password }` (the step-up): the mailed one-time link
 * (signed, see `signin-links.ts`) and the account's password. Malformed or forged → 400; used, or
 * issued before the last password change → 410; older than 1 hour → 410. A wrong password → 400
 * with `errors.password` and the link stays usable, at most {@link SIGNIN_LINK_PASSWORD_TRIES}
 * times an hour (then 429). Success records the link as used, signs in and makes this browser a
 * trusted device.
 */
export async function signinWithLink(
  ctx: ServiceContext,
  body: SigninLinkBody,
  client: ClientInfo,
): Promise<SignedInResult> {
  const claims = await readSigninToken(ctx.db, body.token);
  const user = claims ? await userById(ctx.db, claims.userId) : undefined;
  if (!claims || !user) throw badRequest(USER_MESSAGES.tokenInvalid);
  const tokenHash = sha256Hex(body.token);
  if ((await tokenRecorded(ctx.db, tokenHash)) || !(await isCurrentCredential(ctx.db, claims, user)))
    throw gone(USER_MESSAGES.tokenUsed);
  if (claims.expiresAt <= Date.now()) throw gone(USER_MESSAGES.tokenExpired);
  const tries = await hitAll(ctx.db, [
    { key: `signin-link:${tokenHash}`, max: SIGNIN_LINK_PASSWORD_TRIES, windowMs: HOUR_MS },
  ]);
  if (tries) throw tooManyRequests(USER_MESSAGES.tooManyLogins, tries.retryAfterMs / 1000);
  if (!(await verify(user.passwordHash, body.password)))
    throw badRequest(USER_MESSAGES.signinLinkPasswordWrong, { password: USER_MESSAGES.signinLinkPasswordWrong });
  await assertMaySignIn(ctx, user);
  if (!(await recordSigninLinkUsed(ctx.db, user.id, tokenHash, new Date(claims.expiresAt))))
    throw gone(USER_MESSAGES.tokenUsed);
  await reset(ctx.db, `signin-link:${tokenHash}`);
  return signIn(ctx, user, client);
}

/**
 * Clears the sign-in counters of `email` from every IP (after a password reset): the
 * account's failures, each IP's failures and delay gates.
 */
export async function clearLoginCounters(ctx: ServiceContext, email: string): Promise<void> {
  const keys = loginKeys(email, '');
  await reset(ctx.db, keys.account);
  await resetPrefix(ctx.db, keys.pairPrefix);
  await resetPrefix(ctx.db, keys.gatePrefix);
}
