/**
 * The places directory and the campus map (docs/architecture.md "Features in detail": Places and the
 * map): categories, messages, opening hours as text and "open now", with no zod, so the map page
 * does not load the schema library at start (docs/decisions/0001-hydration-at-load.md). The schemas
 * are in `./places.ts`, which re-exports everything here.
 */

/** A place's category; `bank` is "Bank / ATM", `transport` a transport stop. */
export const PLACE_CATEGORIES = [
  'academic',
  'hostel',
  'mess',
  'food',
  'gate',
  'sports',
  'medical',
  'office',
  'shop',
  'bank',
  'transport',
] as const;
export type PlaceCategory = (typeof PLACE_CATEGORIES)[number];
export const PLACE_CATEGORY_LABELS: Record<PlaceCategory, string> = {
  academic: 'Academic',
  hostel: 'Hostel',
  mess: 'Mess',
  food: 'Food',
  gate: 'Gate',
  sports: 'Sports',
  medical: 'Medical',
  office: 'Office',
  shop: 'Shop',
  bank: 'Bank / ATM',
  transport: 'Transport stop',
};

/** Length limits (characters) and list sizes. */
export const PLACE_NAME_MAX = 100;
export const PLACE_SLUG_MAX = 60;
export const PLACE_DESCRIPTION_MAX = 1000;
export const PLACE_ALIAS_MAX = 40;
export const PLACE_ALIASES_MAX = 10;
export const PLACE_FLOOR_MAX = 100;
export const PLACE_HOURS_MAX = 300;
/** Rows one CSV import takes at most. */
export const PLACE_IMPORT_ROWS_MAX = 500;
/** The CSV import's header, in this order. */
export const PLACE_CSV_COLUMNS = [
  'slug',
  'name',
  'category',
  'lat',
  'lng',
  'aliases',
  'description',
  'hours',
  'floor',
] as const;

/** Lower-case letters, digits and single hyphens: `lecture-hall-complex`. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const PLACE_MESSAGES = {
  listed: 'Places retrieved successfully',
  found: 'Place retrieved successfully',
  notFound: 'Place not found.',
  created: 'Place added',
  updated: 'Place updated',
  deleted: 'Place deleted',
  imported: (n: number) => `Imported ${n} place${n === 1 ? '' : 's'}`,
  checked: (n: number) => `${n} row${n === 1 ? '' : 's'} checked — nothing saved (dry run)`,
  importRefused: 'Nothing was imported: fix the rows named below.',
  slugTaken: 'Another place already has this slug.',
  slugRequired: 'Slug is required',
  slugInvalid: 'Slug: lower-case letters, digits and hyphens only',
  nameRequired: 'Name is required',
  nameLong: `Name must be at most ${PLACE_NAME_MAX} characters`,
  categoryRequired: 'Category is required',
  categoryInvalid: `Category must be one of: ${PLACE_CATEGORIES.join(', ')}`,
  latInvalid: 'Latitude must be a number from -90 to 90',
  lngInvalid: 'Longitude must be a number from -180 to 180',
  aliasesInvalid: `At most ${PLACE_ALIASES_MAX} aliases of at most ${PLACE_ALIAS_MAX} characters each`,
  descriptionLong: `Description must be at most ${PLACE_DESCRIPTION_MAX} characters`,
  floorLong: `Floor or room must be at most ${PLACE_FLOOR_MAX} characters`,
  csvRequired: 'Paste or choose a CSV file',
  csvHeader: `The first line must be: ${PLACE_CSV_COLUMNS.join(',')}`,
  csvTooMany: `At most ${PLACE_IMPORT_ROWS_MAX} rows per import`,
  csvUnreadable: 'The CSV could not be read',
  hoursInvalid: 'Hours: write e.g. "Mon-Fri 08:00-20:00; Sat 09:00-13:00" (or "Daily 00:00-24:00")',
} as const;

/** ISO weekdays 1 (Monday) … 7 (Sunday), as the hours text names them. */
export const WEEKDAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** One opening interval: ISO weekday 1–7, `HH:mm` open and close (close after open; `24:00` ends the day). */
export interface OpeningInterval {
  day: number;
  open: string;
  close: string;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const dayIndex = (name: string) => WEEKDAY_NAMES.findIndex((d) => d.toLowerCase() === name.toLowerCase()) + 1;

/**
 * Reads opening hours written as text: `;`-separated parts of days and times, days a name
 * (`Mon`), a range (`Mon-Fri`), a list (`Sat,Sun`) or `Daily`; times `HH:mm-HH:mm`, several
 * separated by `,` (`Mon-Fri 08:00-13:00, 14:00-18:00`). Empty text: no hours listed (`[]`).
 * Returns the intervals sorted by day and time, or null when the text is not in this form or a
 * time closes before it opens.
 */
export function parseHours(text: string): OpeningInterval[] | null {
  const out: OpeningInterval[] = [];
  const trimmedText = text.trim();
  if (trimmedText === '') return [];
  for (const part of trimmedText.split(';')) {
    const m =
      /^\s*([A-Za-z,\s-]+?)\s+(\d{2}:\d{2}\s*-\s*\d{2}:\d{2}(?:\s*,\s*\d{2}:\d{2}\s*-\s*\d{2}:\d{2})*)\s*$/.exec(part);
    if (!m) return null;
    const days = new Set<number>();
    for (const token of m[1]!.split(',').map((t) => t.trim())) {
      if (token.toLowerCase() === 'daily') {
        for (let d = 1; d <= 7; d += 1) days.add(d);
        continue;
      }
      const [from, to] = token.split('-').map((t) => dayIndex(t.trim()));
      if (!from || (to !== undefined && !to) || token.split('-').length > 2) return null;
      if (to === undefined) days.add(from);
      else
        for (let d = from; ; d = (d % 7) + 1) {
          days.add(d);
          if (d === to) break;
        }
    }
    for (const range of m[2]!.split(',')) {
      const [open, close] = range.split('-').map((t) => t.trim()) as [string, string];
      if (!TIME.test(open) || !TIME.test(close) || open === '24:00' || close <= open) return null;
      for (const day of days) out.push({ day, open, close });
    }
  }
  return out.sort((a, b) => a.day - b.day || (a.open < b.open ? -1 : 1));
}

/** Writes intervals back as text, one part per run of days with the same times (`Mon-Fri 08:00-20:00; Sat 09:00-13:00`). */
export function formatHours(hours: readonly OpeningInterval[]): string {
  const byDay = WEEKDAY_NAMES.map((_, i) =>
    hours
      .filter((h) => h.day === i + 1)
      .map((h) => `${h.open}-${h.close}`)
      .join(', '),
  );
  const parts: string[] = [];
  for (let i = 0; i < 7;) {
    let j = i;
    while (j + 1 < 7 && byDay[j + 1] === byDay[i]) j += 1;
    if (byDay[i]) {
      const days =
        i === 0 && j === 6 ? 'Daily' : i === j ? WEEKDAY_NAMES[i] : `${WEEKDAY_NAMES[i]}-${WEEKDAY_NAMES[j]}`;
      parts.push(`${days} ${byDay[i]}`);
    }
    i = j + 1;
  }
  return parts.join('; ');
}

/** The ISO weekday (1–7) and `HH:mm` of instant `at` in time zone `timezone`. */
export function weekdayAndTimeIn(at: Date, timezone: string): { day: number; time: string } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: dayIndex(get('weekday')), time: `${get('hour')}:${get('minute')}` };
}

/**
 * "Open now": whether one of `hours`' intervals holds instant `at` in the institute's zone
 * (open ≤ time < close); null when no hours are listed.
 */
export function isOpenAt(hours: readonly OpeningInterval[], at: Date, timezone: string): boolean | null {
  if (hours.length === 0) return null;
  const { day, time } = weekdayAndTimeIn(at, timezone);
  return hours.some((h) => h.day === day && h.open <= time && time < h.close);
}

/**
 * The phone's maps app at a place: a `geo:` URI (Android opens the chosen maps app) with the
 * name as the label; `mapsUrl` the same point as a web maps link for other devices.
 */
export function directionsLinks(place: { lat: number; lng: number; name: string }) {
  const at = `${place.lat},${place.lng}`;
  return {
    geo: `geo:${at}?q=${at}(${encodeURIComponent(place.name)})`,
    mapsUrl: `https://www.openstreetmap.org/directions?to=${at}#map=18/${place.lat}/${place.lng}`,
  };
}
