/**
 * The profile's list of blocked students (docs/privacy.md "Block"), each with Unblock; loading,
 * empty and error (with Retry) states.
 */
import { Ban } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toApiError } from '../../../lib/api';
import { useBlocksQuery, useUnblockMutation } from '../../../lib/blocks-api';
import { formatDateIN } from '../../../lib/format';

export function BlockedStudents() {
  const { data, isLoading, isError, error, refetch, isFetching } = useBlocksQuery();
  const [unblock, { isLoading: busy, originalArgs }] = useUnblockMutation();
  if (isLoading)
    return (
      <p className="flex items-center gap-2 text-muted">
        <Spinner size={18} label="" /> Loading blocked students...
      </p>
    );
  if (isError)
    return (
      <Alert tone="error" title="Blocked students could not be loaded.">
        <p>{toApiError(error).message}</p>
        <Button variant="secondary" size="sm" className="mt-3" loading={isFetching} onClick={() => void refetch()}>
          Retry
        </Button>
      </Alert>
    );
  if (!data?.length)
    return (
      <p className="flex items-center gap-2 text-sm text-muted">
        <Ban aria-hidden="true" size={16} /> You have not blocked anyone.
      </p>
    );
  return (
    <ul className="divide-y divide-line" aria-label="Blocked students">
      {data.map((b) => (
        <li key={b.userId} className="flex flex-wrap items-center justify-between gap-2 py-3">
          <span className="min-w-0">
            <span className="block break-words font-medium text-fg">{b.name || 'A student'}</span>
            <span className="text-sm text-muted">Blocked on {formatDateIN(b.blockedAt)}</span>
          </span>
          <Button
            variant="secondary"
            size="sm"
            loading={busy && originalArgs === b.userId}
            onClick={() => void unblock(b.userId)}
            aria-label={`Unblock ${b.name || 'this student'}`}
          >
            Unblock
          </Button>
        </li>
      ))}
    </ul>
  );
}
