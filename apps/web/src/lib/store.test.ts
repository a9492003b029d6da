/**
 * The store (lib/store.ts) on the server: every page render builds a store of its own
 * (entry-server.tsx), so nothing kept by the module may hold on to one once its render is done —
 * else the server's memory grows with every page view (docs/performance.md "Start-up and memory of
 * the server": 45 MB after 2,000 renders, held by the late middleware's per-store map).
 */
import { runInNewContext } from 'node:vm';
import v8 from 'node:v8';
import { expect, it } from 'vitest';
import './api';
import { makeStore } from './store';

v8.setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/**
 * Builds a store, runs an action through its middleware (RTK Query's included), and lets it go;
 * resolves a weak reference to its state (what a render's data lives in).
 */
function renderOnce(): WeakRef<object> {
  const store = makeStore();
  store.dispatch({ type: 'test/ping' });
  return new WeakRef(store.getState());
}

it('a store that is no longer used is collected with its state: the module keeps no reference to it', async () => {
  const refs = Array.from({ length: 5 }, renderOnce);
  for (let i = 0; i < 5 && refs.some((r) => r.deref()); i += 1) {
    await new Promise((r) => setTimeout(r, 10));
    gc();
  }
  expect(refs.filter((r) => r.deref() !== undefined)).toHaveLength(0);
});
