/**
 * The Summary card (docs/product-spec.md §2): the attendance rate bar with one decimal, Classes Attended,
 * Classes Missed and Total Classes Marked, and the can-miss line coloured by zone (green at or above
 * the target, amber just below, red further below).
 */
import { ATTENDANCE_MESSAGES as M } from '@campus/contract/attendance-ui';
import type { AttendanceStats } from '@campus/contract/attendance';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { ZONE_FILL, ZONE_TEXT, outlookLine, percentText, zoneOf } from '../attendance-outlook';

export function SummaryCard({ stats, title }: { stats: AttendanceStats; title: string }) {
  const zone = zoneOf(stats);
  const line = outlookLine(stats);
  const facts: Array<[string, number]> = [
    [M.classesAttended, stats.presentDays],
    [M.classesMissed, stats.absentDays],
    [M.totalClasses, stats.totalDays],
  ];
  return (
    <Card title={title} aria-label={title}>
      <div className="flex items-baseline justify-between gap-2">
        <span className="text-sm text-muted">Attendance rate (target {stats.target}%)</span>
        <span className={cn('text-2xl font-bold', ZONE_TEXT[zone])} data-testid="attendance-rate">
          {percentText(stats.percentage)}
        </span>
      </div>
      <div
        className="mt-2 h-3 overflow-hidden rounded-full bg-surface-muted"
        role="progressbar"
        aria-label="Attendance rate"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={stats.percentage}
        aria-valuetext={percentText(stats.percentage)}
      >
        <div className={cn('h-full rounded-full', ZONE_FILL[zone])} style={{ width: `${stats.percentage}%` }} />
      </div>
      {line ? (
        <p className={cn('mt-3 font-medium', ZONE_TEXT[zone])} data-testid="outlook">
          {line}
        </p>
      ) : null}
      <dl className="mt-4 grid grid-cols-3 gap-2 text-center">
        {facts.map(([label, value]) => (
          <div key={label} className="rounded-xl bg-surface-muted p-2">
            <dt className="text-xs text-muted">{label}</dt>
            <dd className="text-lg font-semibold text-fg">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
