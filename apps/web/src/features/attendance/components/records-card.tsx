/**
 * The Attendance Record card of the selected subject and day (docs/product-spec.md §2, §4): each record with its
 * status, "Marked at HH:mm" (institute time zone) and Edit; the marks waiting in the offline queue
 * for that day, shown as Pending; loading, the error line with Retry, and the empty
 * state. Offline, a day whose records were never fetched online is not in the cache: the card says
 * so instead of reporting a failure.
 */
import { Pencil } from 'lucide-react';
import { ATTENDANCE_MESSAGES as M } from '@campus/contract/attendance-ui';
import type { AttendanceRecord } from '@campus/contract/attendance';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { timeIn } from '../attendance-outlook';
import type { QueuedMark } from '../offline-queue';

export interface RecordsCardProps {
  /** The day's records query (RTK Query result). */
  records: { data?: AttendanceRecord[]; isLoading: boolean; isError: boolean; refetch: () => unknown };
  /** The queued marks of this subject and day. */
  pending: QueuedMark[];
  /** Whether the browser is online. */
  online: boolean;
  /** The institute's time zone (IANA). */
  timeZone: string;
  onEdit: (record: AttendanceRecord) => void;
}

export function RecordsCard({ records, pending, online, timeZone, onEdit }: RecordsCardProps) {
  const notCached = !online && records.isError && !records.data;
  return (
    <Card title={M.attendanceRecord} aria-label={M.attendanceRecord}>
      {records.isLoading ? (
        <Spinner label="Loading records" />
      ) : records.isError && !records.data && online ? (
        <p role="alert" className="text-danger">
          {M.failedFetchRecords}
          <Button variant="link" size="sm" className="ml-2" onClick={() => void records.refetch()}>
            {M.retry}
          </Button>
        </p>
      ) : (records.data?.length ?? 0) + pending.length === 0 ? (
        <p className="text-muted">{notCached ? M.recordsOffline : M.noRecords}</p>
      ) : (
        <ul className="divide-y divide-line" aria-label="Records">
          {notCached ? <li className="py-2 text-sm text-muted">{M.recordsOffline}</li> : null}
          {(records.data ?? []).map((r) => (
            <li key={r.id} className="flex items-center justify-between gap-3 py-2">
              <span className="flex items-center gap-3">
                <Badge tone={r.status === 'Present' ? 'success' : 'danger'}>{r.status}</Badge>
                <span className="text-sm text-muted">Marked at {timeIn(r.markedAt, timeZone)}</span>
              </span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Edit ${r.status} record marked at ${timeIn(r.markedAt, timeZone)}`}
                onClick={() => onEdit(r)}
              >
                <Pencil aria-hidden="true" size={16} /> Edit
              </Button>
            </li>
          ))}
          {pending.map((m) => (
            <li key={m.key} className="flex items-center justify-between gap-3 py-2">
              <span className="flex items-center gap-3">
                <Badge tone={m.status === 'Present' ? 'success' : 'danger'}>{m.status}</Badge>
                <Badge tone="warning">{M.pending}</Badge>
              </span>
              <span className="text-sm text-muted">Queued at {timeIn(m.queuedAt, timeZone)}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
