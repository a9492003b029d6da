/**
 * The rides page's filters (docs/product-spec.md §3, §4, §9): quick filters (Today, Tomorrow, This Week,
 * 2+ Seats, Under ₹100, To College, From College) and the institute's common places, the search
 * box, the sort selector, and "Filters (N)" opening the advanced filters (date range with custom
 * dates, time frame, minimum seats, maximum cost, direction, status). N is docs/product-spec.md §4's active-filter
 * count. Every value lives in the URL; text fields write it 400 ms after typing stops. "Alert me"
 * saves words, day window, direction, seats and cost as a saved alert (docs/alerts.md).
 */
import { useId, useState } from 'react';
import { SlidersHorizontal, X } from 'lucide-react';
import type { RideFilters } from '@campus/contract/rides';
import {
  RIDE_DATE_RANGES,
  RIDE_DATE_RANGE_LABELS,
  RIDE_DIRECTIONS,
  RIDE_DIRECTION_LABELS,
  RIDE_SEATS_MAX,
  RIDE_SORTS,
  RIDE_SORT_LABELS,
} from '@campus/contract/rides-ui';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { SearchField } from '../../../components/ui/search-field';
import { Select } from '../../../components/ui/select';
import { AlertMeButton } from '../../../components/alert-me-button';
import { cn } from '../../../lib/cn';
import { useDebouncedParam, type UpdateParams } from '../../../lib/url-params';
import { FILTER_KEYS, QUICK_FILTERS, activeFilterCount, isQuickFilterOn, toggleQuickFilter } from '../ride-filters';

export interface RideFiltersBarProps {
  filters: RideFilters;
  params: URLSearchParams;
  update: UpdateParams;
  places: string[];
}

const chip = (on: boolean) =>
  cn(
    'min-h-9 rounded-full border px-3.5 text-sm font-medium transition-colors',
    on ? 'border-accent bg-accent text-on-accent' : 'border-line bg-surface text-fg hover:bg-surface-muted',
  );

export function RideFiltersBar({ filters, params, update, places }: RideFiltersBarProps) {
  const [search, setSearch] = useDebouncedParam('search', params, update);
  const [maxPrice, setMaxPrice] = useDebouncedParam('maxPrice', params, update);
  const count = activeFilterCount(filters);
  const [open, setOpen] = useState(() => count > 0 && QUICK_FILTERS.every((q) => !isQuickFilterOn(q, params)));
  const panelId = useId();
  const all = (label: string) => [{ value: '', label }];

  return (
    <section aria-label="Ride filters" className="mb-6 space-y-3">
      <div className="flex flex-wrap gap-2" role="group" aria-label="Quick filters">
        {QUICK_FILTERS.map((q) => {
          const on = isQuickFilterOn(q, params);
          return (
            <button
              key={q.label}
              type="button"
              aria-pressed={on}
              className={chip(on)}
              onClick={() => update(toggleQuickFilter(q, params))}
            >
              {q.label}
            </button>
          );
        })}
      </div>
      {places.length ? (
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Common places">
          <span className="text-sm text-muted" aria-hidden="true">
            Places:
          </span>
          {places.map((p) => {
            const on = (filters.search ?? '').toLowerCase() === p.toLowerCase();
            return (
              <button
                key={p}
                type="button"
                aria-pressed={on}
                className={chip(on)}
                onClick={() => update({ search: on ? '' : p })}
              >
                {p}
              </button>
            );
          })}
        </div>
      ) : null}
      <div className="grid grid-cols-[1fr_auto] gap-3 sm:grid-cols-[2fr_1.2fr_auto]">
        <SearchField
          label="Search rides by pickup or drop"
          value={search}
          onChange={setSearch}
          placeholder="Search pickup or drop..."
          className="col-span-2 sm:col-span-1"
        />
        <Select
          label="Sort by"
          hideLabel
          value={filters.sortBy ?? 'dateAsc'}
          onChange={(e) => update({ sortBy: e.target.value === 'dateAsc' ? '' : e.target.value })}
          options={RIDE_SORTS.map((s) => ({ value: s, label: RIDE_SORT_LABELS[s] }))}
        />
        <Button variant="secondary" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
          <SlidersHorizontal aria-hidden="true" size={18} />
          Filters{count ? ` (${count})` : ''}
        </Button>
      </div>
      <AlertMeButton
        kind="rides"
        filters={{
          search,
          dateRange: filters.dateRange,
          startDate: filters.startDate,
          endDate: filters.endDate,
          direction: filters.direction,
          minSeats: filters.minSeats,
          maxPrice,
        }}
      />
      {open ? (
        <div
          id={panelId}
          className="grid grid-cols-2 gap-3 rounded-2xl border border-line bg-surface p-4 lg:grid-cols-4"
        >
          <Select
            label="Date"
            value={filters.dateRange ?? ''}
            onChange={(e) => update({ dateRange: e.target.value, startDate: '', endDate: '' })}
            options={[
              ...all('Any date'),
              ...RIDE_DATE_RANGES.map((d) => ({ value: d, label: RIDE_DATE_RANGE_LABELS[d] })),
            ]}
          />
          {filters.dateRange === 'custom' ? (
            <>
              <Input
                label="From"
                type="date"
                value={filters.startDate ?? ''}
                onChange={(e) => update({ startDate: e.target.value, dateRange: 'custom' })}
              />
              <Input
                label="To"
                type="date"
                value={filters.endDate ?? ''}
                min={filters.startDate}
                onChange={(e) => update({ endDate: e.target.value, dateRange: 'custom' })}
              />
            </>
          ) : null}
          <Select
            label="Time frame"
            value={filters.timeFrame ?? ''}
            onChange={(e) => update({ timeFrame: e.target.value })}
            options={[...all('Any time'), { value: 'today', label: 'Today' }, { value: 'tomorrow', label: 'Tomorrow' }]}
          />
          <Select
            label="Minimum seats"
            value={filters.minSeats ? String(filters.minSeats) : ''}
            onChange={(e) => update({ minSeats: e.target.value })}
            options={[
              ...all('Any'),
              ...Array.from({ length: RIDE_SEATS_MAX }, (_, i) => ({ value: String(i + 1), label: `${i + 1}+` })),
            ]}
          />
          <Input
            label="Maximum cost (₹)"
            inputMode="numeric"
            placeholder="Any"
            value={maxPrice}
            onChange={(e) => setMaxPrice(e.target.value.replace(/\D/g, ''))}
          />
          <Select
            label="Direction"
            value={filters.direction ?? ''}
            onChange={(e) => update({ direction: e.target.value })}
            options={[
              ...all('All directions'),
              ...RIDE_DIRECTIONS.map((d) => ({ value: d, label: RIDE_DIRECTION_LABELS[d] })),
            ]}
          />
          <Select
            label="Seat status"
            value={filters.status ?? 'all'}
            onChange={(e) => update({ status: e.target.value === 'all' ? '' : e.target.value })}
            options={[
              { value: 'all', label: 'All rides' },
              { value: 'open', label: 'Seats available' },
              { value: 'full', label: 'Full' },
            ]}
          />
          {count ? (
            <div className="col-span-2 flex items-end lg:col-span-1">
              <Button variant="ghost" onClick={() => update(Object.fromEntries(FILTER_KEYS.map((k) => [k, ''])))}>
                <X aria-hidden="true" size={16} />
                Clear filters
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
