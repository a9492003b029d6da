/**
 * Users and session rules (spec §3, §5, §7, §8; DESIGN §5; issue 9): sign-up attempts with their own
 * password and link, e-mail verification that needs that password, login, profile update, password reset/change and the avatar.
 */
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { hash, verify } from '@node-rs/argon2';
import {
  ADMIN_ROLE,
  DEFAULT_GRADUATION_YEAR,
  RESET_TOKEN_TTL_MS,
  USER_MESSAGES,
  VERIFY_TOKEN_TTL_MS,
  type ChangePasswordBody,
  type LoginBody,
  type PublicUser,
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
import { hitAll, reset, resetPrefix, unhit } from '../../lib/rate-limit.ts';
import { newToken, sha256Hex } from '../../lib/tokens.ts';

/** argon2id (`Algorithm.Argon2id` is 2; the const enum cannot be imported under isolatedModules). */
const ARGON2 = { algorithm: 2 } as const;
const HOUR_MS = 60 * 60 * 1000;

/**
 * Login ceilings per hour (DESIGN §5, issue 9). Attempts are counted before the password is checked
 * (a success takes its hit back): first per (account, client IP), then per account with a much
 * higher ceiling, so a stranger's failures from one place cannot lock the owner out from another.
 * Per-IP ceilings are the route's generous `@fastify/rate-limit` settings.
 */
export const LOGIN_LIMITS = { perAccountAndIp: 10, perAccount: 100 } as const;
/** Failed logins allowed per account from one client IP per hour before 429 (DESIGN §5). */
export const LOGIN_FAILURE_LIMIT = LOGIN_LIMITS.perAccountAndIp;

/**
 * Verification / reset mails per hour (issue 9): per (address, requesting IP) first, then per
 * address with a higher ceiling, so one requester cannot use up another address's mails.
 */
export const MAIL_LIMITS = { perAddressAndIp: 3, perAddress: 20 } as const;

const loginKeys = (email: string, ip: string) => ({
  pair: `login:pair:${email}|${ip}`,
  pairPrefix: `login:pair:${email}|`,
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

/** Issues a single-use reset token for `userId` (1 h); older unused reset links stop working. */
async function issueResetToken(db: Db, userId: string): Promise<string> {
  const token = newToken();
  await db.transaction(async (tx) => {
    await tx
      .update(userTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, 'reset'), isNull(userTokens.usedAt)));
    await tx.insert(userTokens).values({
      userId,
      purpose: 'reset',
      tokenHash: sha256Hex(token),
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
    });
  });
  return token;
}

async function sendLinkMail(
  ctx: ServiceContext,
  to: string,
  purpose: 'verify' | 'reset',
  token: string,
): Promise<void> {
  const name = ctx.config.institute.shortName;
  const link =
    purpose === 'verify'
      ? `${ctx.config.appUrl}/verify-email?token=${encodeURIComponent(token)}`
      : `${ctx.config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
  const message =
    purpose === 'verify'
      ? {
          subject: 'Verify your Campus Companion account',
          text: `Welcome to Campus Companion for ${name}!\n\nOpen this link and enter the password you chose to verify your email address (valid for 24 hours):\n${link}\n\nIf you signed up more than once, use the link of your latest sign-up. If you did not sign up, ignore this message.`,
        }
      : {
          subject: 'Reset your Campus Companion password',
          text: `Open this link to choose a new password (valid for 1 hour):\n${link}\n\nIf you did not ask for this, ignore this message; your password stays the same.`,
        };
  try {
    await ctx.mailer.send({ to, ...message });
  } catch (err) {
    ctx.log.error({ err, to }, 'Sending mail failed');
  }
}

/** True when `ip` may still have a `purpose` mail sent to `email` this hour ({@link MAIL_LIMITS}). */
async function mayMail(ctx: ServiceContext, purpose: 'verify' | 'reset', email: string, ip: string): Promise<boolean> {
  const over = await hitAll(ctx.db, [
    { key: `mail:${purpose}:${email}|${ip}`, max: MAIL_LIMITS.perAddressAndIp, windowMs: HOUR_MS },
    { key: `mail:${purpose}:${email}`, max: MAIL_LIMITS.perAddress, windowMs: HOUR_MS },
  ]);
  if (over) ctx.log.info({ key: over.key }, 'Mail not sent: limit reached');
  return !over;
}

/**
 * Sign-up (DESIGN §5 as revised by issue 9). Refuses another domain (403) or a malformed roll
 * number (400); a verified address → 409. Otherwise records a new sign-up attempt — its own
 * password hash and its own link token — and mails the link after the response (`ip`: the
 * requester, for the mail ceilings). An existing account's password is never changed; a new account
 * is created unverified. `ADMIN_EMAILS` addresses skip the roll-number rule and get the admin role.
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
  const passwordHash = await hashPassword(password);
  const token = newToken();
  await ctx.db.transaction(async (tx) => {
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
      .select({ id: users.id, emailVerifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.email, email));
    if (!user || user.emailVerifiedAt) throw conflict(USER_MESSAGES.alreadyRegistered);
    await tx.insert(signupAttempts).values({
      userId: user.id,
      passwordHash,
      tokenHash: sha256Hex(token),
      expiresAt: new Date(Date.now() + VERIFY_TOKEN_TTL_MS),
    });
  });
  ctx.background.run('signup-mail', async () => {
    if (await mayMail(ctx, 'verify', email, ip)) await sendLinkMail(ctx, email, 'verify', token);
  });
}

/** Consumes a reset token: 400 unknown, 410 used or expired. Returns the owner's id. */
async function consumeResetToken(db: Db, token: string): Promise<string> {
  const [row] = await db
    .select()
    .from(userTokens)
    .where(and(eq(userTokens.tokenHash, sha256Hex(token)), eq(userTokens.purpose, 'reset')));
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

/**
 * POST verify-email `{ token, password }` (DESIGN §5 as revised by issue 9). The token names one
 * sign-up attempt: unknown → 400, used or ended → 410, older than 24 h → 410. The password must be
 * the one chosen in that attempt, else 400 with `errors.password` (the link stays usable). Then, in
 * one transaction: the attempt's hash becomes the account's password, the address is verified and
 * every other attempt's link ends. Returns the user and a new session token (the caller signs in).
 * A deactivated account → 403.
 */
export async function verifyEmail(
  ctx: ServiceContext,
  body: VerifyEmailBody,
  userAgent?: string,
): Promise<{ user: SessionUser; token: string }> {
  const [found] = await ctx.db
    .select({ attempt: signupAttempts, deactivatedAt: users.deactivatedAt })
    .from(signupAttempts)
    .innerJoin(users, eq(users.id, signupAttempts.userId))
    .where(eq(signupAttempts.tokenHash, sha256Hex(body.token)));
  if (!found) throw badRequest(USER_MESSAGES.tokenInvalid);
  const { attempt } = found;
  if (attempt.usedAt) throw gone(USER_MESSAGES.tokenUsed);
  if (attempt.expiresAt.getTime() <= Date.now()) throw gone(USER_MESSAGES.tokenExpired);
  if (!(await verify(attempt.passwordHash, body.password)))
    throw badRequest(USER_MESSAGES.verifyPasswordMismatch, { password: USER_MESSAGES.verifyPasswordMismatch });
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
      .set({ passwordHash: attempt.passwordHash, emailVerifiedAt: now })
      .where(and(eq(users.id, attempt.userId), isNull(users.emailVerifiedAt)))
      .returning();
    if (!row) throw gone(USER_MESSAGES.tokenUsed);
    return row;
  });
  return { user, token: await createSession(ctx.db, user.id, userAgent) };
}

/**
 * POST resend-verification: queues, after the response, a fresh link for the newest pending
 * sign-up attempt of an unverified, active account (that attempt's older link stops working);
 * nothing for other addresses. Same answer and same path either way; `ip` feeds the mail ceilings.
 */
export function resendVerification(ctx: ServiceContext, email: string, ip: string): void {
  ctx.background.run('resend-verification', async () => {
    const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
    if (!user || user.emailVerifiedAt || user.deactivatedAt) return;
    const [attempt] = await ctx.db
      .select({ id: signupAttempts.id })
      .from(signupAttempts)
      .where(and(eq(signupAttempts.userId, user.id), isNull(signupAttempts.usedAt)))
      .orderBy(desc(signupAttempts.createdAt))
      .limit(1);
    if (!attempt || !(await mayMail(ctx, 'verify', email, ip))) return;
    const token = newToken();
    await ctx.db
      .update(signupAttempts)
      .set({ tokenHash: sha256Hex(token), expiresAt: new Date(Date.now() + VERIFY_TOKEN_TTL_MS) })
      .where(eq(signupAttempts.id, attempt.id));
    await sendLinkMail(ctx, email, 'verify', token);
  });
}

/**
 * True when `password` is the account's password or, for an unverified account, the password of
 * one of its three newest pending sign-up attempts (so login can say "verify first").
 */
async function passwordMatches(db: Db, user: SessionUser, password: string): Promise<boolean> {
  if (await verify(user.passwordHash, password)) return true;
  if (user.emailVerifiedAt) return false;
  const pending = await db
    .select({ passwordHash: signupAttempts.passwordHash })
    .from(signupAttempts)
    .where(
      and(eq(signupAttempts.userId, user.id), isNull(signupAttempts.usedAt), gt(signupAttempts.expiresAt, new Date())),
    )
    .orderBy(desc(signupAttempts.createdAt))
    .limit(3);
  for (const p of pending) if (await verify(p.passwordHash, password)) return true;
  return false;
}

/** A hash to verify against when the account does not exist, so timing does not reveal it. */
let dummyHash: Promise<string> | undefined;

/**
 * Login (spec §8, DESIGN §5, issue 9). The attempt is counted first ({@link LOGIN_LIMITS}: per
 * account and client `ip`, then per account), atomically, so parallel guesses cannot slip past:
 * over a ceiling → 429 with Retry-After and no password check. Then 401 wrong e-mail or password;
 * 403 unverified or deactivated (only after a correct password). A success takes its hit back and
 * clears the (account, IP) counter. Returns the user and a new session token.
 */
export async function login(
  ctx: ServiceContext,
  body: LoginBody,
  ip: string,
  userAgent?: string,
): Promise<{ user: SessionUser; token: string }> {
  const keys = loginKeys(body.email, ip);
  const over = await hitAll(ctx.db, [
    { key: keys.pair, max: LOGIN_LIMITS.perAccountAndIp, windowMs: HOUR_MS },
    { key: keys.account, max: LOGIN_LIMITS.perAccount, windowMs: HOUR_MS },
  ]);
  if (over) throw tooManyRequests(USER_MESSAGES.tooManyLogins, over.retryAfterMs / 1000);
  const [user] = await ctx.db.select().from(users).where(eq(users.email, body.email));
  const passwordOk = user
    ? await passwordMatches(ctx.db, user, body.password)
    : await verify(await (dummyHash ??= hashPassword('not-a-real-password')), body.password).then(() => false);
  if (!user || !passwordOk) throw unauthorized(USER_MESSAGES.invalidCredentials);
  if (!user.emailVerifiedAt) throw forbidden(USER_MESSAGES.verifyFirst);
  if (user.deactivatedAt) throw forbidden(USER_MESSAGES.deactivated);
  await reset(ctx.db, keys.pair);
  await unhit(ctx.db, keys.account);
  return { user, token: await createSession(ctx.db, user.id, userAgent) };
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
 * nothing for an unknown one, so both answer the same way in the same time (issue 9). `ip` feeds
 * the mail ceilings ({@link MAIL_LIMITS}).
 */
export function forgotPassword(ctx: ServiceContext, email: string, ip: string): void {
  ctx.background.run('forgot-password', async () => {
    const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
    if (!user || user.deactivatedAt || !(await mayMail(ctx, 'reset', email, ip))) return;
    await sendLinkMail(ctx, email, 'reset', await issueResetToken(ctx.db, user.id));
  });
}

/**
 * POST reset-password: sets the password, verifies the address (ending any pending sign-up
 * attempts' links), clears the login counters and ends every session. 400 unknown token, 410 used
 * or expired.
 */
export async function resetPassword(ctx: ServiceContext, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  const user = await ctx.db.transaction(async (tx) => {
    const id = await consumeResetToken(tx, token);
    const [row] = await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(eq(users.id, id))
      .returning({ id: users.id, email: users.email });
    await tx
      .update(signupAttempts)
      .set({ usedAt: new Date() })
      .where(and(eq(signupAttempts.userId, id), isNull(signupAttempts.usedAt)));
    return row!;
  });
  const keys = loginKeys(user.email, '');
  await reset(ctx.db, keys.account);
  await resetPrefix(ctx.db, keys.pairPrefix);
  await endUserSessions(ctx, user.id);
}

/** POST change-password: current password required (400 otherwise); ends the other sessions. */
export async function changePassword(
  ctx: ServiceContext,
  user: SessionUser,
  sessionId: string,
  body: ChangePasswordBody,
): Promise<void> {
  if (!(await verify(user.passwordHash, body.currentPassword)))
    throw validationError({ currentPassword: USER_MESSAGES.currentPasswordWrong });
  await ctx.db
    .update(users)
    .set({ passwordHash: await hashPassword(body.newPassword) })
    .where(eq(users.id, user.id));
  await endUserSessions(ctx, user.id, sessionId);
}

/** POST avatar: processes the upload (DESIGN §6), replaces the old photo atomically. */
export async function setAvatar(ctx: ServiceContext, user: SessionUser, upload: Buffer): Promise<SessionUser> {
  const file = await processUpload(upload);
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
