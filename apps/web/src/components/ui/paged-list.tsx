/**
 * The skeleton of a server-paginated list (the admin tabs, the feature lists: marketplace, lost &
 * found, rides, alerts, skill-exchange requests — docs/web-patterns.md): a spinner while the first
 * page loads, else the error, else the empty text, else the records; the pager below. The caller
 * renders each state's content; this component only picks which one shows.
 */
import type { ReactNode } from 'react';
import { Pagination, type PaginationProps } from './pagination';
import { Spinner } from './spinner';

export interface PagedListProps {
  /** True while the first page loads. */
  loading: boolean;
  /**
   * What the loading state says: the spinner's accessible name ("Loading users"), or with
   * `showLoadingLabel` the text beside it ("Loading items...").
   */
  loadingLabel: string;
  /** Show `loadingLabel` beside the spinner, in a live status row (the feature lists). */
  showLoadingLabel?: boolean;
  /** What to show instead of the records when the request failed, else null. */
  error: ReactNode;
  /** What to show when there is no record, else null. */
  empty: ReactNode;
  /** The records. */
  children: ReactNode;
  /** The pager below the list, when there is one. */
  pager: PaginationProps | null;
}

export function PagedList({ loading, loadingLabel, showLoadingLabel, error, empty, children, pager }: PagedListProps) {
  let body: ReactNode;
  if (loading && showLoadingLabel)
    body = (
      <div role="status" className="flex items-center justify-center gap-3 py-12 text-muted">
        <Spinner label="" /> {loadingLabel}
      </div>
    );
  else if (loading)
    body = (
      <div className="flex justify-center py-8">
        <Spinner size={24} label={loadingLabel} />
      </div>
    );
  else body = error ?? empty ?? children;
  return (
    <>
      {body}
      {pager ? <Pagination {...pager} /> : null}
    </>
  );
}
