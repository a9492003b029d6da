/**
 * Parser and URL unit tests on the recorded fixture pages: the
 * current markup over 2 pages, the older markup, ranges, lump sum, weekly, unpaid, incentives, a
 * decoy job-offer amount, ad slots, several cities, hybrid; stipend normalisation; filter paths.
 */
import { describe, expect, it } from 'vitest';
import type { InternshipListing } from '@campus/contract/internships';
import { fixture, generatedPage } from './fixtures/fixture-server.ts';
import { durationMonths, normaliseStipend, parseListingPage } from './internships.parser.ts';
import { applyFilters, cacheKey, normaliseFilters } from './internships.service.ts';
import { filterPath, isChallengePage, keywordPath, listingUrl, slugify } from './internships.source.ts';

const PAGE_URL = 'https://internshala.com/internships/software-development-internship/';
const detail = (slug: string) => `https://internshala.com/internship/detail/${slug}`;
const card = (l: Partial<InternshipListing> & Pick<InternshipListing, 'id' | 'title'>): InternshipListing => ({
  company: '',
  location: '',
  work_from_home: false,
  hybrid: false,
  stipend: '',
  stipend_min: null,
  stipend_max: null,
  duration: '',
  apply_link: '',
  posted: null,
  start: null,
  ...l,
});

/** The cards of current-page-1.html as they must be parsed. */
const PAGE_1: InternshipListing[] = [
  card({
    id: '4100001',
    title: 'Software Development',
    company: 'Acme Labs',
    location: 'Work from home',
    work_from_home: true,
    stipend: '₹ 10,000 - 15,000 /month',
    stipend_min: 10000,
    stipend_max: 15000,
    duration: '3 Months',
    apply_link: detail('work-from-home-software-development-internship-at-acme-labs1735000000'),
    posted: '2 days ago',
  }),
  card({
    id: '4100002',
    title: 'Backend Development',
    company: 'Beta Soft',
    location: 'Delhi, Gurgaon, Noida',
    hybrid: true,
    stipend: '₹ 5,000 /month + Incentives',
    stipend_min: 5000,
    stipend_max: 5000,
    duration: '6 Months',
    // The title's href uses the robots-disallowed /details/ form; data-href gives /detail/.
    apply_link: detail('backend-development-internship-in-multiple-locations-at-beta-soft1735100000'),
  }),
  card({
    id: '4100003',
    title: 'Full Stack Development',
    company: 'Gamma Tech',
    location: 'Bangalore',
    stipend: '₹ 3,000 - 7,000 lump sum',
    stipend_min: 1500,
    stipend_max: 3500,
    duration: '2 Months',
    apply_link: detail('full-stack-development-internship-in-bangalore-at-gamma-tech1735200000'),
  }),
  card({
    id: '4100004',
    title: 'Python Development',
    company: 'Delta Analytics',
    location: 'Mumbai',
    stipend: '8,000 /week',
    stipend_min: 34667,
    stipend_max: 34667,
    duration: '1 Month',
    apply_link: detail('python-development-internship-in-mumbai-at-delta-analytics1735300000'),
    posted: '1 week ago',
  }),
  card({
    id: '4100005',
    title: 'Web Development',
    company: 'Epsilon Foundation',
    location: 'Kolkata',
    stipend: 'Unpaid',
    stipend_min: 0,
    stipend_max: 0,
    duration: '2 Months',
    apply_link: detail('web-development-internship-in-kolkata-at-epsilon-foundation1735400000'),
  }),
  card({
    id: '4100006',
    title: 'Android App Development',
    company: 'Zeta Apps',
    location: 'Hyderabad',
    stipend: '₹ 20,000-25,000 /month',
    stipend_min: 20000,
    stipend_max: 25000,
    duration: '6 Months',
    apply_link: detail('android-app-development-internship-in-hyderabad-at-zeta-apps1735500000'),
  }),
  card({
    id: '4100007',
    title: 'Software Testing',
    company: 'Eta QA',
    location: 'Chennai, Pune',
    stipend: 'Competitive stipend',
    duration: '3 Months',
    apply_link: detail('software-testing-internship-in-multiple-locations-at-eta-qa1735600000'),
  }),
  card({
    id: '4100008',
    title: 'Frontend Development',
    company: 'Theta Web',
    location: 'Delhi',
    stipend: '₹ 12,000 /month',
    stipend_min: 12000,
    stipend_max: 12000,
    duration: '3 Months',
    apply_link: detail('frontend-development-internship-in-delhi-at-theta-web1735700000'),
  }),
];

describe('current markup', () => {
  it('page 1: every card with its exact fields; ad slots and a sponsored shell are not cards', () => {
    const page = parseListingPage(fixture('current-page-1.html'), PAGE_URL);
    expect(page.listings).toEqual(PAGE_1);
    expect(page).toMatchObject({ canonical: PAGE_URL, isLastPage: false, claimsResults: true, markup: 'current' });
  });

  it('page 2: the last page, with a remote card, Gurugram and a repeated card kept once per page', () => {
    const page = parseListingPage(fixture('current-page-2.html'), `${PAGE_URL}page-2/`);
    expect(page.isLastPage).toBe(true);
    expect(page.listings.map((l) => l.id)).toEqual(['4100009', '4100010', '4100001']);
    expect(page.listings[0]).toEqual(
      card({
        id: '4100009',
        title: 'Machine Learning',
        company: 'Iota AI',
        location: 'Work from home',
        work_from_home: true,
        stipend: '₹ 15,000 - 20,000 /month',
        stipend_min: 15000,
        stipend_max: 20000,
        duration: '4 Months',
        apply_link: detail('work-from-home-machine-learning-internship-at-iota-ai1735800000'),
      }),
    );
    expect(page.listings[1]).toEqual(
      card({
        id: '4100010',
        title: 'DevOps',
        company: 'Kappa Cloud',
        location: 'Gurugram',
        stipend: '₹ 9,000 /month',
        stipend_min: 9000,
        stipend_max: 9000,
        duration: '3 Months',
        apply_link: detail('devops-internship-in-gurgaon-at-kappa-cloud1735900000'),
      }),
    );
  });

  it('takes the stipend from the money row, never the job-offer figure beside it', () => {
    const beta = parseListingPage(fixture('current-page-1.html'), PAGE_URL).listings[1]!;
    expect(beta.stipend).not.toContain('LPA');
    expect(beta.stipend_max).toBe(5000);
  });

  it('reads a generated 40-card page completely', () => {
    const page = parseListingPage(generatedPage(40), PAGE_URL);
    expect(page.listings).toHaveLength(40);
    expect(new Set(page.listings.map((l) => l.id)).size).toBe(40);
    expect(page.listings.filter((l) => l.work_from_home)).toHaveLength(8);
    expect(page.listings.every((l) => !l.stipend.includes('LPA'))).toBe(true);
  });
});

describe('older markup (fallback)', () => {
  it('reads every card with its exact fields, the start text, and the total/current page markers', () => {
    const url = 'https://internshala.com/internships/web-development-internship/';
    const page = parseListingPage(fixture('older-page.html'), url);
    expect(page.markup).toBe('older');
    expect(page.isLastPage).toBe(true);
    expect(page.listings).toEqual([
      card({
        id: '2900001',
        title: 'Web Development',
        company: 'Lambda Corp',
        location: 'Delhi',
        stipend: '8000 /month',
        stipend_min: 8000,
        stipend_max: 8000,
        duration: '3 Months',
        apply_link: detail('web-development-internship-in-delhi-at-lambda-corp1650000000'),
        start: 'Immediately',
      }),
      card({
        id: '2900002',
        title: 'Content Writing',
        company: 'Mu Media',
        location: 'Work from home',
        work_from_home: true,
        stipend: 'Unpaid',
        stipend_min: 0,
        stipend_max: 0,
        duration: '6 Weeks',
        apply_link: detail('work-from-home-content-writing-internship-at-mu-media1650100000'),
        start: "5 Feb' 22",
      }),
      card({
        id: '2900003',
        title: 'Data Science',
        company: 'Nu Analytics',
        location: 'Bangalore, Mumbai',
        stipend: '10000-15000 /month',
        stipend_min: 10000,
        stipend_max: 15000,
        duration: '6 Months',
        apply_link: detail('data-science-internship-in-multiple-locations-at-nu-analytics1650200000'),
        start: 'Immediately',
      }),
    ]);
  });
});

describe('pages without cards', () => {
  it('an empty result page says so and does not claim results', () => {
    expect(parseListingPage(fixture('empty-page.html'), PAGE_URL)).toEqual({
      listings: [],
      canonical: 'https://internshala.com/internships/quantum-basket-weaving-internship/',
      isLastPage: true,
      claimsResults: false,
      saysNoResults: true,
      markup: 'none',
    });
  });

  it('a changed markup parses to nothing but claims results', () => {
    const page = parseListingPage(fixture('changed-markup.html'), PAGE_URL);
    expect(page.listings).toEqual([]);
    expect(page.claimsResults).toBe(true);
    expect(page.saysNoResults).toBe(false);
  });

  it('recognises a challenge page, and not a listing page', () => {
    expect(isChallengePage(fixture('challenge.html'))).toBe(true);
    expect(isChallengePage(fixture('current-page-1.html'))).toBe(false);
    expect(isChallengePage(fixture('older-page.html'))).toBe(false);
  });
});

describe('stipend normalisation to ₹/month', () => {
  it.each([
    ['₹ 10,000 - 15,000 /month', '3 Months', 10000, 15000],
    ['₹ 10,000-15,000 /month', '', 10000, 15000],
    ['₹\u00a05,000 /month +  Incentives', '', 5000, 5000],
    ['₹ 3,000 - 7,000 lump sum', '2 Months', 1500, 3500],
    [' 600-4,500 lump sum', '3 Months', 200, 1500],
    ['₹ 3,000 lump sum', '6 Weeks', 2167, 2167],
    [' 8,000 /week', '1 Month', 34667, 34667],
    ['Rs. 2,00,000 /year', '', 16667, 16667],
    ['INR 12000 per month', '', 12000, 12000],
    ['₹ 4.6 LPA', '', 38333, 38333],
    ['Unpaid', '2 Months', 0, 0],
    ['10000', '', 10000, 10000],
  ])('%j over %j → %d–%d', (text, duration, min, max) => {
    expect(normaliseStipend(text, duration)).toEqual({ min, max });
  });

  it.each([['Competitive salary'], ['Competitive stipend'], [''], ['Performance based']])('%j is unknown', (text) => {
    expect(normaliseStipend(text)).toEqual({ min: null, max: null });
  });

  it('a lump sum over a duration that does not parse is unknown', () => {
    expect(normaliseStipend('₹ 5,000 lump sum', 'Flexible')).toEqual({ min: null, max: null });
    expect(durationMonths('3 Months')).toBe(3);
    expect(durationMonths('45 Days')).toBe(1.5);
    expect(durationMonths('Flexible')).toBeNull();
  });
});

describe('listing URLs from the filters (research §1)', () => {
  const base = 'https://internshala.com';
  it.each([
    [
      { category: 'Software Development', location: '', workFromHome: false },
      '/internships/software-development-internship/',
    ],
    [
      { category: 'Software Development', location: 'New Delhi', workFromHome: false },
      '/internships/software-development-internship-in-new-delhi/',
    ],
    [{ category: '', location: 'Delhi', workFromHome: false }, '/internships/internship-in-delhi/'],
    [
      { category: 'Data Science', location: 'Delhi', workFromHome: true },
      '/internships/work-from-home-data-science-internships/',
    ],
    [{ category: '', location: '', workFromHome: true }, '/internships/work-from-home-internships/'],
    [{ category: '', location: '', workFromHome: false }, '/internships/'],
    [
      { category: 'UI/UX Design & Research', location: '', workFromHome: false },
      '/internships/ui-ux-design-and-research-internship/',
    ],
  ])('%j → %s', (f, path) => {
    expect(filterPath(f)).toBe(path);
  });

  it('appends stipend-N/ and page-N/ last; keywords fall back with the term encoded', () => {
    const p = '/internships/software-development-internship/';
    expect(listingUrl(base, p, 10000, 1)).toBe(`${base}${p}stipend-10000/`);
    expect(listingUrl(base, p, 10000, 2)).toBe(`${base}${p}stipend-10000/page-2/`);
    expect(listingUrl(base, p, 0, 3)).toBe(`${base}${p}page-3/`);
    expect(listingUrl(base, keywordPath('Data Science'), 5000, 1, false)).toBe(
      `${base}/internships/keywords-data%20science/`,
    );
    expect(slugify('  C++ / .NET  ')).toBe('c-net');
    // A lone surrogate (fuzzed input) is dropped rather than making the URL encoder throw.
    expect(keywordPath('Data\ud800 Science')).toBe('/internships/keywords-data%20science/');
  });

  it('equal searches get equal cache keys; Remote Only drops the city', () => {
    const a = normaliseFilters({
      job_category: ' Software  Development',
      location: 'Delhi',
      work_from_home: false,
      stipend: 0,
      max_results: 12,
      refresh: false,
    });
    const b = normaliseFilters({
      job_category: 'software development',
      location: ' delhi ',
      work_from_home: false,
      stipend: 0,
      max_results: 40,
      refresh: true,
    });
    expect(cacheKey(a)).toBe(cacheKey(b));
    const remote = normaliseFilters({
      job_category: 'Software Development',
      location: 'Delhi',
      work_from_home: true,
      stipend: 0,
      max_results: 12,
      refresh: false,
    });
    expect(remote.location).toBe('');
  });

  it('categories that slug alike but fetch different keyword pages get different keys', () => {
    const filters = (job_category: string) =>
      normaliseFilters({
        job_category,
        location: '',
        work_from_home: false,
        stipend: 0,
        max_results: 12,
        refresh: false,
      });
    const [cpp, csharp] = [filters('C++'), filters('C#')];
    expect(filterPath(cpp)).toBe(filterPath(csharp));
    expect(keywordPath(cpp.category)).not.toBe(keywordPath(csharp.category));
    expect(cacheKey(cpp)).not.toBe(cacheKey(csharp));
    expect(cacheKey(filters(' c++ '))).toBe(cacheKey(cpp));
  });
});

describe('our own filters', () => {
  const f = (o: Partial<Parameters<typeof applyFilters>[1]>) => ({
    category: '',
    location: '',
    workFromHome: false,
    stipend: 0,
    ...o,
  });
  const ids = (list: InternshipListing[]) => list.map((l) => l.id);
  it('minimum stipend: the lower end must meet it (inclusive); unpaid is 0; unknown only without a minimum', () => {
    expect(ids(applyFilters(PAGE_1, f({ stipend: 10000 })))).toEqual(['4100001', '4100004', '4100006', '4100008']);
    expect(ids(applyFilters(PAGE_1, f({ stipend: 12001 })))).toEqual(['4100004', '4100006']);
    expect(ids(applyFilters(PAGE_1, f({})))).toHaveLength(8);
  });
  it('remote only keeps the work-from-home marker; a city matches any place of a hybrid card', () => {
    expect(ids(applyFilters(PAGE_1, f({ workFromHome: true })))).toEqual(['4100001']);
    expect(ids(applyFilters(PAGE_1, f({ location: 'delhi' })))).toEqual(['4100002', '4100008']);
    expect(ids(applyFilters(PAGE_1, f({ location: 'gurugram' })))).toEqual(['4100002']);
    expect(ids(applyFilters(PAGE_1, f({ location: 'pune' })))).toEqual(['4100007']);
    expect(ids(applyFilters(PAGE_1, f({ location: 'bengaluru', stipend: 1000 })))).toEqual(['4100003']);
  });
});
