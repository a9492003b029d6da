/**
 * Pagination: Previous / "Page X of Y" / Next for a server-paginated list (DESIGN §4
 * `pagination: { page, limit, total }`). Renders nothing when everything fits on one page.
 */
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button';

export interface PaginationProps {
  page: number;
  limit: number;
  total: number;
  onPageChange: (page: number) => void;
  /** Accessible name of the navigation landmark. */
  label?: string;
}

export function Pagination({ page, limit, total, onPageChange, label = 'Pagination' }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / limit));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav aria-label={label} className="mt-6 flex items-center justify-center gap-3">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        <ChevronLeft aria-hidden="true" size={16} />
        Previous
      </Button>
      <span className="text-sm text-muted" aria-current="page">
        Page {page} of {pages}
      </span>
      <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
        Next
        <ChevronRight aria-hidden="true" size={16} />
      </Button>
    </nav>
  );
}
