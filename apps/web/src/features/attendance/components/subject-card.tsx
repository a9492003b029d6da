/**
 * One card of the Subject Breakdown (docs/product-spec.md §2): name, code, the percentage circle, Present and
 * Absent counts or "No stats yet", and — for a subject of the timetable — its term line and how many
 * past classes are unmarked (docs/attendance-outlook.md). Selecting the card picks the subject; the unenroll button is
 * revealed on hover and on keyboard focus (always shown on small touch screens) and asks first.
 */
import { Trash2 } from 'lucide-react';
import { ATTENDANCE_MESSAGES as M } from '@campus/contract/attendance-ui';
import type { SubjectOutlook, SubjectWiseEntry } from '@campus/contract/attendance';
import { cn } from '../../../lib/cn';
import { termLine, ZONE_TEXT, zoneOf } from '../attendance-outlook';
import { PercentCircle } from './percent-circle';

export interface SubjectCardProps {
  entry: SubjectWiseEntry;
  /** The subject's term outlook, when the timetable has it (docs/attendance-outlook.md). */
  term?: SubjectOutlook;
  selected: boolean;
  onSelect: () => void;
  onUnenroll: () => void;
}

export function SubjectCard({ entry, term, selected, onSelect, onUnenroll }: SubjectCardProps) {
  const zone = zoneOf(entry);
  const line = term ? termLine(term) : null;
  return (
    <li
      className={cn(
        'group relative min-w-0 rounded-2xl border bg-surface p-4 shadow-sm transition-colors',
        selected ? 'border-accent ring-2 ring-accent/30' : 'border-line hover:border-accent/60',
      )}
    >
      <button
        type="button"
        onClick={onSelect}
        aria-pressed={selected}
        className="flex w-full items-center gap-4 rounded-xl pr-8 text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
      >
        <PercentCircle percentage={entry.percentage} zone={zone} />
        <span className="min-w-0">
          <span className="block break-words font-semibold text-fg">{entry.name}</span>
          <span className="block text-sm text-muted">{entry.code}</span>
          {entry.totalDays === 0 ? (
            <span className="mt-1 block text-sm text-muted">{M.noStatsYet}</span>
          ) : (
            <span className="mt-1 block text-sm">
              <span className="text-success">Present: {entry.presentDays}</span>
              <span className="mx-2 text-muted" aria-hidden="true">
                ·
              </span>
              <span className="text-danger">Absent: {entry.absentDays}</span>
            </span>
          )}
          {line ? (
            <span className={cn('mt-1 block text-sm', ZONE_TEXT[term!.mustAttend > 0 ? 'red' : 'green'])}>{line}</span>
          ) : null}
          {term?.unmarked ? <span className="block text-xs text-muted">{M.pastUnmarked(term.unmarked)}</span> : null}
        </span>
      </button>
      <button
        type="button"
        onClick={onUnenroll}
        aria-label={`Unenroll from ${entry.name}`}
        title="Unenroll"
        className={cn(
          'absolute right-2 top-2 rounded-lg p-1.5 text-muted hover:bg-danger-soft hover:text-danger',
          'focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-focus',
          'sm:opacity-0 sm:group-hover:opacity-100 sm:group-focus-within:opacity-100',
        )}
      >
        <Trash2 aria-hidden="true" size={16} />
      </button>
    </li>
  );
}
