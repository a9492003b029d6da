/**
 * The rides page's filters in the URL (filters survive a reload and can be shared):
 * {@link filtersFromParams} reads them (ignoring malformed values), {@link QUICK_FILTERS} are the
 * one-tap chips (Today, Tomorrow, This Week, 2+ Seats, Under ₹100, To College, From College), and
 * {@link activeFilterCount} is docs/product-spec.md §4's count. Keys are the API's query parameters.
 */
import type { RideFilters } from '@campus/contract/rides';
import {
  RIDE_DATE_RANGES,
  RIDE_DIRECTIONS,
  RIDE_SEATS_MAX,
  RIDE_SORTS,
  RIDE_STATUSES,
  RIDE_TIME_FRAMES,
  activeRideFilterCount,
} from '@campus/contract/rides-ui';

/** The URL keys that are filters (everything but `sortBy`, `page`, `all` and `view`). */
export const FILTER_KEYS = [
  'search',
  'dateRange',
  'startDate',
  'endDate',
  'timeFrame',
  'minSeats',
  'maxPrice',
  'direction',
  'status',
] as const;

const oneOf = <T extends string>(values: readonly T[], v: string | null): T | undefined =>
  v !== null && (values as readonly string[]).includes(v) ? (v as T) : undefined;
const dateParam = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);
const intParam = (v: string | null, max: number, min = 0) =>
  v && /^\d{1,6}$/.test(v) && Number(v) >= min && Number(v) <= max ? Number(v) : undefined;

/** Reads the list filters and sort from the URL; malformed values are ignored. */
export function filtersFromParams(params: URLSearchParams): RideFilters {
  const dateRange = oneOf(RIDE_DATE_RANGES, params.get('dateRange'));
  const filters: RideFilters = {
    search: params.get('search')?.trim() || undefined,
    dateRange,
    startDate: dateRange === 'custom' ? dateParam(params.get('startDate')) : undefined,
    endDate: dateRange === 'custom' ? dateParam(params.get('endDate')) : undefined,
    timeFrame: oneOf(RIDE_TIME_FRAMES, params.get('timeFrame')),
    minSeats: intParam(params.get('minSeats'), RIDE_SEATS_MAX, 1),
    maxPrice: intParam(params.get('maxPrice'), 100_000),
    direction: oneOf(RIDE_DIRECTIONS, params.get('direction')),
    status: oneOf(RIDE_STATUSES, params.get('status')),
    sortBy: oneOf(RIDE_SORTS, params.get('sortBy')),
  };
  if (filters.startDate && filters.endDate && filters.startDate > filters.endDate) filters.endDate = undefined;
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)) as RideFilters;
}

/** Spec §4: filters other than sortBy that are set and not `all`, plus one for a search term. */
export function activeFilterCount(filters: RideFilters): number {
  return activeRideFilterCount(filters);
}

/** A one-tap filter: the URL changes it makes when switched on (off clears those keys). */
export interface QuickFilter {
  label: string;
  set: Partial<Record<(typeof FILTER_KEYS)[number], string>>;
}

/** The quick filters of the page. */
export const QUICK_FILTERS: readonly QuickFilter[] = [
  { label: 'Today', set: { dateRange: 'today' } },
  { label: 'Tomorrow', set: { dateRange: 'tomorrow' } },
  { label: 'This Week', set: { dateRange: 'week' } },
  { label: '2+ Seats', set: { minSeats: '2' } },
  { label: 'Under ₹100', set: { maxPrice: '100' } },
  { label: 'To College', set: { direction: 'toCollege' } },
  { label: 'From College', set: { direction: 'fromCollege' } },
];

/** True when every key of `quick` has its value in the URL. */
export function isQuickFilterOn(quick: QuickFilter, params: URLSearchParams): boolean {
  return Object.entries(quick.set).every(([k, v]) => params.get(k) === v);
}

/**
 * The URL changes of tapping `quick`: on → its values (a date chip also drops a custom range);
 * off → its keys cleared.
 */
export function toggleQuickFilter(quick: QuickFilter, params: URLSearchParams): Record<string, string> {
  if (isQuickFilterOn(quick, params)) return Object.fromEntries(Object.keys(quick.set).map((k) => [k, '']));
  return { ...('dateRange' in quick.set ? { startDate: '', endDate: '' } : {}), ...quick.set } as Record<
    string,
    string
  >;
}
