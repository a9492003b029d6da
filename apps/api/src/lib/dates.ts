/**
 * The institute's calendar (DESIGN §4): "today" and day boundaries in the institute's time zone
 * (config `timezone`, default Asia/Kolkata). Dates are `yyyy-MM-dd` strings; instants are `Date`s
 * (UTC). Built on date-fns and @date-fns/tz; features (lost & found, rides, attendance) use these
 * and never compute time zones themselves.
 */
import { TZDate } from '@date-fns/tz';
import { addDays as addDaysTo, format, parseISO } from 'date-fns';

/** Today as `yyyy-MM-dd` in `timezone` (at the instant `now`, default the current time). */
export function todayIn(timezone: string, now: Date = new Date()): string {
  return format(new TZDate(now, timezone), 'yyyy-MM-dd');
}

/** The instant the day `date` (`yyyy-MM-dd`) starts in `timezone` (00:00 local, as a UTC `Date`). */
export function startOfDayIn(date: string, timezone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, 0, 0, 0, 0, timezone).getTime());
}

/**
 * The half-open interval `[start, end)` of instants covering the days `from` … `to` inclusive
 * (`yyyy-MM-dd`) in `timezone`.
 */
export function daysRangeIn(from: string, to: string, timezone: string): { start: Date; end: Date } {
  return { start: startOfDayIn(from, timezone), end: startOfDayIn(addDays(to, 1), timezone) };
}

/** `date` (`yyyy-MM-dd`) plus `days` calendar days (negative to go back), as `yyyy-MM-dd`. */
export function addDays(date: string, days: number): string {
  return format(addDaysTo(parseISO(date), days), 'yyyy-MM-dd');
}

/** ISO weekday of `date` (`yyyy-MM-dd`): 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  const day = parseISO(date).getDay();
  return day === 0 ? 7 : day;
}

/**
 * True when `date` (`yyyy-MM-dd`) is after today in `timezone` — the "future date" refusal of
 * attendance marks and lost & found reports (spec §5); undefined (not sent) is never in the future.
 */
export function isFutureDate(date: string | undefined, timezone: string): boolean {
  return date !== undefined && date > todayIn(timezone);
}
