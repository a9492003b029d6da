/**
 * The student's pinned bus stop (docs/decisions/0901-transport-timetables.md): one transport stop,
 * its slug and name, kept in this browser's localStorage under {@link PINNED_STOP_KEY} — pinned from
 * the stop's page on the campus map, read by the home dashboard's "Next bus" card. It stays on the
 * device: the server sees it only as the stop the next departures are asked for. Shared live
 * between components (and tabs, through the `storage` event).
 */
import { useSyncExternalStore } from 'react';

export const PINNED_STOP_KEY = 'cc.transport.pinned-stop';

/** A pinned stop: the place's slug (for `GET /api/transport/next?stop=`) and its name to show. */
export interface PinnedStop {
  slug: string;
  name: string;
}

const listeners = new Set<() => void>();

function raw(): string | null {
  try {
    return window.localStorage.getItem(PINNED_STOP_KEY);
  } catch {
    return null;
  }
}

/** The stored text as a stop, or null when absent or malformed. */
function parse(text: string | null): PinnedStop | null {
  if (!text) return null;
  try {
    const v: unknown = JSON.parse(text);
    if (v && typeof v === 'object' && 'slug' in v && 'name' in v) {
      const { slug, name } = v as Record<string, unknown>;
      if (typeof slug === 'string' && slug && typeof name === 'string') return { slug, name };
    }
  } catch {
    /* malformed: as if nothing were pinned */
  }
  return null;
}

let cache: { text: string | null; stop: PinnedStop | null } = { text: null, stop: null };
function snapshot(): PinnedStop | null {
  const text = raw();
  if (text !== cache.text) cache = { text, stop: parse(text) };
  return cache.stop;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === PINNED_STOP_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Pins `stop` (replacing any other), or unpins with null. */
export function pinStop(stop: PinnedStop | null): void {
  try {
    if (stop) window.localStorage.setItem(PINNED_STOP_KEY, JSON.stringify({ slug: stop.slug, name: stop.name }));
    else window.localStorage.removeItem(PINNED_STOP_KEY);
  } catch {
    /* storage full or blocked: the pin is not kept */
  }
  for (const l of listeners) l();
}

/**
 * The pinned stop: null when none, `undefined` while it is not known — on the server and while the
 * page hydrates (the server cannot read the device's storage), so what depends on it renders after.
 */
export function usePinnedStop(): PinnedStop | null | undefined {
  return useSyncExternalStore(subscribe, snapshot, () => undefined);
}
