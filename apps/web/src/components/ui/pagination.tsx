/**
 * Pagination: Previous / "Page X of Y" / Next for a server-paginated list (docs/design.md §4
 * `pagination: { page, limit, total, totalCapped? }`). Renders nothing when everything fits on one
 * page. A capped total (the server stops counting at COUNT_CAP) is shown as a
 * lower bound — "Page 3 of 84+" — and Next stays enabled: the server caps only when more rows
 * exist than the end of the page it answered.
 */
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { formatCount } from '../../lib/format';
import { Button } from './button';

export interface PaginationProps {
  page: number;
  limit: number;
  total: number;
  /** True when `total` is a lower bound (more rows match than were counted). */
  totalCapped?: boolean;
  onPageChange: (page: number) => void;
  /** Accessible name of the navigation landmark. */
  label?: string;
}

/**
 * A list's total as shown to people, in `en-IN` digits: "57", or "1,000+" when `totalCapped`
 * (at least that many; large sites show the same).
 */
export function totalLabel(total: number, totalCapped?: boolean): string {
  return `${formatCount(total)}${totalCapped ? '+' : ''}`;
}

export function Pagination({ page, limit, total, totalCapped, onPageChange, label = 'Pagination' }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / limit));
  if (pages <= 1 && page <= 1 && !totalCapped) return null;
  return (
    <nav aria-label={label} className="mt-6 flex items-center justify-center gap-3">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        <ChevronLeft aria-hidden="true" size={16} />
        Previous
      </Button>
      <span className="text-sm text-muted" aria-current="page">
        Page {formatCount(page)} of {totalLabel(pages, totalCapped)}
      </span>
      <Button
        variant="secondary"
        size="sm"
        disabled={page >= pages && !totalCapped}
        onClick={() => onPageChange(page + 1)}
      >
        Next
        <ChevronRight aria-hidden="true" size={16} />
      </Button>
    </nav>
  );
}
