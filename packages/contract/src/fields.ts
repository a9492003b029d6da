/**
 * Field building blocks shared by every feature's schemas (docs/design.md §4): how form and query
 * input is read (empty means absent, text is trimmed, 'true'/'false' parts are booleans), the
 * spec's two phone rules, calendar dates, date-times and whole rupees. Each feature composes its own fields
 * with its own messages from these; no feature declares them again.
 */
import { z } from 'zod';

/** Empty strings and null count as absent (docs/design.md §4: an empty multipart text part is absent). */
export const absent = (v: unknown) => (v === '' || v === null ? undefined : v);

/** Trims strings; other values pass unchanged. */
export const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

/** Trimmed, and absent when empty: the preprocessing of every text field. */
export const textInput = (v: unknown) => absent(trimmed(v));

/**
 * Makes a field optional where an empty (or blank) string or null also counts as absent (docs/design.md §4:
 * an empty multipart text part is absent; a cleared form field too).
 */
export function optionalField<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    schema.optional(),
  );
}

/**
 * The partial update body of a create body (docs/design.md §4: updates are partial): every field of `body`
 * wrapped in {@link optionalField}, so each keeps its validation and messages and a blank or null
 * value counts as absent. A create body's cross-field refinements are not carried over; refine the
 * object passed in beforehand, not after. Add update-only fields with `.extend`.
 */
export function partialFields<S extends Record<string, z.ZodType>>(body: z.ZodObject<S>) {
  const shape = Object.fromEntries(Object.entries(body.shape).map(([key, field]) => [key, optionalField(field)]));
  return z.object(shape as { [K in keyof S]: ReturnType<typeof optionalField<S[K]>> });
}

/** 'true'/'false' (also '1'/'0', 'on') text parts of multipart bodies and queries, or JSON booleans. */
export const formBoolean = z.preprocess(
  (v) => (v === 'true' || v === '1' || v === 'on' ? true : v === 'false' || v === '0' ? false : absent(v)),
  z.boolean({ error: 'Must be true or false.' }),
);

/**
 * A required text field: trimmed, `required` when absent or empty, `tooLong` over `max` characters.
 */
export function requiredText(max: number, messages: { required: string; tooLong: string }) {
  return z.preprocess(
    textInput,
    z.string({ error: messages.required }).min(1, messages.required).max(max, messages.tooLong),
  );
}

/** A search term: trimmed, absent when empty, at most `max` characters (default 100). */
export function searchText(max = 100) {
  return z.preprocess(textInput, z.string().max(max).optional());
}

/** Strips spaces, dashes and a leading +91 from a phone number typed by a person. */
function phoneInput(v: unknown) {
  const t = textInput(v);
  return typeof t === 'string' ? t.replace(/[\s-]/g, '').replace(/^\+91(?=\d{10}$)/, '') : t;
}

/** The spec's 10-digit contact rule (docs/product-spec.md §5: marketplace, rides): exactly 10 digits. */
export const TEN_DIGITS = /^\d{10}$/;
/** The spec's Indian-mobile rule (docs/product-spec.md §5: lost and found): 10 digits starting with 6–9. */
export const INDIAN_MOBILE = /^[6-9]\d{9}$/;

/** A 10-digit contact number (docs/product-spec.md §5); spaces, dashes and a leading +91 are stripped. */
export function tenDigitContact(messages: { required: string; invalid: string }) {
  return z.preprocess(phoneInput, z.string({ error: messages.required }).regex(TEN_DIGITS, messages.invalid));
}

/** An Indian mobile number (docs/product-spec.md §5: starts with 6–9); spaces, dashes and a leading +91 are stripped. */
export function indianMobile(messages: { required: string; invalid: string }) {
  return z.preprocess(phoneInput, z.string({ error: messages.required }).regex(INDIAN_MOBILE, messages.invalid));
}

/**
 * A calendar date `yyyy-MM-dd` that exists (zod's ISO date); "not in the future" is the API's rule,
 * checked in the institute's time zone (`apps/api/src/lib/dates.ts`).
 */
export function isoDate(message: string) {
  return z.preprocess(textInput, z.iso.date({ error: message }));
}

/**
 * An ISO 8601 date-time: `yyyy-MM-ddTHH:mm`, optionally `:ss` and `.SSS`, with an offset (`Z`,
 * `+05:30`) or without one (a `datetime-local` value, which the API reads in the institute's time
 * zone before validating: `readDateTimesIn` in `apps/api/src/lib/dates.ts`).
 */
export const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/;

/**
 * A date-time ({@link ISO_DATE_TIME}) that exists, as ISO 8601 in UTC (`2026-11-24T09:00:00.000Z`):
 * `required` when absent or empty, `invalid` for anything else. Rules on the instant (not in the
 * past …) are the feature's, refined on the result.
 */
export function isoDateTime(messages: { required: string; invalid: string }) {
  return z
    .preprocess(
      textInput,
      z
        .string({ error: messages.required })
        .regex(ISO_DATE_TIME, messages.invalid)
        .refine((v) => !Number.isNaN(Date.parse(v)), messages.invalid),
    )
    .transform((v) => new Date(v).toISOString());
}

/** Largest value of PostgreSQL's `integer`: numbers in queries and bodies stay within it. */
export const PG_INT_MAX = 2_147_483_647;

/**
 * Whole rupees ≥ 0 and ≤ `max`, from a JSON number or a decimal string (multipart parts, queries).
 * `required` when absent, `invalid` for anything else that is not a whole number ≥ 0.
 */
export function rupees(max: number, messages: { required: string; invalid: string; tooHigh: string }) {
  return z.preprocess(
    (v) => {
      const t = textInput(v);
      if (typeof t === 'string') return /^\d{1,12}$/.test(t) ? Number(t) : Number.NaN;
      return t;
    },
    z
      .number({ error: (iss) => (iss.input === undefined ? messages.required : messages.invalid) })
      .int(messages.invalid)
      .min(0, messages.invalid)
      .max(max, messages.tooHigh),
  );
}

/** One of `values` (trimmed); `required` when absent, `invalid` for a value not in the list. */
export function choice<const T extends readonly [string, ...string[]]>(
  values: T,
  messages: { required: string; invalid: string },
) {
  return z.preprocess(
    textInput,
    z.enum(values, { error: (iss) => (iss.input === undefined ? messages.required : messages.invalid) }),
  );
}

/** A list filter on one of `values`; absent, empty or `allValue` (e.g. 'All') means no filter. */
export function choiceFilter<const T extends readonly [string, ...string[]]>(
  values: T,
  invalid: string,
  allValue = 'All',
) {
  return z.preprocess((v) => (v === allValue ? undefined : absent(v)), z.enum(values, { error: invalid }).optional());
}
