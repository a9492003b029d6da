/**
 * What the attendance page says about a set of figures: the can-miss line and its zone,
 * from the API's `canMiss` / `mustAttend` / `target` (docs/design.md §8). Pure, so it is tested on its own.
 */
import { ATTENDANCE_MESSAGES as M, attendanceZone } from '@campus/contract/attendance-ui';
import type { AttendanceStats, SubjectOutlook } from '@campus/contract/attendance';

export type Zone = ReturnType<typeof attendanceZone>;

/**
 * The line under the rate bar, or null before any class is marked: what must be attended, what may
 * be missed, or — with neither — where the student really stands: exactly at the target (P / N = T%,
 * compared in whole numbers), else above it with no class to spare (e.g. 2 of 2 at 75%).
 */
export function outlookLine(stats: AttendanceStats): string | null {
  if (stats.totalDays === 0) return null;
  if (stats.mustAttend > 0) return M.mustAttend(stats.mustAttend, stats.target);
  if (stats.canMiss > 0) return M.canMiss(stats.canMiss);
  if (100 * stats.presentDays === stats.target * stats.totalDays) return M.atLimit(stats.target);
  return M.atMargin(percentText(stats.percentage), stats.target);
}

/** Green at or above the target, amber within 5 points below, red further below; none without classes. */
export function zoneOf(stats: AttendanceStats): Zone {
  return attendanceZone(stats.percentage, stats.totalDays, stats.target);
}

/** Text colour of each zone (theme tokens). */
export const ZONE_TEXT: Record<Zone, string> = {
  none: 'text-muted',
  green: 'text-success',
  amber: 'text-warning',
  red: 'text-danger',
};

/** Bar and ring colour of each zone. */
export const ZONE_FILL: Record<Zone, string> = {
  none: 'bg-line',
  green: 'bg-success',
  amber: 'bg-warning',
  red: 'bg-danger',
};

/** A percentage with one decimal, e.g. `66.7%` (docs/product-spec.md §9). */
export const percentText = (p: number) => `${p.toFixed(1)}%`;

/** Today (`yyyy-MM-dd`) in `timeZone` (the institute's; docs/product-spec.md §2: the picker stops at today). */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** `HH:mm` of an instant in `timeZone` (docs/product-spec.md §9: "Marked at HH:mm"). */
export function timeIn(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hour12: false }).format(
    new Date(iso),
  );
}

/**
 * The term line of a subject in the timetable (docs/attendance-outlook.md): what may still be
 * missed of the remaining classes, what must be attended in a row, or the best the term can end
 * at; null for a subject outside the timetable (its marks-only line applies).
 */
export function termLine(o: SubjectOutlook): string | null {
  if (!o.inTimetable) return null;
  if (o.mustAttend > 0)
    return o.reachable
      ? M.mustAttend(o.mustAttend, o.target)
      : M.cannotReach(o.remaining, percentText(o.bestPercentage));
  if (o.remaining === 0) return M.termOver;
  return M.canMissOfRemaining(o.canMiss, o.remaining, o.target);
}

/** A class day as a short label, e.g. `Mon 23 Nov` (the date is the institute's `yyyy-MM-dd`). */
export function dayLabel(date: string): string {
  return new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** The days from `from` to `to` (both `yyyy-MM-dd`, inclusive), at most `max` of them. */
export function daysFrom(from: string, to: string, max: number): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); days.length < max; t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10);
    if (day > to) break;
    days.push(day);
  }
  return days;
}
