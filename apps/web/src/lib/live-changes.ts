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
import type { UnknownAction } from '@reduxjs/toolkit';
import type { RecordChange, RecordChangeType } from '@campus/contract/notifications-ui';
import type { Page } from './api';
import type { AppDispatch } from './store';

/**
 * What {@link invalidateOnChange} needs of the feature's slice: its `util.invalidateTags`, typed
 * with the feature's tag types. Taken as an argument, so the bell that imports this module does
 * not pull the RTK Query slice into the start-up JavaScript (docs/performance.md).
 */
export interface TagInvalidator<Tags> {
  util: { invalidateTags: (tags: Tags) => UnknownAction };
}

const invalidationOf = new Map<RecordChangeType, (id: string) => UnknownAction>();

/**
 * Declares that a live change of `type` invalidates `tags(id)` of `slice` (called once, at the
 * top of the feature's `<f>-api.ts`, with its `enhanceEndpoints` result). A second declaration of
 * the same type replaces the first.
 */
export function invalidateOnChange<Tags>(
  slice: TagInvalidator<Tags>,
  type: RecordChangeType,
  tags: (id: string) => NoInfer<Tags>,
): void {
  invalidationOf.set(type, (id) => slice.util.invalidateTags(tags(id)));
}

/**
 * Invalidates the cached queries that show the records `changed` (the bell's `change` handler);
 * the types no loaded feature declared are skipped (nothing of theirs is cached).
 */
export function applyChanges(dispatch: AppDispatch, changed: readonly RecordChange[]): void {
  for (const c of changed) {
    const invalidate = invalidationOf.get(c.type);
    if (invalidate) dispatch(invalidate(c.id));
  }
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
