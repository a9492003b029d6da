/**
 * The events feed cache's rules (docs/decisions/0702-events-feed-cache.md) on a controlled clock:
 * a page is kept until its own instant or the TTL, whichever comes first; an invalidation drops it,
 * and a fill that overlapped one answers its caller without being kept; concurrent misses share
 * one fill; without the listener (or with TTL 0) nothing is kept; a viewer's state lives with the
 * page object it was read for. The HTTP behaviour is in
 * `events.feed-page.test.ts`.
 */
import { describe, expect, it } from 'vitest';
import { FeedCache, pageText, type FilledPage, type SharedPage } from './events.cache.ts';

const page = (n: number): SharedPage => ({ fragments: [`{"n":${n}`], ids: [`e${n}`], clubIds: ['c'], total: 1 });

/** A cache on a clock the test moves, and a fill that counts its calls. */
function setup(ttlMs = 10_000, usable = () => true) {
  let now = 1_000_000;
  const cache = new FeedCache(ttlMs, usable, () => now);
  let fills = 0;
  const fill =
    (until = Infinity) =>
    async (): Promise<FilledPage> => {
      fills += 1;
      return { page: page(fills), until };
    };
  return { cache, fill, fills: () => fills, move: (ms: number) => (now += ms), at: () => now };
}

describe('the feed cache', () => {
  it('keeps a page until its own instant or the TTL, whichever is first', async () => {
    const c = setup(10_000);
    const until = c.at() + 3_000;
    expect((await c.cache.get('k', c.fill(until))).ids).toEqual(['e1']);
    c.move(2_999);
    expect((await c.cache.get('k', c.fill(until))).ids).toEqual(['e1']);
    c.move(1);
    expect((await c.cache.get('k', c.fill())).ids).toEqual(['e2']);
    c.move(9_999);
    expect((await c.cache.get('k', c.fill())).ids).toEqual(['e2']);
    c.move(1);
    expect((await c.cache.get('k', c.fill())).ids).toEqual(['e3']);
  });

  it('drops pages on invalidation and never keeps a fill that overlapped one', async () => {
    const c = setup();
    await c.cache.get('k', c.fill());
    c.cache.invalidate();
    let release!: () => void;
    const slow = c.cache.get('k', async () => {
      await new Promise<void>((r) => (release = r));
      return { page: page(99), until: Infinity };
    });
    // A request while that fill runs shares it…
    const joined = c.cache.get('k', c.fill());
    c.cache.invalidate();
    // …but one after an invalidation starts its own.
    const fresh = c.cache.get('k', c.fill());
    release();
    expect((await slow).ids).toEqual(['e99']);
    expect((await joined).ids).toEqual(['e99']);
    expect((await fresh).ids).toEqual(['e2']);
    expect(c.fills()).toBe(2);
    // The fresh fill was kept, the overlapped one was not.
    expect((await c.cache.get('k', c.fill())).ids).toEqual(['e2']);
  });

  it('keeps nothing with TTL 0 or while invalidations cannot arrive', async () => {
    for (const c of [setup(0), setup(10_000, () => false)]) {
      await c.cache.get('k', c.fill());
      await c.cache.get('k', c.fill());
      expect(c.fills()).toBe(2);
    }
  });

  it('keeps a viewer’s state with its page, and drops it with the page or at an invalidation', async () => {
    const c = setup(10_000);
    let reads = 0;
    const read = async () => {
      reads += 1;
      return { rsvps: new Map(), coordinated: new Set([`c${reads}`]), blocks: false };
    };
    const first = await c.cache.get('k', c.fill());
    expect((await c.cache.viewerState('k', 'v', first, read)).coordinated).toEqual(new Set(['c1']));
    expect((await c.cache.viewerState('k', 'v', first, read)).coordinated).toEqual(new Set(['c1']));
    // Another viewer, and another page key, read their own.
    await c.cache.viewerState('k', 'w', first, read);
    expect(reads).toBe(2);
    // The page refilled (TTL): the state is read again for the new page.
    c.move(10_000);
    const second = await c.cache.get('k', c.fill());
    expect((await c.cache.viewerState('k', 'v', second, read)).coordinated).toEqual(new Set(['c3']));
    // An access change drops it; a read that overlapped one answers without being kept.
    c.cache.invalidate();
    const third = await c.cache.get('k', c.fill());
    const overlapped = c.cache.viewerState('k', 'v', third, async () => {
      c.cache.invalidate();
      return read();
    });
    expect((await overlapped).coordinated).toEqual(new Set(['c4']));
    const fourth = await c.cache.get('k', c.fill());
    expect((await c.cache.viewerState('k', 'v', fourth, read)).coordinated).toEqual(new Set(['c5']));
    expect((await c.cache.viewerState('k', 'v', fourth, read)).coordinated).toEqual(new Set(['c5']));
    // A page that is not the kept one (a stale reference) never keeps a state.
    await c.cache.viewerState('k', 'v', third, read);
    await c.cache.viewerState('k', 'v', third, read);
    expect(reads).toBe(7);
  });

  it('closes each shared event with the viewer’s answer and rights', () => {
    const shared: SharedPage = {
      fragments: ['{"id":"a"', '{"id":"b"'],
      ids: ['a', 'b'],
      clubIds: ['c1', 'c2'],
      total: 2,
    };
    const state = { rsvps: new Map([['b', 'going' as const]]), coordinated: new Set(['c1']), blocks: false };
    expect(JSON.parse(pageText(shared, state, false))).toEqual([
      { id: 'a', myRsvp: 'none', canManage: true },
      { id: 'b', myRsvp: 'going', canManage: false },
    ]);
    expect(JSON.parse(pageText(shared, state, true)).map((e: { canManage: boolean }) => e.canManage)).toEqual([
      true,
      true,
    ]);
  });
});
