/**
 * Live delivery (docs/design.md §7): Postgres LISTEN/NOTIFY fan-out across API instances and the per-instance
 * hub of open SSE streams. Writers call `publish` inside their transaction (delivered only after
 * COMMIT, never on rollback); every instance (the writer's included) receives the payload on
 * `CHANNEL` and delivers to the users connected to it. One NOTIFY per send: a broadcast is one
 * payload naming the send, and each instance loads only its own connected users' rows.
 * {@link startLiveHub} ties the hub to the routes' scope; {@link openStream} answers one request
 * with a stream.
 */
import { and, count, eq, inArray, not } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { STREAM_EVENTS, STREAM_PING_SECONDS, type UnreadReason } from '@campus/contract/notifications';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { fileUrl } from '../../lib/blob-store.ts';
import { logSafeError } from '../../db/faults.ts';
import { LIVE_CHANNEL, type ChangePayload } from '../../lib/live-changes.ts';

/** The NOTIFY channel (declared in lib/live-changes.ts, which record kinds' writes use too). */
export const CHANNEL = LIVE_CHANNEL;

/** What travels through NOTIFY (kept tiny: ids only; payload limit is 8000 bytes). */
export type LivePayload =
  /** One new notification `id` for user `u`. */
  | { t: 'new'; u: string; id: string }
  /** A broadcast send `s`: every recipient has one row with `send_id = s`. */
  | { t: 'send'; s: string }
  /** User `u`'s unread count changed. */
  | { t: 'unread'; u: string; r: UnreadReason }
  /** Unread counts of many users changed (a broadcast recalled). */
  | { t: 'unread-all'; r: UnreadReason }
  /** Every session of user `u` ended (deactivation, password change/reset). */
  | { t: 'end'; u: string }
  /** One session ended (logout); `sid` is the stored session id. */
  | { t: 'end-session'; sid: string }
  /** Records changed (lib/live-changes.ts): `change` to the users `u`, or to every stream. */
  | ChangePayload;

/**
 * Queues `payload` on the channel through `db` (a transaction or the pool). Inside a transaction the
 * NOTIFY is sent at COMMIT and dropped on rollback.
 */
export async function publish(db: Db, payload: LivePayload): Promise<void> {
  await db.execute(sql`SELECT pg_notify(${CHANNEL}, ${JSON.stringify(payload)})`);
}

/** An open SSE stream as the hub sees it. */
export interface StreamClient {
  userId: string;
  sessionId: string | null;
  /** Writes one SSE event (`data` JSON-encoded). */
  send(event: string, data: unknown): void;
  /** Ends the response. */
  close(): void;
}

/** Maps a notification row to the API shape (docs/product-spec.md §3 + link); `file_url` absolute (docs/design.md §4). */
export function toApiNotification(row: typeof notifications.$inferSelect, appUrl: string) {
  return {
    id: row.id,
    userId: row.userId,
    message: row.message,
    type: row.type,
    file_url: fileUrl(appUrl, row.fileId),
    link: row.link,
    is_read: row.isRead,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Holds this instance's open streams by user and turns channel payloads into SSE events
 * (`notification` with the item, `unread` with `{ unreadCount, reason }`, `change` with
 * `{ changed }` — to the users named, or to every stream when none are). Payloads are handled one
 * at a time in arrival order. When the database's LISTEN connection comes back after a drop, every
 * stream gets `resync`: NOTIFYs sent during the gap are lost, so clients refetch.
 * A session holds at most `streamsPerSession` streams and a user `streamsPerUser`:
 * a new stream closes the oldest one over the cap (a reconnecting browser must never be refused
 * because its dead stream has not timed out yet).
 */
export class LiveHub {
  private readonly byUser = new Map<string, Set<StreamClient>>();
  private starting: Promise<void> | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private readonly stopResync: () => void;
  private queue: Promise<void> = Promise.resolve();
  private stopped = false;

  private readonly ctx: ServiceContext;

  constructor(ctx: ServiceContext) {
    this.ctx = ctx;
    this.stopResync = ctx.database.onListenerReconnect(() => this.resyncAll());
  }

  /**
   * Subscribes to the channel once (idempotent); resolves when LISTEN is active. A failed start may
   * be retried: the callback is one function, so the listener never holds it twice.
   */
  start(): Promise<void> {
    this.starting ??= this.ctx.database
      .listen(CHANNEL, this.onPayload)
      .then((unlisten) => {
        this.unlisten = unlisten;
      })
      .catch((err) => {
        this.starting = undefined;
        throw err;
      });
    return this.starting;
  }

  /** Queues one channel payload; payloads are handled one at a time in arrival order. */
  private readonly onPayload = (raw: string): void => {
    this.queue = this.queue
      .then(() => this.handle(raw))
      .catch((err) => this.ctx.log.error({ err: logSafeError(err) }, 'live delivery failed'));
  };

  /** Registers an open stream, first closing the oldest streams of its session and user over the caps. */
  add(client: StreamClient): void {
    let set = this.byUser.get(client.userId);
    if (!set) this.byUser.set(client.userId, (set = new Set()));
    const { streamsPerSession, streamsPerUser } = this.ctx.config.limits;
    const sameSession = [...set].filter((c) => c.sessionId === client.sessionId);
    for (const old of sameSession.slice(0, Math.max(0, sameSession.length - streamsPerSession + 1))) this.drop(old);
    for (const old of [...set].slice(0, Math.max(0, set.size - streamsPerUser + 1))) this.drop(old);
    set.add(client);
  }

  /** Forgets and closes one stream. */
  private drop(client: StreamClient): void {
    this.remove(client);
    client.close();
  }

  /** Tells every open stream to refetch (the listener reconnected). */
  resyncAll(): void {
    for (const set of this.byUser.values()) for (const c of set) c.send(STREAM_EVENTS.resync, {});
  }

  /** Forgets a stream (after its connection closed). */
  remove(client: StreamClient): void {
    const set = this.byUser.get(client.userId);
    set?.delete(client);
    if (set && !set.size) this.byUser.delete(client.userId);
  }

  /** Number of open streams on this instance. */
  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  /** Closes every stream of `userId` on this instance. */
  closeUser(userId: string): void {
    for (const c of [...(this.byUser.get(userId) ?? [])]) this.drop(c);
  }

  /** Closes the streams opened with session `sessionId` on this instance. */
  closeSession(sessionId: string): void {
    for (const set of [...this.byUser.values()]) for (const c of [...set]) if (c.sessionId === sessionId) this.drop(c);
  }

  /** Closes every stream (shutdown: first, so SIGTERM is quick). */
  closeAll(): void {
    for (const set of [...this.byUser.values()]) for (const c of [...set]) this.drop(c);
  }

  /** Closes all streams and unsubscribes from the channel. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopResync();
    this.closeAll();
    await this.starting?.catch(() => {});
    await this.unlisten?.().catch(() => {});
  }

  private async handle(raw: string): Promise<void> {
    if (this.stopped) return;
    let p: LivePayload;
    try {
      p = JSON.parse(raw) as LivePayload;
    } catch {
      return;
    }
    switch (p.t) {
      case 'new': {
        if (!this.byUser.has(p.u)) return;
        const [row] = await this.ctx.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.id, p.id), eq(notifications.userId, p.u)));
        if (row) this.emit(p.u, STREAM_EVENTS.notification, toApiNotification(row, this.ctx.config.appUrl));
        await this.sendCounts([p.u], 'new');
        return;
      }
      case 'send': {
        const ids = [...this.byUser.keys()];
        if (!ids.length) return;
        const rows = await this.ctx.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.sendId, p.s), inArray(notifications.userId, ids)));
        for (const row of rows)
          this.emit(row.userId, STREAM_EVENTS.notification, toApiNotification(row, this.ctx.config.appUrl));
        await this.sendCounts(
          rows.map((r) => r.userId),
          'new',
        );
        return;
      }
      case 'unread':
        if (this.byUser.has(p.u)) await this.sendCounts([p.u], p.r);
        return;
      case 'unread-all':
        await this.sendCounts([...this.byUser.keys()], p.r);
        return;
      case 'end':
        this.closeUser(p.u);
        return;
      case 'end-session':
        this.closeSession(p.sid);
        return;
      case 'change': {
        const data = { changed: p.c };
        if (p.u) for (const u of p.u) this.emit(u, STREAM_EVENTS.change, data);
        else for (const u of this.byUser.keys()) this.emit(u, STREAM_EVENTS.change, data);
        return;
      }
    }
  }

  /** Sends `unread` to each of `userIds` with one grouped count query. */
  private async sendCounts(userIds: string[], reason: UnreadReason): Promise<void> {
    const ids = userIds.filter((u) => this.byUser.has(u));
    if (!ids.length) return;
    const rows = await this.ctx.db
      .select({ userId: notifications.userId, n: count() })
      .from(notifications)
      .where(and(inArray(notifications.userId, ids), not(notifications.isRead)))
      .groupBy(notifications.userId);
    const counts = new Map(rows.map((r) => [r.userId, Number(r.n)]));
    for (const u of ids) this.emit(u, STREAM_EVENTS.unread, { unreadCount: counts.get(u) ?? 0, reason });
  }

  private emit(userId: string, event: string, data: unknown): void {
    for (const c of this.byUser.get(userId) ?? []) c.send(event, data);
  }
}

/** Unsent bytes a live stream may queue before it is closed (a client that never reads). */
const STREAM_BACKLOG_BYTES = 256 * 1024;

/**
 * The hub of the notification routes' scope `app`, tied to its life: streams close on
 * deactivation / password change (all sessions) and logout (one session) on every instance — the
 * local close is immediate, the NOTIFY reaches the other instances; at shutdown the streams close
 * in `preClose`, so SIGTERM does not wait for them, and LISTEN stops on close. LISTEN starts when
 * the app is ready, so readiness reports the listener (lib/readiness.ts); a database that is away
 * then is retried in the background by the listener itself.
 */
export function startLiveHub(app: FastifyInstance): LiveHub {
  const ctx = app.ctx;
  const hub = new LiveHub(ctx);
  const onUserEnded = (userId: string) => {
    hub.closeUser(userId);
    publish(ctx.db, { t: 'end', u: userId }).catch((err) => ctx.log.warn({ err }, 'publish end failed'));
  };
  const onSessionEnded = (sessionId: string) => {
    hub.closeSession(sessionId);
    publish(ctx.db, { t: 'end-session', sid: sessionId }).catch((err) =>
      ctx.log.warn({ err }, 'publish end-session failed'),
    );
  };
  ctx.events.on('sessions-ended', onUserEnded);
  ctx.events.on('session-ended', onSessionEnded);
  app.addHook('preClose', async () => {
    ctx.events.off('sessions-ended', onUserEnded);
    ctx.events.off('session-ended', onSessionEnded);
    hub.closeAll();
  });
  app.addHook('onClose', async () => {
    await hub.stop();
  });
  app.addHook('onReady', async () => {
    await hub.start().catch((err: Error) => ctx.log.warn({ reason: err.message }, 'LISTEN not active yet; retrying'));
  });
  return hub;
}

/**
 * Answers `reply` with the SSE stream of `viewer` (docs/design.md §7): status 200 with the headers already
 * set on the reply plus `text/event-stream`, `no-cache, no-transform`, keep-alive and no proxy
 * buffering; `retry: 3000`, then `unread` with `{ unreadCount, reason: 'init' }`, a `ping` every
 * `STREAM_PING_SECONDS`, and the hub's events. A client that stops reading must not grow this
 * process's memory: past {@link STREAM_BACKLOG_BYTES} of unsent events the stream is closed and the
 * browser reconnects and resyncs. A stream the server ends (cap, logout, shutdown) also closes its
 * socket: a kept-alive socket would otherwise stay open with nothing on it (docs/security.md
 * "Time limits").
 */
export function openStream(
  hub: LiveHub,
  reply: FastifyReply,
  viewer: { userId: string; sessionId: string },
  unreadCount: number,
): void {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  let open = true;
  const client: StreamClient = {
    userId: viewer.userId,
    sessionId: viewer.sessionId,
    send(event, data) {
      if (!open) return;
      if (res.writableLength > STREAM_BACKLOG_BYTES) return client.close();
      res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    close() {
      if (!open) return;
      open = false;
      clearInterval(ping);
      const socket = res.socket;
      res.end(() => socket?.destroy());
    },
  };
  const ping = setInterval(() => client.send(STREAM_EVENTS.ping, {}), STREAM_PING_SECONDS * 1000);
  ping.unref();
  res.write('retry: 3000\n\n');
  hub.add(client);
  client.send(STREAM_EVENTS.unread, { unreadCount, reason: 'init' });
  res.on('close', () => {
    open = false;
    clearInterval(ping);
    hub.remove(client);
  });
}
