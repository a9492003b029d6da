/**
 * Notification rules (docs/product-spec.md §3, §4, §7; docs/design.md §7). A user sees and changes only their own
 * notifications (another user's → 404); creating for another user, broadcasting and managing sends
 * are admin-only (403; broadcast, the sends list and recall take the admin guard's `Admin`). Every
 * admin send is recorded in `notification_sends`; a broadcast writes all rows in one statement;
 * every write queues ONE NOTIFY in its transaction for live delivery.
 *
 * `notify` is the one function other features call (docs/design.md §3). Queries and the API shape live in
 * `notifications.queries.ts`, demo data in `notifications.seed.ts` (which calls this service, so `src/seed.ts`
 * imports it from there: a re-export here would be an import cycle).
 */
import { and, eq, exists, not, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  NOTIFICATION_MESSAGES,
  type BroadcastBody,
  type CreateNotificationBody,
  type Notification,
  type NotificationSend,
  type NotificationType,
  type UpdateNotificationBody,
} from '@campus/contract/notifications';
import type { PushCategory } from '@campus/contract/push';
import type { Db } from '../../db/client.ts';
import { notifications, notificationSends } from '../../db/schema/notifications.ts';
import { isAdmin, type Admin, type SessionUser } from '../../lib/auth.ts';
import { deleteFiles, putFile } from '../../lib/blob-store.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { processUpload } from '../../lib/images.ts';
import type { Page } from '../../lib/pages.ts';
import { queueBroadcastPush, queuePush } from '../push/push.service.ts';
import { publish } from './notifications.live.ts';
import * as queries from './notifications.queries.ts';

/**
 * The live-delivery NOTIFY channel, for a feature that writes notifications in one SQL statement
 * (saved alerts): each new row is announced with `pg_notify(LIVE_CHANNEL, '{"t":"new","u":user,"id":id}')`.
 */
export { CHANNEL as LIVE_CHANNEL } from './notifications.live.ts';

type Row = queries.NotificationRow;

/**
 * Creates one notification for `userId` and delivers it live (docs/design.md §7). This is the function
 * other features call for product events (a skill request, a ride join, …).
 *
 * - `message`: the text shown in the bell (trimmed; cut to 1000 characters).
 * - `type`: one of general, system, alert, update, event (default `general`).
 * - `link`: an in-app path such as `/rides` opened when the item is clicked (optional).
 * - `push`: the Web Push category (`skills`, `rides`, …) when the notification is also pushed to
 *   the user's devices (docs/decisions/0501-web-push.md): queued in the same transaction, sent
 *   after it commits, unless the user switched the category off.
 *
 * `userId` must be an existing user (else the insert fails with a foreign-key error). To make the
 * notification part of your own transaction, pass `{ ...ctx, db: tx }`: it is then written and
 * delivered only if that transaction commits.
 */
export async function notify(
  ctx: ServiceContext,
  userId: string,
  input: { message: string; type?: NotificationType; link?: string | null; push?: PushCategory },
): Promise<void> {
  const message = input.message.trim().slice(0, 1000);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(notifications)
      .values({ userId, message, type: input.type ?? 'general', link: input.link ?? null })
      .returning({ id: notifications.id });
    await publish(tx, { t: 'new', u: userId, id: row!.id });
    if (input.push) await queuePush(tx, userId, row!.id, input.push);
  });
}

/** GET list: the caller's notifications, newest first; `{ items, total }` for `page`/`limit`. */
export function list(
  ctx: ServiceContext,
  userId: string,
  q: { page: number; limit: number },
): Promise<Page<Notification>> {
  return queries.listOf(ctx, userId, q);
}

/** Loads one of the caller's notifications; another user's or a missing one → 404. */
async function own(db: Db, userId: string, id: string): Promise<Row> {
  const row = await queries.findOwn(db, userId, id);
  if (!row) throw notFound(NOTIFICATION_MESSAGES.notFound);
  return row;
}

/** GET one (404 when not the caller's). */
export async function getOne(ctx: ServiceContext, userId: string, id: string): Promise<Notification> {
  return queries.toApi(ctx, await own(ctx.db, userId, id));
}

/** Unread count of `userId` (docs/product-spec.md §7 `data.unreadCount`); served from a partial index. */
export async function unreadCount(ctx: ServiceContext, userId: string): Promise<number> {
  const [row] = await queries.unreadCountStatement(ctx.db).execute({ userId });
  return Number(row!.n);
}

/** Ensures a non-admin creates only for themselves (403 otherwise). Runs before body validation. */
export function assertMayTarget(caller: SessionUser, rawUserId: unknown): void {
  if (!isAdmin(caller) && typeof rawUserId === 'string' && rawUserId !== '' && rawUserId !== caller.id)
    throw forbidden(NOTIFICATION_MESSAGES.adminForOthers);
}

/**
 * POST create. A non-admin creates a note for themselves (another `userId` → 403). An admin's
 * create is recorded as a send to `userId` (default: themselves). `upload` is an image or PDF
 * (413 ≥ 5 MiB, 400 another type). Unknown target → 404.
 */
export async function create(
  ctx: ServiceContext,
  caller: SessionUser,
  body: CreateNotificationBody,
  upload?: Buffer | null,
): Promise<Notification> {
  assertMayTarget(caller, body.userId);
  const targetId = body.userId ?? caller.id;
  if (targetId !== caller.id) {
    if (!(await queries.userExists(ctx.db, targetId))) throw notFound(NOTIFICATION_MESSAGES.targetNotFound);
  }
  const file = upload ? await processUpload(upload, { allowPdf: true, owner: caller.id }) : undefined;
  const row = await ctx.db.transaction(async (tx) => {
    const fileId = file ? await putFile(tx, caller.id, file) : null;
    let sendId: string | null = null;
    if (isAdmin(caller)) {
      const [send] = await tx
        .insert(notificationSends)
        .values({
          senderId: caller.id,
          message: body.message,
          type: body.type,
          link: body.link ?? null,
          fileId,
          broadcast: false,
          targetUserId: targetId,
          recipientCount: 1,
        })
        .returning({ id: notificationSends.id });
      sendId = send!.id;
    }
    const [inserted] = await tx
      .insert(notifications)
      .values({
        userId: targetId,
        message: body.message,
        type: body.type,
        link: body.link ?? null,
        fileId,
        sendId,
        // A send's copy names its sender on the send; a user's own note is theirs to edit.
        createdBy: sendId ? null : caller.id,
      })
      .returning();
    await publish(tx, { t: 'new', u: targetId, id: inserted!.id });
    return inserted!;
  });
  return queries.toApi(ctx, row);
}

/**
 * POST broadcast (admin only: takes the guard's `Admin`; the seed broadcasts as its demo admin):
 * one send and one row per active, verified user (an unverified sign-up is not an account yet),
 * written by ONE INSERT … SELECT, and ONE NOTIFY; the copies of recipients with a device are
 * queued for Web Push (category `broadcasts`). `upload` is an image or PDF (413 ≥
 * 5 MiB, 400 another type). Returns the send.
 */
export async function broadcast(
  ctx: ServiceContext,
  admin: Admin,
  body: BroadcastBody,
  upload?: Buffer | null,
): Promise<NotificationSend> {
  const file = upload ? await processUpload(upload, { allowPdf: true, owner: admin.id }) : undefined;
  const sendId = await ctx.db.transaction(async (tx) => {
    const fileId = file ? await putFile(tx, admin.id, file) : null;
    const [send] = await tx
      .insert(notificationSends)
      .values({
        senderId: admin.id,
        message: body.message,
        type: body.type,
        link: body.link ?? null,
        fileId,
        broadcast: true,
        recipientCount: 0,
      })
      .returning({ id: notificationSends.id });
    const sid = send!.id;
    const recipients = await queries.insertBroadcastCopies(tx, sid, body, fileId);
    await tx.update(notificationSends).set({ recipientCount: recipients }).where(eq(notificationSends.id, sid));
    await publish(tx, { t: 'send', s: sid });
    await queueBroadcastPush(tx, sid);
    return sid;
  });
  return getSend(ctx, sendId);
}

/**
 * PUT update (partial). `is_read` may always change; message, type, link and the file only on a
 * note the caller wrote themselves and that is not an admin send (403 otherwise). 404 when not the
 * caller's. `removeFile` deletes the attachment.
 */
export async function update(
  ctx: ServiceContext,
  caller: SessionUser,
  id: string,
  body: UpdateNotificationBody,
  upload?: Buffer | null,
  removeFile = false,
): Promise<Notification> {
  const row = await own(ctx.db, caller.id, id);
  const changesContent =
    body.message !== undefined || body.type !== undefined || body.link !== undefined || !!upload || removeFile;
  if (changesContent && (row.createdBy !== caller.id || row.sendId))
    throw forbidden(NOTIFICATION_MESSAGES.onlyOwnContent);
  const file = upload ? await processUpload(upload, { allowPdf: true, owner: caller.id }) : undefined;
  const updated = await ctx.db.transaction(async (tx) => {
    const set: Partial<typeof notifications.$inferInsert> = {};
    if (body.message !== undefined) set.message = body.message;
    if (body.type !== undefined) set.type = body.type;
    if (body.link !== undefined) set.link = body.link;
    if (body.is_read !== undefined) set.isRead = body.is_read;
    if (file) set.fileId = await putFile(tx, caller.id, file);
    else if (removeFile) set.fileId = null;
    const [next] = Object.keys(set).length
      ? await tx.update(notifications).set(set).where(eq(notifications.id, id)).returning()
      : [row];
    if (set.fileId !== undefined) await deleteFiles(tx, [row.fileId]);
    if (next!.isRead !== row.isRead) await publish(tx, { t: 'unread', u: caller.id, r: 'updated' });
    return next!;
  });
  return queries.toApi(ctx, updated);
}

/** DELETE one of the caller's notifications (404 otherwise); its own file goes with it. */
export async function remove(ctx: ServiceContext, userId: string, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await own(tx, userId, id);
    await tx.delete(notifications).where(eq(notifications.id, id));
    // A send's file is shared by every copy and leaves with the send.
    if (!row.sendId) await deleteFiles(tx, [row.fileId]);
    if (!row.isRead) await publish(tx, { t: 'unread', u: userId, r: 'deleted' });
  });
}

/** PUT {id}/read: marks one read (404 when not the caller's). */
export async function markRead(ctx: ServiceContext, userId: string, id: string): Promise<Notification> {
  return ctx.db.transaction(async (tx) => {
    const row = await own(tx, userId, id);
    if (row.isRead) return queries.toApi(ctx, row);
    const [next] = await tx.update(notifications).set({ isRead: true }).where(eq(notifications.id, id)).returning();
    await publish(tx, { t: 'unread', u: userId, r: 'read' });
    return queries.toApi(ctx, next!);
  });
}

/** PUT read-all: marks every notification of the caller read; returns how many changed. */
export async function markAllRead(ctx: ServiceContext, userId: string): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const changed = await tx
      .update(notifications)
      .set({ isRead: true })
      .where(and(eq(notifications.userId, userId), not(notifications.isRead)))
      .returning({ id: notifications.id });
    await publish(tx, { t: 'unread', u: userId, r: 'read-all' });
    return changed.length;
  });
}

/** One send with its read count (404 when missing). */
export async function getSend(ctx: ServiceContext, id: string): Promise<NotificationSend> {
  const send = await queries.findSend(ctx, id);
  if (!send) throw notFound(NOTIFICATION_MESSAGES.sendNotFound);
  return send;
}

/** GET sends (admin only: takes the guard's `Admin`): newest first with read counts; `{ items, total }`. */
export function listSends(
  ctx: ServiceContext,
  _admin: Admin,
  q: { page: number; limit: number },
): Promise<Page<NotificationSend>> {
  return queries.listSendsPage(ctx, q);
}

/** DELETE a send (admin only: takes the guard's `Admin`): recalls every copy and deletes its file in one transaction; one NOTIFY. */
export async function recallSend(ctx: ServiceContext, _admin: Admin, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [send] = await tx.delete(notificationSends).where(eq(notificationSends.id, id)).returning();
    if (!send) throw notFound(NOTIFICATION_MESSAGES.sendNotFound);
    await tx.delete(notifications).where(eq(notifications.sendId, id));
    await deleteFiles(tx, [send.fileId]);
    if (send.broadcast || !send.targetUserId) await publish(tx, { t: 'unread-all', r: 'recalled' });
    else await publish(tx, { t: 'unread', u: send.targetUserId, r: 'recalled' });
  });
}

/**
 * True where `fileId` (a file id column, e.g. `files.id`) is the attachment of a notification sent
 * to `viewerId`: who may read an attachment (a send's copies share the file; docs/design.md §6, file access
 * in `features/files/files.service.ts`). An index lookup by user (`notifications_user_created_idx`).
 */
export function attachmentOf(db: Db, viewerId: string, fileId: AnyPgColumn): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(notifications)
      .where(and(eq(notifications.userId, viewerId), eq(notifications.fileId, fileId))),
  );
}
