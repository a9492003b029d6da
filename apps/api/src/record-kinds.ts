/**
 * The record kinds, listed once (docs/architecture.md "Record kinds and their capabilities"): each
 * declared by its own feature (`features/<f>/<f>.kind.ts`, lib/record-kinds.ts `recordKind`) and read
 * from here by campus search (its groups), reports (what a report names, hides, restores and
 * removes), saved alerts and file access (whose photos are served). Each reader takes the kinds that
 * take part in its capability (contract `record-kinds.ts`). A new kind of record is added to
 * {@link RECORD_KINDS}; none of those readers names its table. `lib/` and `db/` may not import this
 * file (it lists features).
 */
import type { ReportableKind } from '@campus/contract/record-kinds';
import type { ReportTargetType } from '@campus/contract/reports';
import type { SearchType } from '@campus/contract/search';
import { eventKind } from './features/events/events.kind.ts';
import { lostFoundKind } from './features/lost-found/lost-found.kind.ts';
import { marketplaceKind } from './features/marketplace/marketplace.kind.ts';
import { rideKind } from './features/rides/rides.kind.ts';
import type { AnyRecordKind, SearchableRecordKind } from './lib/record-kinds.ts';

/** Every kind of record, in the contract's order (`RECORD_KIND_LIST`: campus search's group order). */
export const RECORD_KINDS: readonly AnyRecordKind[] = [marketplaceKind, lostFoundKind, rideKind, eventKind];

/** The kinds that take part in reports. */
export const REPORTABLE_RECORD_KINDS = RECORD_KINDS.filter(
  (kind): kind is AnyRecordKind & { reportType: ReportableKind } => kind.reportType !== null,
);

/** The kind a report target type names, or undefined for a user. */
export function kindOfReport(type: ReportTargetType): AnyRecordKind | undefined {
  return RECORD_KINDS.find((kind) => kind.reportType === type);
}

/** The kind whose campus-search group is `type`, or undefined for skills (not a record kind). */
export function kindOfSearch(type: SearchType): SearchableRecordKind | undefined {
  return RECORD_KINDS.find((kind): kind is SearchableRecordKind => kind.searchType === type);
}
