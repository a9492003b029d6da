/**
 * Users and session rules (spec §3, §5, §7, §8; DESIGN §5; issues 9 and 21): sign-up attempts with
 * their own password and link, e-mail verification that needs that password, sign-in throttling
 * with device cookies and the mailed step-up, mail budgets per requester, profile update, password
 * reset/change (ending links and sessions, with a notice), the avatar and the purge of stale sign-ups.
 */
import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { hash, verify } from '@node-rs/argon2';
import {
  ADMIN_ROLE,
  DEFAULT_GRADUATION_YEAR,
  PASSWORD_MIN,
  RESET_TOKEN_TTL_MS,
  USER_MESSAGES,
  VERIFY_TOKEN_TTL_MS,
  type ChangePasswordBody,
  type LoginBody,
  type PublicUser,
  type SigninLinkBody,
  type SignupBody,
  type UpdateProfileBody,
  type VerifyEmailBody,
} from '@campus/contract/users';
import { signupAttempts, users, userTokens } from '../../db/schema/users.ts';
import type { Db } from '../../db/client.ts';
import { createSession, endUserSessions, type SessionUser } from '../../lib/auth.ts';
import { deleteFiles, fileUrl, putFile } from '../../lib/blob-store.ts';
import type { ServiceContext } from '../../lib/context.ts';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  gone,
  tooManyRequests,
  unauthorized,
  validationError,
} from '../../lib/errors.ts';
import { processUpload } from '../../lib/images.ts';
import { hit, hitAll, peek, reset, resetPrefix, unhit } from '../../lib/rate-limit.ts';
import { newToken, sha256Hex } from '../../lib/tokens.ts';
import { notify } from '../notifications/notifications.service.ts';
import { issueDeviceCookie, trustedDevice } from './devices.ts';
import { isCurrentCredential, issueSigninToken, readSigninToken } from './signin-links.ts';
import { assertUncommonPassword } from './passwords.ts';
import { usersMail, type UsersMailKind } from './users.mail.ts';

/** argon2id (`Algorithm.Argon2id` is 2; the const enum cannot be imported under isolatedModules). */
const ARGON2 = { algorithm: 2 } as const;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Sign-in throttling (issue 21 item 2, OWASP device cookies, NIST SP 800-63B §5.2.2), per hour:
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

/**
 * Mails per hour and kind (issue 21 item 3). A request from a trusted device of the account (its
 * own browser) has its own budget (`perDevice`) that nobody else can spend. Any other requester
 * gets `perAddressAndIp` per (address, requesting IP); across requesters, each IP's *first* mail to
 * the address draws on `newRequestersPerAddress` and its repeats on `repeatsPerAddress` — so
 * strangers asking again and again cannot spend what a new requester (the owner on a borrowed
 * computer) gets: the 7 addresses × 4 requests of the security test leave the owner's mail sent,
 * and blocking it takes 20 addresses. Links never end each other, so a mail a stranger triggered
 * still works for the mailbox holder. At most 3 + 30 mails of a kind an hour reach one address.
 */
export const MAIL_LIMITS = {
  perAddressAndIp: 3,
  newRequestersPerAddress: 20,
  repeatsPerAddress: 10,
  perDevice: 3,
} as const;

/** Unverified accounts with no sign-up attempt in this long are deleted (issue 21 item 8). */
export const UNVERIFIED_RETENTION_MS = 7 * DAY_MS;

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

/** Hashes a password with argon2id. */
export const hashPassword = (password: string) => hash(password, ARGON2);

/** Maps a user row to the API shape (spec §3); file URLs absolute from `APP_URL` (DESIGN §4). */
export function toPublicUser(user: SessionUser, appUrl: string): PublicUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    username: user.username,
    branch: user.branch,
    semester: user.semester,
    hostel: user.hostel,
    graduation_year: user.graduationYear,
    registration_number: user.registrationNumber,
    roles: user.roles,
    avatar: fileUrl(appUrl, user.avatarFileId),
    avatarThumb: fileUrl(appUrl, user.avatarFileId, 'thumb'),
    isActive: !user.deactivatedAt,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}

/** `data` of current/login/update: `{ user, roles }` (spec §7). */
export function userData(user: SessionUser, appUrl: string) {
  return { user: toPublicUser(user, appUrl), roles: user.roles };
}

/**
 * Parses an institute address `name.rollno@domain` (DESIGN §5). Returns the roll number, or null
 * when the local part does not end in `.` + 8 digits.
 */
export function parseInstituteEmail(email: string): { rollNumber: string; localPart: string } | null {
  const m = /^([a-z][a-z0-9_-]*(?:\.[a-z][a-z0-9_-]*)*)\.(\d{8})@/.exec(email);
  return m ? { localPart: `${m[1]}.${m[2]}`, rollNumber: m[2]! } : null;
}

/** Graduation year from a roll number: first four digits + 4 when they read 2000–2099, else 2025. */
export function graduationYearFor(rollNumber: string | null): number {
  const year = rollNumber ? Number(rollNumber.slice(0, 4)) : NaN;
  return year >= 2000 && year <= 2099 ? year + 4 : DEFAULT_GRADUATION_YEAR;
}

/**
 * Issues a single-use token of `purpose` for `userId`, valid `ttlMs`; returns the raw token. Older
 * links stay valid (issue 21: a stranger's request must not end the link the owner is about to
 * open); all of them end when one is used or the password changes.
 */
async function issueUserToken(db: Db, userId: string, purpose: 'reset', ttlMs: number): Promise<string> {
  const token = newToken();
  await db.insert(userTokens).values({
    userId,
    purpose,
    tokenHash: sha256Hex(token),
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return token;
}

/**
 * Ends every outstanding reset link of `userId` (a password change or reset, issue 21); sign-in
 * links end by themselves, being bound to the password hash.
 */
async function endUserTokens(db: Db, userId: string): Promise<void> {
  await db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(userTokens.userId, userId), isNull(userTokens.usedAt)));
}

/** Sends one users-area mail; a transport failure is logged, never thrown (mail goes out after the answer). */
async function sendUsersMail(ctx: ServiceContext, kind: UsersMailKind, to: string, token?: string): Promise<void> {
  try {
    await ctx.mailer.send(
      usersMail(kind, to, { appUrl: ctx.config.appUrl, institute: ctx.config.institute.shortName, token }),
    );
  } catch (err) {
    ctx.log.error({ err, to, kind }, 'Sending mail failed');
  }
}

/**
 * True when a `kind` mail to `email` may go out for this requester ({@link MAIL_LIMITS}): with a
 * trusted `device` of the account, against that device's own budget only; else per (address,
 * `ip`) first, then the address's budget for new requesters (this IP's first mail this hour) or
 * for repeats. Counted in `rate_limits` (shared by every instance).
 */
async function mayMail(
  ctx: ServiceContext,
  kind: UsersMailKind,
  email: string,
  ip: string,
  device: string | null = null,
): Promise<boolean> {
  const window = { windowMs: HOUR_MS };
  let over;
  if (device) {
    over = await hitAll(ctx.db, [{ key: `mail:${kind}:dev:${device}`, max: MAIL_LIMITS.perDevice, ...window }]);
  } else {
    const pair = await hit(ctx.db, `mail:${kind}:${email}|${ip}`, HOUR_MS);
    over =
      pair.count > MAIL_LIMITS.perAddressAndIp
        ? { key: `mail:${kind}:${email}|${ip}` }
        : await hitAll(ctx.db, [
            pair.count === 1
              ? { key: `mail:${kind}:${email}:new`, max: MAIL_LIMITS.newRequestersPerAddress, ...window }
              : { key: `mail:${kind}:${email}:again`, max: MAIL_LIMITS.repeatsPerAddress, ...window },
          ]);
  }
  if (over) ctx.log.info({ key: over.key }, 'Mail not sent: limit reached');
  return !over;
}

/**
 * Sign-up (DESIGN §5 as revised by issues 9 and 21). Refuses another domain (403), a malformed roll
 * number (400) or a common password (400, `errors.password`). A registered (verified) address
 * answers like a new one — 201, nothing changed — and its owner gets an "you already have an
 * account" mail (issue 21 item 4: no enumeration). Otherwise records a new sign-up attempt — its
 * own password hash and link token — and mails the link after the response. An existing account's
 * password is never changed. `ADMIN_EMAILS` addresses skip the roll-number rule and get the admin role.
 */
export async function signup(ctx: ServiceContext, body: SignupBody, ip: string): Promise<void> {
  const { email, password } = body;
  const isStaffAdmin = ctx.config.adminEmails.includes(email);
  const domain = ctx.config.institute.emailDomain;
  const parsed = parseInstituteEmail(email);
  if (!isStaffAdmin) {
    const message = USER_MESSAGES.emailDomain(domain);
    if (!email.endsWith(`@${domain}`)) throw new AppError(403, message, { email: message });
    if (!parsed) throw validationError({ email: message });
  }
  assertUncommonPassword(password);
  const passwordHash = await hashPassword(password);
  const token = newToken();
  const outcome = await ctx.db.transaction(async (tx) => {
    const rollNumber = parsed?.rollNumber ?? null;
    // A new account holds this attempt's hash only as a placeholder: login refuses it (403) until
    // the address is verified, and verifying sets the password of the attempt whose link was used.
    await tx
      .insert(users)
      .values({
        email,
        passwordHash,
        username: parsed?.localPart ?? email.replace('@', '.'),
        registrationNumber: rollNumber,
        graduationYear: graduationYearFor(rollNumber),
        roles: isStaffAdmin ? [ADMIN_ROLE] : [],
      })
      .onConflictDoNothing();
    const [user] = await tx
      .select({ id: users.id, emailVerifiedAt: users.emailVerifiedAt, deactivatedAt: users.deactivatedAt })
      .from(users)
      .where(eq(users.email, email));
    if (!user) throw conflict(USER_MESSAGES.alreadyRegistered); // the username of another address
    if (user.emailVerifiedAt) return user.deactivatedAt ? 'nothing' : 'registered';
    await tx.insert(signupAttempts).values({
      userId: user.id,
      passwordHash,
      tokenHash: sha256Hex(token),
      expiresAt: new Date(Date.now() + VERIFY_TOKEN_TTL_MS),
    });
    return 'attempt';
  });
  if (outcome === 'nothing') return;
  ctx.background.run('signup-mail', async () => {
    if (outcome === 'registered') {
      if (await mayMail(ctx, 'already-registered', email, ip)) await sendUsersMail(ctx, 'already-registered', email);
    } else if (await mayMail(ctx, 'verify', email, ip)) await sendUsersMail(ctx, 'verify', email, token);
  });
}

/**
 * Consumes a token of `purpose`: 400 unknown, 410 used or expired. Returns the owner's id. Run it
 * inside the transaction that acts on it, so a failure leaves the token usable.
 */
async function consumeUserToken(db: Db, token: string, purpose: 'reset'): Promise<string> {
  const [row] = await db
    .select()
    .from(userTokens)
    .where(and(eq(userTokens.tokenHash, sha256Hex(token)), eq(userTokens.purpose, purpose)));
  if (!row) throw badRequest(USER_MESSAGES.tokenInvalid);
  if (row.usedAt) throw gone(USER_MESSAGES.tokenUsed);
  if (row.expiresAt.getTime() <= Date.now()) throw gone(USER_MESSAGES.tokenExpired);
  const [claimed] = await db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(userTokens.id, row.id), isNull(userTokens.usedAt)))
    .returning({ id: userTokens.id });
  if (!claimed) throw gone(USER_MESSAGES.tokenUsed);
  return row.userId;
}

/** Creates a session and a fresh device cookie for `user` (every way of signing in ends here). */
async function signIn(ctx: ServiceContext, user: SessionUser, client: ClientInfo): Promise<SignedInResult> {
  return {
    user,
    token: await createSession(ctx.db, user.id, client.userAgent),
    deviceCookie: await issueDeviceCookie(ctx.db, user),
  };
}

/**
 * POST verify-email `{ token, password }` (DESIGN §5 as revised by issues 9 and 21). The token names
 * one sign-up attempt: unknown → 400, used or ended → 410, older than 24 h → 410. For an attempt
 * made at sign-up the password must be the one chosen then, else 400 with `errors.password` (the
 * link stays usable). For a link sent by `resend-verification` (no password of its own) the
 * password is *chosen* now: the new-password rules apply (400 short or common). Then, in one
 * transaction: that password becomes the account's, the address is verified and every other
 * attempt's link ends. Returns the new session (the caller signs in). A deactivated account → 403.
 */
export async function verifyEmail(
  ctx: ServiceContext,
  body: VerifyEmailBody,
  client: ClientInfo,
): Promise<SignedInResult> {
  const [found] = await ctx.db
    .select({ attempt: signupAttempts, deactivatedAt: users.deactivatedAt })
    .from(signupAttempts)
    .innerJoin(users, eq(users.id, signupAttempts.userId))
    .where(eq(signupAttempts.tokenHash, sha256Hex(body.token)));
  if (!found) throw badRequest(USER_MESSAGES.tokenInvalid);
  const { attempt } = found;
  if (attempt.usedAt) throw gone(USER_MESSAGES.tokenUsed);
  if (attempt.expiresAt.getTime() <= Date.now()) throw gone(USER_MESSAGES.tokenExpired);
  let passwordHash = attempt.passwordHash;
  if (passwordHash) {
    if (!(await verify(passwordHash, body.password)))
      throw badRequest(USER_MESSAGES.verifyPasswordMismatch, { password: USER_MESSAGES.verifyPasswordMismatch });
  } else {
    if (body.password.length < PASSWORD_MIN) throw validationError({ password: USER_MESSAGES.passwordShort });
    assertUncommonPassword(body.password);
    passwordHash = await hashPassword(body.password);
  }
  if (found.deactivatedAt) throw forbidden(USER_MESSAGES.deactivated);
  const user = await ctx.db.transaction(async (tx) => {
    const now = new Date();
    const [claimed] = await tx
      .update(signupAttempts)
      .set({ usedAt: now })
      .where(and(eq(signupAttempts.id, attempt.id), isNull(signupAttempts.usedAt)))
      .returning({ id: signupAttempts.id });
    if (!claimed) throw gone(USER_MESSAGES.tokenUsed);
    await tx
      .update(signupAttempts)
      .set({ usedAt: now })
      .where(and(eq(signupAttempts.userId, attempt.userId), isNull(signupAttempts.usedAt)));
    const [row] = await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: now })
      .where(and(eq(users.id, attempt.userId), isNull(users.emailVerifiedAt)))
      .returning();
    if (!row) throw gone(USER_MESSAGES.tokenUsed);
    return row;
  });
  return signIn(ctx, user, client);
}

/**
 * POST resend-verification (issue 21 item 3): queues, after the response, a *new* link for an
 * unverified, active account — a sign-up attempt without a password of its own, whose opener chooses
 * the password on verifying. Whoever holds the mailbox therefore always gets a link that works for
 * them, and a stranger's earlier sign-up never decides their password. Nothing for other addresses;
 * same answer and same path either way; `ip` feeds the mail ceilings.
 */
export function resendVerification(ctx: ServiceContext, email: string, ip: string): void {
  ctx.background.run('resend-verification', async () => {
    const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
    if (!user || user.emailVerifiedAt || user.deactivatedAt) return;
    if (!(await mayMail(ctx, 'verify-choose', email, ip))) return;
    const token = newToken();
    await ctx.db.insert(signupAttempts).values({
      userId: user.id,
      passwordHash: null,
      tokenHash: sha256Hex(token),
      expiresAt: new Date(Date.now() + VERIFY_TOKEN_TTL_MS),
    });
    await sendUsersMail(ctx, 'verify-choose', email, token);
  });
}

/**
 * The one hash a login attempt is checked against (issue 21: at most one argon2 verification per
 * attempt, whatever the number of pending sign-ups): the account's password once verified; for an
 * unverified account the newest live sign-up attempt that has a password (so login can say "verify
 * first"); null when there is none.
 */
async function loginHash(db: Db, user: SessionUser): Promise<string | null> {
  if (user.emailVerifiedAt) return user.passwordHash;
  const [pending] = await db
    .select({ passwordHash: signupAttempts.passwordHash })
    .from(signupAttempts)
    .where(
      and(
        eq(signupAttempts.userId, user.id),
        isNull(signupAttempts.usedAt),
        isNotNull(signupAttempts.passwordHash),
        gt(signupAttempts.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(signupAttempts.createdAt))
    .limit(1);
  return pending?.passwordHash ?? null;
}

/** A hash to verify against when there is none, so timing does not reveal the account. */
let dummyHash: Promise<string> | undefined;

/** True when `password` matches `passwordHash`; with no hash, one dummy verification and false. */
async function checkPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash) return verify(passwordHash, password);
  await verify(await (dummyHash ??= hashPassword('not-a-real-password')), password);
  return false;
}

/** 403 for a correct password on an account that cannot sign in yet: unverified or deactivated. */
function assertMaySignIn(user: SessionUser): void {
  if (!user.emailVerifiedAt) throw forbidden(USER_MESSAGES.verifyFirst);
  if (user.deactivatedAt) throw forbidden(USER_MESSAGES.deactivated);
}

/** The progressive delay before the next untrusted attempt after `failures` from one (account, IP). */
const delayMs = (failures: number) =>
  Math.min(1000 * 2 ** (failures - LOGIN_LIMITS.freePerAccountAndIp), LOGIN_LIMITS.maxDelayMs);

/**
 * The step-up of an untrusted client on an account under attack: queues a one-time sign-in link
 * (1 h, signed, nothing stored) to the address of an active, verified account — within the mail
 * budgets — and throws 403 `stepUpSent`, the same for every password and for unknown addresses.
 */
function stepUp(ctx: ServiceContext, user: SessionUser | undefined, email: string, ip: string): never {
  if (user?.emailVerifiedAt && !user.deactivatedAt) {
    ctx.background.run('signin-link', async () => {
      if (!(await mayMail(ctx, 'signin', email, ip))) return;
      await sendUsersMail(ctx, 'signin', email, await issueSigninToken(ctx.db, user));
    });
  }
  throw forbidden(USER_MESSAGES.stepUpSent);
}

/**
 * Login (spec §8, DESIGN §5, issue 21 item 2; see {@link LOGIN_LIMITS}). A trusted device (valid
 * device cookie for this account) is checked against its own failures only. An untrusted client
 * first meets the progressive delay (429 with Retry-After), then the step-up once the account is
 * under attack (403 `stepUpSent`, password not checked); otherwise its attempt is counted before
 * the password is checked (parallel guesses cannot slip past). At most one argon2 verification.
 * 401 wrong e-mail or password; 403 unverified or deactivated (only after a correct password).
 * A success takes its hits back. Returns the new session and device cookie.
 */
export async function login(ctx: ServiceContext, body: LoginBody, client: ClientInfo): Promise<SignedInResult> {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, body.email));
  const device = user ? await trustedDevice(ctx.db, client.deviceCookie, user) : null;
  if (user && device) {
    const deviceKey = `login:dev:${device}`;
    const over = await hitAll(ctx.db, [{ key: deviceKey, max: LOGIN_LIMITS.perDevice, windowMs: HOUR_MS }]);
    // Over its own ceiling (a copied cookie?) the browser is treated as untrusted below.
    if (!over) {
      if (!(await checkPassword(await loginHash(ctx.db, user), body.password)))
        throw unauthorized(USER_MESSAGES.invalidCredentials);
      assertMaySignIn(user);
      await reset(ctx.db, deviceKey);
      return signIn(ctx, user, client);
    }
  }
  const keys = loginKeys(body.email, client.ip);
  const [pair, account] = await Promise.all([peek(ctx.db, keys.pair, HOUR_MS), peek(ctx.db, keys.account, HOUR_MS)]);
  if (pair.count >= LOGIN_LIMITS.perAccountAndIp || account.count >= LOGIN_LIMITS.perAccount)
    stepUp(ctx, user, body.email, client.ip);
  if (pair.count >= LOGIN_LIMITS.freePerAccountAndIp) {
    const gate = await hit(ctx.db, keys.gate, delayMs(pair.count));
    if (gate.count > 1) throw tooManyRequests(USER_MESSAGES.tooManyLogins, gate.retryAfterMs / 1000);
  }
  const over = await hitAll(ctx.db, [
    { key: keys.pair, max: LOGIN_LIMITS.perAccountAndIp, windowMs: HOUR_MS },
    { key: keys.account, max: LOGIN_LIMITS.perAccount, windowMs: HOUR_MS },
  ]);
  if (over) stepUp(ctx, user, body.email, client.ip); // parallel attempts past the ceiling
  const passwordOk = await checkPassword(user ? await loginHash(ctx.db, user) : null, body.password);
  if (!user || !passwordOk) throw unauthorized(USER_MESSAGES.invalidCredentials);
  assertMaySignIn(user);
  await Promise.all([unhit(ctx.db, keys.pair), unhit(ctx.db, keys.account), reset(ctx.db, keys.gate)]);
  return signIn(ctx, user, client);
}

/**
 * POST signin-link `{ token, password }` (issue 21 item 2, the step-up): the mailed one-time link
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
  const [user] = claims ? await ctx.db.select().from(users).where(eq(users.id, claims.userId)) : [];
  if (!claims || !user) throw badRequest(USER_MESSAGES.tokenInvalid);
  const tokenHash = sha256Hex(body.token);
  const [used] = await ctx.db.select({ id: userTokens.id }).from(userTokens).where(eq(userTokens.tokenHash, tokenHash));
  if (used || !(await isCurrentCredential(ctx.db, claims, user))) throw gone(USER_MESSAGES.tokenUsed);
  if (claims.expiresAt <= Date.now()) throw gone(USER_MESSAGES.tokenExpired);
  const tries = await hitAll(ctx.db, [
    { key: `signin-link:${tokenHash}`, max: SIGNIN_LINK_PASSWORD_TRIES, windowMs: HOUR_MS },
  ]);
  if (tries) throw tooManyRequests(USER_MESSAGES.tooManyLogins, tries.retryAfterMs / 1000);
  if (!(await verify(user.passwordHash, body.password)))
    throw badRequest(USER_MESSAGES.signinLinkPasswordWrong, { password: USER_MESSAGES.signinLinkPasswordWrong });
  assertMaySignIn(user);
  const [claimed] = await ctx.db
    .insert(userTokens)
    .values({
      userId: user.id,
      purpose: 'signin',
      tokenHash,
      expiresAt: new Date(claims.expiresAt),
      usedAt: new Date(),
    })
    .onConflictDoNothing()
    .returning({ id: userTokens.id });
  if (!claimed) throw gone(USER_MESSAGES.tokenUsed);
  await reset(ctx.db, `signin-link:${tokenHash}`);
  return signIn(ctx, user, client);
}

/**
 * PUT update: only name, branch, semester and hostel, each checked against the institute config
 * (spec §5, DESIGN §8). Throws 400 with a message per bad field.
 */
export async function updateProfile(
  ctx: ServiceContext,
  userId: string,
  body: UpdateProfileBody,
): Promise<SessionUser> {
  const inst = ctx.config.institute;
  const errors: Record<string, string> = {};
  if (body.branch !== undefined && body.branch !== '' && !inst.branches.includes(body.branch))
    errors.branch = USER_MESSAGES.branchInvalid;
  if (body.semester !== undefined && body.semester !== '' && !inst.semesters.includes(body.semester))
    errors.semester = USER_MESSAGES.semesterInvalid;
  if (body.hostel !== undefined && body.hostel !== '' && !inst.hostels.includes(body.hostel))
    errors.hostel = USER_MESSAGES.hostelInvalid;
  if (Object.keys(errors).length) throw validationError(errors);
  const set: Partial<typeof users.$inferInsert> = {};
  if (body.name !== undefined) set.name = body.name;
  if (body.branch !== undefined) set.branch = body.branch || null;
  if (body.semester !== undefined) set.semester = body.semester || null;
  if (body.hostel !== undefined) set.hostel = body.hostel || null;
  const [row] = Object.keys(set).length
    ? await ctx.db.update(users).set(set).where(eq(users.id, userId)).returning()
    : await ctx.db.select().from(users).where(eq(users.id, userId));
  return row!;
}

/**
 * POST forgot-password: queues, after the response, a 1-hour reset link for an active account and
 * nothing for an unknown one, so both answer the same way in the same time (issue 9). The mail
 * budget is the requester's ({@link MAIL_LIMITS}): the account's own trusted browser
 * (`client.deviceCookie`) has one nobody else can spend (issue 21 item 3).
 */
export function forgotPassword(ctx: ServiceContext, email: string, client: ClientInfo): void {
  ctx.background.run('forgot-password', async () => {
    const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
    if (!user || user.deactivatedAt) return;
    const device = await trustedDevice(ctx.db, client.deviceCookie, user);
    if (!(await mayMail(ctx, 'reset', email, client.ip, device))) return;
    await sendUsersMail(ctx, 'reset', email, await issueUserToken(ctx.db, user.id, 'reset', RESET_TOKEN_TTL_MS));
  });
}

/**
 * After a password change or reset (issue 21 item 4), inside its transaction `tx`: ends every
 * reset and sign-in link and every session but `keepSessionId`, and leaves the in-app notification
 * "Your password was changed". The mail is queued by the caller after the commit.
 */
async function afterPasswordChange(ctx: ServiceContext, tx: Db, userId: string, keepSessionId?: string): Promise<void> {
  await endUserTokens(tx, userId);
  await endUserSessions({ ...ctx, db: tx }, userId, keepSessionId);
  await notify({ ...ctx, db: tx }, userId, { message: USER_MESSAGES.passwordChangedNotice, type: 'alert' });
}

/**
 * POST reset-password: refuses a common password (400); then, in one transaction, consumes the
 * link, sets the password, verifies the address (ending pending sign-up links), ends every other
 * link and every session and leaves the notification; clears the sign-in counters and mails the
 * owner "Your password was changed". 400 unknown token, 410 used or expired.
 */
export async function resetPassword(ctx: ServiceContext, token: string, password: string): Promise<void> {
  assertUncommonPassword(password);
  const passwordHash = await hashPassword(password);
  const user = await ctx.db.transaction(async (tx) => {
    const id = await consumeUserToken(tx, token, 'reset');
    const [row] = await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(eq(users.id, id))
      .returning({ id: users.id, email: users.email });
    await tx
      .update(signupAttempts)
      .set({ usedAt: new Date() })
      .where(and(eq(signupAttempts.userId, id), isNull(signupAttempts.usedAt)));
    await afterPasswordChange(ctx, tx, id);
    return row!;
  });
  const keys = loginKeys(user.email, '');
  await reset(ctx.db, keys.account);
  await resetPrefix(ctx.db, keys.pairPrefix);
  await resetPrefix(ctx.db, keys.gatePrefix);
  ctx.background.run('password-changed-mail', () => sendUsersMail(ctx, 'password-changed', user.email));
}

/**
 * POST change-password: the current password is required (400 `errors.currentPassword`), a common
 * new one is refused (400 `errors.newPassword`). In one transaction: the new password, every reset
 * and sign-in link ended, every other session ended, the notification; then the mail. Returns a
 * fresh device cookie for this browser (the old one was bound to the old password).
 */
export async function changePassword(
  ctx: ServiceContext,
  user: SessionUser,
  sessionId: string,
  body: ChangePasswordBody,
): Promise<string> {
  if (!(await verify(user.passwordHash, body.currentPassword)))
    throw validationError({ currentPassword: USER_MESSAGES.currentPasswordWrong });
  assertUncommonPassword(body.newPassword, 'newPassword');
  const passwordHash = await hashPassword(body.newPassword);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await afterPasswordChange(ctx, tx, user.id, sessionId);
  });
  ctx.background.run('password-changed-mail', () => sendUsersMail(ctx, 'password-changed', user.email));
  return issueDeviceCookie(ctx.db, { id: user.id, passwordHash });
}

/**
 * Deletes unverified accounts with no sign-up attempt in the last 7 days (issue 21 item 8; run at
 * start and every 6 hours beside the session purge). Their attempts, tokens and sessions go with
 * them (foreign keys cascade). Returns how many were deleted.
 */
export async function purgeUnverifiedUsers(db: Db): Promise<number> {
  const cutoff = new Date(Date.now() - UNVERIFIED_RETENTION_MS);
  const rows = await db
    .delete(users)
    .where(
      and(
        isNull(users.emailVerifiedAt),
        lt(users.createdAt, cutoff),
        sql`NOT EXISTS (SELECT 1 FROM ${signupAttempts} WHERE ${signupAttempts.userId} = ${users.id} AND ${signupAttempts.createdAt} >= ${cutoff})`,
      ),
    )
    .returning({ id: users.id });
  return rows.length;
}

/** POST avatar: processes the upload (DESIGN §6), replaces the old photo atomically. */
export async function setAvatar(ctx: ServiceContext, user: SessionUser, upload: Buffer): Promise<SessionUser> {
  const file = await processUpload(upload, { owner: user.id });
  return ctx.db.transaction(async (tx) => {
    const fileId = await putFile(tx, user.id, file);
    const [row] = await tx.update(users).set({ avatarFileId: fileId }).where(eq(users.id, user.id)).returning();
    await deleteFiles(tx, [user.avatarFileId]);
    return row!;
  });
}

/** Gives the admin role to the `ADMIN_EMAILS` accounts that lack it (at start, DESIGN §5). */
export async function grantConfiguredAdmins(db: Db, adminEmails: string[]): Promise<void> {
  if (!adminEmails.length) return;
  await db
    .update(users)
    .set({ roles: sql`array_append(${users.roles}, ${ADMIN_ROLE})` })
    .where(and(inArray(users.email, adminEmails), sql`NOT (${ADMIN_ROLE} = ANY(${users.roles}))`));
}
