/**
 * One stream per browser (docs/design.md §7): with Web Locks and BroadcastChannel only the leader tab opens
 * an EventSource and relays its events to the other tabs; when the leader stops, a waiting tab
 * takes over and asks every tab to resync.
 */
import { describe, expect, it, vi } from 'vitest';
import { FakeSource } from '../../test/fake-event-source';
import { startLive, type LiveHandlers } from './live';

/** An in-memory Web Locks manager for one named exclusive lock. */
function fakeLocks() {
  let held = false;
  const queue: (() => void)[] = [];
  const run = (cb: (lock: unknown) => unknown) =>
    Promise.resolve(cb({})).finally(() => {
      held = false;
      queue.shift()?.();
    });
  return {
    request: ((_name: string, a: unknown, b?: unknown) => {
      const opts = (typeof a === 'function' ? {} : a) as { ifAvailable?: boolean };
      const cb = (typeof a === 'function' ? a : b) as (lock: unknown) => unknown;
      if (!held) {
        held = true;
        return run(cb);
      }
      if (opts.ifAvailable) return Promise.resolve(cb(null));
      return new Promise((resolve) =>
        queue.push(() => {
          held = true;
          void run(cb).then(resolve);
        }),
      );
    }) as unknown as LockManager['request'],
  };
}

/** An in-memory BroadcastChannel bus. */
function fakeChannels() {
  const members = new Set<{ onmessage: ((ev: MessageEvent) => void) | null }>();
  return (_name: string) => {
    const me = {
      onmessage: null as ((ev: MessageEvent) => void) | null,
      postMessage(data: unknown) {
        for (const m of members) if (m !== me) m.onmessage?.(new MessageEvent('message', { data }));
      },
      close() {
        members.delete(me);
      },
    };
    members.add(me);
    return me as unknown as BroadcastChannel;
  };
}

/** An event-source factory that keeps every source it made, newest last. */
function fakeSources() {
  const sources: FakeSource[] = [];
  const createEventSource = () => {
    const s = new FakeSource();
    sources.push(s);
    return s;
  };
  return { sources, createEventSource };
}

const handlers = (): LiveHandlers & { log: string[] } => {
  const log: string[] = [];
  return {
    log,
    onNotification: (n) => log.push(`notification:${n.message}`),
    onUnread: (e) => log.push(`unread:${e.unreadCount}`),
    onChange: (e) => log.push(`change:${e.changed.map((c) => `${c.type}/${c.id}`).join(',')}`),
    onResync: () => log.push('resync'),
  };
};
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('startLive', () => {
  it('opens one stream for two tabs and delivers every event to both', async () => {
    const { sources, createEventSource } = fakeSources();
    const opts = { createEventSource, locks: fakeLocks(), createChannel: fakeChannels() };
    const tab1 = handlers();
    const tab2 = handlers();
    const stop1 = startLive(tab1, opts);
    const stop2 = startLive(tab2, opts);
    await flush();
    expect(sources).toHaveLength(1);
    sources[0]!.emit('notification', { message: 'hello' });
    sources[0]!.emit('unread', { unreadCount: 3, reason: 'new' });
    sources[0]!.emit('change', { changed: [{ type: 'ride', id: 'r1' }] });
    expect(tab1.log).toEqual(['notification:hello', 'unread:3', 'change:ride/r1']);
    expect(tab2.log).toEqual(['notification:hello', 'unread:3', 'change:ride/r1']);

    // The leader goes away: tab 2 takes over with a new stream and both… only tab 2 remains.
    stop1();
    await flush();
    await flush();
    expect(sources).toHaveLength(2);
    expect(sources[0]!.readyState).toBe(2);
    sources[1]!.onopen?.call(sources[1]!, new Event('open'));
    expect(tab2.log.at(-1)).toBe('resync');
    sources[1]!.emit('unread', { unreadCount: 0, reason: 'read-all' });
    expect(tab2.log.at(-1)).toBe('unread:0');
    expect(tab1.log).toHaveLength(3);
    stop2();
  });

  it('reopens a stream the browser closed (e.g. a restart) after a delay, then resyncs', async () => {
    vi.useFakeTimers();
    const { sources, createEventSource } = fakeSources();
    const tab = handlers();
    const stop = startLive(tab, { createEventSource, locks: null, createChannel: null });
    sources[0]!.onopen?.call(sources[0]!, new Event('open'));
    expect(tab.log).toEqual([]);
    sources[0]!.readyState = 2;
    sources[0]!.onerror?.call(sources[0]!, new Event('error'));
    vi.advanceTimersByTime(2000);
    expect(sources).toHaveLength(2);
    sources[1]!.onopen?.call(sources[1]!, new Event('open'));
    expect(tab.log).toEqual(['resync']);
    stop();
    vi.useRealTimers();
  });

  it('resyncs every tab when the server says its database listener reconnected', async () => {
    const { sources, createEventSource } = fakeSources();
    const opts = { createEventSource, locks: fakeLocks(), createChannel: fakeChannels() };
    const tab1 = handlers();
    const tab2 = handlers();
    const stop1 = startLive(tab1, opts);
    const stop2 = startLive(tab2, opts);
    await flush();
    sources[0]!.onopen?.call(sources[0]!, new Event('open'));
    expect(tab1.log).toEqual([]);
    sources[0]!.emit('resync', {});
    expect(tab1.log).toEqual(['resync']);
    expect(tab2.log).toEqual(['resync']);
    stop1();
    stop2();
  });
});
