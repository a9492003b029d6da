/**
 * Today's classes (docs/attendance-outlook.md): the student's classes of today in order (time,
 * subject, room), each marked Present or Absent with one tap; a mark can be undone for
 * {@link UNDO_MS}; a mark made offline waits in the queue and shows as pending. Below, folded, this
 * week's earlier classes that ended without a mark ("3 classes not marked this week"), one tap each.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ATTENDANCE_MESSAGES as M, type AttendanceStatus } from '@campus/contract/attendance-ui';
import type { AttendanceRecord, AttendanceToday, ScheduledClass } from '@campus/contract/attendance';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { dayLabel } from '../attendance-outlook';
import type { QueuedMark } from '../offline-queue';

/** How long a one-tap mark can be undone, ms. */
export const UNDO_MS = 10_000;

/** What a tap gave: the stored record, `queued` (offline: it waits in the queue) or null (refused). */
export type TapOutcome = AttendanceRecord | 'queued' | null;

export interface TodayCardProps {
  today: { data?: AttendanceToday; isLoading: boolean; error?: unknown; refetch: () => void };
  /** Whether the student's profile has a branch and semester (without, the card says to set them). */
  hasClass: boolean;
  /** The student's queued marks (offline). */
  pending: QueuedMark[];
  onMark: (c: ScheduledClass, status: AttendanceStatus) => Promise<TapOutcome>;
  onUndo: (recordId: string) => Promise<boolean>;
  /** Between terms, the next term's first day (`yyyy-MM-dd`), said under "No term is running today." */
  nextTermStart?: string | null;
}

const keyOf = (c: ScheduledClass) => `${c.date}|${c.start}|${c.subjectId}`;

/** One class with its two one-tap buttons, or its mark (with Undo while fresh) or "Pending". */
function ClassRow({
  c,
  record,
  pending,
  showDate,
  onMark,
  onUndo,
}: {
  c: ScheduledClass;
  record: AttendanceRecord | null;
  pending: boolean;
  showDate?: boolean;
  onMark: TodayCardProps['onMark'];
  onUndo: TodayCardProps['onUndo'];
}) {
  const [busy, setBusy] = useState(false);
  const [fresh, setFresh] = useState<string | null>(null);
  useEffect(() => {
    if (!fresh) return;
    const timer = setTimeout(() => setFresh(null), UNDO_MS);
    return () => clearTimeout(timer);
  }, [fresh]);
  const label = `${c.name} ${showDate ? `${dayLabel(c.date)} ` : ''}${c.start}`;
  const tap = async (status: AttendanceStatus) => {
    setBusy(true);
    const outcome = await onMark(c, status);
    setBusy(false);
    if (outcome && outcome !== 'queued') setFresh(outcome.id);
  };
  const undo = async () => {
    if (!record) return;
    setBusy(true);
    if (await onUndo(record.id)) setFresh(null);
    setBusy(false);
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-medium text-fg">
          {c.name} <span className="text-sm font-normal text-muted">{c.code}</span>
        </p>
        <p className="text-sm text-muted">
          {showDate ? `${dayLabel(c.date)}, ` : ''}
          {c.start}–{c.end}
          {c.room ? ` · ${c.room}` : ''}
          {c.extra ? ' · extra class' : ''}
        </p>
      </div>
      {record ? (
        <div className="flex items-center gap-2">
          <Badge tone={record.status === 'Present' ? 'success' : 'danger'}>{record.status}</Badge>
          {fresh === record.id ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => void undo()}
              loading={busy}
              aria-label={`Undo: ${label}`}
            >
              {M.undo}
            </Button>
          ) : null}
        </div>
      ) : pending ? (
        <Badge tone="warning">{M.pending}</Badge>
      ) : (
        <div className="flex gap-2" role="group" aria-label={label}>
          <Button size="sm" variant="secondary" disabled={busy} onClick={() => void tap('Present')}>
            {M.present}
          </Button>
          <Button size="sm" variant="secondary" disabled={busy} onClick={() => void tap('Absent')}>
            {M.absent}
          </Button>
        </div>
      )}
    </li>
  );
}

/**
 * Which classes the queued marks stand for: a subject's pending marks of a date take its first
 * classes of that date that have no mark yet, in time order (as the server will give them).
 */
function pendingClasses(classes: ScheduledClass[], hasRecord: (c: ScheduledClass) => boolean, pending: QueuedMark[]) {
  const left = new Map<string, number>();
  for (const m of pending) left.set(`${m.subjectId}|${m.date}`, (left.get(`${m.subjectId}|${m.date}`) ?? 0) + 1);
  const out = new Set<string>();
  for (const c of classes) {
    const k = `${c.subjectId}|${c.date}`;
    if (hasRecord(c) || !left.get(k)) continue;
    left.set(k, left.get(k)! - 1);
    out.add(keyOf(c));
  }
  return out;
}

export function TodayCard({ today, hasClass, pending, onMark, onUndo, nextTermStart }: TodayCardProps) {
  const data = today.data;
  const records = new Map((data?.classes ?? []).map((c) => [keyOf(c), c.record]));
  const all = [...(data?.unmarked ?? []), ...(data?.classes ?? [])];
  const waiting = pendingClasses(all, (c) => !!records.get(keyOf(c)), pending);
  return (
    <Card aria-labelledby="today-heading">
      <h2 id="today-heading" className="text-lg font-semibold text-fg">
        {M.todayTitle}
      </h2>
      {today.isLoading ? (
        <Spinner label="Loading today’s classes" />
      ) : !data ? (
        <LoadError title="Today’s classes could not be loaded." error={today.error} onRetry={today.refetch} />
      ) : !data.hasTimetable && hasClass ? (
        <p className="mt-2 text-muted">{M.noTimetableForClass}</p>
      ) : !data.hasTimetable ? (
        <p className="mt-2 text-muted">
          {M.noTimetable}{' '}
          <Link to="/profile" className="text-accent underline">
            Open your profile
          </Link>
        </p>
      ) : !data.term ? (
        <p className="mt-2 text-muted">
          {M.noTerm}
          {nextTermStart ? <span className="block">{M.nextTermStarts(dayLabel(nextTermStart))}</span> : null}
        </p>
      ) : data.classes.length === 0 ? (
        <p className="mt-2 text-muted">{M.noClassesToday}</p>
      ) : (
        <ul className="mt-2 divide-y divide-line" aria-label={M.todayTitle}>
          {data.classes.map((c) => (
            <ClassRow
              key={keyOf(c)}
              c={c}
              record={c.record}
              pending={waiting.has(keyOf(c))}
              onMark={onMark}
              onUndo={onUndo}
            />
          ))}
        </ul>
      )}
      {data && data.unmarked.length > 0 ? (
        <details className="group mt-4 border-t border-line pt-4">
          <summary className="cursor-pointer font-semibold text-fg focus-visible:outline-2 focus-visible:outline-focus">
            {M.unmarkedThisWeek(data.unmarked.length)}
          </summary>
          <ul className="divide-y divide-line" aria-label={M.unmarkedThisWeek(data.unmarked.length)}>
            {data.unmarked.map((c) => (
              <ClassRow
                key={keyOf(c)}
                c={c}
                record={null}
                pending={waiting.has(keyOf(c))}
                showDate
                onMark={onMark}
                onUndo={onUndo}
              />
            ))}
          </ul>
        </details>
      ) : null}
    </Card>
  );
}
