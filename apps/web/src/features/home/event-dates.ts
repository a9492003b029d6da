/**
 * Display of the config's calendar dates (`yyyy-MM-dd`, institute-local days, docs/design.md §4) in the
 * en-IN day-month order: "Sat, 5 Dec 2026", or a range "Fri, 12 Feb – Sun, 14 Feb 2027" (the year
 * shown once when both ends share it). Dates are parsed as local calendar days, so no time zone
 * can shift them.
 */
import { format, parseISO } from 'date-fns';

/** Formats a date or an inclusive date range given as `yyyy-MM-dd` strings. */
export function formatEventDates(date: string, endDate?: string): string {
  const start = parseISO(date);
  if (!endDate || endDate === date) return format(start, 'EEE, d MMM yyyy');
  const sameYear = date.slice(0, 4) === endDate.slice(0, 4);
  return `${format(start, sameYear ? 'EEE, d MMM' : 'EEE, d MMM yyyy')} – ${format(parseISO(endDate), 'EEE, d MMM yyyy')}`;
}
