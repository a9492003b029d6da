/**
 * Data rights (docs/privacy.md): a student's data download, blocking another student. The areas of
 * the download are declared in `privacy.queries.ts`; this module builds the zip from them. What a
 * block changes elsewhere reads `lib/blocks.ts` (lists, search, requests, ride joins); neither
 * student is told.
 */
import { Readable } from 'node:stream';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import { EXPORTS_PER_HOUR, PRIVACY_MESSAGES, type BlockedUser } from '@campus/contract/privacy';
import { userBlocks } from '../../db/schema/privacy.ts';
import { users } from '../../db/schema/users.ts';
import type { SessionUser } from '../../lib/auth.ts';
import { readFileBody } from '../../lib/blob-store.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { notFound, refuse } from '../../lib/errors.ts';
import { hit } from '../../lib/rate-limit.ts';
import { DATA_AREAS, photosOf, type DataArea } from './privacy.queries.ts';

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
  await ctx.db.insert(userBlocks).values({ blockerId: viewer.id, blockedId: userId }).onConflictDoNothing();
  const [row] = await ctx.db
    .select({ blockedAt: userBlocks.createdAt })
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, viewer.id), eq(userBlocks.blockedId, userId)));
  return shown({ userId, name: target.name, blockedAt: row!.blockedAt });
}

/** `viewer` unblocks `userId`; 404 `userNotFound` when `viewer` had not blocked them. */
export async function unblock(ctx: ServiceContext, viewer: SessionUser, userId: string): Promise<void> {
  const gone = await ctx.db
    .delete(userBlocks)
    .where(and(eq(userBlocks.blockerId, viewer.id), eq(userBlocks.blockedId, userId)))
    .returning({ id: userBlocks.blockedId });
  if (!gone.length) throw notFound(PRIVACY_MESSAGES.userNotFound);
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
