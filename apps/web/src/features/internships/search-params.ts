/**
 * The internship search in the URL (the last search's filters are kept in the URL, so a
 * reload or a shared link repeats it): `category`, `location`, `stipend` (₹/month), `remote=1` and
 * `sort`; plus the result sorts.
 */
import type { InternshipListing } from '@campus/contract/internships';
import { DEFAULT_JOB_CATEGORY } from '@campus/contract/internships-ui';

/** The filters of a search (docs/product-spec.md §3); `stipend` is the minimum in ₹/month, 0 = any. */
export interface Filters {
  job_category: string;
  location: string;
  stipend: number;
  work_from_home: boolean;
}

/** Result orders: the source's order, or by stipend (₹/month, lower end; unknown last). */
export const INTERNSHIP_SORTS = ['relevance', 'stipendHigh', 'stipendLow'] as const;
export type InternshipSort = (typeof INTERNSHIP_SORTS)[number];
export const INTERNSHIP_SORT_LABELS: Record<InternshipSort, string> = {
  relevance: 'Most relevant',
  stipendHigh: 'Stipend: high to low',
  stipendLow: 'Stipend: low to high',
};

/** The form's defaults (docs/product-spec.md §2: Software Development). */
export const DEFAULT_FILTERS: Filters = {
  job_category: DEFAULT_JOB_CATEGORY,
  location: '',
  stipend: 0,
  work_from_home: false,
};

/** True when the URL holds a search (any filter parameter). */
export function hasSearch(params: URLSearchParams): boolean {
  return ['category', 'location', 'stipend', 'remote'].some((k) => params.has(k));
}

/** The filters a URL holds (defaults for what it lacks; a malformed stipend is dropped). */
export function filtersFromParams(params: URLSearchParams): Filters {
  const stipend = params.get('stipend') ?? '';
  return {
    job_category: params.get('category') || DEFAULT_FILTERS.job_category,
    location: params.get('location') ?? '',
    stipend: /^\d{1,9}$/.test(stipend) ? Number(stipend) : 0,
    work_from_home: params.get('remote') === '1',
  };
}

/** URL parameters for a search (`sort` kept when given and not the default). */
export function paramsFromFilters(f: Filters, sort: InternshipSort): Record<string, string> {
  const out: Record<string, string> = { category: f.job_category };
  if (f.location) out.location = f.location;
  if (f.stipend > 0) out.stipend = String(f.stipend);
  if (f.work_from_home) out.remote = '1';
  if (sort !== 'relevance') out.sort = sort;
  return out;
}

/** The sort in the URL, `relevance` when absent or unknown. */
export function sortFromParams(params: URLSearchParams): InternshipSort {
  const s = params.get('sort') as InternshipSort | null;
  return s && INTERNSHIP_SORTS.includes(s) ? s : 'relevance';
}

/**
 * Listings in the chosen order; by stipend compares the lower end (then the upper end), unknown
 * stipends last in both directions; ties keep the source's order.
 */
export function sortListings(list: InternshipListing[], sort: InternshipSort): InternshipListing[] {
  if (sort === 'relevance') return list;
  const dir = sort === 'stipendHigh' ? -1 : 1;
  return [...list].sort((a, b) => {
    if (a.stipend_min === null || b.stipend_min === null)
      return (a.stipend_min === null ? 1 : 0) - (b.stipend_min === null ? 1 : 0);
    return dir * (a.stipend_min - b.stipend_min || (a.stipend_max ?? 0) - (b.stipend_max ?? 0));
  });
}
