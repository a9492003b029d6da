/**
 * Users and session rules (docs/product-spec.md §3, §5, §7, §8; docs/design.md §5): sign-up attempts with
 * their own password and link, e-mail verification that needs that password, profile update,
 * password reset/change (ending links and sessions, with a notice), the avatar and the purge of
 * stale sign-ups. The feature's export surface: it re-exports signing in (`users.signin.ts`: the
 * login throttling with device cookies and the mailed step-up), the mail budgets
 * (`users.mail.ts`) and the API shape (`users.queries.ts`, which holds the Drizzle queries).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { verify } from '@node-rs/argon2';
import {
  ADMIN_ROLE,
  DEFAULT_GRADUATION_YEAR,
  PASSWORD_MIN,
  RESET_TOKEN_TTL_MS,
  USER_MESSAGES,
  type ChangePasswordBody,
  type SignupBody,
  type UpdateProfileBody,
  type VerifyEmailBody,
} from '@campus/contract/users';
import { signupAttempts, users } from '../../db/schema/users.ts';
import type { Db } from '../../db/client.ts';
import { endUserSessions, type SessionUser } from '../../lib/auth.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError, badRequest, conflict, forbidden, gone, tooManyRequests, validationError } from '../../lib/errors.ts';
import { processUpload } from '../../lib/images.ts';
import { newToken, sha256Hex } from '../../lib/tokens.ts';
import { enrollInCatalogue, ownScope } from '../attendance/attendance.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { issueDeviceCookie, trustedDevice } from './devices.ts';
import { assertUncommonPassword, hashPassword } from './passwords.ts';
import { mayMail, sendUsersMail, signupRecipientRefusal } from './users.mail.ts';
import * as queries from './users.queries.ts';
import { clearLoginCounters, signIn, type ClientInfo, type SignedInResult } from './users.signin.ts';

export { hashPassword } from './passwords.ts';
export { MAIL_LIMITS } from './users.mail.ts';
export { grantConfiguredAdmins, toPublicUser, userData } from './users.queries.ts';
export {
  LOGIN_LIMITS,
  SIGNIN_LINK_PASSWORD_TRIES,
  login,
  signinWithLink,
  type ClientInfo,
  type SignedInResult,
} from './users.signin.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Unverified accounts with no sign-up attempt in this long are deleted. */
export const UNVERIFIED_RETENTION_MS = 7 * DAY_MS;

/**
 * Parses an institute address `name.rollno@domain` (docs/design.md §5). Returns the roll number, or null
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
 * Sign-up (docs/design.md §5). Refuses another domain (403), a malformed roll
 * number (400) or a common password (400, `errors.password`). A registered (verified) address
 * answers like a new one — 201, nothing changed — and its owner gets an "you already have an
 * account" mail (no enumeration). Otherwise records a new sign-up attempt — its
 * own password hash and link token — and mails the link after the response. One client address
 * signs up at most `SIGNUP_RECIPIENTS_PER_ADDRESS` distinct addresses an hour (429 beyond, registered
 * or not alike: {@link signupRecipientRefusal}). An existing account's
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
  const wait = await signupRecipientRefusal(ctx, email, ip);
  if (wait !== null) throw tooManyRequests(USER_MESSAGES.signupsFromAddress, wait / 1000);
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
    await queries.insertSignupAttempt(tx, user.id, token, passwordHash);
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
 * POST verify-email `{ token, password }` (docs/design.md §5). The token names
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
 * POST resend-verification: queues, after the response, a *new* link for an
 * unverified, active account — a sign-up attempt without a password of its own, whose opener chooses
 * the password on verifying. Whoever holds the mailbox therefore always gets a link that works for
 * them, and a stranger's earlier sign-up never decides their password. Nothing for other addresses;
 * same answer and same path either way; `ip` feeds the mail ceilings.
 */
export function resendVerification(ctx: ServiceContext, email: string, ip: string): void {
  ctx.background.run('resend-verification', async () => {
    const user = await queries.userByEmail(ctx.db, email);
    if (!user || user.emailVerifiedAt || user.deactivatedAt) return;
    if (!(await mayMail(ctx, 'verify-choose', email, ip))) return;
    const token = newToken();
    await queries.insertSignupAttempt(ctx.db, user.id, token, null);
    await sendUsersMail(ctx, 'verify-choose', email, token);
  });
}

/**
 * PUT update: only name, branch, semester and hostel, each checked against the institute config
 * (docs/product-spec.md §5, docs/design.md §8). Throws 400 with a message per bad field.
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
  return queries.saveProfile(ctx.db, userId, set);
}

/** What the student's own profile save did: the saved user, and the default enrolment if it happened. */
export interface OwnProfileSaved {
  user: SessionUser;
  /** Set when this save enrolled the student in the catalogue's subjects. */
  defaultEnrolment: { count: number; branch: string; semester: string } | null;
}

/**
 * PUT /api/users/update, the student's own save: {@link updateProfile}, and in the same transaction
 * the default enrolment — on the first save that sets both branch and semester
 * when the student had neither before, enrolment in the catalogue's subjects of that branch and
 * semester (none when the catalogue maps them to nothing). `users.default_enrolled_at` records that
 * it happened (with or without subjects), so no later save enrols again and a subject the student
 * removed stays removed. The user's row is locked first, so two first saves at once enrol once.
 * An admin's edit of a student (admin `updateUser`) never enrols.
 */
export async function updateOwnProfile(
  ctx: ServiceContext,
  viewer: SessionUser,
  body: UpdateProfileBody,
): Promise<OwnProfileSaved> {
  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const [before] = await tx
      .select({ branch: users.branch, semester: users.semester, defaultEnrolledAt: users.defaultEnrolledAt })
      .from(users)
      .where(eq(users.id, viewer.id))
      .for('update');
    const user = await updateProfile(txCtx, viewer.id, body);
    const first = before && !before.defaultEnrolledAt && !before.branch && !before.semester;
    if (!first || !user.branch || !user.semester) return { user, defaultEnrolment: null };
    const count = await enrollInCatalogue(txCtx, ownScope(viewer, viewer.id), user.branch, user.semester);
    const [marked] = await tx
      .update(users)
      .set({ defaultEnrolledAt: new Date() })
      .where(eq(users.id, viewer.id))
      .returning();
    return {
      user: marked ?? user,
      defaultEnrolment: count ? { count, branch: user.branch, semester: user.semester } : null,
    };
  });
}

/**
 * POST forgot-password: queues, after the response, a 1-hour reset link for an active account and
 * nothing for an unknown one, so both answer the same way in the same time. The mail
 * budget is the requester's ({@link MAIL_LIMITS}): the account's own trusted browser
 * (`client.deviceCookie`) has one nobody else can spend.
 */
export function forgotPassword(ctx: ServiceContext, email: string, client: ClientInfo): void {
  ctx.background.run('forgot-password', async () => {
    const user = await queries.userByEmail(ctx.db, email);
    if (!user || user.deactivatedAt) return;
    const device = await trustedDevice(ctx.db, client.deviceCookie, user);
    if (!(await mayMail(ctx, 'reset', email, client.ip, device))) return;
    await sendUsersMail(
      ctx,
      'reset',
      email,
      await queries.issueUserToken(ctx.db, user.id, 'reset', RESET_TOKEN_TTL_MS),
    );
  });
}

/**
 * After a password change or reset, inside its transaction `tx`: ends every
 * reset and sign-in link and every session but `keepSessionId`, and leaves the in-app notification
 * "Your password was changed". The mail is queued by the caller after the commit.
 */
async function afterPasswordChange(ctx: ServiceContext, tx: Db, userId: string, keepSessionId?: string): Promise<void> {
  await queries.endUserTokens(tx, userId);
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
    const id = await queries.consumeUserToken(tx, token, 'reset');
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
  await clearLoginCounters(ctx, user.email);
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
 * Deletes unverified accounts with no sign-up attempt in the last 7 days (run at
 * start and every 6 hours beside the session purge). Their attempts, tokens and sessions go with
 * them (foreign keys cascade). Returns how many were deleted.
 */
export async function purgeUnverifiedUsers(db: Db): Promise<number> {
  return queries.deleteStaleUnverified(db, new Date(Date.now() - UNVERIFIED_RETENTION_MS));
}

/** POST avatar: processes the upload (docs/design.md §6), replaces the old photo atomically. */
export async function setAvatar(ctx: ServiceContext, user: SessionUser, upload: Buffer): Promise<SessionUser> {
  const file = await processUpload(upload, { owner: user.id });
  return queries.replaceAvatar(ctx.db, user, file);
}
