/**
 * Internship finder (docs/product-spec.md §2 "Internship finder", §3, §4, §7, §8, §9; docs/design.md §4, §8):
 * constants, messages, the search body of `POST /api/internships/fetch`, one listing and the
 * response, which keeps `internships` at the top level (docs/design.md §4). Money is whole rupees per month.
 */
import { z } from 'zod';
import { absent, formBoolean, optionalField, rupees, textInput } from './fields.ts';

/** Default Field of Interest (docs/product-spec.md §2). */
export const DEFAULT_JOB_CATEGORY = 'Software Development';
/** Results per search by default (docs/product-spec.md §7, §9) and the highest a caller may ask for. */
export const MAX_RESULTS_DEFAULT = 12;
export const MAX_RESULTS_CAP = 40;
/** The client gives up after this many ms (docs/product-spec.md §7, §9). */
export const INTERNSHIP_CLIENT_TIMEOUT_MS = 180_000;
/** A search's results are reused for this many minutes. */
export const INTERNSHIP_CACHE_MINUTES = 30;
/** Longest accepted Field of Interest / Location (characters). */
export const INTERNSHIP_TEXT_MAX = 80;
/** Highest accepted minimum stipend (₹/month, a typo guard). */
export const STIPEND_FILTER_MAX = 1_000_000;
/** Fields of interest the form suggests (free text is accepted too). */
export const JOB_CATEGORY_SUGGESTIONS = [
  'Software Development',
  'Web Development',
  'Data Science',
  'Machine Learning',
  'Android App Development',
  'Computer Science',
  'Graphic Design',
  'Marketing',
  'Content Writing',
  'Finance',
] as const;

/** Messages of the internship finder (docs/product-spec.md §2, §8). */
export const INTERNSHIP_MESSAGES = {
  found: 'Internships fetched successfully.',
  /** A 403/429 or a challenge page from the source → 502. */
  blocked: 'The internship source is blocking requests right now. Please try again later.',
  /** Server or client time-out (docs/product-spec.md §8) → 504. */
  timeout: 'Request timed out. The scraping process is taking longer than expected. Please try again.',
  /** Markup we cannot read, an unexpected answer, or a refused address → 502. */
  unreadable: 'We could not read the internship source.',
  /** Client default (docs/product-spec.md §8). */
  failed: 'Failed to fetch internships.',
  categoryLong: `Field of interest must be at most ${INTERNSHIP_TEXT_MAX} characters.`,
  locationLong: `Location must be at most ${INTERNSHIP_TEXT_MAX} characters.`,
  stipendInvalid: 'Minimum stipend must be a whole number of rupees, 0 or more.',
  stipendTooHigh: `Minimum stipend must be at most ₹${STIPEND_FILTER_MAX.toLocaleString('en-IN')}.`,
  maxResultsInvalid: `Number of results must be a whole number from 1 to ${MAX_RESULTS_CAP}.`,
  // Page texts (docs/product-spec.md §2).
  running: 'Scraping internships...',
  runningNote: 'This may take 30-60 seconds.',
  empty: 'No internships match these filters.',
} as const;

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
