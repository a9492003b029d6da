/**
 * The offline mark queue: a mark that cannot reach the
 * server (no network) is kept in `localStorage` under {@link QUEUE_KEY}, shown as "pending", and
 * sent — oldest first, each with the `Idempotency-Key` it was first sent with, so no retry counts
 * twice — when the browser comes back online, when the page opens, or on demand. A
 * mark the server refuses (4xx, e.g. the subject was unenrolled meanwhile) leaves the queue and is
 * reported through `onRefused`, so no mark is ever lost silently. One module-level store shared by
 * every component (`useSyncExternalStore`).
 */
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import type { MarkAttendanceBody } from '@campus/contract/attendance';
import type { ApiError } from '../../lib/api';

/**
 * A mark waiting to be sent: the request body, its submission's `Idempotency-Key` (every retry
 * sends it, so a mark that reached the server before the connection dropped is stored once) and
 * when it was queued (ISO).
 */
export interface QueuedMark extends MarkAttendanceBody {
  key: string;
  queuedAt: string;
}

export const QUEUE_KEY = 'cc.attendance.pending-marks';

/** What sending one mark gave: sent, refused by the server (drop it), or no connection (keep it). */
export type SendOutcome = { kind: 'sent' } | { kind: 'refused'; error: ApiError } | { kind: 'offline' };

const listeners = new Set<() => void>();
let cache: QueuedMark[] | null = null;

function read(): QueuedMark[] {
  if (cache) return cache;
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(QUEUE_KEY) ?? '[]');
    cache = Array.isArray(parsed) ? (parsed as QueuedMark[]) : [];
  } catch {
    cache = [];
  }
  return cache;
}

function write(list: QueuedMark[]): void {
  cache = list;
  try {
    localStorage.setItem(QUEUE_KEY, JSON.stringify(list));
  } catch {
    /* storage full or disabled: the in-memory queue still holds the marks for this visit */
  }
  for (const l of listeners) l();
}

/** The queued marks, oldest first. */
export function pendingMarks(): QueuedMark[] {
  return read();
}

/** Adds a mark with its submission's idempotency `key` to the queue; returns the queued entry. */
export function enqueueMark(mark: MarkAttendanceBody, key: string, now = new Date()): QueuedMark {
  const entry: QueuedMark = { ...mark, key, queuedAt: now.toISOString() };
  write([...read(), entry]);
  return entry;
}

function remove(key: string): void {
  write(read().filter((m) => m.key !== key));
}

/** Forgets the in-memory copy (tests; another tab changed storage). */
export function resetQueueCache(): void {
  cache = null;
  for (const l of listeners) l();
}

let flushing: Promise<number> | null = null;

/**
 * Sends the queued marks that are `mine` (the signed-in student's; another student's marks on a
 * shared device wait for them) oldest first with `send`, one at a time; stops at the first
 * `offline` outcome (the rest wait for the next try). Refused marks leave the queue and go to
 * `onRefused`.
 * Concurrent calls share one run. Resolves how many were sent.
 */
export function flushMarks(
  send: (mark: MarkAttendanceBody, key: string) => Promise<SendOutcome>,
  onRefused: (mark: QueuedMark, error: ApiError) => void = () => {},
  mine: (mark: QueuedMark) => boolean = () => true,
): Promise<number> {
  if (flushing) return flushing;
  const run = async () => {
    await Promise.resolve(); // `flushing` is set before the first mark is read
    let sent = 0;
    for (const mark of read().filter(mine)) {
      const { key, queuedAt: _at, ...body } = mark;
      const outcome = await send(body, key);
      if (outcome.kind === 'offline') break;
      remove(mark.key);
      if (outcome.kind === 'sent') sent += 1;
      else onRefused(mark, outcome.error);
    }
    return sent;
  };
  flushing = run().finally(() => {
    flushing = null;
  });
  return flushing;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === QUEUE_KEY) resetQueueCache();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The signed-in student's (`userId`) queued marks as React state, flushed with `send` when the page
 * opens and whenever the browser comes back online. Returns those pending marks and `flush` (to try
 * again by hand).
 */
export function useOfflineMarks(
  userId: string,
  send: (mark: MarkAttendanceBody, key: string) => Promise<SendOutcome>,
  onRefused?: (mark: QueuedMark, error: ApiError) => void,
) {
  const all = useSyncExternalStore(subscribe, pendingMarks, pendingMarks);
  const pending = useMemo(() => all.filter((m) => m.userId === userId), [all, userId]);
  const flush = useCallback(
    () => (userId ? flushMarks(send, onRefused, (m) => m.userId === userId) : Promise.resolve(0)),
    [send, onRefused, userId],
  );
  useEffect(() => {
    if (navigator.onLine) void flush();
    const onOnline = () => void flush();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [flush]);
  return { pending, flush };
}
