/**
 * The skeleton of a server-paginated list (the admin tabs): a spinner while the first page loads,
 * else the error, else the empty text, else the records; the pager below. The caller renders each
 * state's content; this component only picks which one shows.
 */
import type { ReactNode } from 'react';
import { Pagination, type PaginationProps } from './pagination';
import { Spinner } from './spinner';

export interface PagedListProps {
  /** True while the first page loads. */
  loading: boolean;
  /** The spinner's accessible name ("Loading users"). */
  loadingLabel: string;
  /** What to show instead of the records when the request failed, else null. */
  error: ReactNode;
  /** What to show when there is no record, else null. */
  empty: ReactNode;
  /** The records. */
  children: ReactNode;
  /** The pager below the list, when there is one. */
  pager: PaginationProps | null;
}

export function PagedList({ loading, loadingLabel, error, empty, children, pager }: PagedListProps) {
  return (
    <>
      {loading ? (
        <div className="flex justify-center py-8">
          <Spinner size={24} label={loadingLabel} />
        </div>
      ) : (
        (error ?? empty ?? children)
      )}
      {pager ? <Pagination {...pager} /> : null}
    </>
  );
}
