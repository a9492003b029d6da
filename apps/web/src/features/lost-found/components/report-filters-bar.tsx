/**
 * The filters of /lost-found?view=all (issue 5): search (name, description or place), lost or
 * found, category, include returned and my reports. Every value lives in the URL; the search
 * writes it 400 ms after typing stops, and a pending edit is dropped when the filters leave the
 * page (back to Recently Reported).
 */
import { LOST_FOUND_CATEGORIES } from '@campus/contract/lost-found';
import { fieldClasses } from '../../../components/ui/input';
import { SearchField } from '../../../components/ui/search-field';
import { cn } from '../../../lib/cn';
import { useDebouncedParam, type UpdateParams } from '../../../lib/url-params';
import type { ReportFilters } from '../lost-found-api';

export interface ReportFiltersBarProps {
  /** The filters read from the URL. */
  filters: ReportFilters;
  params: URLSearchParams;
  update: UpdateParams;
}

export function ReportFiltersBar({ filters, params, update }: ReportFiltersBarProps) {
  const [search, setSearch] = useDebouncedParam('search', params, update);
  return (
    <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto]">
      <SearchField
        label="Search reports"
        value={search}
        onChange={setSearch}
        placeholder="Search name, description or place..."
      />
      <label className="block">
        <span className="sr-only">Lost or found</span>
        <select
          value={filters.type ?? ''}
          onChange={(e) => update({ type: e.target.value })}
          className={cn(fieldClasses, 'border-line')}
        >
          <option value="">Lost and found</option>
          <option value="lost">Lost only</option>
          <option value="found">Found only</option>
        </select>
      </label>
      <label className="block">
        <span className="sr-only">Category</span>
        <select
          value={filters.category ?? ''}
          onChange={(e) => update({ category: e.target.value })}
          className={cn(fieldClasses, 'border-line')}
        >
          <option value="">All categories</option>
          {LOST_FOUND_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
      <div className="flex flex-wrap items-center gap-4 text-sm">
        <label className="inline-flex min-h-9 items-center gap-2">
          <input
            type="checkbox"
            checked={!!filters.includeReturned}
            onChange={(e) => update({ returned: e.target.checked ? '1' : '' })}
          />
          Include returned
        </label>
        <label className="inline-flex min-h-9 items-center gap-2">
          <input
            type="checkbox"
            checked={!!filters.mine}
            onChange={(e) => update({ mine: e.target.checked ? '1' : '' })}
          />
          My reports
        </label>
      </div>
    </div>
  );
}
