/**
 * Internship search rules (docs/product-spec.md §2, §7; docs/design.md §4, §8): per-user and refresh rate limits,
 * the 30-minute cache per normalised filter set (shared through the database), concurrent identical
 * searches sharing one scrape, the scrape itself (one page at a time with a polite pause, up to 3
 * pages or `max_results`, keyword fallback when the site redirected our filter path, 60 s overall),
 * our own filters on every card, and honest errors (502 blocked / 504 time-out / 502 unreadable).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, gt, lt } from 'drizzle-orm';
import {
  INTERNSHIP_CACHE_MINUTES,
  INTERNSHIP_MESSAGES,
  MAX_RESULTS_CAP,
  type FetchInternshipsBody,
  type InternshipListing,
} from '@campus/contract/internships';
import { COMMON_MESSAGES } from '@campus/contract/envelope';
import { internshipSearches } from '../../db/schema/internships.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError, tooManyRequests } from '../../lib/errors.ts';
import { hit } from '../../lib/rate-limit.ts';
import { parseListingPage } from './internships.parser.ts';
import {
  ScrapeError,
  fetchPage,
  listingUrl,
  searchPaths,
  type SearchPaths,
  type SourceFilters,
} from './internships.source.ts';

/** Rate limits (docs/design.md §5: per account first, then per IP in the route). */
export const INTERNSHIP_LIMITS = {
  /** Searches per signed-in user per hour. */
  searchesPerUserPerHour: 60,
  /** Cache-bypassing refreshes per user (or per IP for guests) per hour. */
  refreshesPerHour: 10,
  /** Searches per IP per hour (in the route; a hostel shares one IP). */
  searchesPerIpPerHour: 150,
} as const;

/** Pages fetched per search at most. */
export const MAX_PAGES = 3;
const CACHE_MS = INTERNSHIP_CACHE_MINUTES * 60_000;
const HOUR_MS = 60 * 60_000;
/** Cache rows older than this are deleted when a new search is stored. */
const PURGE_MS = 24 * HOUR_MS;

/** Who is searching: the signed-in user's id (or null for a guest) and the client IP. */
export interface Searcher {
  userId: string | null;
  ip: string;
}

/** The answer of POST /api/internships/fetch (docs/product-spec.md §7 reads `internships`). */
export interface SearchResult {
  internships: InternshipListing[];
  /** The first listing URL requested from the source. */
  source: string;
  /** ISO 8601 time of the scrape the listings come from. */
  fetchedAt: string;
  cached: boolean;
}

/** One finished scrape. `complete`: the source's last page (or the page cap) was reached. */
interface Scraped {
  listings: InternshipListing[];
  source: string;
  complete: boolean;
  fetchedAt: Date;
}

/**
 * The filters in canonical form: trimmed, single-spaced, lower-case, and the location dropped for
 * Remote Only (remote work has no city; docs/design.md §8). Equal searches get equal keys.
 */
export function normaliseFilters(body: FetchInternshipsBody): SourceFilters {
  const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();
  return {
    category: norm(body.job_category),
    location: body.work_from_home ? '' : norm(body.location),
    workFromHome: body.work_from_home,
    stipend: body.stipend,
  };
}

/**
 * The cache key of a filter set: the source paths it fetches ({@link searchPaths},
 * the same value the scrape reads them from) plus everything our own filters use. Searches share a
 * key only when they fetch the same pages and filter them alike (before, `C++` and `C#` shared the
 * key `c` yet fell back to different keyword pages, so the first search decided what both got).
 */
export function cacheKey(f: SourceFilters, paths: SearchPaths = searchPaths(f)): string {
  return JSON.stringify([paths.filter, paths.fallback, f.location, f.workFromHome, f.stipend]);
}

/** City names the site and students spell two ways. */
const CITY_ALIASES: Record<string, string[]> = {
  gurgaon: ['gurugram'],
  gurugram: ['gurgaon'],
  bangalore: ['bengaluru'],
  bengaluru: ['bangalore'],
  bombay: ['mumbai'],
  mumbai: ['bombay'],
  'new delhi': ['delhi'],
  delhi: ['new delhi'],
};

/** True when a card's comma-separated location list names `city` (or an alias), case-insensitively. */
function inCity(location: string, city: string): boolean {
  const wanted = [city, ...(CITY_ALIASES[city] ?? [])];
  const places = location
    .toLowerCase()
    .split(',')
    .map((p) => p.replace(/\(hybrid\)/g, '').trim());
  return places.some((p) => wanted.some((w) => p === w || p.startsWith(`${w} `) || p.endsWith(` ${w}`)));
}

/**
 * Our own filters, whatever the site did (docs/design.md §8): Remote Only keeps cards with the
 * work-from-home marker; a location keeps cards in that city (not remote ones); a minimum stipend
 * keeps cards whose lower end (₹/month) meets it, unpaid counting as 0 and an unknown stipend kept
 * only when there is no minimum.
 */
export function applyFilters(listings: InternshipListing[], f: SourceFilters): InternshipListing[] {
  return listings.filter((l) => {
    if (f.workFromHome && !l.work_from_home) return false;
    if (f.location && (l.work_from_home || !inCity(l.location, f.location))) return false;
    if (f.stipend > 0 && (l.stipend_min === null || l.stipend_min < f.stipend)) return false;
    return true;
  });
}

/** Path of a URL or href with a trailing slash, '' when it does not parse. */
function pathOf(href: string, base: string): string {
  try {
    return new URL(href, base).pathname.replace(/\/?$/, '/');
  } catch {
    return '';
  }
}

/** True when the page we got is not the filter path we asked for (final URL or canonical differs). */
function wasRedirected(askedPath: string, finalUrl: string, canonical: string | null): boolean {
  if (askedPath === '/internships/') return false;
  if (!pathOf(finalUrl, finalUrl).startsWith(askedPath)) return true;
  return canonical !== null && !pathOf(canonical, finalUrl).startsWith(askedPath);
}

/**
 * Scrapes up to `max` filtered listings: page 1 of the filter path, then (after the polite pause)
 * pages 2 and 3 while the site has more and we have fewer than `max`. When page 1 was redirected
 * away from our filter path (or is a 404), it starts again once from `paths.fallback` (the keyword
 * path with a category, else the unfiltered feed; our own filters still apply). A page that says
 * "No internships found" — even with paging markup left on it, or as a 404 — ends the scrape with
 * what was read (an empty result, not a 502). A failure after page 1 keeps the pages read
 * so far (`complete` false). Throws ScrapeError.
 */
async function scrape(ctx: ServiceContext, f: SourceFilters, paths: SearchPaths, max: number): Promise<Scraped> {
  const cfg = ctx.config.internships;
  const overall = AbortSignal.timeout(cfg.totalTimeoutMs);
  const userAgent = `CampusCompanion/1.0 (student internship finder; +${ctx.config.appUrl})`;
  let path = paths.filter;
  let fallback = false;
  let source = listingUrl(cfg.sourceUrl, path, f.stipend, 1);
  const seen = new Set<string>();
  const listings: InternshipListing[] = [];
  let complete = false;
  let requests = 0;
  for (let pageNo = 1; pageNo <= MAX_PAGES; pageNo++) {
    const url = listingUrl(cfg.sourceUrl, path, f.stipend, pageNo, !fallback);
    if (requests++ > 0) {
      try {
        await sleep(cfg.pageDelayMs, undefined, { signal: overall });
      } catch {
        if (pageNo === 1) throw new ScrapeError('timeout', url, 'overall time-out');
        break;
      }
    }
    let parsed;
    let fetchedUrl: string;
    try {
      const page = await fetchPage(cfg, url, overall, userAgent);
      fetchedUrl = page.url;
      parsed = parseListingPage(page.html, page.url);
    } catch (err) {
      const e = err as ScrapeError;
      if (pageNo === 1 && !fallback && e.kind === 'not-found' && path !== '/internships/') {
        ({ path, source } = fallbackFrom(ctx, f, paths, url, 'HTTP 404'));
        fallback = true;
        pageNo = 0;
        continue;
      }
      if (e.kind === 'not-found' && e.html !== undefined && parseListingPage(e.html, url).saysNoResults) {
        complete = true;
        break;
      }
      if (pageNo === 1) throw err;
      ctx.log.warn({ url, err: e.message }, 'Internship source failed after page 1; keeping the pages read');
      break;
    }
    if (pageNo === 1 && !fallback && wasRedirected(path, fetchedUrl, parsed.canonical)) {
      ({ path, source } = fallbackFrom(ctx, f, paths, url, `landed on ${parsed.canonical ?? fetchedUrl}`));
      fallback = true;
      pageNo = 0;
      continue;
    }
    if (!parsed.listings.length) {
      if (parsed.claimsResults && !parsed.saysNoResults) {
        ctx.log.warn({ url: fetchedUrl }, 'Internship source markup changed: the page has results but no card parsed');
        if (pageNo === 1) throw new ScrapeError('unreadable', fetchedUrl, 'no card parsed');
        break;
      }
      complete = true;
      break;
    }
    const fresh = parsed.listings.filter((l) => !seen.has(l.id));
    if (!fresh.length) {
      complete = true;
      break;
    }
    for (const l of fresh) seen.add(l.id);
    listings.push(...applyFilters(fresh, f));
    if (parsed.isLastPage === true || pageNo === MAX_PAGES) {
      complete = true;
      break;
    }
    if (listings.length >= max) break;
  }
  return { listings, source, complete, fetchedAt: new Date() };
}

/** The path to start again from when the site ignored our filter path (research §1). */
function fallbackFrom(ctx: ServiceContext, f: SourceFilters, paths: SearchPaths, url: string, why: string) {
  const path = paths.fallback;
  ctx.log.info({ url, why, fallback: path }, 'Internship source redirected the filter path; using the fallback');
  return { path, source: listingUrl(ctx.config.internships.sourceUrl, path, f.stipend, 1, false) };
}

/** Turns a ScrapeError into the API's honest error and logs what happened. */
function toAppError(ctx: ServiceContext, err: unknown): unknown {
  if (!(err instanceof ScrapeError)) return err;
  ctx.log.warn({ url: err.url, kind: err.kind, err: err.message }, 'Internship source failed');
  if (err.kind === 'blocked') return new AppError(502, INTERNSHIP_MESSAGES.blocked);
  if (err.kind === 'timeout') return new AppError(504, INTERNSHIP_MESSAGES.timeout);
  return new AppError(502, INTERNSHIP_MESSAGES.unreadable);
}

/** Scrapes in flight per app, by cache key, with the `max` each was started for. */
const inFlight = new WeakMap<ServiceContext, Map<string, { max: number; promise: Promise<Scraped> }>>();

/**
 * Runs one scrape per key at a time: a search joins a running scrape of the same filters that
 * asked for at least as many results; the scrape stores a complete-enough result in the cache.
 */
function sharedScrape(
  ctx: ServiceContext,
  key: string,
  f: SourceFilters,
  paths: SearchPaths,
  max: number,
): Promise<Scraped> {
  let flights = inFlight.get(ctx);
  if (!flights) inFlight.set(ctx, (flights = new Map()));
  const running = flights.get(key);
  if (running && running.max >= max) return running.promise;
  const promise = (async () => {
    const scraped = await scrape(ctx, f, paths, max);
    if (scraped.complete || scraped.listings.length >= max) await store(ctx, key, scraped);
    return scraped;
  })().finally(() => {
    if (flights.get(key)?.promise === promise) flights.delete(key);
  });
  flights.set(key, { max, promise });
  return promise;
}

/** Upserts the cache row of `key` and deletes rows older than a day. */
async function store(ctx: ServiceContext, key: string, s: Scraped): Promise<void> {
  const row = { results: s.listings, source: s.source, complete: s.complete, fetchedAt: s.fetchedAt };
  await ctx.db
    .insert(internshipSearches)
    .values({ key, ...row })
    .onConflictDoUpdate({ target: internshipSearches.key, set: row });
  await ctx.db.delete(internshipSearches).where(lt(internshipSearches.fetchedAt, new Date(Date.now() - PURGE_MS)));
}

/** The cached row of `key` when younger than 30 minutes and enough for `max` results. */
async function cached(ctx: ServiceContext, key: string, max: number) {
  const [row] = await ctx.db
    .select()
    .from(internshipSearches)
    .where(and(eq(internshipSearches.key, key), gt(internshipSearches.fetchedAt, new Date(Date.now() - CACHE_MS))));
  return row && (row.complete || row.results.length >= max) ? row : null;
}

/** Counts a search against the per-user and (for `refresh`) the refresh limits; 429 when over. */
async function limit(ctx: ServiceContext, who: Searcher, refresh: boolean): Promise<void> {
  if (who.userId) {
    const { count, retryAfterMs } = await hit(ctx.db, `internships:${who.userId}`, HOUR_MS);
    if (count > INTERNSHIP_LIMITS.searchesPerUserPerHour)
      throw tooManyRequests(COMMON_MESSAGES.rateLimited, retryAfterMs / 1000);
  }
  if (refresh) {
    const subject = who.userId ? `user:${who.userId}` : `ip:${who.ip}`;
    const { count, retryAfterMs } = await hit(ctx.db, `internships-refresh:${subject}`, HOUR_MS);
    if (count > INTERNSHIP_LIMITS.refreshesPerHour)
      throw tooManyRequests(COMMON_MESSAGES.rateLimited, retryAfterMs / 1000);
  }
}

/**
 * POST /api/internships/fetch (docs/product-spec.md §7): rate limits, then the cache (unless `refresh`),
 * else a (shared) scrape. Returns at most `max_results` listings. Throws AppError 429 (limits),
 * 502 (blocked, unreadable, refused address) or 504 (time-out).
 */
export async function searchInternships(
  ctx: ServiceContext,
  who: Searcher,
  body: FetchInternshipsBody,
): Promise<SearchResult> {
  await limit(ctx, who, body.refresh);
  const max = Math.min(body.max_results, MAX_RESULTS_CAP);
  const filters = normaliseFilters(body);
  const paths = searchPaths(filters);
  const key = cacheKey(filters, paths);
  if (!body.refresh) {
    const row = await cached(ctx, key, max);
    if (row)
      return {
        internships: row.results.slice(0, max),
        source: row.source,
        fetchedAt: row.fetchedAt.toISOString(),
        cached: true,
      };
  }
  let scraped: Scraped;
  try {
    scraped = await sharedScrape(ctx, key, filters, paths, max);
  } catch (err) {
    throw toAppError(ctx, err);
  }
  return {
    internships: scraped.listings.slice(0, max),
    source: scraped.source,
    fetchedAt: scraped.fetchedAt.toISOString(),
    cached: false,
  };
}
