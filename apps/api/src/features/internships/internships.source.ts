/**
 * The internship source over HTTP (research/internshala.md §1, §3):
 * listing URLs built from the filters, and {@link fetchPage}, which fetches one page with undici
 * under the SSRF rules (only http(s) to the source's host or a listed host; redirects checked hop
 * by hop; private and loopback addresses refused unless the host is listed, checked on the resolved
 * address so DNS cannot smuggle one in), a per-request time-out, and blocked/challenge detection.
 */
import net from 'node:net';
import { Agent, request } from 'undici';
import type { InternshipSourceConfig } from '../../config.ts';
import { isPrivateAddress, publicOnlyLookup } from '../../lib/public-address.ts';

/** Why a fetch failed; the service maps it to 502/504. */
export type ScrapeFailure = 'blocked' | 'timeout' | 'unreadable' | 'refused' | 'not-found';

/** A failed fetch or parse; `url` is the address involved (logged, never shown to users). */
export class ScrapeError extends Error {
  readonly kind: ScrapeFailure;
  readonly url: string;
  /** The page's HTML, for a `not-found` answer (it may say "No internships found"). */
  readonly html?: string;

  constructor(kind: ScrapeFailure, url: string, detail: string, html?: string) {
    super(`${kind}: ${detail} (${url})`);
    this.kind = kind;
    this.url = url;
    this.html = html;
  }
}

/** The filters that shape the listing URL (normalised by the service). */
export interface SourceFilters {
  category: string;
  location: string;
  workFromHome: boolean;
  /** Minimum stipend, ₹/month; 0 = none. */
  stipend: number;
}

/** Lower-case words joined by hyphens, as the site's path segments are (`Data Science` → `data-science`). */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The filter path of a listing URL (research §1), without stipend or page: category (singular
 * `-internship`), `-in-<city>`, or the work-from-home form (plural `-internships`; it ignores the
 * city: remote work has none). `/internships/` when no filter applies.
 */
export function filterPath(f: Pick<SourceFilters, 'category' | 'location' | 'workFromHome'>): string {
  const cat = slugify(f.category);
  const city = slugify(f.location);
  if (f.workFromHome)
    return cat ? `/internships/work-from-home-${cat}-internships/` : '/internships/work-from-home-internships/';
  if (cat && city) return `/internships/${cat}-internship-in-${city}/`;
  if (cat) return `/internships/${cat}-internship/`;
  if (city) return `/internships/internship-in-${city}/`;
  return '/internships/';
}

/** The keyword search path the service falls back to when the site redirected a filter path. */
export function keywordPath(category: string): string {
  // A lone surrogate (\p{Cs}) would make encodeURIComponent throw: drop it.
  return `/internships/keywords-${encodeURIComponent(
    category
      .toLowerCase()
      .trim()
      .replace(/\p{Cs}/gu, ''),
  )}/`;
}

/** The source paths one search reads: its filter path and the path it falls back to. */
export interface SearchPaths {
  /** {@link filterPath} of the filters (read first). */
  filter: string;
  /** The fallback when the site redirected the filter path: {@link keywordPath}, or the feed without a category. */
  fallback: string;
}

/**
 * The paths a search with normalised filters `f` reads: built once, from the same
 * filters the cache key is made of, and stored in the key, so two searches share a cache entry only
 * when they would fetch the same pages.
 */
export function searchPaths(f: Pick<SourceFilters, 'category' | 'location' | 'workFromHome'>): SearchPaths {
  return { filter: filterPath(f), fallback: f.category ? keywordPath(f.category) : '/internships/' };
}

/**
 * The absolute URL of one listing page: `base` (an origin), the filter `path`, `stipend-N/` when a
 * minimum is set and `withStipend`, and `page-N/` last from page 2.
 */
export function listingUrl(base: string, path: string, stipend: number, pageNo: number, withStipend = true): string {
  let p = path;
  if (withStipend && stipend > 0) p += `stipend-${stipend}/`;
  if (pageNo > 1) p += `page-${pageNo}/`;
  return new URL(p, base).toString();
}

/** `host` or `host:port` of a URL, lower-case, the port only when not the scheme's default. */
const hostOf = (u: URL) => u.host.toLowerCase();

/** True when the source may contact `u`'s host at all (the source's host or a listed one). */
function allowedHost(cfg: InternshipSourceConfig, u: URL): boolean {
  return hostOf(u) === hostOf(new URL(cfg.sourceUrl)) || listedHost(cfg, u);
}

/** True when `u`'s host is in INTERNSHIP_SOURCE_HOSTS (`host:port`, or `host` for any port). */
function listedHost(cfg: InternshipSourceConfig, u: URL): boolean {
  const host = hostOf(u);
  const hostname = u.hostname.toLowerCase();
  return cfg.extraHosts.some((h) => h === host || h === hostname);
}

/** Connection pools: public addresses only (every unlisted host), or any address (listed hosts). */
const publicAgent = new Agent({ connect: { lookup: publicOnlyLookup as never }, connections: 4 });
const listedAgent = new Agent({ connections: 4 });

/** Throws `refused` unless `u` is http(s) to an allowed host and, unless listed, not a private IP literal. */
export function checkTarget(cfg: InternshipSourceConfig, u: URL): void {
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new ScrapeError('refused', u.href, 'not http(s)');
  if (u.username || u.password) throw new ScrapeError('refused', u.href, 'credentials in URL');
  if (!allowedHost(cfg, u)) throw new ScrapeError('refused', u.href, 'host not allowed');
  const bare = u.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(bare) && isPrivateAddress(bare) && !listedHost(cfg, u))
    throw new ScrapeError('refused', u.href, 'private address not listed');
}

/** Text of a page that is a bot challenge rather than content ("Just a moment…", Cloudflare). */
export function isChallengePage(html: string): boolean {
  return (
    /<title>\s*(just a moment|attention required|access denied)/i.test(html) ||
    /challenge-platform|cf-browser-verification|cf_chl_opt|id="challenge-form"/i.test(html)
  );
}

/** One fetched page: the final URL after redirects and the HTML. */
export interface FetchedPage {
  url: string;
  html: string;
}

const MAX_REDIRECTS = 5;
const MAX_BYTES = 5 * 1024 * 1024;

/**
 * GETs `url` (the research's honest headers), following up to 5 redirects, each checked with
 * {@link checkTarget}. Gives up after `cfg.requestTimeoutMs` (→ `timeout`) or when `signal` aborts
 * (the search's overall time-out → `timeout`). 403/429 or a challenge page → `blocked`; 404 →
 * `not-found` (with the page's HTML); other non-2xx, a body over 5 MB or a transport error → `unreadable`; a refused
 * address → `refused`.
 */
export async function fetchPage(
  cfg: InternshipSourceConfig,
  url: string,
  signal: AbortSignal,
  userAgent: string,
): Promise<FetchedPage> {
  let current = new URL(url);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    checkTarget(cfg, current);
    const timeout = AbortSignal.timeout(cfg.requestTimeoutMs);
    let res;
    try {
      res = await request(current, {
        method: 'GET',
        dispatcher: listedHost(cfg, current) ? listedAgent : publicAgent,
        signal: AbortSignal.any([signal, timeout]),
        headersTimeout: cfg.requestTimeoutMs,
        bodyTimeout: cfg.requestTimeoutMs,
        headers: {
          'user-agent': userAgent,
          accept: 'text/html,application/xhtml+xml',
          'accept-language': 'en-IN,en;q=0.9',
        },
      });
    } catch (err) {
      throw transportError(err, current.href, signal, timeout);
    }
    const status = res.statusCode;
    if (status >= 300 && status < 400 && res.headers.location) {
      await res.body.dump();
      const location = String(res.headers.location);
      let next: URL;
      try {
        next = new URL(location, current);
      } catch {
        throw new ScrapeError('unreadable', current.href, `bad redirect ${location}`);
      }
      current = next;
      continue;
    }
    let html: string;
    try {
      html = await readBody(res.body, current.href);
    } catch (err) {
      throw err instanceof ScrapeError ? err : transportError(err, current.href, signal, timeout);
    }
    if (status === 403 || status === 429) throw new ScrapeError('blocked', current.href, `HTTP ${status}`);
    if (isChallengePage(html)) throw new ScrapeError('blocked', current.href, 'challenge page');
    if (status === 404) throw new ScrapeError('not-found', current.href, 'HTTP 404', html);
    if (status < 200 || status >= 300) throw new ScrapeError('unreadable', current.href, `HTTP ${status}`);
    return { url: current.href, html };
  }
  throw new ScrapeError('unreadable', current.href, 'too many redirects');
}

/** Reads a response body as UTF-8 text, refusing more than 5 MB. */
async function readBody(body: AsyncIterable<Buffer> & { destroy(): void }, url: string): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > MAX_BYTES) {
      body.destroy();
      throw new ScrapeError('unreadable', url, 'page larger than 5 MB');
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Maps a thrown transport error to a ScrapeError (time-out, refused address, or unreadable). */
function transportError(err: unknown, url: string, overall: AbortSignal, perRequest: AbortSignal): ScrapeError {
  if (err instanceof ScrapeError) return err;
  const e = err as NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException };
  const code = e.code ?? e.cause?.code;
  if (code === 'ERR_SSRF_REFUSED') return new ScrapeError('refused', url, e.message);
  if (
    overall.aborted ||
    perRequest.aborted ||
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT' ||
    code === 'UND_ERR_CONNECT_TIMEOUT'
  )
    return new ScrapeError('timeout', url, code ?? 'aborted');
  return new ScrapeError('unreadable', url, `${code ?? ''} ${e.message}`.trim());
}
