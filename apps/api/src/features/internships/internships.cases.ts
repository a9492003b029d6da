/**
 * Authorization-matrix row of the internship finder (docs/product-spec.md §6, §7; assembled by
 * `test/route-cases.ts`), and the source the suites' app scrapes.
 */
import { lastPageReply, startFixtureServer } from './fixtures/fixture-server.ts';
import { everyone } from '../../test/case-kit.ts';
import type { RouteCase } from '../../test/route-cases.ts';

/**
 * The internship source the suites' app scrapes: a one-page fixture server on 127.0.0.1 ( * never Internshala), listening for the whole test file.
 */
export const internshipSource = await startFixtureServer({ handler: lastPageReply });
internshipSource.unref();

/** The suites' app configuration for the finder: it scrapes {@link internshipSource} only. */
export const INTERNSHIPS_ENV = {
  INTERNSHIP_SOURCE_URL: internshipSource.origin,
  INTERNSHIP_SOURCE_HOSTS: internshipSource.host,
};

/**
 * The row of `/api/internships/fetch`: open to guests; a deactivated account's old cookie is simply
 * no session. Scrapes the suites' loopback fixture source.
 */
export const INTERNSHIPS_CASES: Record<string, RouteCase> = {
  'POST /api/internships/fetch': {
    request: () => ({
      method: 'POST',
      url: '/api/internships/fetch',
      payload: { job_category: 'Software Development', location: 'Delhi', stipend: 1000 },
    }),
    expect: everyone(200),
  },
};
