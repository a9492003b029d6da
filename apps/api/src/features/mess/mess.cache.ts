/**
 * The shared part of a mess's day, kept in process (docs/mess.md "Cost",
 * docs/decisions/0601-mess-day-cache.md): what every student of a mess sees of a day — the mess,
 * the day's meals with their instants and dishes, the dishes' 30-day and the meals' day ratings,
 * the day's notices — per (mess, date) in an `lru-cache` of at most {@link MESS_DAY_ENTRIES}
 * entries, each at most {@link MESS_DAY_TTL_MS} old. A student's own part (the mess shown to them,
 * their ratings of it that day) is kept too, per (student, their hostel, the mess named, date), at
 * most {@link VIEWER_DAY_ENTRIES}, and only while no mess changed since it was read: any change
 * announced for any mess (a rating, a pick, a new mess, a menu…) makes every kept student part
 * stale (a generation counter, so dropping them is O(1)). A hostel saved in the profile changes the
 * key (the session's user row, which the session cache's own NOTIFY refreshes).
 *
 * Invalidation: every write that changes what a mess's day shows runs in {@link changingMess},
 * which queues one NOTIFY on {@link MESS_CHANNEL} naming the mess in the write's transaction (sent
 * at COMMIT, dropped on rollback) and drops this instance's entries of that mess right after the
 * commit; every instance LISTENs and drops them on the NOTIFY (the app's LISTEN connection,
 * `db/pg-listener.ts`, as the session cache's evictions). An entry is the load's promise, stored
 * when the load starts, so a load that began before a write goes with the write's invalidation and
 * is never kept after it. While this instance's LISTEN is not active (PostgreSQL away) the cache
 * is bypassed, and it is emptied when the connection comes back (NOTIFYs meanwhile are lost). The
 * TTL bounds what no NOTIFY announces (a change made by hand in SQL, a restore).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { MessMeal, MessNotice, RatingSummary, TodayMeal } from '@campus/contract/mess';
import type { Database, Db } from '../../db/client.ts';
import type { SessionUser } from '../../lib/auth.ts';
import { logSafeError } from '../../db/faults.ts';
import type { ServiceContext } from '../../lib/context.ts';
import type { ViewerDay } from './mess.queries.ts';

/** The NOTIFY channel of mess changes; the payload is the mess's id (anything else empties the cache). */
export const MESS_CHANNEL = 'cc_mess_changed';
/** At most this many (mess, date) entries per instance (a handful of messes × a few days). */
export const MESS_DAY_ENTRIES = 500;
/** An entry's age limit, ms: the bound for changes no NOTIFY announces. */
export const MESS_DAY_TTL_MS = 60_000;
/** At most this many students' own parts per instance (one per student reading that day). */
export const VIEWER_DAY_ENTRIES = 20_000;
/**
 * The {@link changingMess} id of a change that may move any student's mess (a new mess): every
 * instance empties its cache.
 */
export const ANY_MESS = '*';

/** One meal of a mess's day as every student sees it (the viewer's state and rating are added per request). */
export interface SharedMeal {
  meal: MessMeal;
  start: string;
  end: string;
  /** The meal's start and end instants, ms since the epoch and ISO 8601. */
  startsAtMs: number;
  endsAtMs: number;
  startsAt: string;
  endsAt: string;
  dishes: TodayMeal['dishes'];
  rating: RatingSummary;
}

/** The shared part of `GET /api/mess/today` for one mess and date (treated as read-only). */
export interface MessDayShared {
  mess: { id: string; name: string };
  closed: boolean;
  note: string | null;
  meals: SharedMeal[];
  notices: MessNotice[];
}

/** A mess id as the NOTIFY carries it (anything else empties the cache). */
const MESS_ID = /^[0-9a-f-]{36}$/i;

/** The in-process cache of mess days (see the module's comment). */
export class MessDayCache {
  private readonly lru: LRUCache<string, Promise<MessDayShared | null>>;
  private readonly viewers: LRUCache<string, { generation: number; loading: Promise<ViewerDay> }>;
  /** Moved by every change seen: a student's part read before it is stale. */
  private generation = 0;
  private readonly database: Pick<Database, 'listenerState'>;
  /** True once this instance LISTENs on {@link MESS_CHANNEL} (and again after every reconnect). */
  listening = false;

  /** `ttlMs` is injectable for tests. */
  constructor(database: Pick<Database, 'listenerState'>, ttlMs: number = MESS_DAY_TTL_MS) {
    this.database = database;
    this.lru = new LRUCache({ max: MESS_DAY_ENTRIES, ttl: ttlMs });
    this.viewers = new LRUCache({ max: VIEWER_DAY_ENTRIES, ttl: ttlMs });
  }

  /** False (and the cache emptied) while the LISTEN connection is not active: reads go to the database. */
  private usable(): boolean {
    if (this.listening && this.database.listenerState() === 'ok') return true;
    this.clear();
    return false;
  }

  /**
   * The day `date` of mess `messId`: the kept entry, else `load()` kept (a load that fails or finds
   * no mess is not kept). Bypassed while the LISTEN connection is not active.
   */
  get(messId: string, date: string, load: () => Promise<MessDayShared | null>): Promise<MessDayShared | null> {
    if (!this.usable()) return load();
    const key = `${messId}|${date}`;
    const kept = this.lru.get(key);
    if (kept) return kept;
    const loading = load();
    this.lru.set(key, loading);
    const unkeep = () => {
      if (this.lru.peek(key) === loading) this.lru.delete(key);
    };
    loading.then((day) => {
      if (!day) unkeep();
    }, unkeep);
    return loading;
  }

  /**
   * `viewer`'s own part of the day `date` (the mess `named`, else their own): the kept one if no
   * change was seen since it was read, else `load()` kept (a failed load is not kept). Keyed by the
   * student, the hostel of their session's user row, `named` and `date`.
   */
  viewer(
    viewer: Pick<SessionUser, 'id' | 'hostel'>,
    named: string | undefined,
    date: string,
    load: () => Promise<ViewerDay>,
  ): Promise<ViewerDay> {
    if (!this.usable()) return load();
    const key = `${viewer.id}|${viewer.hostel ?? ''}|${named ?? ''}|${date}`;
    const kept = this.viewers.get(key);
    if (kept?.generation === this.generation) return kept.loading;
    const entry = { generation: this.generation, loading: load() };
    this.viewers.set(key, entry);
    entry.loading.catch(() => {
      if (this.viewers.peek(key) === entry) this.viewers.delete(key);
    });
    return entry.loading;
  }

  /** Drops every date of mess `messId` (and makes every student's kept part stale). */
  forget(messId: string): void {
    this.generation += 1;
    const prefix = `${messId}|`;
    for (const key of [...this.lru.keys()]) if (key.startsWith(prefix)) this.lru.delete(key);
  }

  /** Applies one NOTIFY payload of {@link MESS_CHANNEL}: a mess id drops that mess, anything else everything. */
  evict(payload: string): void {
    if (MESS_ID.test(payload)) this.forget(payload);
    else this.clear();
  }

  /** Drops every entry. */
  clear(): void {
    this.generation += 1;
    this.lru.clear();
    this.viewers.clear();
  }

  /** How many entries are kept (tests). */
  get size(): number {
    return this.lru.size;
  }
}

/** Each running app's cache, by its service context (absent: reads go to the database). */
const caches = new WeakMap<ServiceContext, MessDayCache>();

/** The cache of the app whose context is `ctx`, if its mess routes are registered. */
export const messDayCacheOf = (ctx: ServiceContext): MessDayCache | undefined => caches.get(ctx);

/**
 * Runs `work` in a transaction that announces a change of mess `messId` (one NOTIFY on
 * {@link MESS_CHANNEL} at COMMIT, to every instance), then drops this instance's entries of that
 * mess at once, so the writer's next read shows the change. Every write that changes what a mess's
 * day shows (a rating, the cycle, a day's override, a notice, the mess itself) or which mess a
 * student sees (a pick; a new mess, as {@link ANY_MESS}) goes through here.
 */
export async function changingMess<T>(ctx: ServiceContext, messId: string, work: (tx: Db) => Promise<T>): Promise<T> {
  const result = await ctx.db.transaction(async (tx) => {
    const out = await work(tx);
    await tx.execute(sql`SELECT pg_notify(${MESS_CHANNEL}, ${messId})`);
    return out;
  });
  caches.get(ctx)?.evict(messId);
  return result;
}

/**
 * The mess routes' cache for `app`, tied to its life: LISTENs on {@link MESS_CHANNEL} now (a
 * database that is away is retried by the listener, the cache bypassed meanwhile), is emptied
 * and used again after every reconnect of the LISTEN connection, and stops listening on close.
 */
export async function startMessDayCache(app: FastifyInstance): Promise<MessDayCache> {
  const ctx = app.ctx;
  const cache = new MessDayCache(ctx.database);
  caches.set(ctx, cache);
  const stopReconnect = ctx.database.onListenerReconnect(() => {
    cache.clear();
    cache.listening = true;
  });
  const unlisten = await ctx.database
    .listen(MESS_CHANNEL, (payload) => cache.evict(payload))
    .then((stop) => {
      cache.listening = true;
      return stop;
    })
    .catch((err: unknown) => {
      ctx.log.warn({ err: logSafeError(err) }, 'mess cache: LISTEN not active yet');
      return async () => {};
    });
  app.addHook('onClose', async () => {
    stopReconnect();
    caches.delete(ctx);
    cache.clear();
    await unlisten();
  });
  return cache;
}
