/**
 * A data table for the admin area (docs/design.md §7 visual system): a bordered, horizontally scrolling
 * table with one header row. `columns` are the header labels; a column given as `{ label, hidden }`
 * keeps its label for screen readers only (e.g. an actions column). Rows are the children (`<tr>`s
 * of `<td className={cell}>`), marked busy while a page loads.
 */
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export type DataTableColumn = string | { label: string; hidden: true };

export interface DataTableProps {
  columns: readonly DataTableColumn[];
  /** True while the rows are being replaced (a page change): `aria-busy`. */
  busy?: boolean;
  /** Extra classes on the table, e.g. a minimum width for many columns. */
  className?: string;
  children: ReactNode;
}

/** The padding and colour of a body cell, for rows passed to {@link DataTable}. */
export const cell = 'px-4 py-3 text-muted';

export function DataTable({ columns, busy, className, children }: DataTableProps) {
  return (
    <div className="relative overflow-x-auto rounded-2xl border border-line" aria-busy={busy}>
      <table className={cn('w-full text-left text-sm', className)}>
        <thead className="bg-surface-muted text-muted">
          <tr>
            {columns.map((c) => (
              <th key={typeof c === 'string' ? c : c.label} scope="col" className="px-4 py-3 font-medium">
                {typeof c === 'string' ? c : <span className="sr-only">{c.label}</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">{children}</tbody>
      </table>
    </div>
  );
}
