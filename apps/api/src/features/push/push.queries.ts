/**
 * Web Push queries (docs/decisions/0501-web-push.md): subscriptions per device, the categories a
 * student switched off, and the push outbox (queue, take a batch, delete). No access rule lives
 * here: the service checks first, then calls these (docs/architecture.md "How a feature is built").
 */
import { and, asc, desc, eq, exists, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { PUSH_CATEGORIES, type PushCategory, type PushPreferences, type SubscribeBody } from '@campus/contract/push';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { pushOptOuts, pushOutbox, pushSubscriptions } from '../../db/schema/push.ts';
import { users } from '../../db/schema/users.ts';

/** A stored subscription. */
export type SubscriptionRow = typeof pushSubscriptions.$inferSelect;

/**
 * Stores `body` as `userId`'s subscription: a known endpoint (the same browser subscribing again,
 * or after another student signed in on it) moves to `userId` with its new keys.
 */
export async function upsertSubscription(db: Db, userId: string, body: SubscribeBody): Promise<SubscriptionRow> {
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ userId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh: body.keys.p256dh, auth: body.keys.auth, lastUsedAt: sql`now()` },
    })
    .returning();
  return row!;
}

/** Locks `userId`'s row for this transaction, so two subscribes of one student count one after the other. */
export async function lockStudent(db: Db, userId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/**
 * Deletes `userId`'s subscriptions but the `keep` used most recently (`last_used_at`: subscribed,
 * or a push reached it; then the newest). Returns how many it deleted.
 */
export async function keepNewest(db: Db, userId: string, keep: number): Promise<number> {
  const newest = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.lastUsedAt), desc(pushSubscriptions.createdAt))
    .limit(keep);
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)))
    .returning({ id: pushSubscriptions.id });
  return gone.length;
}

/** Deletes `userId`'s subscription at `endpoint`; false when they have none there. */
export async function deleteOwnSubscription(db: Db, userId: string, endpoint: string): Promise<boolean> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return gone.length > 0;
}

/** `userId`'s preferences: every category on but those with an opt-out row. */
export async function preferencesOf(db: Db, userId: string): Promise<PushPreferences> {
  const off = await db
    .select({ category: pushOptOuts.category })
    .from(pushOptOuts)
    .where(eq(pushOptOuts.userId, userId));
  const muted = new Set(off.map((r) => r.category));
  return Object.fromEntries(PUSH_CATEGORIES.map((c) => [c, !muted.has(c)])) as PushPreferences;
}

/** Switches `userId`'s categories on (opt-out row deleted) or off (row inserted). */
export async function setPreferences(db: Db, userId: string, changes: Partial<PushPreferences>): Promise<void> {
  const entries = Object.entries(changes) as [PushCategory, boolean | undefined][];
  const on = entries.filter(([, v]) => v === true).map(([c]) => c);
  const off = entries.filter(([, v]) => v === false).map(([c]) => c);
  if (on.length) {
    await db.delete(pushOptOuts).where(and(eq(pushOptOuts.userId, userId), inArray(pushOptOuts.category, on)));
  }
  if (off.length) {
    await db
      .insert(pushOptOuts)
      .values(off.map((category) => ({ userId, category })))
      .onConflictDoNothing();
  }
}

/** How many rows an `INSERT … RETURNING` run through `db.execute` returned (both drivers answer `rows`). */
async function inserted(db: Db, statement: SQL): Promise<number> {
  return ((await db.execute(statement)) as unknown as { rows: unknown[] }).rows.length;
}

/** Queues notification `notificationId` of `userId` under `category` when `userId` has a device; true when queued. */
export async function queueOne(
  db: Db,
  userId: string,
  notificationId: string,
  category: PushCategory,
): Promise<boolean> {
  const queued = await inserted(
    db,
    sql`INSERT INTO ${pushOutbox} (notification_id, category)
        SELECT ${notificationId}::uuid, ${category}
        WHERE EXISTS (SELECT 1 FROM ${pushSubscriptions} WHERE user_id = ${userId}::uuid)
        RETURNING id`,
  );
  return queued > 0;
}

/** Queues the copies of broadcast send `sendId` whose recipient has a device (found by the send's index); returns how many. */
export function queueSend(db: Db, sendId: string): Promise<number> {
  return inserted(
    db,
    sql`INSERT INTO ${pushOutbox} (notification_id, category)
        SELECT n.id, 'broadcasts' FROM ${notifications} n
        WHERE n.send_id = ${sendId}::uuid
          AND EXISTS (SELECT 1 FROM ${pushSubscriptions} s WHERE s.user_id = n.user_id)
        RETURNING id`,
  );
}

/** One queued push with its notification, and whether its recipient may not get it. */
export interface OutboxRow {
  id: number;
  category: PushCategory;
  userId: string;
  message: string;
  link: string | null;
  /** The recipient switched the category off or was deactivated: deleted unsent. */
  muted: boolean;
}

/** Takes up to `limit` rows, oldest first, locked for this transaction (`FOR UPDATE SKIP LOCKED`). */
export async function takeBatch(db: Db, limit: number): Promise<OutboxRow[]> {
  return db
    .select({
      id: pushOutbox.id,
      category: pushOutbox.category,
      userId: notifications.userId,
      message: notifications.message,
      link: notifications.link,
      muted: sql<boolean>`(${users.deactivatedAt} IS NOT NULL OR ${exists(
        db
          .select({ one: sql`1` })
          .from(pushOptOuts)
          .where(and(eq(pushOptOuts.userId, notifications.userId), eq(pushOptOuts.category, pushOutbox.category))),
      )})`,
    })
    .from(pushOutbox)
    .innerJoin(notifications, eq(notifications.id, pushOutbox.notificationId))
    .innerJoin(users, eq(users.id, notifications.userId))
    .orderBy(asc(pushOutbox.id))
    .limit(limit)
    .for('update', { of: pushOutbox, skipLocked: true });
}

/** The subscriptions of `userIds`. */
export function subscriptionsOf(db: Db, userIds: string[]): Promise<SubscriptionRow[]> {
  if (!userIds.length) return Promise.resolve([]);
  return db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.userId, userIds));
}

/** Deletes outbox rows `ids`. */
export async function deleteOutbox(db: Db, ids: number[]): Promise<void> {
  if (ids.length) await db.delete(pushOutbox).where(inArray(pushOutbox.id, ids));
}

/** Deletes the subscriptions `ids` (their push service answered 404 or 410). */
export async function deleteSubscriptions(db: Db, ids: string[]): Promise<void> {
  if (ids.length) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
}

/** Marks the subscriptions `ids` used now. */
export async function touchSubscriptions(db: Db, ids: string[]): Promise<void> {
  if (ids.length) {
    await db
      .update(pushSubscriptions)
      .set({ lastUsedAt: sql`now()` })
      .where(inArray(pushSubscriptions.id, ids));
  }
}
