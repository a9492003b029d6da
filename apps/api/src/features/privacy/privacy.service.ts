/**
 * Data rights (docs/privacy.md): a student's data download, blocking another student. The areas of
 * the download are declared in `privacy.queries.ts`; this module builds the zip from them. What a
 * block changes elsewhere reads `lib/blocks.ts` (lists, search, requests, ride joins); neither
 * student is told.
 */
import { Readable } from 'node:stream';
import { verify } from '@node-rs/argon2';
import { and, asc, desc, eq, isNull, lt, lte, not, sql } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import {
  DELETION_MESSAGES,
  EXPORTS_PER_HOUR,
  NOTIFICATION_RETENTION_DAYS,
  PRIVACY_MESSAGES,
  type BlockedUser,
  type PrivacyNotice,
  type DeletionBody,
  type KeepAccountBody,
} from '@campus/contract/privacy';
import { files } from '../../db/schema/files.ts';
import { accountAudit, accountClosures, userBlocks } from '../../db/schema/privacy.ts';
import { users } from '../../db/schema/users.ts';
import { endUserSessions, type Admin, type SessionUser } from '../../lib/auth.ts';
import { readFileBody } from '../../lib/blob-store.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { notFound, refuse } from '../../lib/errors.ts';
import { hit } from '../../lib/rate-limit.ts';
import { publishAccessChange } from '../../lib/live-changes.ts';
import { validationError } from '../../lib/errors.ts';
import { DATA_AREAS, RETAINED_KINDS, photosOf, type DataArea } from './privacy.queries.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { deleteFiles } from '../../lib/blob-store.ts';

const HOUR_MS = 60 * 60 * 1000;

/** The file extension of a stored photo's content type (`image/webp` → `webp`). */
const extensionOf = (contentType: string) => contentType.split('/')[1]?.replace('jpeg', 'jpg') ?? 'bin';

/** README.txt: what the download is and one line per file. */
function readme(areas: readonly DataArea[], photoCount: number, at: Date): string {
  return [
    'Campus Companion: your data',
    `Downloaded ${at.toISOString()}.`,
    '',
    'Each .json file holds one area of your data (UTF-8 JSON; times in UTC, ISO 8601):',
    '',
    ...areas.map((area) => `${area.file}: ${area.about}`),
    `photos/: the ${photoCount} photo(s) you uploaded (your profile photo and the photos of your posts), named by their id.`,
    '',
    'Of other students this download holds only what you were shown, such as a name; never their',
    'e-mail address or phone number. What we keep and for how long: the privacy notice at /privacy.',
    '',
  ].join('\n');
}

/**
 * Starts `user`'s data download (docs/privacy.md "Download my data"): counts it against
 * {@link EXPORTS_PER_HOUR} (429 beyond), reads every area's rows first (so a failure answers an
 * error, not a broken file), then returns the zip as a stream that reads each photo only when the
 * zip reaches it. Throws 429 `PRIVACY_MESSAGES.exportLimit` with `retryAfterMs` past the ceiling.
 */
export async function exportData(ctx: ServiceContext, user: SessionUser): Promise<Readable> {
  const { count } = await hit(ctx.db, `export:${user.id}`, HOUR_MS);
  if (count > EXPORTS_PER_HOUR) refuse(429, PRIVACY_MESSAGES.exportLimit);
  const at = new Date();
  const files = await Promise.all(
    DATA_AREAS.map(async (area) => ({ area, json: JSON.stringify(await area.rows(ctx.db, user.id), null, 2) })),
  );
  const photos = await photosOf(ctx.db, user.id);
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(readme(DATA_AREAS, photos.length, at)), 'README.txt', { mtime: at });
  for (const { area, json } of files) zip.addBuffer(Buffer.from(json), area.file, { mtime: at });
  for (const photo of photos)
    zip.addReadStreamLazy(
      `photos/${photo.id}.${extensionOf(photo.contentType)}`,
      { mtime: photo.createdAt, compress: false },
      (done) => {
        readFileBody(ctx.db, photo.id, 'full').then(
          (bytes) => done(null, Readable.from([Buffer.from(bytes ?? new Uint8Array())])),
          (err: unknown) => done(err, Readable.from([])),
        );
      },
    );
  zip.end();
  return zip.outputStream as Readable;
}

/** A blocked student as the block list shows them. */
function shown(row: { userId: string; name: string | null; blockedAt: Date }): BlockedUser {
  return { ...row, blockedAt: row.blockedAt.toISOString() };
}

/**
 * `viewer` blocks student `userId` (docs/privacy.md "Block"); blocking again keeps the first block.
 * 404 `userNotFound` for an unknown or deactivated account, 400 `blockSelf` for oneself.
 */
export async function block(ctx: ServiceContext, viewer: SessionUser, userId: string): Promise<BlockedUser> {
  if (userId === viewer.id) refuse(400, PRIVACY_MESSAGES.blockSelf);
  const [target] = await ctx.db
    .select({ name: users.name })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deactivatedAt)));
  if (!target) throw notFound(PRIVACY_MESSAGES.userNotFound);
  const row = await ctx.db.transaction(async (tx) => {
    await tx.insert(userBlocks).values({ blockerId: viewer.id, blockedId: userId }).onConflictDoNothing();
    await publishAccessChange(tx);
    const [kept] = await tx
      .select({ blockedAt: userBlocks.createdAt })
      .from(userBlocks)
      .where(and(eq(userBlocks.blockerId, viewer.id), eq(userBlocks.blockedId, userId)));
    return kept!;
  });
  ctx.events.emit('access-changed');
  return shown({ userId, name: target.name, blockedAt: row.blockedAt });
}

/** `viewer` unblocks `userId`; 404 `userNotFound` when `viewer` had not blocked them. */
export async function unblock(ctx: ServiceContext, viewer: SessionUser, userId: string): Promise<void> {
  const gone = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .delete(userBlocks)
      .where(and(eq(userBlocks.blockerId, viewer.id), eq(userBlocks.blockedId, userId)))
      .returning({ id: userBlocks.blockedId });
    if (rows.length) await publishAccessChange(tx);
    return rows;
  });
  if (!gone.length) throw notFound(PRIVACY_MESSAGES.userNotFound);
  ctx.events.emit('access-changed');
}

/** The students `viewer` blocked, latest first (a student blocks few: no pages). */
export async function listBlocks(ctx: ServiceContext, viewer: SessionUser): Promise<BlockedUser[]> {
  const rows = await ctx.db
    .select({ userId: userBlocks.blockedId, name: users.name, blockedAt: userBlocks.createdAt })
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, viewer.id))
    .orderBy(desc(userBlocks.createdAt));
  return rows.map(shown);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Closes account `userId` (docs/privacy.md "Delete my account"), by its student or administrator
 * `by`: in one transaction the closure row (erasure after ACCOUNT_DELETION_GRACE_DAYS), the account
 * deactivated — which hides its listings, items, rides and skill profile from everyone — and each
 * data area's `close` step (riders told, seats released, pending requests withdrawn), and for an
 * administrator an `account_audit` row; then every
 * session ends. With a grace of 0 the account is erased at once. Returns the erasure time.
 */
async function close(ctx: ServiceContext, userId: string, by: string | null): Promise<Date> {
  const eraseAfter = new Date(Date.now() + ctx.config.accountDeletionGraceDays * DAY_MS);
  await ctx.db.transaction(async (tx) => {
    const inTx = { ...ctx, db: tx };
    await tx
      .insert(accountClosures)
      .values({ userId, eraseAfter, closedBy: by })
      .onConflictDoUpdate({ target: accountClosures.userId, set: { eraseAfter, closedBy: by } });
    if (by) await tx.insert(accountAudit).values({ adminId: by, userId, action: 'close' });
    await tx
      .update(users)
      .set({ deactivatedAt: sql`coalesce(${users.deactivatedAt}, now())` })
      .where(eq(users.id, userId));
    for (const area of DATA_AREAS) await area.close?.(inTx, userId);
  });
  await endUserSessions(ctx, userId);
  ctx.events.emit('user-changed', userId);
  if (ctx.config.accountDeletionGraceDays === 0) await eraseDueAccounts(ctx);
  return eraseAfter;
}

/** Whether `password` is the password of the account with hash `passwordHash`. */
const passwordMatches = (passwordHash: string, password: string) => verify(passwordHash, password).catch(() => false);

/**
 * POST /me/deletion: `user` closes their own account with their password and the typed
 * confirmation (the contract checks it). 400 `wrongPassword` (field `password`) otherwise.
 */
export async function closeOwnAccount(ctx: ServiceContext, user: SessionUser, body: DeletionBody): Promise<Date> {
  const [row] = await ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
  if (!row || !(await passwordMatches(row.hash, body.password)))
    throw validationError({ password: DELETION_MESSAGES.wrongPassword });
  return close(ctx, user.id, null);
}

/**
 * An administrator closes account `userId` the same way (docs/privacy.md); the closure row names
 * them (`closed_by`) and the audit trail (`account_audit`) keeps the action. 404 unknown, 400 for
 * their own account.
 */
export async function closeAccountAsAdmin(ctx: ServiceContext, admin: Admin, userId: string): Promise<Date> {
  if (userId === admin.id) refuse(400, PRIVACY_MESSAGES.blockSelf);
  const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!row) throw notFound(PRIVACY_MESSAGES.userNotFound);
  return close(ctx, userId, admin.id);
}

/**
 * The erasure date of a closed account, or null when `userId` is not closed (read by sign-in:
 * a closed account's correct password answers the date instead of "deactivated").
 */
export async function erasureOf(ctx: ServiceContext, userId: string): Promise<Date | null> {
  const [row] = await ctx.db
    .select({ eraseAfter: accountClosures.eraseAfter })
    .from(accountClosures)
    .where(eq(accountClosures.userId, userId));
  return row?.eraseAfter ?? null;
}

/**
 * DELETE /me/deletion ("Keep my account", no session: closing ended them): the e-mail and password
 * of a closed account within its grace restore it — the closure goes and the account is active
 * again, so everything closing hid is back. 400 `wrongPassword` for a wrong password or an address
 * that is not a closed account (the same answer), at most 10 tries an hour per address (429).
 */
export async function keepAccount(ctx: ServiceContext, body: KeepAccountBody): Promise<void> {
  const email = body.email.trim().toLowerCase();
  const { count } = await hit(ctx.db, `keep:${email}`, 60 * 60 * 1000);
  if (count > 10) refuse(429, DELETION_MESSAGES.tooManyTries);
  const [row] = await ctx.db
    .select({ id: users.id, hash: users.passwordHash })
    .from(users)
    .innerJoin(accountClosures, eq(accountClosures.userId, users.id))
    .where(eq(users.email, email));
  if (!row || !(await passwordMatches(row.hash, body.password)))
    throw validationError({ password: DELETION_MESSAGES.wrongPassword });
  await ctx.db.transaction(async (tx) => {
    await tx.delete(accountClosures).where(eq(accountClosures.userId, row.id));
    await tx.update(users).set({ deactivatedAt: null }).where(eq(users.id, row.id));
  });
  ctx.events.emit('user-changed', row.id);
}

/**
 * The erasure job (docs/privacy.md "Delete my account"): erases every closed account whose grace
 * has passed, one per transaction, each claimed with `FOR UPDATE SKIP LOCKED` so that instances
 * running it together erase each account exactly once: its photos (`files` it uploaded), then the
 * user row, whose deletion cascades to everything it owns. Returns how many it erased.
 */
export async function eraseDueAccounts(ctx: ServiceContext): Promise<number> {
  let erased = 0;
  for (;;) {
    const done = await ctx.db.transaction(async (tx) => {
      const [due] = await tx
        .select({ userId: accountClosures.userId })
        .from(accountClosures)
        .where(lte(accountClosures.eraseAfter, sql`now()`))
        .orderBy(asc(accountClosures.eraseAfter))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!due) return false;
      await tx.delete(files).where(eq(files.ownerId, due.userId));
      await tx.delete(users).where(eq(users.id, due.userId));
      return true;
    });
    if (!done) return erased;
    erased += 1;
  }
}

export { NOTIFICATION_RETENTION_DAYS };

/**
 * The figures and the grievance officer the privacy notice at `/privacy` shows (docs/privacy.md),
 * from the configuration: nothing personal, open to guests.
 */
export function privacyNotice(ctx: ServiceContext): PrivacyNotice {
  return {
    retentionDays: ctx.config.retentionDays,
    accountDeletionGraceDays: ctx.config.accountDeletionGraceDays,
    notificationRetentionDays: NOTIFICATION_RETENTION_DAYS,
    grievanceOfficer: { ...ctx.config.grievanceOfficer },
  };
}

/**
 * The retention job (docs/privacy.md "Retention"), daily on every instance: erases the records of
 * each retained kind that left its browse rule (a listing sold or expired, an item returned) and
 * were last changed more than RETENTION_DAYS ago, with their photos, and notifications older than
 * {@link NOTIFICATION_RETENTION_DAYS}. Each kind in one transaction; a DELETE is safe with several
 * instances (a row is deleted once, a second instance finds it gone). Returns the records erased.
 */
export async function purgeRetained(ctx: ServiceContext): Promise<number> {
  let erased = 0;
  const cutoff = new Date(Date.now() - ctx.config.retentionDays * DAY_MS);
  for (const kind of RETAINED_KINDS) {
    const t = kind.table;
    erased += await ctx.db.transaction(async (tx) => {
      const gone = (await tx
        .delete(t)
        .where(and(not(kind.browse(t)), lt(t.updatedAt, cutoff)))
        .returning({ image: t.imageFileId })) as Array<{ image: string | null }>;
      await deleteFiles(
        tx,
        gone.map((g) => g.image),
      );
      return gone.length;
    });
  }
  await ctx.db
    .delete(notifications)
    .where(lt(notifications.createdAt, new Date(Date.now() - NOTIFICATION_RETENTION_DAYS * DAY_MS)));
  return erased;
}
