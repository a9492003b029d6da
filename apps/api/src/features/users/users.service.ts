/**
 * Users and session rules (spec §3, §5, §7, §8; DESIGN §5): sign-up with institute address and
 * e-mail verification, login, profile update, password reset/change and the avatar.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
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
} from '@campus/contract/users';
import { users, userTokens } from '../../db/schema/users.ts';
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
import { hit, peek, reset } from '../../lib/rate-limit.ts';
import { newToken, sha256Hex } from '../../lib/tokens.ts';

/** argon2id (`Algorithm.Argon2id` is 2; the const enum cannot be imported under isolatedModules). */
const ARGON2 = { algorithm: 2 } as const;
/** Failed logins allowed per account per hour before 429 (DESIGN §5). */
export const LOGIN_FAILURE_LIMIT = 10;
const HOUR_MS = 60 * 60 * 1000;
/** Verification / reset mails per address per hour. */
const MAIL_LIMIT = 5;

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

async function issueToken(db: Db, userId: string, purpose: 'verify' | 'reset'): Promise<string> {
  const token = newToken();
  const ttl = purpose === 'verify' ? VERIFY_TOKEN_TTL_MS : RESET_TOKEN_TTL_MS;
  await db.transaction(async (tx) => {
    // Older unused links of the same purpose stop working once a new one is sent.
    await tx
      .update(userTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
    await tx.insert(userTokens).values({
      userId,
      purpose,
      tokenHash: sha256Hex(token),
      expiresAt: new Date(Date.now() + ttl),
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
          text: `Welcome to Campus Companion for ${name}!\n\nOpen this link to verify your email address (valid for 24 hours):\n${link}\n\nIf you did not sign up, ignore this message.`,
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

async function limitMail(ctx: ServiceContext, email: string): Promise<boolean> {
  const { count } = await hit(ctx.db, `mail:${email}`, HOUR_MS);
  return count <= MAIL_LIMIT;
}

/**
 * Sign-up (DESIGN §5). Refuses another domain (403) or a malformed roll number (400); a verified
 * address → 409; an unverified one gets the new password and a fresh link (anti-squatting).
 * `ADMIN_EMAILS` addresses skip the roll-number rule and get the admin role.
 */
export async function signup(ctx: ServiceContext, body: SignupBody): Promise<void> {
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
  const [existing] = await ctx.db.select().from(users).where(eq(users.email, email));
  let userId: string;
  if (existing) {
    if (existing.emailVerifiedAt) throw conflict(USER_MESSAGES.alreadyRegistered);
    await ctx.db.update(users).set({ passwordHash }).where(eq(users.id, existing.id));
    userId = existing.id;
  } else {
    const rollNumber = parsed?.rollNumber ?? null;
    const username = parsed?.localPart ?? email.replace('@', '.');
    const [row] = await ctx.db
      .insert(users)
      .values({
        email,
        passwordHash,
        username,
        registrationNumber: rollNumber,
        graduationYear: graduationYearFor(rollNumber),
        roles: isStaffAdmin ? [ADMIN_ROLE] : [],
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!row) throw conflict(USER_MESSAGES.alreadyRegistered);
    userId = row.id;
  }
  if (await limitMail(ctx, email)) await sendLinkMail(ctx, email, 'verify', await issueToken(ctx.db, userId, 'verify'));
}

/** Consumes a token: 400 unknown, 410 used or expired. Returns the owner's id. */
async function consumeToken(db: Db, token: string, purpose: 'verify' | 'reset'): Promise<string> {
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

/** POST verify-email: marks the address verified (single-use token, 24 h). */
export async function verifyEmail(ctx: ServiceContext, token: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const userId = await consumeToken(tx, token, 'verify');
    await tx
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
  });
}

/** POST resend-verification: a fresh link for an unverified account; same answer either way. */
export async function resendVerification(ctx: ServiceContext, email: string): Promise<void> {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  if (!user || user.emailVerifiedAt || user.deactivatedAt) return;
  if (await limitMail(ctx, email))
    await sendLinkMail(ctx, email, 'verify', await issueToken(ctx.db, user.id, 'verify'));
}

/** A hash to verify against when the account does not exist, so timing does not reveal it. */
let dummyHash: Promise<string> | undefined;

/**
 * Login (spec §8, DESIGN §5): 429 after 10 failures per account per hour; 401 wrong e-mail or
 * password; 403 unverified or deactivated (only after a correct password). Returns the user and a
 * new session token.
 */
export async function login(
  ctx: ServiceContext,
  body: LoginBody,
  userAgent?: string,
): Promise<{ user: SessionUser; token: string }> {
  const key = `login:${body.email}`;
  const limit = await peek(ctx.db, key, HOUR_MS);
  if (limit.count >= LOGIN_FAILURE_LIMIT) throw tooManyRequests(USER_MESSAGES.tooManyLogins, limit.retryAfterMs / 1000);
  const [user] = await ctx.db.select().from(users).where(eq(users.email, body.email));
  const passwordOk = user
    ? await verify(user.passwordHash, body.password)
    : await verify(await (dummyHash ??= hashPassword('not-a-real-password')), body.password).then(() => false);
  if (!user || !passwordOk) {
    await hit(ctx.db, key, HOUR_MS);
    throw unauthorized(USER_MESSAGES.invalidCredentials);
  }
  if (!user.emailVerifiedAt) throw forbidden(USER_MESSAGES.verifyFirst);
  if (user.deactivatedAt) throw forbidden(USER_MESSAGES.deactivated);
  await reset(ctx.db, key);
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

/** POST forgot-password: sends a 1-hour reset link to an active account; same answer either way. */
export async function forgotPassword(ctx: ServiceContext, email: string): Promise<void> {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  if (!user || user.deactivatedAt) return;
  if (await limitMail(ctx, email)) await sendLinkMail(ctx, email, 'reset', await issueToken(ctx.db, user.id, 'reset'));
}

/** POST reset-password: sets the password, verifies the address, ends every session. */
export async function resetPassword(ctx: ServiceContext, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  const user = await ctx.db.transaction(async (tx) => {
    const id = await consumeToken(tx, token, 'reset');
    const [row] = await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(eq(users.id, id))
      .returning({ id: users.id, email: users.email });
    return row!;
  });
  await reset(ctx.db, `login:${user.email}`);
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
