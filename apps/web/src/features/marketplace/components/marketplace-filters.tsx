/**
 * The browse filters of /marketplace (docs/product-spec.md §2): category chips (All, Books, Electronics,
 * Furniture, Clothing), search, min/max price (₹) and sort. Every value lives in the URL; the text
 * fields write it 400 ms after typing stops, and a pending edit is dropped when the filters leave
 * the page (switching to My listings). "Alert me" saves them as a saved alert (docs/alerts.md).
 */
import { memo } from 'react';
import { MARKETPLACE_CHIPS, MARKETPLACE_SORTS, MARKETPLACE_SORT_LABELS } from '@campus/contract/marketplace-ui';
import { Input } from '../../../components/ui/input';
import { SearchField } from '../../../components/ui/search-field';
import { Select } from '../../../components/ui/select';
import { AlertMeButton } from '../../../components/alert-me-button';
import { cn } from '../../../lib/cn';
import { useDebouncedParam, type UpdateParams } from '../../../lib/url-params';
import type { ItemFilters } from '@campus/contract/marketplace';

const SORT_OPTIONS = MARKETPLACE_SORTS.map((s) => ({ value: s, label: MARKETPLACE_SORT_LABELS[s] }));

export interface MarketplaceFiltersProps {
  /** The filters read from the URL. */
  filters: ItemFilters;
  params: URLSearchParams;
  update: UpdateParams;
}

/** Memoised: opening a listing's dialog changes the path, not the filters, and skips this. */
export const MarketplaceFilters = memo(function MarketplaceFilters({
  filters,
  params,
  update,
}: MarketplaceFiltersProps) {
  const [search, setSearch] = useDebouncedParam('search', params, update);
  const [minPrice, setMinPrice] = useDebouncedParam('minPrice', params, update);
  const [maxPrice, setMaxPrice] = useDebouncedParam('maxPrice', params, update);
  const activeChip = filters.category ?? 'All';
  return (
    <section aria-label="Filters" className="mb-6 space-y-3">
      <div className="flex flex-wrap gap-2" role="group" aria-label="Category">
        {MARKETPLACE_CHIPS.map((chip) => (
          <button
            key={chip}
            type="button"
            aria-pressed={activeChip === chip}
            onClick={() => update({ category: chip === 'All' ? '' : chip })}
            className={cn(
              'min-h-9 rounded-full border px-4 text-sm font-medium transition-colors',
              activeChip === chip
                ? 'border-accent bg-accent text-on-accent'
                : 'border-line bg-surface text-fg hover:bg-surface-muted',
            )}
          >
            {chip}
          </button>
        ))}
      </div>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-[2fr_1fr_1fr_1.3fr]">
        <SearchField
          label="Search items"
          value={search}
          onChange={setSearch}
          placeholder="Search items..."
          className="col-span-2 lg:col-span-1"
        />
        <Input
          label="Minimum price"
          hideLabel
          inputMode="numeric"
          value={minPrice}
          onChange={(e) => setMinPrice(e.target.value.replace(/\D/g, ''))}
          placeholder="Min ₹"
        />
        <Input
          label="Maximum price"
          hideLabel
          inputMode="numeric"
          value={maxPrice}
          onChange={(e) => setMaxPrice(e.target.value.replace(/\D/g, ''))}
          placeholder="Max ₹"
        />
        <Select
          label="Sort by"
          hideLabel
          className="col-span-2 lg:col-span-1"
          value={filters.sort ?? 'newest'}
          onChange={(e) => update({ sort: e.target.value === 'newest' ? '' : e.target.value })}
          options={SORT_OPTIONS}
        />
      </div>
      <AlertMeButton kind="marketplace" filters={{ category: filters.category, search, minPrice, maxPrice }} />
    </section>
  );
});
