/**
 * POST /api/internships/fetch through HTTP on a real database, against a real HTTP fixture source
 * on 127.0.0.1 listed in INTERNSHIP_SOURCE_HOSTS: filters → URL,
 * our own filters, max_results, cache hit and refresh, coalesced concurrent searches, keyword
 * fallback after a redirect, 403/429/challenge/time-out/parse-failure answers, SSRF refusals, rate
 * limits and validation.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { COMMON_MESSAGES } from '@campus/contract/envelope';
import { INTERNSHIP_MESSAGES as M, type InternshipListing } from '@campus/contract/internships';
import { ConfigError, loadConfig, type AppConfig } from '../../config.ts';
import { createTestApp, sendJson, signUpAndLogin, type TestApp } from '../../test/helpers.ts';
import {
  demoReply,
  fixture,
  startFixtureServer,
  withCanonical,
  type FixtureServer,
} from './fixtures/fixture-server.ts';
import { INTERNSHIP_LIMITS } from './internships.service.ts';

const URL_PATH = '/api/internships/fetch';
let src: FixtureServer;
/** A second loopback server that is NOT listed: nothing may ever reach it. */
let forbidden: FixtureServer;
let t: TestApp;

/** Short timings so the suite runs fast (the 15 s / 60 s / polite pause in production). */
const fast = (c: AppConfig) => {
  c.internships.requestTimeoutMs = 2_000;
  c.internships.totalTimeoutMs = 10_000;
  c.internships.pageDelayMs = 5;
};

beforeAll(async () => {
  src = await startFixtureServer();
  forbidden = await startFixtureServer();
  t = await createTestApp(
    { INTERNSHIP_SOURCE_URL: src.origin, INTERNSHIP_SOURCE_HOSTS: src.host },
    { configure: fast },
  );
});
afterAll(async () => {
  await t?.close();
  await src?.close();
  await forbidden?.close();
});

const search = (body: object, cookie?: string) => sendJson(t, 'POST', URL_PATH, cookie, body);
/** Paths the source was asked for since `from`. */
const asked = (from: number) => src.requests.slice(from);
const ids = (list: InternshipListing[]) => list.map((l) => l.id);

describe('search', () => {
  it('maps the filters to the listing URL and applies location and minimum stipend itself (guest)', async () => {
    src.handle(demoReply);
    const from = src.requests.length;
    const res = await search({ job_category: 'Software Development', location: 'Delhi', stipend: 10000 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const path = '/internships/software-development-internship-in-delhi/stipend-10000/';
    expect(asked(from)).toEqual([path, `${path}page-2/`]);
    // The fixture ignores the filters: only our own code leaves Theta Web (Delhi, ₹12,000) alone;
    // Beta Soft (Delhi hybrid, ₹5,000) is under the minimum, the rest elsewhere.
    expect(body).toMatchObject({ success: true, message: M.found, source: `${src.origin}${path}`, cached: false });
    expect(body.internships).toEqual([
      {
        id: '4100008',
        title: 'Frontend Development',
        company: 'Theta Web',
        location: 'Delhi',
        work_from_home: false,
        hybrid: false,
        stipend: '₹ 12,000 /month',
        stipend_min: 12000,
        stipend_max: 12000,
        duration: '3 Months',
        apply_link: `${src.origin}/internship/detail/frontend-development-internship-in-delhi-at-theta-web1735700000`,
        posted: null,
        start: null,
      },
    ]);
    expect(Date.parse(body.fetchedAt)).not.toBeNaN();
    expect(body).not.toHaveProperty('data');
  });

  it('Remote Only uses the work-from-home path, ignores the city and keeps only remote cards', async () => {
    const from = src.requests.length;
    const res = await search({ job_category: 'Software Development', location: 'Delhi', work_from_home: true });
    expect(res.statusCode).toBe(200);
    const path = '/internships/work-from-home-software-development-internships/';
    expect(asked(from)).toEqual([path, `${path}page-2/`]);
    expect(ids(res.json().internships)).toEqual(['4100001', '4100009']);
    expect(res.json().internships.every((l: InternshipListing) => l.work_from_home)).toBe(true);
  });

  it('accepts the original client\'s "yes"/"no" text for the remote flag', async () => {
    const res = await search({ job_category: 'Data Science', work_from_home: 'yes' });
    expect(res.statusCode).toBe(200);
    expect(ids(res.json().internships)).toEqual(['4100001', '4100009']);
  });

  it('stops at max_results (one page), reads up to the last page otherwise, and defaults to 12', async () => {
    let from = src.requests.length;
    const three = await search({ job_category: 'Web Development', max_results: 3 });
    expect(ids(three.json().internships)).toEqual(['4100001', '4100002', '4100003']);
    expect(asked(from)).toEqual(['/internships/web-development-internship/']);

    from = src.requests.length;
    const all = await search({ job_category: 'Python' });
    // 8 on page 1, 2 new on page 2 (its repeated card counted once), which is the last page.
    expect(ids(all.json().internships)).toEqual([
      '4100001',
      '4100002',
      '4100003',
      '4100004',
      '4100005',
      '4100006',
      '4100007',
      '4100008',
      '4100009',
      '4100010',
    ]);
    expect(asked(from)).toEqual(['/internships/python-internship/', '/internships/python-internship/page-2/']);
  });

  it('never reads more than 3 pages', async () => {
    src.handle((p) => {
      const n = Number(/page-(\d+)/.exec(p)?.[1] ?? 1);
      const html = fixture('current-page-1.html').replace(/internshipId="41000(\d\d)"/g, `internshipId="4${n}000$1"`);
      return { body: withCanonical(html, '/internships/game-development-internship/') };
    });
    const from = src.requests.length;
    const res = await search({ job_category: 'Game Development', stipend: 100000 });
    expect(res.statusCode).toBe(200);
    expect(res.json().internships).toEqual([]);
    expect(asked(from)).toHaveLength(3);
    src.handle(demoReply);
  });

  it('answers the same search from the cache (no request), and Refresh bypasses it', async () => {
    const body = { job_category: 'Software Development', location: 'Delhi', stipend: 10000 };
    const from = src.requests.length;
    const again = await search({ ...body, job_category: ' software  development ', location: 'delhi' });
    expect(again.statusCode).toBe(200);
    expect(again.json().cached).toBe(true);
    expect(ids(again.json().internships)).toEqual(['4100008']);
    expect(asked(from)).toEqual([]);

    const refreshed = await search({ ...body, refresh: true });
    expect(refreshed.json().cached).toBe(false);
    expect(asked(from)).toHaveLength(2);
    expect(Date.parse(refreshed.json().fetchedAt)).toBeGreaterThan(Date.parse(again.json().fetchedAt));
    const after = await search(body);
    expect(after.json()).toMatchObject({ cached: true, fetchedAt: refreshed.json().fetchedAt });
  });

  it('a cached search that stopped early does not serve a larger max_results; a complete one does', async () => {
    const first = await search({ job_category: 'Embedded Systems', max_results: 2 });
    expect(first.json().internships).toHaveLength(2);
    // Page 1 (8 cards) was kept whole: up to 8 come from the cache.
    expect((await search({ job_category: 'Embedded Systems', max_results: 8 })).json().cached).toBe(true);
    const from = src.requests.length;
    const more = await search({ job_category: 'Embedded Systems', max_results: 9 });
    expect(more.json().cached).toBe(false);
    expect(more.json().internships).toHaveLength(9);
    expect(asked(from)).toEqual([
      '/internships/embedded-systems-internship/',
      '/internships/embedded-systems-internship/page-2/',
    ]);
    // That scrape reached the last page, so any max_results is served from the cache now.
    expect((await search({ job_category: 'Embedded Systems', max_results: 40 })).json()).toMatchObject({
      cached: true,
    });
  });

  it('concurrent identical searches share one scrape', async () => {
    src.handle((p) => ({ ...demoReply(p), delayMs: 150 }));
    const from = src.requests.length;
    const body = { job_category: 'Cloud Computing', location: 'Mumbai' };
    const answers = await Promise.all([search(body), search(body), search({ ...body, location: ' MUMBAI ' })]);
    for (const a of answers) {
      expect(a.statusCode).toBe(200);
      expect(ids(a.json().internships)).toEqual(['4100004']);
    }
    const path = '/internships/cloud-computing-internship-in-mumbai/';
    expect(asked(from)).toEqual([path, `${path}page-2/`]);
    src.handle(demoReply);
  });

  it('falls back to keywords when the site redirects the filter path to the unfiltered feed', async () => {
    const asks = '/internships/quantum-computing-internship/';
    src.handle((p) => {
      if (p === asks) return { status: 302, headers: { location: '/internships/' } };
      if (p === '/internships/') return { body: withCanonical(fixture('current-page-1.html'), '/internships/') };
      if (p === '/internships/keywords-quantum%20computing/')
        return { body: withCanonical(fixture('current-page-2.html'), p) };
      return { status: 404 };
    });
    const from = src.requests.length;
    const res = await search({ job_category: 'Quantum Computing' });
    expect(res.statusCode, res.body).toBe(200);
    expect(asked(from)).toEqual([asks, '/internships/', '/internships/keywords-quantum%20computing/']);
    expect(ids(res.json().internships)).toEqual(['4100009', '4100010', '4100001']);
    expect(res.json().source).toBe(`${src.origin}/internships/keywords-quantum%20computing/`);
  });

  it('falls back to keywords when the canonical URL is not the one asked for', async () => {
    src.handle((p) =>
      p.startsWith('/internships/keywords-')
        ? { body: withCanonical(fixture('older-page.html'), p) }
        : { body: withCanonical(fixture('current-page-1.html'), '/internships/') },
    );
    const from = src.requests.length;
    const res = await search({ job_category: 'Blockchain', location: 'Delhi' });
    expect(res.statusCode).toBe(200);
    expect(asked(from)).toEqual(['/internships/blockchain-internship-in-delhi/', '/internships/keywords-blockchain/']);
    // The older markup's page; the city is still applied by our code.
    expect(ids(res.json().internships)).toEqual(['2900001']);
    src.handle(demoReply);
  });

  it('an empty result page is an honest empty list', async () => {
    src.handle(() => ({ body: withCanonical(fixture('empty-page.html'), '/internships/basket-weaving-internship/') }));
    const res = await search({ job_category: 'Basket Weaving' });
    expect(res.statusCode).toBe(200);
    expect(res.json().internships).toEqual([]);
    src.handle(demoReply);
  });

  it('a page that says "No internships found" is an empty list even with paging markup left on it, or as a 404', async () => {
    const noResults = fixture('empty-page.html').replace('id="isLastPage" value="1"', 'id="isLastPage" value="0"');
    src.handle(() => ({ body: withCanonical(noResults, '/internships/origami-internship/') }));
    const res = await search({ job_category: 'Origami' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, internships: [] });
    // The filter path and the keyword fallback both answer 404 with the no-results page.
    src.handle(() => ({ status: 404, body: fixture('empty-page.html') }));
    const from = src.requests.length;
    const missing = await search({ job_category: 'Kite Flying' });
    expect(missing.statusCode, missing.body).toBe(200);
    expect(missing.json().internships).toEqual([]);
    expect(asked(from)).toEqual(['/internships/kite-flying-internship/', '/internships/keywords-kite%20flying/']);
    src.handle(demoReply);
  });

  it('two categories whose filter paths agree but whose keyword pages differ no longer share a cache entry', async () => {
    // The site redirects both filter paths (`C++` and `C#` both slug to `c`) to the feed; each
    // keyword page has its own cards.
    src.handle((p) => {
      if (p === '/internships/c-internship/') return { status: 302, headers: { location: '/internships/' } };
      if (p === '/internships/') return { body: withCanonical(fixture('current-page-1.html'), '/internships/') };
      if (p === '/internships/keywords-c%2B%2B/') return { body: withCanonical(fixture('current-page-2.html'), p) };
      if (p === '/internships/keywords-c%23/') return { body: withCanonical(fixture('older-page.html'), p) };
      return { status: 404 };
    });
    const from = src.requests.length;
    const cpp = await search({ job_category: 'C++' });
    expect(cpp.statusCode, cpp.body).toBe(200);
    expect(ids(cpp.json().internships)).toEqual(['4100009', '4100010', '4100001']);
    const csharp = await search({ job_category: 'C#' });
    expect(csharp.statusCode, csharp.body).toBe(200);
    expect(csharp.json()).toMatchObject({ cached: false, source: `${src.origin}/internships/keywords-c%23/` });
    expect(ids(csharp.json().internships)).not.toEqual(ids(cpp.json().internships));
    expect(asked(from).filter((p) => p.includes('keywords'))).toEqual([
      '/internships/keywords-c%2B%2B/',
      '/internships/keywords-c%23/',
    ]);
    expect((await search({ job_category: ' c++ ' })).json()).toMatchObject({ cached: true });
    src.handle(demoReply);
  });

  it('is open to signed-in students too', async () => {
    const user = await signUpAndLogin(t);
    const res = await search({ job_category: 'Software Development', location: 'Delhi', stipend: 10000 }, user.cookie);
    expect(res.statusCode).toBe(200);
    expect(ids(res.json().internships)).toEqual(['4100008']);
  });
});

describe('honest errors', () => {
  it.each([
    ['403', { status: 403, body: '<html><body>Forbidden</body></html>' }],
    ['429', { status: 429, body: 'Too Many Requests', headers: { 'retry-after': '60' } }],
    ['a challenge page (200)', { body: fixture('challenge.html') }],
    ['a challenge page (503)', { status: 503, body: fixture('challenge.html') }],
  ])('%s → 502 blocked', async (_name, reply) => {
    src.handle(() => reply);
    const res = await search({ job_category: `Blocked ${_name}` });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ success: false, message: M.blocked });
    src.handle(demoReply);
  });

  it('a time-out → 504 with the spec text', async () => {
    src.handle(() => ({ body: fixture('current-page-1.html'), delayMs: 5_000 }));
    const res = await search({ job_category: 'Slow Source' });
    expect(res.statusCode).toBe(504);
    expect(res.json()).toEqual({ success: false, message: M.timeout });
    src.handle(demoReply);
  });

  it('a page that parses to nothing while it has results → 502, and the markup change is logged with the URL', async () => {
    src.handle((p) => ({ body: withCanonical(fixture('changed-markup.html'), p) }));
    const warn = vi.spyOn(t.app.ctx.log, 'warn');
    const res = await search({ job_category: 'Changed Markup' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ success: false, message: M.unreadable });
    expect(warn).toHaveBeenCalledWith(
      { url: `${src.origin}/internships/changed-markup-internship/` },
      expect.stringContaining('markup changed'),
    );
    warn.mockRestore();
    src.handle(demoReply);
  });

  it('a failure after page 1 keeps the results read so far, and they are not cached', async () => {
    src.handle((p) => (p.includes('page-2') ? { status: 500 } : demoReply(p)));
    const body = { job_category: 'Robotics', location: 'Delhi' };
    const res = await search(body);
    expect(res.statusCode).toBe(200);
    expect(ids(res.json().internships)).toEqual(['4100002', '4100008']);
    src.handle(demoReply);
    expect((await search(body)).json().cached).toBe(false);
  });
});

describe('SSRF refusals', () => {
  it.each([
    ['file:', 'file:///etc/passwd'],
    ['a loopback address not listed', () => `http://127.0.0.1:${forbidden.port}/internships/`],
    ['localhost (resolves to loopback) not listed', () => `http://localhost:${forbidden.port}/internships/`],
    ['a private address', 'http://10.0.0.1/internships/'],
    ['another host', 'https://example.com/internships/'],
  ])('a redirect to %s is refused (502) and nothing reaches it', async (name, to) => {
    src.handle(() => ({ status: 302, headers: { location: typeof to === 'function' ? to() : to } }));
    const res = await search({ job_category: `Redirect ${name}` });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ success: false, message: M.unreadable });
    expect(forbidden.requests).toEqual([]);
    src.handle(demoReply);
  });

  it('a source on a loopback or private address is refused unless its host is listed', async () => {
    for (const source of [forbidden.origin, `http://localhost:${forbidden.port}`, 'http://192.168.1.10:8080']) {
      const other = await createTestApp({ INTERNSHIP_SOURCE_URL: source }, { configure: fast });
      try {
        const res = await sendJson(other, 'POST', URL_PATH, undefined, {});
        expect(res.statusCode, source).toBe(502);
        expect(res.json().message).toBe(M.unreadable);
      } finally {
        await other.close();
      }
    }
    expect(forbidden.requests).toEqual([]);
  });

  it('the configuration accepts only http(s) sources and host[:port] entries', () => {
    expect(() => loadConfig({ INTERNSHIP_SOURCE_URL: 'file:///etc/passwd' })).toThrow(ConfigError);
    expect(() => loadConfig({ INTERNSHIP_SOURCE_URL: 'file:///etc/passwd' })).toThrow(/INTERNSHIP_SOURCE_URL/);
    expect(() => loadConfig({ INTERNSHIP_SOURCE_HOSTS: 'http://x/' })).toThrow(/INTERNSHIP_SOURCE_HOSTS/);
    const c = loadConfig({ INTERNSHIP_SOURCE_HOSTS: '127.0.0.1:3222, Fixture.Local' });
    expect(c.internships).toMatchObject({
      sourceUrl: 'https://internshala.com',
      extraHosts: ['127.0.0.1:3222', 'fixture.local'],
      requestTimeoutMs: 15_000,
      totalTimeoutMs: 60_000,
    });
  });
});

describe('API docs', () => {
  it('documents the route with its body fields and the envelope of every answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const op = res.json().paths['/api/internships/fetch'].post;
    const body = op.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(
      expect.arrayContaining(['job_category', 'location', 'work_from_home', 'stipend', 'max_results', 'refresh']),
    );
    expect(Object.keys(op.responses).sort()).toEqual(['200', '400', '429', '502', '504']);
    const ok = op.responses['200'].content['application/json'].schema;
    expect(Object.keys(ok.properties)).toEqual(
      expect.arrayContaining(['success', 'message', 'internships', 'source', 'fetchedAt', 'cached']),
    );
  });
});

describe('validation and rate limits', () => {
  it.each([
    [{ stipend: -1 }, 'stipend', M.stipendInvalid],
    [{ stipend: 'ten' }, 'stipend', M.stipendInvalid],
    [{ stipend: 2_000_000 }, 'stipend', M.stipendTooHigh],
    [{ max_results: 41 }, 'max_results', M.maxResultsInvalid],
    [{ max_results: 0 }, 'max_results', M.maxResultsInvalid],
    [{ job_category: 'x'.repeat(81) }, 'job_category', M.categoryLong],
    [{ location: 'x'.repeat(81) }, 'location', M.locationLong],
    [{ work_from_home: 'maybe' }, 'work_from_home', 'Must be true or false.'],
  ])('%j → 400 with the message on the field', async (body, field, message) => {
    const from = src.requests.length;
    const res = await search(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message, errors: { [field]: message } });
    expect(asked(from)).toEqual([]);
  });

  it('an empty body searches Software Development with 12 results', async () => {
    const from = src.requests.length;
    const res = await sendJson(t, 'POST', URL_PATH);
    expect(res.statusCode).toBe(200);
    expect(res.json().internships).toHaveLength(10);
    expect(asked(from)[0]).toBe('/internships/software-development-internship/');
  });

  describe('limits', () => {
    let lt: TestApp;
    beforeAll(async () => {
      lt = await createTestApp(
        { INTERNSHIP_SOURCE_URL: src.origin, INTERNSHIP_SOURCE_HOSTS: src.host, TRUST_PROXY: '127.0.0.1' },
        { configure: fast },
      );
    });
    afterAll(async () => lt?.close());
    const from = (ip: string, body: object, cookie?: string) =>
      lt.app.inject({
        method: 'POST',
        url: URL_PATH,
        payload: body,
        headers: { 'x-forwarded-for': ip, ...(cookie && { cookie }) },
      });

    it('Refresh is limited per guest IP', async () => {
      const body = { job_category: 'Software Development', refresh: true };
      for (let i = 0; i < INTERNSHIP_LIMITS.refreshesPerHour; i++)
        expect((await from('203.0.113.7', body)).statusCode).toBe(200);
      const over = await from('203.0.113.7', body);
      expect(over.statusCode).toBe(429);
      expect(over.json().message).toBe(COMMON_MESSAGES.rateLimited);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      // Another IP may still refresh; a search without refresh still works from the cache.
      expect((await from('203.0.113.8', body)).statusCode).toBe(200);
      expect((await from('203.0.113.7', { job_category: 'Software Development' })).json().cached).toBe(true);
    });

    it('searches are limited per signed-in user, whatever the IP', async () => {
      const user = await signUpAndLogin(lt);
      const body = { job_category: 'Software Development' };
      for (let i = 0; i < INTERNSHIP_LIMITS.searchesPerUserPerHour; i++)
        expect((await from(`198.51.100.${i % 200}`, body, user.cookie)).statusCode).toBe(200);
      expect((await from('198.51.100.250', body, user.cookie)).statusCode).toBe(429);
      expect((await from('198.51.100.250', body)).statusCode).toBe(200);
    });

    it('searches are limited per IP', async () => {
      const body = { job_category: 'Software Development' };
      for (let i = 0; i < INTERNSHIP_LIMITS.searchesPerIpPerHour; i++)
        expect((await from('192.0.2.55', body)).statusCode).toBe(200);
      const over = await from('192.0.2.55', body);
      expect(over.statusCode).toBe(429);
      expect(over.json().message).toBe(COMMON_MESSAGES.rateLimited);
    });
  });
});
