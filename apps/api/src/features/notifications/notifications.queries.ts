/**
 * Notification queries and the API shape (docs/product-spec.md §3, §7; docs/design.md §7): the Drizzle reads and writes
 * the service composes (a user's page of notifications, the unread count, the broadcast's one
 * INSERT … SELECT, the admin's sends with their read counts) and the mapping of rows to
 * `Notification` and `NotificationSend`. No access rule lives here: the service checks first, then
 * calls these (docs/design.md §4).
 */
import { and, count, desc, eq, isNotNull, isNull, not, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import type { BroadcastBody, Notification, NotificationSend } from '@campus/contract/notifications';
import type { Db } from '../../db/client.ts';
import { notifications, notificationSends } from '../../db/schema/notifications.ts';
import { users } from '../../db/schema/users.ts';
import { fileUrl } from '../../lib/blob-store.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { listPage, type Page } from '../../lib/pages.ts';
import { preparedStatements } from '../../lib/prepared.ts';
import { toApiNotification } from './notifications.live.ts';

/** A stored notification (one user's copy; `sendId` names the admin send it belongs to). */
export type NotificationRow = typeof notifications.$inferSelect;

/** Maps a row to the API shape (file URL absolute from `APP_URL`, docs/design.md §4). */
export const toApi = (ctx: ServiceContext, row: NotificationRow): Notification =>
  toApiNotification(row, ctx.config.appUrl);

/** One page of `userId`'s notifications, newest first, with the total (`listPage`). */
export function listOf(
  ctx: ServiceContext,
  userId: string,
  q: { page: number; limit: number },
): Promise<Page<Notification>> {
  const mine = eq(notifications.userId, userId);
  return listPage(ctx.db, q, {
    from: notifications,
    where: mine,
    select: ctx.db.select().from(notifications),
    orderBy: [desc(notifications.createdAt), desc(notifications.id)],
    map: (row) => toApi(ctx, row),
  });
}

/** `userId`'s notification `id`, or undefined when it is missing or another user's. */
export async function findOwn(db: Db, userId: string, id: string): Promise<NotificationRow | undefined> {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  return row;
}

/** The unread count, prepared once per database (polled by every open page). */
export const unreadCountStatement = preparedStatements('unread_count', (db, name) =>
  db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, sql.placeholder('userId')), not(notifications.isRead)))
    .prepare(name),
);

/** True when a user with this id exists (the target of an admin's send). */
export async function userExists(db: Db, id: string): Promise<boolean> {
  const [found] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  return !!found;
}

/**
 * Inside the broadcast's transaction `tx`: one copy of send `sendId` per active, verified user,
 * written by ONE INSERT … SELECT with UUIDv7 ids generated in code. Returns how many were written.
 */
export async function insertBroadcastCopies(
  tx: Db,
  sendId: string,
  body: BroadcastBody,
  fileId: string | null,
): Promise<number> {
  const [active] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(isNull(users.deactivatedAt), isNotNull(users.emailVerifiedAt)));
  const ids = Array.from({ length: Number(active!.n) }, () => uuidv7());
  // Pairs the i-th fresh id with the i-th active user; users created meanwhile are left out.
  const inserted = await tx.execute(sql`
    INSERT INTO notifications (id, user_id, message, type, link, file_id, send_id)
    SELECT ids.id, u.id, ${body.message}, ${body.type}, ${body.link ?? null}, ${fileId}::uuid, ${sendId}::uuid
    FROM (SELECT id, row_number() OVER (ORDER BY id) AS rn FROM users
          WHERE deactivated_at IS NULL AND email_verified_at IS NOT NULL) u
    JOIN unnest(${`{${ids.join(',')}}`}::uuid[]) WITH ORDINALITY AS ids(id, rn) ON ids.rn = u.rn`);
  return Number(
    (inserted as unknown as { rowCount?: number; affectedRows?: number }).rowCount ??
      (inserted as unknown as { affectedRows?: number }).affectedRows ??
      0,
  );
}

const targets = alias(users, 'target_user');
const senders = alias(users, 'sender_user');

/** Select list of a send with its read count (counted from the partial index on read rows). */
function sendColumns() {
  return {
    send: notificationSends,
    target: { id: targets.id, name: targets.name, email: targets.email },
    sender: { id: senders.id, name: senders.name, email: senders.email },
    readCount: sql<number>`(SELECT count(*)::int FROM notifications n WHERE n.send_id = ${notificationSends.id} AND n.is_read)`,
  };
}

type SendRow = {
  send: typeof notificationSends.$inferSelect;
  target: { id: string; name: string | null; email: string } | null;
  sender: { id: string; name: string | null; email: string } | null;
  readCount: number;
};

/** Maps a send with its target, sender and read count to the API shape. */
function toApiSend(ctx: ServiceContext, r: SendRow): NotificationSend {
  return {
    id: r.send.id,
    message: r.send.message,
    type: r.send.type,
    file_url: fileUrl(ctx.config.appUrl, r.send.fileId),
    link: r.send.link,
    broadcast: r.send.broadcast,
    target: r.target?.id ? r.target : null,
    sender: r.sender?.id ? r.sender : null,
    recipientCount: r.send.recipientCount,
    readCount: Number(r.readCount),
    createdAt: r.send.createdAt.toISOString(),
  };
}

/** The sends with their target and sender joined (a deleted user leaves null). */
const sendsWithUsers = (db: Db) =>
  db
    .select(sendColumns())
    .from(notificationSends)
    .leftJoin(targets, eq(targets.id, notificationSends.targetUserId))
    .leftJoin(senders, eq(senders.id, notificationSends.senderId));

/** One send with its read count, or undefined when missing. */
export async function findSend(ctx: ServiceContext, id: string): Promise<NotificationSend | undefined> {
  const [row] = await sendsWithUsers(ctx.db).where(eq(notificationSends.id, id));
  return row && toApiSend(ctx, row as SendRow);
}

/** One page of every send, newest first, with read counts and the total (`listPage`). */
export function listSendsPage(
  ctx: ServiceContext,
  q: { page: number; limit: number },
): Promise<Page<NotificationSend>> {
  return listPage(ctx.db, q, {
    from: notificationSends,
    select: sendsWithUsers(ctx.db),
    orderBy: [desc(notificationSends.createdAt), desc(notificationSends.id)],
    map: (row) => toApiSend(ctx, row as SendRow),
  });
}
