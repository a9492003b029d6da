/**
 * User queries and the API shape (docs/product-spec.md §3, §7; docs/design.md §5): the Drizzle reads and writes the service
 * composes (accounts by address, sign-up attempts, reset links, the hash a login is checked
 * against, profile and avatar writes, the purge of stale sign-ups) and the mapping of a user row to
 * `PublicUser`. No rule lives here: the service decides, then calls these.
 */
import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { ADMIN_ROLE, USER_MESSAGES, VERIFY_TOKEN_TTL_MS, type PublicUser } from '@campus/contract/users';
import { signupAttempts, users, userTokens } from '../../db/schema/users.ts';
import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../../lib/auth.ts';
import { deleteFiles, fileUrl, putFile } from '../../lib/blob-store.ts';
import type { ProcessedFile } from '../../lib/images.ts';
import { badRequest, gone } from '../../lib/errors.ts';
import { newToken, sha256Hex } from '../../lib/tokens.ts';

/** The account with this address (addresses are stored lower-case), or undefined. */
export async function userByEmail(db: Db, email: string): Promise<SessionUser | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user;
}

/** The account with this id, or undefined. */
export async function userById(db: Db, id: string): Promise<SessionUser | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

/** True when a link token with this hash was recorded (a used sign-in link, a reset link). */
export async function tokenRecorded(db: Db, tokenHash: string): Promise<boolean> {
  const [used] = await db.select({ id: userTokens.id }).from(userTokens).where(eq(userTokens.tokenHash, tokenHash));
  return !!used;
}

/**
 * Records sign-in link `tokenHash` of `userId` as used (sign-in links are stored only once used).
 * False when it already was (a concurrent use won).
 */
export async function recordSigninLinkUsed(
  db: Db,
  userId: string,
  tokenHash: string,
  expiresAt: Date,
): Promise<boolean> {
  const [claimed] = await db
    .insert(userTokens)
    .values({ userId, purpose: 'signin', tokenHash, expiresAt, usedAt: new Date() })
    .onConflictDoNothing()
    .returning({ id: userTokens.id });
  return !!claimed;
}

/**
 * Records a sign-up attempt of `userId`: its link `token` (stored hashed, valid 24 h) and the
 * password hash chosen at sign-up (null for a `resend-verification` link: chosen on verifying).
 */
export async function insertSignupAttempt(
  db: Db,
  userId: string,
  token: string,
  passwordHash: string | null,
): Promise<void> {
  await db.insert(signupAttempts).values({
    userId,
    passwordHash,
    tokenHash: sha256Hex(token),
    expiresAt: new Date(Date.now() + VERIFY_TOKEN_TTL_MS),
  });
}

/** Maps a user row to the API shape (docs/product-spec.md §3); file URLs absolute from `APP_URL` (docs/design.md §4). */
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

/** `data` of current/login/update: `{ user, roles }` (docs/product-spec.md §7). */
export function userData(user: SessionUser, appUrl: string) {
  return { user: toPublicUser(user, appUrl), roles: user.roles };
}

/**
 * Issues a single-use token of `purpose` for `userId`, valid `ttlMs`; returns the raw token. Older
 * links stay valid (a stranger's request must not end the link the owner is about to
 * open); all of them end when one is used or the password changes.
 */
export async function issueUserToken(db: Db, userId: string, purpose: 'reset', ttlMs: number): Promise<string> {
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
 * Ends every outstanding reset link of `userId` (a password change or reset); sign-in
 * links end by themselves, being bound to the password hash.
 */
export async function endUserTokens(db: Db, userId: string): Promise<void> {
  await db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(userTokens.userId, userId), isNull(userTokens.usedAt)));
}

/**
 * Consumes a token of `purpose`: 400 unknown, 410 used or expired. Returns the owner's id. Run it
 * inside the transaction that acts on it, so a failure leaves the token usable.
 */
export async function consumeUserToken(db: Db, token: string, purpose: 'reset'): Promise<string> {
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

/**
 * The one hash a login attempt is checked against (at most one argon2 verification per
 * attempt, whatever the number of pending sign-ups): the account's password once verified; for an
 * unverified account the newest live sign-up attempt that has a password (so login can say "verify
 * first"); null when there is none.
 */
export async function loginHash(db: Db, user: SessionUser): Promise<string | null> {
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

/** Gives the admin role to the `ADMIN_EMAILS` accounts that lack it (at start, docs/design.md §5). */
export async function grantConfiguredAdmins(db: Db, adminEmails: string[]): Promise<void> {
  if (!adminEmails.length) return;
  await db
    .update(users)
    .set({ roles: sql`array_append(${users.roles}, ${ADMIN_ROLE})` })
    .where(and(inArray(users.email, adminEmails), sql`NOT (${ADMIN_ROLE} = ANY(${users.roles}))`));
}

/** Writes the profile fields in `set` (none: reads the row as it is); returns the user. */
export async function saveProfile(
  db: Db,
  userId: string,
  set: Partial<typeof users.$inferInsert>,
): Promise<SessionUser> {
  const [row] = Object.keys(set).length
    ? await db.update(users).set(set).where(eq(users.id, userId)).returning()
    : await db.select().from(users).where(eq(users.id, userId));
  return row!;
}

/** Stores a processed avatar and replaces `user`'s old one (its file deleted) in one transaction. */
export async function replaceAvatar(db: Db, user: SessionUser, file: ProcessedFile): Promise<SessionUser> {
  return db.transaction(async (tx) => {
    const fileId = await putFile(tx, user.id, file);
    const [row] = await tx.update(users).set({ avatarFileId: fileId }).where(eq(users.id, user.id)).returning();
    await deleteFiles(tx, [user.avatarFileId]);
    return row!;
  });
}

/**
 * Deletes unverified accounts created before `cutoff` with no sign-up attempt since (their
 * attempts, tokens and sessions go with them: foreign keys cascade). Returns how many.
 */
export async function deleteStaleUnverified(db: Db, cutoff: Date): Promise<number> {
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
