/**
 * Internship finder (docs/product-spec.md §2 "Internship finder", §3, §4, §7, §8, §9; docs/design.md §4, §8):
 * constants, messages, the search body of `POST /api/internships/fetch`, one listing and the
 * response, which keeps `internships` at the top level (docs/design.md §4). Money is whole rupees per month.
 */
import { z } from 'zod';
import { absent, formBoolean, optionalField, rupees, textInput } from './fields.ts';
import {
  DEFAULT_JOB_CATEGORY,
  INTERNSHIP_MESSAGES,
  INTERNSHIP_TEXT_MAX,
  MAX_RESULTS_CAP,
  MAX_RESULTS_DEFAULT,
  STIPEND_FILTER_MAX,
} from './internships-ui.ts';

export * from './internships-ui.ts';

/** Free text (trimmed, inner spacing collapsed); empty means absent, so the default applies. */
const searchField = (max: number, tooLong: string, fallback: string) =>
  z.preprocess((v) => {
    const t = textInput(v);
    return typeof t === 'string' ? t.replace(/\s+/g, ' ') : t;
  }, z.string().max(max, tooLong).default(fallback));

/** A yes/no filter: JSON booleans and form text, plus 'yes'/'no' (what the original client's scraper expected). */
const flag = z.preprocess((v) => (v === 'yes' ? true : v === 'no' ? false : absent(v)), formBoolean.default(false));

/** Whole rupees or a count from a JSON number or a decimal string; empty means absent (0 / the default). */
const wholeNumber = (max: number, messages: { invalid: string; tooHigh: string }, fallback: number) =>
  optionalField(rupees(max, { required: messages.invalid, ...messages })).default(fallback);

/**
 * Body of POST /api/internships/fetch (docs/product-spec.md §3 filters, §5 "no required fields"): `job_category`
 * (default Software Development), `location` ('' = anywhere), `work_from_home`, `stipend` (the
 * minimum, ₹/month, 0 = any), `max_results` (default 12, 1–40) and `refresh` (bypass the cache).
 */
export const fetchInternshipsBody = z.object({
  job_category: searchField(INTERNSHIP_TEXT_MAX, INTERNSHIP_MESSAGES.categoryLong, DEFAULT_JOB_CATEGORY),
  location: searchField(INTERNSHIP_TEXT_MAX, INTERNSHIP_MESSAGES.locationLong, ''),
  work_from_home: flag,
  stipend: wholeNumber(
    STIPEND_FILTER_MAX,
    { invalid: INTERNSHIP_MESSAGES.stipendInvalid, tooHigh: INTERNSHIP_MESSAGES.stipendTooHigh },
    0,
  ),
  max_results: wholeNumber(
    MAX_RESULTS_CAP,
    { invalid: INTERNSHIP_MESSAGES.maxResultsInvalid, tooHigh: INTERNSHIP_MESSAGES.maxResultsInvalid },
    MAX_RESULTS_DEFAULT,
  ).refine((n) => n >= 1, INTERNSHIP_MESSAGES.maxResultsInvalid),
  refresh: flag,
});
export type FetchInternshipsBody = z.infer<typeof fetchInternshipsBody>;
export type FetchInternshipsInput = z.input<typeof fetchInternshipsBody>;

/**
 * One listing (docs/product-spec.md §3): `stipend` is the card's text; `stipend_min`/`stipend_max`
 * are ₹/month (null when unknown, 0 when unpaid); `apply_link` is absolute; `posted`/`start` are
 * the card's texts when it has them.
 */
export const internshipListing = z.object({
  id: z.string(),
  title: z.string(),
  company: z.string(),
  location: z.string(),
  work_from_home: z.boolean(),
  hybrid: z.boolean(),
  stipend: z.string(),
  stipend_min: z.number().int().nullable(),
  stipend_max: z.number().int().nullable(),
  duration: z.string(),
  apply_link: z.string(),
  posted: z.string().nullable(),
  start: z.string().nullable(),
});
export type InternshipListing = z.infer<typeof internshipListing>;

/**
 * Success body: `internships` at the top level (docs/product-spec.md §7 "Reads internships", docs/design.md §4), the
 * listing URL they came from (`source`), when it was fetched (ISO 8601) and whether it came from
 * the 30-minute cache.
 */
export const fetchInternshipsResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  internships: z.array(internshipListing),
  source: z.string(),
  fetchedAt: z.string(),
  cached: z.boolean(),
});
export type FetchInternshipsResponse = z.infer<typeof fetchInternshipsResponse>;
