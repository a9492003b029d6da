/**
 * The record kinds, listed once (docs/architecture.md "Building blocks"): each declared by its own
 * feature (`features/<f>/<f>.kind.ts`, lib/record-kinds.ts `recordKind`) and read from here by
 * campus search (its groups), reports (what a report names, hides, restores and removes) and file
 * access (whose photos are served). A new kind of record is added to {@link RECORD_KINDS}; none of
 * those readers names its table. `lib/` and `db/` may not import this file (it lists features).
 */
import type { ReportTargetType } from '@campus/contract/reports';
import type { SearchType } from '@campus/contract/search';
import { lostFoundKind } from './features/lost-found/lost-found.kind.ts';
import { marketplaceKind } from './features/marketplace/marketplace.kind.ts';
import { rideKind } from './features/rides/rides.kind.ts';
import type { AnyRecordKind } from './lib/record-kinds.ts';

/** Every kind of record, in campus search's group order (contract `SEARCH_TYPES`). */
export const RECORD_KINDS: readonly AnyRecordKind[] = [marketplaceKind, lostFoundKind, rideKind];

/** A report target type that names a record kind (every type but `user`). */
export type KindReportType = AnyRecordKind['reportType'];

/** The kind a report target type names, or undefined for a user. */
export function kindOfReport(type: ReportTargetType): AnyRecordKind | undefined {
  return RECORD_KINDS.find((kind) => kind.reportType === type);
}

/** The kind whose campus-search group is `type`, or undefined for skills (not a record kind). */
export function kindOfSearch(type: SearchType): AnyRecordKind | undefined {
  return RECORD_KINDS.find((kind) => kind.searchType === type);
}
