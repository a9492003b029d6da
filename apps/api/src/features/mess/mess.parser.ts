/**
 * Reads a menu CSV (docs/mess.md "CSV import"): one row per day × meal, `day,meal,dishes`, an
 * optional header row, dishes separated by `;`, a dish ending in ` (egg)` or ` (non-veg)` (else
 * veg). Parsed with csv-parse (quotes, commas inside quotes, CRLF); every bad row is named with its
 * line number and reason, so the preview lists them all at once. Pure: no database.
 */
import { CsvError, parse } from 'csv-parse/sync';
import {
  MESS_CSV_REASONS as R,
  MESS_DISH_MAX,
  MESS_DISHES_MAX,
  MESS_MEALS,
  MESS_WEEKDAYS,
  type MessMeal,
  type WeekEntries,
} from '@campus/contract/mess';
import { dishesOf } from './mess.seed.ts';

/** What a file gave: the week's entries in file order, and the bad rows. */
export interface ParsedMenu {
  week: WeekEntries;
  errors: { line: number; reason: string }[];
}

/** ISO weekday (1–7) of a day's name or its first three letters, any case; null otherwise. */
function weekdayOf(text: string): number | null {
  const t = text.trim().toLowerCase();
  const i = MESS_WEEKDAYS.findIndex((d) => d.toLowerCase() === t || d.slice(0, 3).toLowerCase() === t);
  return i < 0 ? null : i + 1;
}

/**
 * The week in `text` for a mess serving `served` meals. Rows with a wrong column count, an unknown
 * day or meal, a meal the mess does not serve, no dishes, too many or too long dishes, or a day and
 * meal given twice are errors; an unreadable line (an unclosed quote) ends the reading there.
 */
export function parseMenuCsv(text: string, served: readonly MessMeal[]): ParsedMenu {
  const out: ParsedMenu = { week: [], errors: [] };
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text.replace(/^\uFEFF/, ''), {
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (err) {
    if (err instanceof CsvError) {
      out.errors.push({ line: (err as CsvError & { lines?: number }).lines ?? 1, reason: R.unreadable });
      return out;
    }
    throw err;
  }
  const seen = new Map<string, number>();
  records.forEach(({ record, info }, i) => {
    const line = info.lines;
    if (i === 0 && record[0]?.toLowerCase() === 'day') return;
    const fail = (reason: string) => out.errors.push({ line, reason });
    if (record.length !== 3) return fail(R.columns);
    const [dayText, mealText, dishText] = record as [string, string, string];
    const day = weekdayOf(dayText);
    if (day === null) return fail(R.day(dayText));
    const meal = MESS_MEALS.find((m) => m === mealText.toLowerCase());
    if (!meal) return fail(R.meal(mealText));
    if (!served.includes(meal)) return fail(R.notServed(meal));
    const dishes = dishesOf(dishText);
    if (dishes.length === 0) return fail(R.noDishes);
    if (dishes.length > MESS_DISHES_MAX) return fail(R.tooMany);
    if (dishes.some((d) => d.name.length > MESS_DISH_MAX)) return fail(R.dishTooLong);
    const key = `${day}|${meal}`;
    const first = seen.get(key);
    if (first !== undefined) return fail(R.repeated(first));
    seen.set(key, line);
    out.week.push({ day, meal, dishes });
  });
  return out;
}
