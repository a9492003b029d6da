/**
 * The events feed's shared pages, kept in process (docs/decisions/0702-events-feed-cache.md,
 * docs/performance.md "The events feed"): one page of the feed as every viewer sees it alike —
 * each event's JSON without the viewer's own fields — keyed by the feed's query (tab, club,
 * category, words, page, limit), with its `pagination` total. A request adds the viewer's answers
 * and whether they may manage each event ({@link pageText}) from one small statement, kept per
 * viewer with the page ({@link FeedCache.viewerState}).
 *
 * Freshness (the ADR): a page is dropped
 * - at once on every instance when a write announces a changed event on the live channel
 *   (`lib/live-changes.ts`: posting, editing, cancelling, deleting, an answer, a report hiding or
 *   restoring it — the NOTIFY goes at commit), and on this instance when its own write committed
 *   (`event-feed-changed` on the app's bus), so a writer reads its write;
 * - when time moves it: at the next end of any event (it leaves the upcoming tab, enters the past
 *   one) and at the institute's midnight (the groups Today / This week / Later);
 * - at the latest `EVENTS_FEED_CACHE_TTL_MS` after it was read (default 10 s, 0 = no cache), which
 *   bounds what no event write announces: a club renamed, a place renamed, a poster deactivated.
 * A viewer's state goes with its page, and every kept state and page at an access change (a block or
 * unblock, a club's coordinators: `publishAccessChange` on the live channel, `access-changed` here).
 * While the LISTEN connection is down nothing is cached, and everything is dropped when it comes
 * back (NOTIFYs meanwhile are lost), as the session cache does.
 */
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { ListEventsQuery } from '@campus/contract/events';
import type { JsonText } from '../../lib/envelope.ts';
import { LIVE_CHANNEL } from '../../lib/live-changes.ts';
import { logSafeError } from '../../db/faults.ts';
import type { ViewerState } from './events.queries.ts';

/** How many pages one instance keeps (the least recently read goes first): ~15 KB each. */
const FEED_CACHE_MAX = 500;
/** How many compressed answers one page keeps (by viewer's fields and encoding): ~2 KB each. */
const KEPT_ANSWERS_MAX = 8;
/** How many viewers' states (answers, coordinated clubs, blocks) one instance keeps: ~0.3 KB each. */
const VIEWER_STATES_MAX = 20_000;

/** One page of the feed as every viewer sees it. */
export interface SharedPage {
  /** Each event's JSON text without its closing brace, in the feed's order. */
  fragments: string[];
  /** The events' ids and their clubs' ids, in the same order. */
  ids: string[];
  clubIds: string[];
  total: number;
  totalCapped?: true;
  /**
   * The page's answers compressed once, by {@link viewerKey} (and encoding): most viewers have no
   * answer and no right on a page, so they share one (`sendPageText`). Dropped with the page.
   */
  answers?: LRUCache<string, Buffer>;
}

/** The compressed answers a new page keeps ({@link SharedPage.answers}). */
export const keptAnswers = (): LRUCache<string, Buffer> => new LRUCache({ max: KEPT_ANSWERS_MAX });

/** A shared page and the instant (ms) until which it holds (the next event end or midnight). */
export interface FilledPage {
  page: SharedPage;
  until: number;
}

/** The cache key of a feed query: every field that changes the page. */
export function feedKey(q: ListEventsQuery): string {
  return JSON.stringify([q.when, q.club ?? '', q.category ?? '', q.q ?? '', q.page, q.limit]);
}

/**
 * The viewer's fields of a page as one key ({@link pageText} of the same page and arguments is the
 * same text exactly when this key is the same): `myRsvp` and `canManage` of each event in order.
 */
export function viewerKey(page: SharedPage, state: ViewerState, admin: boolean): string {
  return page.ids
    .map((id, i) => `${state.rsvps.get(id) ?? 'none'}${admin || state.coordinated.has(page.clubIds[i]!) ? '+' : ''}`)
    .join(',');
}

/**
 * The page's `data` for one viewer: each shared event closed with `myRsvp` (their answer, `none`
 * when absent) and `canManage` (an admin, or a coordinator of its club) — string joins, no parse.
 */
export function pageText(page: SharedPage, state: ViewerState, admin: boolean): JsonText {
  const items = page.fragments.map((fragment, i) => {
    const rsvp = state.rsvps.get(page.ids[i]!) ?? 'none';
    const manage = admin || state.coordinated.has(page.clubIds[i]!);
    return `${fragment},"myRsvp":"${rsvp}","canManage":${manage}}`;
  });
  return `[${items.join(',')}]` as JsonText;
}

/**
 * The pages by key, with the generation that every invalidation bumps: a fill that overlapped an
 * invalidation answers its request but is not kept, and a request after an invalidation never
 * joins a fill started before it.
 */
export class FeedCache {
  private readonly entries: LRUCache<string, { page: SharedPage; until: number }>;
  private readonly filling = new Map<string, { generation: number; promise: Promise<SharedPage> }>();
  /** Each viewer's state by viewer and page key, valid only with the page object it was read for. */
  private readonly viewers = new LRUCache<string, { page: SharedPage; state: ViewerState }>({ max: VIEWER_STATES_MAX });
  private generation = 0;
  private readonly ttlMs: number;
  private readonly usable: () => boolean;
  private readonly now: () => number;

  /** `ttlMs` 0 turns the cache off; `usable` says whether invalidations can arrive now (LISTEN up). */
  constructor(ttlMs: number, usable: () => boolean, now: () => number = Date.now) {
    this.ttlMs = ttlMs;
    this.usable = usable;
    this.now = now;
    this.entries = new LRUCache({ max: FEED_CACHE_MAX });
  }

  /** Drops every page and viewer's state (an event or someone's access changed, or the listener came back). */
  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
    this.filling.clear();
    this.viewers.clear();
  }

  /**
   * `viewerId`'s state for `page` (the kept page of `key`): kept with that page object — so it
   * goes when the page is dropped or refilled (an answer, any event change, the TTL, the next end
   * or midnight) and at every access change (a block, a club's coordinators: {@link invalidate})
   * — or read by `read` and kept when neither the page nor the generation moved meanwhile.
   */
  async viewerState(key: string, viewerId: string, page: SharedPage, read: () => Promise<ViewerState>) {
    if (this.ttlMs === 0 || !this.usable()) return read();
    const id = `${viewerId}\n${key}`;
    const kept = this.viewers.get(id);
    if (kept?.page === page) return kept.state;
    const generation = this.generation;
    const state = await read();
    if (this.generation === generation && this.entries.peek(key)?.page === page) this.viewers.set(id, { page, state });
    return state;
  }

  /**
   * The page of `key`: kept and still valid, or being filled for the current generation (one fill
   * per key at a time), or filled now by `fill` and kept until the earlier of its own `until` and
   * the TTL. Without the cache (TTL 0, listener down) every call fills.
   */
  async get(key: string, fill: () => Promise<FilledPage>): Promise<SharedPage> {
    if (this.ttlMs === 0 || !this.usable()) return (await fill()).page;
    const kept = this.entries.get(key);
    if (kept && kept.until > this.now()) return kept.page;
    const running = this.filling.get(key);
    if (running && running.generation === this.generation) return running.promise;
    const generation = this.generation;
    const started = this.now();
    const promise = fill()
      .then(({ page, until }) => {
        if (this.generation === generation)
          this.entries.set(key, { page, until: Math.min(until, started + this.ttlMs) });
        return page;
      })
      .finally(() => {
        if (this.filling.get(key)?.promise === promise) this.filling.delete(key);
      });
    this.filling.set(key, { generation, promise });
    return promise;
  }
}

/** Whether a live-channel payload names a changed event (a `change` naming type `event`). */
function namesEvent(raw: string): boolean {
  try {
    const p = JSON.parse(raw) as { t?: string; c?: { type?: string }[] };
    return p.t === 'change' && Array.isArray(p.c) && p.c.some((c) => c.type === 'event');
  } catch {
    return false;
  }
}

/** Whether a live-channel payload announces an access change (`publishAccessChange`). */
const namesAccess = (raw: string) => raw === ACCESS_PAYLOAD;
const ACCESS_PAYLOAD = JSON.stringify({ t: 'access' });

/**
 * The app's feed cache wired to its invalidations: the live channel (every instance), this
 * instance's `event-feed-changed`, and the listener's reconnects. LISTEN starts when the app is
 * ready; until it is active (and whenever the connection is down) the cache is bypassed.
 */
export function startFeedCache(app: FastifyInstance): FeedCache {
  const ctx = app.ctx;
  let subscribed = false;
  const cache = new FeedCache(
    ctx.config.eventsFeedCacheTtlMs,
    () => subscribed && ctx.database.listenerState() === 'ok',
  );
  const onLocal = () => cache.invalidate();
  const stopReconnect = ctx.database.onListenerReconnect(() => cache.invalidate());
  ctx.events.on('event-feed-changed', onLocal);
  ctx.events.on('access-changed', onLocal);
  let unlisten = async () => {};
  app.addHook('onReady', async () => {
    if (ctx.config.eventsFeedCacheTtlMs === 0) return;
    const onPayload = (raw: string) => {
      if (namesEvent(raw) || namesAccess(raw)) cache.invalidate();
    };
    unlisten = await ctx.database
      .listen(LIVE_CHANNEL, onPayload)
      .then((stop) => {
        subscribed = true;
        return stop;
      })
      .catch((err: unknown) => {
        // The listener keeps the subscription and retries; the cache stays bypassed meanwhile.
        subscribed = true;
        ctx.log.warn({ err: logSafeError(err) }, 'events feed cache: LISTEN not active yet');
        return async () => {};
      });
  });
  app.addHook('onClose', async () => {
    ctx.events.off('event-feed-changed', onLocal);
    ctx.events.off('access-changed', onLocal);
    stopReconnect();
    subscribed = false;
    cache.invalidate();
    await unlisten();
  });
  return cache;
}
