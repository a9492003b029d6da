/**
 * Formatting helpers (docs/design.md §3 lib): money in rupees, dates (docs/product-spec.md §9: yyyy-MM-dd, HH:mm; en-IN
 * display), relative times ("about 2 hours ago").
 *
 * Dates are shown in the institute's time zone ({@link setDisplayTimeZone}; `Asia/Kolkata` until
 * told otherwise) and the `en-IN` locale, never the machine's: the server renders the first screen
 * and the browser hydrates it, so both must print the same text.
 */
import { formatDistanceToNow } from 'date-fns';

/** The time zone used before the institute's is known (the institute's default, docs/product-spec.md §9). */
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

/**
 * The formatters of one time zone. Each is built on first use: building one loads the runtime's
 * locale data, part of the app shell's start-up cost in the profile when all were built at import
 * (docs/performance.md "Start-up").
 */
function formatsFor(zone: string) {
  const lazy = <T>(make: () => T) => {
    let made: T | undefined;
    return () => (made ??= make());
  };
  return {
    isoDate: lazy(
      () => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }),
    ),
    clock: lazy(
      () => new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hour12: false }),
    ),
    dateIN: lazy(
      () => new Intl.DateTimeFormat('en-IN', { timeZone: zone, year: 'numeric', month: 'numeric', day: 'numeric' }),
    ),
    dayDate: lazy(
      () =>
        new Intl.DateTimeFormat('en-GB', {
          timeZone: zone,
          weekday: 'short',
          day: 'numeric',
          month: 'short',
          year: 'numeric',
        }),
    ),
  };
}

let rupees: Intl.NumberFormat | undefined;
let counts: Intl.NumberFormat | undefined;
let timeZone = DEFAULT_TIME_ZONE;
let formats = formatsFor(timeZone);

/**
 * Sets the IANA time zone dates are shown in (the institute's `timezone`). The server entry sets
 * it before rendering and the client entry before hydrating, from the same value. An unknown zone
 * is ignored (the previous one stays).
 */
export function setDisplayTimeZone(zone: string): void {
  if (zone === timeZone) return;
  const next = formatsFor(zone);
  try {
    next.isoDate();
  } catch {
    return; /* RangeError: not a time zone this runtime knows */
  }
  [formats, timeZone] = [next, zone];
}

/** The time zone dates are shown in. */
export function displayTimeZone(): string {
  return timeZone;
}

function toDate(value: string | Date): Date {
  return typeof value === 'string' ? new Date(value) : value;
}

/** A count in `en-IN` digits → "57", "1,23,456". */
export function formatCount(value: number): string {
  counts ??= new Intl.NumberFormat('en-IN');
  return counts.format(value);
}

/** Integer rupees → "₹1,500". */
export function formatRupees(amount: number): string {
  rupees ??= new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
  return rupees.format(amount);
}

/** ISO timestamp or Date → "yyyy-MM-dd" in the display time zone. */
export function formatIsoDate(value: string | Date): string {
  return formats.isoDate().format(toDate(value));
}

/** ISO timestamp or Date → "HH:mm" (24 h) in the display time zone. */
export function formatTime(value: string | Date): string {
  return formats.clock().format(toDate(value));
}

/** How long until `value` from `now`: "now", "in 1 min", "in 12 min", "in 2 h 5 min" (a past time is "now"). */
export function inMinutes(value: string | Date, now: Date): string {
  const minutes = Math.max(0, Math.ceil((toDate(value).getTime() - now.getTime()) / 60_000));
  if (minutes === 0) return 'now';
  if (minutes < 60) return `in ${minutes} min`;
  return `in ${Math.floor(minutes / 60)} h${minutes % 60 ? ` ${minutes % 60} min` : ''}`;
}

/** ISO timestamp → en-IN date such as "22/11/2026" or "5/1/2026" in the display time zone. */
export function formatDateIN(value: string | Date): string {
  return formats.dateIN().format(toDate(value));
}

/**
 * ISO timestamp or Date → "Tue, 24 Nov 2026" in the display time zone, assembled from its parts so
 * the punctuation does not depend on the runtime's locale data (Node and the browser differ).
 */
export function formatDayDate(value: string | Date): string {
  const part = (type: Intl.DateTimeFormatPartTypes, parts: Intl.DateTimeFormatPart[]) =>
    parts.find((p) => p.type === type)?.value ?? '';
  const parts = formats.dayDate().formatToParts(toDate(value));
  return `${part('weekday', parts)}, ${part('day', parts)} ${part('month', parts)} ${part('year', parts)}`;
}

/** ISO timestamp or Date → en-IN date and time such as "22/11/2026, 14:05" in the display time zone. */
export function formatDateTimeIN(value: string | Date): string {
  return `${formatDateIN(value)}, ${formatTime(value)}`;
}

/** ISO timestamp → "about 2 hours ago". */
export function formatRelative(value: string | Date): string {
  return formatDistanceToNow(toDate(value), { addSuffix: true });
}

/**
 * Builds the formatters a page of records shows first (counts, rupees, en-IN dates in the display
 * time zone), one per function, so that the start-up can build each in a task of its own before it
 * hydrates (app/startup/start-app.tsx). The first formatter of each kind loads the runtime's locale
 * data, 40–70 ms at 4× CPU, which otherwise lands inside the slice of the hydration that renders
 * the first count, price or date (docs/performance.md "Start-up").
 */
export const FORMATTER_WARMUPS: ReadonlyArray<() => void> = [
  () => void formatCount(0),
  () => void formatRupees(0),
  () => void formatDateIN(new Date(0)),
];
