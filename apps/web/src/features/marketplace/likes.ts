/**
 * Likes are local only (docs/product-spec.md §2, docs/design.md §8): the liked item ids are kept in this browser's
 * localStorage under {@link LIKES_KEY} and shared live between components (and tabs, through the
 * `storage` event).
 */
import { useCallback, useSyncExternalStore } from 'react';

export const LIKES_KEY = 'cc.marketplace.likes';
const listeners = new Set<() => void>();

function read(): string[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(LIKES_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

let cache: { raw: string | null; ids: Set<string> } = { raw: null, ids: new Set() };
function snapshot(): Set<string> {
  const raw = window.localStorage.getItem(LIKES_KEY);
  if (raw !== cache.raw) cache = { raw, ids: new Set(read()) };
  return cache.ids;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === LIKES_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Flips the like of `id`; returns whether it is now liked. */
export function toggleLike(id: string): boolean {
  const ids = new Set(read());
  const liked = !ids.has(id);
  if (liked) ids.add(id);
  else ids.delete(id);
  try {
    window.localStorage.setItem(LIKES_KEY, JSON.stringify([...ids]));
  } catch {
    /* storage full or blocked: the like is not kept */
  }
  for (const l of listeners) l();
  return liked;
}

/**
 * `[liked, toggle]` for one item. The store is read as this item's boolean, and the server renders
 * every item as not liked: after hydration only the cards this browser liked render again (a
 * different snapshot than the server's re-renders synchronously; a fresh empty set for every
 * server snapshot used to re-render every card of the page in one long task).
 */
export function useLike(id: string): [boolean, () => void] {
  const liked = useSyncExternalStore(
    subscribe,
    () => snapshot().has(id),
    () => false,
  );
  const toggle = useCallback(() => void toggleLike(id), [id]);
  return [liked, toggle];
}
