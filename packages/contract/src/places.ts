/**
 * The places directory (docs/architecture.md "Features in detail": Places and the map): the
 * administrator's place body (JSON, and each CSV row), the list query, the place as the API
 * returns it and the CSV import. Coordinates are WGS 84 degrees; hours are the institute's local
 * times (see `parseHours` in `./places-ui.ts`).
 */
import { z } from 'zod';
import { choice, choiceFilter, optionalField, searchText, textInput } from './fields.ts';
import { apiPage, apiSuccess, paginationQueryOf } from './envelope.ts';
import {
  PLACE_ALIASES_MAX,
  PLACE_ALIAS_MAX,
  PLACE_CATEGORIES,
  PLACE_DESCRIPTION_MAX,
  PLACE_FLOOR_MAX,
  PLACE_HOURS_MAX,
  PLACE_MESSAGES as M,
  PLACE_NAME_MAX,
  PLACE_SLUG_MAX,
  SLUG_PATTERN,
  parseHours,
} from './places-ui.ts';

export * from './places-ui.ts';

/** A slug: lower-case letters, digits and hyphens. */
export const slugField = z.preprocess(
  textInput,
  z.string({ error: M.slugRequired }).max(PLACE_SLUG_MAX, M.slugInvalid).regex(SLUG_PATTERN, M.slugInvalid),
);

/** A number in degrees from a JSON number or a decimal string (CSV, forms). */
function degrees(max: number, message: string) {
  return z.preprocess(
    (v) => {
      const t = textInput(v);
      return typeof t === 'string' ? (/^-?\d{1,3}(\.\d{1,10})?$/.test(t) ? Number(t) : Number.NaN) : t;
    },
    z.number({ error: message }).min(-max, message).max(max, message),
  );
}

/** Aliases: a list, or one text with `|` or `,` between them (CSV, forms); trimmed, blanks dropped. */
const aliases = z.preprocess(
  (v) => {
    const list = typeof v === 'string' ? v.split(/[|,]/) : (v ?? []);
    return Array.isArray(list) ? list.map((a) => (typeof a === 'string' ? a.trim() : a)).filter((a) => a !== '') : v;
  },
  z
    .array(z.string().max(PLACE_ALIAS_MAX, M.aliasesInvalid), { error: M.aliasesInvalid })
    .max(PLACE_ALIASES_MAX, M.aliasesInvalid),
);

/** Opening hours as text (`Mon-Fri 08:00-20:00; Sat 09:00-13:00`), read into intervals; empty: none listed. */
const hours = z.preprocess(
  (v) => (v === undefined || v === null ? '' : typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: M.hoursInvalid })
    .max(PLACE_HOURS_MAX, M.hoursInvalid)
    .transform((text, ctx) => {
      const parsed = parseHours(text);
      if (parsed === null) {
        ctx.addIssue({ code: 'custom', message: M.hoursInvalid });
        return z.NEVER;
      }
      return parsed;
    }),
);

/** The administrator's place (create and replace; one CSV row). */
export const placeBody = z.object({
  slug: slugField,
  name: z.preprocess(
    textInput,
    z.string({ error: M.nameRequired }).min(1, M.nameRequired).max(PLACE_NAME_MAX, M.nameLong),
  ),
  category: choice(PLACE_CATEGORIES, { required: M.categoryRequired, invalid: M.categoryInvalid }),
  lat: degrees(90, M.latInvalid),
  lng: degrees(180, M.lngInvalid),
  aliases: aliases.default([]),
  description: z.preprocess((v) => textInput(v) ?? '', z.string().max(PLACE_DESCRIPTION_MAX, M.descriptionLong)),
  hours,
  floor: optionalField(z.string().max(PLACE_FLOOR_MAX, M.floorLong)),
});
export type PlaceBodyInput = z.input<typeof placeBody>;
export type PlaceBody = z.output<typeof placeBody>;

/** `GET /api/places`: a search word (name or alias, typos allowed) and a category. */
export const listPlacesQuery = paginationQueryOf(100).extend({
  q: searchText(),
  category: choiceFilter(PLACE_CATEGORIES, M.categoryInvalid),
});
export type ListPlacesQuery = z.infer<typeof listPlacesQuery>;
export type PlaceFilters = z.input<typeof listPlacesQuery>;

/** `/:slug` params: a malformed slug names no place (404). */
export const placeParams = z.object({
  slug: z.string().max(PLACE_SLUG_MAX, M.notFound).regex(SLUG_PATTERN, M.notFound),
});

const interval = z.object({ day: z.number().int(), open: z.string(), close: z.string() });

/** A place as the API returns it; `hoursText` is `hours` written back as text. */
export const place = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  category: z.enum(PLACE_CATEGORIES),
  lat: z.number(),
  lng: z.number(),
  aliases: z.array(z.string()),
  description: z.string(),
  hours: z.array(interval),
  hoursText: z.string(),
  floor: z.string().nullable(),
});
export type Place = z.infer<typeof place>;

export const placeList = apiPage(place);
export const placeResponse = apiSuccess(place);

/** `POST /api/admin/places/import`: the CSV text (header {@link PLACE_CSV_COLUMNS}) and whether to save. */
export const importPlacesBody = z.object({
  csv: z.string({ error: M.csvRequired }).min(1, M.csvRequired).max(500_000, M.csvTooMany),
  dryRun: z.boolean().default(false),
});
export type ImportPlacesBody = z.input<typeof importPlacesBody>;

/** One CSV line's outcome: the place it creates or updates, or what is wrong with it. */
export const importLine = z.object({
  line: z.number().int(),
  slug: z.string(),
  action: z.enum(['create', 'update', 'error']),
  message: z.string().optional(),
});
export type ImportLine = z.infer<typeof importLine>;

/** The import's answer: every line's outcome; `saved` is false on a dry run. */
export const importResult = z.object({ saved: z.boolean(), lines: z.array(importLine) });
export type ImportResult = z.infer<typeof importResult>;
export const importResponse = apiSuccess(importResult);
