/**
 * Internship finder: the constants and texts the web app shows (docs/product-spec.md §2 "Internship
 * finder", §8, §9), with no zod, so the internships page does not load the schema library at start
 * (docs/decisions/0001-hydration-at-load.md). The schemas are in `./internships.ts`, which
 * re-exports everything here.
 */

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
  // STIPEND_FILTER_MAX as en-IN prints it (written out, as priceTooHigh in marketplace-ui.ts).
  stipendTooHigh: 'Minimum stipend must be at most ₹10,00,000.',
  maxResultsInvalid: `Number of results must be a whole number from 1 to ${MAX_RESULTS_CAP}.`,
  // Page texts (docs/product-spec.md §2).
  running: 'Scraping internships...',
  runningNote: 'This may take 30-60 seconds.',
  empty: 'No internships match these filters.',
} as const;
