/**
 * Pages follow the live stream (docs/web-patterns.md "Live changes"): the server's `change` event
 * names the records a write changed (`{ changed: [{ type, id }] }`, contract `RecordChange`), and
 * the cached queries that show them are invalidated — RTK Query refetches those a page still
 * shows, so an open Skill Exchange page turns "Request pending" into "Accepted" and an open ride
 * shows its new seats without a reload or polling.
 *
 * Each feature declares, in its `<f>-api.ts` beside its `providesTags`, which tags a change of
 * its type invalidates ({@link invalidateOnChange}); its lists provide one tag per record
 * ({@link pageTags}), so `{ type, id }` refetches exactly the detail and the lists that hold it.
 * A feature whose module has not loaded has nothing cached, so it needs no entry yet.
 */
import type { RecordChange, RecordChangeType } from '@campus/contract/notifications-ui';
import { api, type Page } from './api';
import type { AppDispatch } from './store';

/** A cache tag: a type, or a type and id (RTK Query's `TagDescription`). */
export type CacheTag = string | { type: string; id?: string | number };

const tagsOf = new Map<RecordChangeType, (id: string) => readonly CacheTag[]>();

/**
 * Declares that a live change of `type` invalidates `tags(id)` (called once, at the top of the
 * feature's `<f>-api.ts`). A second declaration of the same type replaces the first.
 */
export function invalidateOnChange(type: RecordChangeType, tags: (id: string) => readonly CacheTag[]): void {
  tagsOf.set(type, tags);
}

/** The tags the records `changed` invalidate (the types nobody declared give none). */
export function changedTags(changed: readonly RecordChange[]): CacheTag[] {
  return changed.flatMap((c) => tagsOf.get(c.type)?.(c.id) ?? []);
}

/** Invalidates the cached queries that show the records `changed` (the bell's `change` handler). */
export function applyChanges(dispatch: AppDispatch, changed: readonly RecordChange[]): void {
  const tags = changedTags(changed);
  // The tag types are the features' own (added with `enhanceEndpoints`), unknown to the base slice.
  if (tags.length) dispatch(api.util.invalidateTags(tags as never));
}

/**
 * `providesTags` of a paginated list of `type`: the list's own tag `{ type, id: list }` (what a
 * create or delete invalidates) and one `{ type, id }` per record it holds (what a live change of
 * that record invalidates).
 */
export function pageTags<T extends string>(type: T, list: string) {
  return (page: Page<{ id: string }> | undefined) => [
    { type, id: list },
    ...(page?.items ?? []).map((item) => ({ type, id: item.id })),
  ];
}
