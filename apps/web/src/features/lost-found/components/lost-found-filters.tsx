/**
 * The filters of /lost-found?view=all: search (name, description or place), lost or
 * found, category, include returned and my reports. Every value lives in the URL; the search
 * writes it 400 ms after typing stops, and a pending edit is dropped when the filters leave the
 * page (back to Recently Reported). "Alert me" saves type, category and search as a saved alert
 * (docs/alerts.md).
 */
import { LOST_FOUND_CATEGORIES } from '@campus/contract/lost-found-ui';
import { Checkbox } from '../../../components/ui/checkbox';
import { SearchField } from '../../../components/ui/search-field';
import { Select } from '../../../components/ui/select';
import { AlertMeButton } from '../../../components/alert-me-button';
import { useDebouncedParam, type UpdateParams } from '../../../lib/url-params';
import type { LostFoundItemFilters } from '@campus/contract/lost-found';

const TYPE_OPTIONS = [
  { value: 'lost', label: 'Lost only' },
  { value: 'found', label: 'Found only' },
];

export interface LostFoundFiltersProps {
  /** The filters read from the URL. */
  filters: LostFoundItemFilters;
  params: URLSearchParams;
  update: UpdateParams;
}

export function LostFoundFilters({ filters, params, update }: LostFoundFiltersProps) {
  const [search, setSearch] = useDebouncedParam('search', params, update);
  return (
    <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto]">
      <SearchField
        label="Search reports"
        value={search}
        onChange={setSearch}
        placeholder="Search name, description or place..."
      />
      <Select
        label="Lost or found"
        hideLabel
        value={filters.type ?? ''}
        onChange={(e) => update({ type: e.target.value })}
        placeholder="Lost and found"
        options={TYPE_OPTIONS}
      />
      <Select
        label="Category"
        hideLabel
        value={filters.category ?? ''}
        onChange={(e) => update({ category: e.target.value })}
        placeholder="All categories"
        options={LOST_FOUND_CATEGORIES}
      />
      <div className="flex flex-wrap items-center gap-4 text-sm">
        <Checkbox
          label="Include returned"
          checked={!!filters.includeReturned}
          onChange={(e) => update({ returned: e.target.checked ? '1' : '' })}
        />
        <Checkbox
          label="My reports"
          checked={!!filters.mine}
          onChange={(e) => update({ mine: e.target.checked ? '1' : '' })}
        />
        <AlertMeButton kind="lost-found" filters={{ type: filters.type, category: filters.category, search }} />
      </div>
    </div>
  );
}
