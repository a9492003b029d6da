/**
 * Web Push rules (docs/decisions/0501-web-push.md; docs/design.md §7): a student stores one
 * subscription per device and deletes only their own (another's endpoint → 404), switches
 * categories off, and gets a push for each queued notification of a category still on.
 *
 * Sending goes through the `push` outbox (lib/outbox.ts): {@link queuePush} and
 * {@link queueBroadcastPush} insert rows in the notification's own transaction and wake the worker;
 * {@link startPushWorker} drains them after commit, encrypting each payload with `web-push`
 * (RFC 8291 `aes128gcm`, VAPID RFC 8292) and posting it to every device of the recipient, shared
 * out per push service host (push.endpoints.ts). A 404 or 410 from a push service deletes that
 * subscription. A student keeps at most {@link DEVICES_MAX} devices (docs/security.md "Fair shares").
 */
import webpush from 'web-push';
import {
  PUSH_MESSAGES,
  PUSH_TITLE,
  type PushCategory,
  type PushPayload,
  type PushPreferences,
  type PushSubscriptionInfo,
  type SubscribeBody,
  type UnsubscribeBody,
  type UpdatePushPreferencesBody,
} from '@campus/contract/push';
import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../../lib/auth.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { throttledLog } from '../../lib/log-throttle.ts';
import { startOutboxWorker, wakeOutbox, type OutboxWorker } from '../../lib/outbox.ts';
import { appSecret } from '../../lib/tokens.ts';
import { PushSender, postPush, pushTarget, type PushTarget } from './push.endpoints.ts';
import * as queries from './push.queries.ts';

/** The outbox's name (its NOTIFY payload; the saved-alert match statement wakes it too). */
export const PUSH_OUTBOX = 'push';
/** Rows one drain takes. */
const BATCH = 50;
/** Devices one student keeps; a new one replaces the one unused longest. */
export const DEVICES_MAX = 10;
/** How long a push service keeps an undelivered push, seconds (a day). */
const TTL_SECONDS = 24 * 3600;
/** How often the worker drains without a NOTIFY, ms. */
const INTERVAL_MS = 30_000;

const logSend = throttledLog(60_000, 5);

/** A VAPID key pair, base64url. */
interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The app's VAPID keys: `VAPID_PUBLIC_KEY`/`VAPID_PRIVATE_KEY`, else a pair generated once and kept
 * as the `vapid` app secret (INSERT … ON CONFLICT DO NOTHING, then read: every instance shares it).
 */
async function vapidKeys(ctx: ServiceContext): Promise<VapidKeys> {
  if (ctx.config.push.vapid) return ctx.config.push.vapid;
  const stored = await appSecret(ctx.db, 'vapid', () => JSON.stringify(webpush.generateVAPIDKeys()));
  return JSON.parse(stored) as VapidKeys;
}

/** GET /api/push/key: the public key the browser subscribes with (`applicationServerKey`). */
export async function publicKey(ctx: ServiceContext): Promise<string> {
  return (await vapidKeys(ctx)).publicKey;
}

/**
 * POST /api/push/subscriptions: stores this device's subscription for `user` (an endpoint already
 * stored moves to `user`) and, in the same transaction under a lock on the student's row, deletes
 * their devices beyond the {@link DEVICES_MAX} used most recently. 400 for an endpoint the server
 * would not contact (push.endpoints.ts).
 */
export async function subscribe(
  ctx: ServiceContext,
  user: SessionUser,
  body: SubscribeBody,
): Promise<PushSubscriptionInfo> {
  if (!pushTarget(ctx.config, body.endpoint)) {
    throw badRequest(PUSH_MESSAGES.endpointInvalid, { endpoint: PUSH_MESSAGES.endpointInvalid });
  }
  const row = await ctx.db.transaction(async (tx) => {
    await queries.lockStudent(tx, user.id);
    const stored = await queries.upsertSubscription(tx, user.id, body);
    await queries.keepNewest(tx, user.id, DEVICES_MAX);
    return stored;
  });
  return { endpoint: row.endpoint, createdAt: row.createdAt.toISOString() };
}

/** DELETE /api/push/subscriptions: deletes `user`'s subscription at the endpoint (none of theirs → 404). */
export async function unsubscribe(ctx: ServiceContext, user: SessionUser, body: UnsubscribeBody): Promise<void> {
  if (!(await queries.deleteOwnSubscription(ctx.db, user.id, body.endpoint))) throw notFound(PUSH_MESSAGES.notFound);
}

/** GET /api/push/preferences: `user`'s categories (on unless switched off). */
export function preferences(ctx: ServiceContext, user: SessionUser): Promise<PushPreferences> {
  return queries.preferencesOf(ctx.db, user.id);
}

/** PUT /api/push/preferences: switches the named categories on or off; returns them all. */
export async function savePreferences(
  ctx: ServiceContext,
  user: SessionUser,
  body: UpdatePushPreferencesBody,
): Promise<PushPreferences> {
  return ctx.db.transaction(async (tx) => {
    await queries.setPreferences(tx, user.id, body);
    return queries.preferencesOf(tx, user.id);
  });
}

/**
 * Queues a push of notification `notificationId` (just inserted for `userId`) under `category`,
 * through `db` — the notification's transaction, so it is sent exactly when that commits. Nothing
 * is queued for a user without a device.
 */
export async function queuePush(db: Db, userId: string, notificationId: string, category: PushCategory): Promise<void> {
  if (await queries.queueOne(db, userId, notificationId, category)) await wakeOutbox(db, PUSH_OUTBOX);
}

/** Queues a push of each copy of broadcast send `sendId` whose recipient has a device, through `db` (its transaction). */
export async function queueBroadcastPush(db: Db, sendId: string): Promise<void> {
  if ((await queries.queueSend(db, sendId)) > 0) await wakeOutbox(db, PUSH_OUTBOX);
}

/** The push of a notification: nothing the bell does not already show (docs/decisions/0501-web-push.md). */
export function payloadOf(row: { message: string; link: string | null }): PushPayload {
  return { title: PUSH_TITLE, body: row.message, link: row.link };
}

/** What became of one push: delivered, the subscription gone (404/410), failed (logged, dropped) or skipped (its host's breaker open). */
type Outcome = 'sent' | 'gone' | 'failed' | 'skipped';

/**
 * Encrypts `payload` for `sub` and posts it to `target` within the configured time (or until
 * `signal` aborts). `healthy` is false when the host failed: a time-out, a transport error (a name
 * resolving to a non-public address is refused at connect time, logged), a 5xx or 429.
 */
async function send(
  ctx: ServiceContext,
  keys: VapidKeys,
  target: PushTarget,
  sub: queries.SubscriptionRow,
  payload: PushPayload,
  signal: AbortSignal,
): Promise<{ result: Outcome; healthy: boolean }> {
  try {
    // web-push builds the encrypted request; it sends only over https itself, so the post is ours.
    const req = webpush.generateRequestDetails(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject: ctx.config.push.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: TTL_SECONDS,
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
      },
    );
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([name]) => name.toLowerCase() !== 'content-length'),
    ) as Record<string, string>;
    const status = await postPush(
      target,
      { method: req.method, headers, body: req.body as Buffer },
      AbortSignal.any([signal, AbortSignal.timeout(ctx.config.push.sendTimeoutMs)]),
    );
    const healthy = status < 500 && status !== 429;
    if (status === 404 || status === 410) return { result: 'gone', healthy };
    if (status >= 200 && status < 300) return { result: 'sent', healthy };
    logSend(ctx.log, 'warn', { status, host: target.url.host }, 'Push service refused a push');
    return { result: 'failed', healthy };
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException };
    logSend(ctx.log, 'warn', { err: String(err), code: e.code ?? e.cause?.code, host: target.url.host }, 'Push failed');
    return { result: 'failed', healthy: false };
  }
}

/** Once every send of one drain has settled: deletes the subscriptions answered 404/410, marks the reached ones used. */
async function recordOutcomes(ctx: ServiceContext, sends: Promise<{ id: string; outcome: Outcome }>[]): Promise<void> {
  const done = await Promise.all(sends);
  try {
    const gone = new Set(done.filter((d) => d.outcome === 'gone').map((d) => d.id));
    await queries.deleteSubscriptions(ctx.db, [...gone]);
    await queries.touchSubscriptions(ctx.db, [
      ...new Set(done.filter((d) => d.outcome === 'sent' && !gone.has(d.id)).map((d) => d.id)),
    ]);
  } catch (err) {
    logSend(ctx.log, 'warn', { err: String(err) }, 'Push outcomes not stored');
  }
}

/**
 * One drain of the push outbox: waits for room under the sender's in-flight ceiling, takes a batch
 * (`FOR UPDATE SKIP LOCKED`) with the recipients' devices and deletes it in one short transaction,
 * then hands each row not muted, for every device of its recipient, to `sender` — concurrently per
 * push service host, with no transaction open (a slow push service never holds a connection — on
 * PGlite the only one) — and returns without waiting for them, so the next drain never waits
 * behind a slow host. An endpoint the rules no longer allow is not contacted and its subscription
 * is deleted, like one answered 404/410. A push is sent at most once: a crash while sending loses
 * it, never doubles it; the bell still has the notification (docs/decisions/0501-web-push.md).
 * Returns how many rows it took.
 */
export async function drainPushOutbox(ctx: ServiceContext, sender: PushSender): Promise<number> {
  await sender.room();
  const keys = await vapidKeys(ctx);
  const taken = await ctx.db.transaction(async (tx) => {
    const rows = await queries.takeBatch(tx, BATCH);
    if (!rows.length) return null;
    const live = rows.filter((r) => !r.muted);
    const subs = await queries.subscriptionsOf(tx, [...new Set(live.map((r) => r.userId))]);
    await queries.deleteOutbox(
      tx,
      rows.map((r) => r.id),
    );
    return { count: rows.length, live, subs };
  });
  if (!taken) return 0;
  const sends = taken.live.flatMap((row) =>
    taken.subs
      .filter((s) => s.userId === row.userId)
      .map(async (s) => {
        const target = pushTarget(ctx.config, s.endpoint);
        if (!target) return { id: s.id, outcome: 'gone' as const };
        const outcome = await sender.run(target.url.host, (signal) =>
          send(ctx, keys, target, s, payloadOf(row), signal),
        );
        return { id: s.id, outcome };
      }),
  );
  sender.track(recordOutcomes(ctx, sends));
  return taken.count;
}

/** The sender of each app's push worker (its service context). */
const senders = new WeakMap<ServiceContext, PushSender>();

/**
 * Starts this process's push worker (the push routes start it when the app is ready and stop it on
 * close). Its `idle` also waits for the pushes in flight and their outcomes; `stop` aborts them.
 */
export function startPushWorker(ctx: ServiceContext): OutboxWorker {
  const sender = new PushSender();
  senders.set(ctx, sender);
  const worker = startOutboxWorker(ctx, {
    name: PUSH_OUTBOX,
    intervalMs: INTERVAL_MS,
    drain: (c) => drainPushOutbox(c, sender),
  });
  return {
    wake: worker.wake,
    async idle() {
      await worker.idle();
      await sender.settled();
    },
    async stop() {
      await worker.stop();
      await sender.stop();
    },
  };
}

/** Resolves once every push `ctx`'s worker handed out has settled and its outcome is stored (tests). */
export async function pushSendsSettled(ctx: ServiceContext): Promise<void> {
  await senders.get(ctx)?.settled();
}
