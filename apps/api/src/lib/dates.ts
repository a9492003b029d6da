/**
 * The institute's calendar (docs/design.md §4): "today" and day boundaries in the institute's time zone
 * (config `timezone`, default Asia/Kolkata). Dates are `yyyy-MM-dd` strings; instants are `Date`s
 * (UTC). Built on date-fns and @date-fns/tz; features (lost & found, rides, attendance) use these
 * and never compute time zones themselves.
 */
import { TZDate } from '@date-fns/tz';
import { addDays as addDaysTo, format, parseISO } from 'date-fns';
import type { preValidationAsyncHookHandler } from 'fastify';

/** The last day {@link todayIn} worked out: its zone, its date and the instants it spans, ms. */
let lastDay: { timezone: string; date: string; from: number; to: number } | undefined;

/**
 * Today as `yyyy-MM-dd` in `timezone` (at the instant `now`, default the current time). The day
 * last worked out is kept with the instants it spans, so the hot reads (`GET /api/mess/today`, the
 * events feed) skip the time-zone arithmetic for every instant inside it.
 */
export function todayIn(timezone: string, now: Date = new Date()): string {
  const at = now.getTime();
  if (lastDay && lastDay.timezone === timezone && at >= lastDay.from && at < lastDay.to) return lastDay.date;
  const date = format(new TZDate(now, timezone), 'yyyy-MM-dd');
  const { start, end } = daysRangeIn(date, date, timezone);
  lastDay = { timezone, date, from: start.getTime(), to: end.getTime() };
  return date;
}

/** The time of day `HH:mm` (24-hour) in `timezone` at the instant `now`. */
export function timeOfDayIn(timezone: string, now: Date = new Date()): string {
  return format(new TZDate(now, timezone), 'HH:mm');
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
 * attendance marks and lost & found reports (docs/product-spec.md §5); undefined (not sent) is never in the future.
 */
export function isFutureDate(date: string | undefined, timezone: string): boolean {
  return date !== undefined && date > todayIn(timezone);
}

/** A date-time without an offset: `yyyy-MM-ddTHH:mm`, optionally `:ss` and `.SSS` (a `datetime-local` value). */
const OFFSET_LESS = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;

/**
 * `value` read in `timezone` when it is a date-time without an offset (the spec's
 * client sends `datetime-local` values such as `2026-11-27T10:30`), as ISO 8601 in UTC
 * (`2026-11-27T05:00:00.000Z` for Asia/Kolkata). An impossible date such as 30 February becomes
 * `'Invalid Date'`, which no date-time schema accepts (JavaScript's parser would roll it over to
 * 2 March); anything else — a value with an offset, not a string — is returned unchanged for the
 * contract's schema to judge.
 */
export function withZoneOffset(value: unknown, timezone: string): unknown {
  const m = typeof value === 'string' ? OFFSET_LESS.exec(value) : null;
  if (!m) return value;
  const [y, mo, d, h, mi, sec = '0', ms = '0'] = m.slice(1).map((p) => p ?? undefined) as string[];
  const local = new TZDate(+y!, +mo! - 1, +d!, +h!, +mi!, +sec, +ms.padEnd(3, '0'), timezone);
  const roundTrip = [local.getFullYear(), local.getMonth() + 1, local.getDate(), local.getHours(), local.getMinutes()];
  if (roundTrip.join() !== [+y!, +mo!, +d!, +h!, +mi!].join()) return 'Invalid Date';
  return new Date(local.getTime()).toISOString();
}

/**
 * The named date-time fields of a request body, when sent without an offset, read in `timezone`
 * ({@link withZoneOffset}), in place. One step for both ways a body arrives: a form route (multipart
 * or JSON, `lib/multipart-form.ts`) passes it as `beforeValidation`; a route whose JSON body Fastify
 * validates with the contract's schema (`schema: { body }`) runs it through {@link dateTimesInBody}.
 */
export function readDateTimesIn(timezone: string, names: readonly string[]) {
  return (fields: Record<string, unknown>): void => {
    for (const name of names) if (name in fields) fields[name] = withZoneOffset(fields[name], timezone);
  };
}

/**
 * {@link readDateTimesIn} as a route's `preValidation` hook: `{ preValidation: dateTimesInBody(tz,
 * ['startsAt']), schema: { body } }` reads the body's offset-less date-times in `timezone` before
 * the schema sees them. A body that is not a JSON object is left to the schema (400).
 */
export function dateTimesInBody(timezone: string, names: readonly string[]): preValidationAsyncHookHandler {
  const read = readDateTimesIn(timezone, names);
  return async (req) => {
    const body = req.body;
    if (body && typeof body === 'object' && !Array.isArray(body)) read(body as Record<string, unknown>);
  };
}
