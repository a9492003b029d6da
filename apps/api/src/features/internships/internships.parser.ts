/**
 * Reads listing pages of the internship source with cheerio (research
 * internshala.md §2, §4, §5): cards by the current markup, the older markup as a fallback, paging
 * markers, the canonical URL, and stipend texts normalised to rupees per month.
 */
import * as cheerio from 'cheerio';
import type { AnyNode } from 'domhandler';
import type { InternshipListing } from '@campus/contract/internships';

/** Normalised stipend in ₹/month; both null when the text has no usable figure. */
export interface StipendRange {
  min: number | null;
  max: number | null;
}

const UNKNOWN: StipendRange = { min: null, max: null };

/**
 * A duration text in months: `3 Months` → 3, `1 Month` → 1, `6 Weeks` → 6·12/52, `45 Days` → 1.5;
 * null when it does not parse.
 */
export function durationMonths(text: string): number | null {
  const m = /(\d+(?:\.\d+)?)\s*(month|week|day)/i.exec(text);
  if (!m) return null;
  const n = Number(m[1]);
  const unit = m[2]!.toLowerCase();
  const months = unit === 'month' ? n : unit === 'week' ? (n * 12) / 52 : n / 30;
  return months > 0 ? months : null;
}

/**
 * Normalises a stipend text to ₹/month (research §5, docs/design.md §8): NBSP and spacing, `₹`/`Rs.`/`INR`
 * optional, Indian digit grouping; `Unpaid` → 0; `+ Incentives` ignored (only the fixed part
 * counts); `/week` ×52/12; `/year` ÷12; `LPA` ×100000÷12; `lump sum` ÷ the duration in months
 * (unknown when the duration does not parse); `/month` or no period as is. Returns rounded rupees,
 * or both null when there is no number (e.g. `Competitive salary`).
 */
export function normaliseStipend(text: string, duration = ''): StipendRange {
  const t = text
    .replace(/\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
  if (!t) return UNKNOWN;
  if (/\bunpaid\b/.test(t)) return { min: 0, max: 0 };
  const fixed = t
    .split('+')[0]!
    .replace(/₹|\brs\.?|\binr\b/g, ' ')
    .replace(/(\d),(?=\d)/g, '$1');
  const m = /(\d+(?:\.\d+)?)(?:\s*(?:-|–|to)\s*(\d+(?:\.\d+)?))?/.exec(fixed);
  if (!m) return UNKNOWN;
  let low = Number(m[1]);
  let high = m[2] !== undefined ? Number(m[2]) : low;
  const rest = fixed.slice(m.index);
  let factor = 1;
  if (/\blpa\b|lakhs? per annum/.test(rest)) factor = 100_000 / 12;
  else if (/lump ?sum/.test(rest)) {
    const months = durationMonths(duration);
    if (!months) return UNKNOWN;
    factor = 1 / months;
  } else if (/\/ ?week|per week|weekly/.test(rest)) factor = 52 / 12;
  else if (/\/ ?(year|annum)|per (year|annum)|yearly/.test(rest)) factor = 1 / 12;
  low = Math.round(low * factor);
  high = Math.round(high * factor);
  return { min: Math.min(low, high), max: Math.max(low, high) };
}

/** What one listing page holds. */
export interface ParsedPage {
  listings: InternshipListing[];
  /** `link[rel=canonical]` href, when present. */
  canonical: string | null;
  /** true/false when the page says whether it is the last; null when it does not say. */
  isLastPage: boolean | null;
  /** The page shows signs of results (card containers, paging) — used to tell "empty" from "unreadable". */
  claimsResults: boolean;
  /**
   * The page says it has no results ("No internships found", `#no_search_results`): an honest empty
   * answer even when paging markup remains.
   */
  saysNoResults: boolean;
  /** Which markup the cards were read with. */
  markup: 'current' | 'older' | 'none';
}

const clean = (s: string | undefined) =>
  (s ?? '')
    .replace(/\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** `/internship/details/…` is disallowed by robots.txt; the `/detail/` form is the same page (research §1). */
const toDetailPath = (href: string) => href.replace('/internship/details/', '/internship/detail/');

/** An absolute http(s) URL for `href` against the page's URL, or '' when it is not one. */
function absolute(href: string, pageUrl: string): string {
  try {
    const u = new URL(toDetailPath(href), pageUrl);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : '';
  } catch {
    return '';
  }
}

/** The listing's id: `internshipid` (cheerio lower-cases attributes), the element id, else the link. */
function cardId($card: cheerio.Cheerio<AnyNode>, link: string): string {
  const attr = $card.attr('internshipid') ?? $card.attr('id')?.replace(/^individual_internship_/, '');
  return clean(attr) || link;
}

/** Reads one card of the current markup (research §2 "Current" column); null for ad slots and shells. */
function parseCurrentCard(
  $: cheerio.CheerioAPI,
  $card: cheerio.Cheerio<AnyNode>,
  pageUrl: string,
): InternshipListing | null {
  const $title = $card.find('.job-internship-name a.job-title-href, a.job-title-href').first();
  const title = clean(($title.length ? $title : $card.find('.job-internship-name').first()).text());
  if (!title) return null;
  const $company = $card.find('p.company-name, .company-name').first().clone();
  $company.find('.actively-hiring-badge').remove();
  const company = clean($company.text());
  const $loc = $card.find('.locations').first();
  const cities = $loc
    .find('span a')
    .map((_, a) => clean($(a).text()))
    .get()
    .filter(Boolean);
  const locText = clean($loc.text());
  const workFromHome = $loc.find('i.ic-16-home').length > 0 || /work from home/i.test(cities.join(' '));
  const hybrid = /\(hybrid\)/i.test(locText);
  const location = workFromHome ? 'Work from home' : cities.join(', ');
  const row = (icon: string) => $card.find(`i.${icon}`).first().parent();
  const $money = row('ic-16-money');
  const stipend = clean(
    ($money.find('span.stipend').first().text() ||
      $money.find('span.desktop').first().text() ||
      $money.find('span.mobile').first().text() ||
      $money.find('span').first().text()) as string,
  );
  const duration = clean(row('ic-16-calendar').find('span').first().text());
  const posted = clean(row('ic-16-reschedule').find('span').first().text()) || null;
  const dataHref = $card.attr('data-href') ?? '';
  const href = $title.attr('href') ?? '';
  // The title link may use the robots-disallowed /details/ form; data-href has the /detail/ one.
  const linkSource = href && !href.includes('/internship/details/') ? href : dataHref || href;
  const apply_link = absolute(linkSource, pageUrl);
  const range = normaliseStipend(stipend, duration);
  return {
    id: cardId($card, apply_link),
    title,
    company,
    location,
    work_from_home: workFromHome,
    hybrid,
    stipend,
    stipend_min: range.min,
    stipend_max: range.max,
    duration,
    apply_link,
    posted,
    start: null,
  };
}

/** Reads one card of the older markup (research §2 "Older" column, about 2021–23). */
function parseOlderCard(
  $: cheerio.CheerioAPI,
  $card: cheerio.Cheerio<AnyNode>,
  pageUrl: string,
): InternshipListing | null {
  const $title = $card.find('.heading_4_5.profile a, .profile a').first();
  const title = clean($title.text());
  if (!title) return null;
  const company = clean($card.find('.company_name a.link_display_like_text, .company_name a').first().text());
  const cities = $card
    .find('#location_names a.location_link, .location_link')
    .map((_, a) => clean($(a).text()))
    .get()
    .filter(Boolean);
  const locText = clean($card.find('#location_names, .location_names').first().text()) || cities.join(', ');
  const workFromHome = /work from home/i.test(locText);
  const items = $card.find('.other_detail_item .item_body');
  const stipend = clean($card.find('.stipend_container span.stipend, span.stipend').first().text());
  const duration = clean(items.eq(1).text());
  const start = clean($card.find('.start_immediately_desktop').first().text()) || clean(items.eq(0).text()) || null;
  const href = $title.attr('href') || $card.find('a.view_detail_button').attr('href') || '';
  const apply_link = absolute(href, pageUrl);
  const range = normaliseStipend(stipend, duration);
  const $outer = $card.closest('[internshipid]');
  return {
    id: cardId($outer.length ? $outer : $card, apply_link),
    title,
    company,
    location: workFromHome ? 'Work from home' : cities.join(', '),
    work_from_home: workFromHome,
    hybrid: /\(hybrid\)/i.test(locText),
    stipend,
    stipend_min: range.min,
    stipend_max: range.max,
    duration,
    apply_link,
    posted: null,
    start,
  };
}

/**
 * Parses one listing page fetched from `pageUrl`. Cards come from `div.individual_internship`
 * (current markup; never also counting their inner `.internship_meta`, research §2 traps); only
 * when there are none, from `.internship_meta` (older markup). Ad slots and cards without a title
 * are skipped; duplicate ids are kept once.
 */
export function parseListingPage(html: string, pageUrl: string): ParsedPage {
  const $ = cheerio.load(html);
  let markup: ParsedPage['markup'] = 'none';
  const seen = new Set<string>();
  const listings: InternshipListing[] = [];
  const add = (l: InternshipListing | null) => {
    if (l && !seen.has(l.id)) {
      seen.add(l.id);
      listings.push(l);
    }
  };
  const current = $('div.individual_internship');
  if (current.length) {
    markup = 'current';
    current.each((_, el) => add(parseCurrentCard($, $(el), pageUrl)));
  } else {
    const older = $('.internship_meta');
    if (older.length) {
      markup = 'older';
      older.each((_, el) => add(parseOlderCard($, $(el), pageUrl)));
    }
  }
  const lastValue = $('input#isLastPage').attr('value');
  let isLastPage: boolean | null = lastValue === undefined ? null : lastValue.trim() === '1';
  const totalPages = Number($('#total_pages').attr('value') ?? $('#total_pages').text());
  const currentPage = Number($('#current_page').attr('value') ?? $('#current_page').text());
  if (isLastPage === null && totalPages > 0 && currentPage > 0) isLastPage = currentPage >= totalPages;
  const claimsResults =
    markup !== 'none' ||
    $('[internshipid], [id^="individual_internship_"], .pagination_block').length > 0 ||
    totalPages > 0 ||
    lastValue?.trim() === '0';
  const saysNoResults =
    $('#no_search_results, .no_search_results_container').length > 0 || /no internships found/i.test($('body').text());
  return {
    listings,
    canonical: $('link[rel="canonical"]').attr('href') ?? null,
    isLastPage,
    claimsResults,
    saysNoResults,
    markup: listings.length ? markup : 'none',
  };
}
