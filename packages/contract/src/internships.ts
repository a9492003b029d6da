/**
 * Internship finder (spec §2 "Internship finder", §3, §4, §7, §8, §9; DESIGN §4, §8; issue 14):
 * constants, messages, the search body of `POST /api/internships/fetch`, one listing and the
 * response, which keeps `internships` at the top level (DESIGN §4). Money is whole rupees per month.
 */
import { z } from 'zod';

/** Default Field of Interest (spec §2). */
export const DEFAULT_JOB_CATEGORY = 'Software Development';
/** Results per search by default (spec §7, §9) and the highest a caller may ask for (issue 14). */
export const MAX_RESULTS_DEFAULT = 12;
export const MAX_RESULTS_CAP = 40;
/** The client gives up after this many ms (spec §7, §9). */
export const INTERNSHIP_CLIENT_TIMEOUT_MS = 180_000;
/** A search's results are reused for this many minutes (issue 14 Cache). */
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

/** Messages of the internship finder (spec §2, §8; issue 14 Honest errors). */
export const INTERNSHIP_MESSAGES = {
  found: 'Internships fetched successfully.',
  /** A 403/429 or a challenge page from the source → 502 (issue 14). */
  blocked: 'The internship source is blocking requests right now. Please try again later.',
  /** Server or client time-out (spec §8) → 504. */
  timeout: 'Request timed out. The scraping process is taking longer than expected. Please try again.',
  /** Markup we cannot read, an unexpected answer, or a refused address → 502 (issue 14). */
  unreadable: 'We could not read the internship source.',
  /** Client default (spec §8). */
  failed: 'Failed to fetch internships.',
  categoryLong: `Field of interest must be at most ${INTERNSHIP_TEXT_MAX} characters.`,
  locationLong: `Location must be at most ${INTERNSHIP_TEXT_MAX} characters.`,
  stipendInvalid: 'Minimum stipend must be a whole number of rupees, 0 or more.',
  stipendTooHigh: `Minimum stipend must be at most ₹${STIPEND_FILTER_MAX.toLocaleString('en-IN')}.`,
  maxResultsInvalid: `Number of results must be a whole number from 1 to ${MAX_RESULTS_CAP}.`,
  booleanInvalid: 'Must be true or false.',
  // Page texts (spec §2).
  running: 'Scraping internships...',
  runningNote: 'This may take 30-60 seconds.',
  empty: 'No internships match these filters.',
} as const;

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim().replace(/\s+/g, ' ') : (v ?? undefined));

/** Whole rupees from a JSON number or a decimal string; '' and null count as absent. */
const wholeNumber = (v: unknown) => {
  const t = trimmed(v);
  if (t === '' || t === undefined) return undefined;
  if (typeof t === 'string') return /^\d{1,9}$/.test(t) ? Number(t) : Number.NaN;
  return t;
};

/** JSON booleans, or 'true'/'false'/'yes'/'no' (what the original client's scraper expected). */
const flag = z.preprocess(
  (v) =>
    v === 'true' || v === 'yes' || v === '1'
      ? true
      : v === 'false' || v === 'no' || v === '0' || v === '' || v === null
        ? false
        : v,
  z.boolean({ error: INTERNSHIP_MESSAGES.booleanInvalid }).default(false),
);

/**
 * Body of POST /api/internships/fetch (spec §3 filters, §5 "no required fields"): `job_category`
 * (default Software Development), `location` ('' = anywhere), `work_from_home`, `stipend` (the
 * minimum, ₹/month, 0 = any), `max_results` (default 12, 1–40) and `refresh` (bypass the cache).
 */
export const fetchInternshipsBody = z.object({
  job_category: z.preprocess(
    (v) => trimmed(v) || undefined,
    z.string().max(INTERNSHIP_TEXT_MAX, INTERNSHIP_MESSAGES.categoryLong).default(DEFAULT_JOB_CATEGORY),
  ),
  location: z.preprocess(
    (v) => trimmed(v),
    z.string().max(INTERNSHIP_TEXT_MAX, INTERNSHIP_MESSAGES.locationLong).default(''),
  ),
  work_from_home: flag,
  stipend: z.preprocess(
    wholeNumber,
    z
      .number({ error: INTERNSHIP_MESSAGES.stipendInvalid })
      .int(INTERNSHIP_MESSAGES.stipendInvalid)
      .min(0, INTERNSHIP_MESSAGES.stipendInvalid)
      .max(STIPEND_FILTER_MAX, INTERNSHIP_MESSAGES.stipendTooHigh)
      .default(0),
  ),
  max_results: z.preprocess(
    wholeNumber,
    z
      .number({ error: INTERNSHIP_MESSAGES.maxResultsInvalid })
      .int(INTERNSHIP_MESSAGES.maxResultsInvalid)
      .min(1, INTERNSHIP_MESSAGES.maxResultsInvalid)
      .max(MAX_RESULTS_CAP, INTERNSHIP_MESSAGES.maxResultsInvalid)
      .default(MAX_RESULTS_DEFAULT),
  ),
  refresh: flag,
});
export type FetchInternshipsBody = z.infer<typeof fetchInternshipsBody>;
export type FetchInternshipsInput = z.input<typeof fetchInternshipsBody>;

/**
 * One listing (spec §3 plus issue 14): `stipend` is the card's text; `stipend_min`/`stipend_max`
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
 * Success body: `internships` at the top level (spec §7 "Reads internships", DESIGN §4), the
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
