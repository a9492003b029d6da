/**
 * One live notification stream per browser, shared by its tabs (docs/design.md §7): HTTP/1.1 allows six
 * connections per origin, so only the *leader* tab opens the `EventSource` on
 * `/api/notification/stream` and relays every event to the other tabs over a `BroadcastChannel`.
 * The leader is elected with the Web Locks API: the tab holding the lock leads, and when it closes
 * (or signs out) the lock passes to a waiting tab, which opens a fresh stream. Without Web Locks or
 * BroadcastChannel every tab opens its own stream.
 *
 * Every tab receives `notification` (an item), `unread` (`{ unreadCount, reason }`) and `change`
 * (`{ changed }`: the records a write changed, lib/live-changes.ts) events, and `resync` after a
 * reconnect or a leader change: then the tab refetches its list and count, so events sent while
 * no stream was open are not lost.
 */
import type { Notification } from '@campus/contract/notifications';
import type { ChangeEvent, UnreadEvent } from '@campus/contract/notifications-ui';

/** What each tab's handlers receive. */
export interface LiveHandlers {
  onNotification(n: Notification): void;
  onUnread(e: UnreadEvent): void;
  /** Records changed: refetch what shows them. */
  onChange(e: ChangeEvent): void;
  /** Refetch list and count (after a reconnect or leader change). */
  onResync(): void;
}

type Message =
  | { kind: 'notification'; data: Notification }
  | { kind: 'unread'; data: UnreadEvent }
  | { kind: 'change'; data: ChangeEvent }
  | { kind: 'resync' };

const CHANNEL = 'cc-notifications';
const LOCK = 'cc-notifications-leader';
const STREAM_URL = '/api/notification/stream';
/** Delay before reopening a stream the browser gave up on (e.g. a 401 or a server restart), ms. */
const RETRY_MS = [2000, 5000, 15000, 30000];

/** Minimal EventSource shape (lets tests pass a fake). */
export interface EventSourceLike {
  readyState: number;
  onopen: ((this: EventSourceLike, ev: Event) => unknown) | null;
  onerror: ((this: EventSourceLike, ev: Event) => unknown) | null;
  addEventListener(type: string, listener: (ev: MessageEvent) => void): void;
  close(): void;
}

export interface LiveOptions {
  /** Factory of the event source (default: `new EventSource(url, { withCredentials: true })`). */
  createEventSource?: (url: string) => EventSourceLike;
  /** Leader election (default: Web Locks when available). */
  locks?: Pick<LockManager, 'request'> | null;
  /** Cross-tab channel factory (default: BroadcastChannel when available). */
  createChannel?: ((name: string) => Pick<BroadcastChannel, 'postMessage' | 'close' | 'onmessage'>) | null;
}

/**
 * Starts live delivery for this tab; returns `stop()` (sign-out, unmount), which closes this tab's
 * stream (if it leads) and hands leadership on.
 */
export function startLive(handlers: LiveHandlers, options: LiveOptions = {}): () => void {
  const createEventSource =
    options.createEventSource ??
    (typeof EventSource === 'undefined'
      ? null
      : (url: string) => new EventSource(url, { withCredentials: true }) as unknown as EventSourceLike);
  if (!createEventSource) return () => {};
  const locks =
    options.locks !== undefined ? options.locks : typeof navigator !== 'undefined' ? (navigator.locks ?? null) : null;
  const createChannel =
    options.createChannel !== undefined
      ? options.createChannel
      : typeof BroadcastChannel === 'undefined'
        ? null
        : (name: string) => new BroadcastChannel(name);

  let stopped = false;
  let source: EventSourceLike | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let releaseLock: (() => void) | undefined;
  const channel = locks && createChannel ? createChannel(CHANNEL) : null;

  const deliver = (msg: Message) => {
    if (stopped) return;
    if (msg.kind === 'notification') handlers.onNotification(msg.data);
    else if (msg.kind === 'unread') handlers.onUnread(msg.data);
    else if (msg.kind === 'change') handlers.onChange(msg.data);
    else handlers.onResync();
  };
  /** Leader: handle here and relay to the other tabs. */
  const publish = (msg: Message) => {
    deliver(msg);
    channel?.postMessage(msg);
  };
  if (channel) channel.onmessage = (ev: MessageEvent<Message>) => deliver(ev.data);

  const open = (attempt: number, resyncOnOpen: boolean) => {
    if (stopped) return;
    const es = createEventSource(STREAM_URL);
    source = es;
    let opened = false;
    es.onopen = () => {
      // The first open of a new leader and every reopen catch up on what was missed meanwhile.
      if (opened || resyncOnOpen) publish({ kind: 'resync' });
      opened = true;
      attempt = 0;
    };
    es.addEventListener('notification', (ev) => publish({ kind: 'notification', data: JSON.parse(ev.data) }));
    es.addEventListener('unread', (ev) => publish({ kind: 'unread', data: JSON.parse(ev.data) }));
    es.addEventListener('change', (ev) => publish({ kind: 'change', data: JSON.parse(ev.data) }));
    // The server's database listener reconnected and may have missed events: catch up.
    es.addEventListener('resync', () => publish({ kind: 'resync' }));
    es.onerror = () => {
      // readyState 2 (CLOSED): the browser gave up (non-200 answer); reopen later ourselves.
      // Otherwise it reconnects by itself and `onopen` triggers the resync.
      if (es.readyState !== 2 || stopped) return;
      es.close();
      const delay = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]!;
      retryTimer = setTimeout(() => open(attempt + 1, true), delay);
    };
  };

  if (locks && channel) {
    const lead = (takeover: boolean) => {
      // Tabs that take over from a previous leader may have missed events: resync on open.
      open(0, takeover);
      return new Promise<void>((resolve) => {
        releaseLock = resolve;
      });
    };
    void locks
      .request(LOCK, { ifAvailable: true }, (lock) => {
        if (stopped) return undefined;
        if (lock) return lead(false);
        // Another tab leads: wait in line for the lock.
        void locks.request(LOCK, () => (stopped ? undefined : lead(true))).catch(() => {});
        return undefined;
      })
      .catch(() => {});
  } else {
    open(0, false);
  }

  return () => {
    stopped = true;
    clearTimeout(retryTimer);
    source?.close();
    source = null;
    releaseLock?.();
    if (channel) {
      channel.onmessage = null;
      channel.close();
    }
  };
}
