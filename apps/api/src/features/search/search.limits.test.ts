/**
 * Campus-wide search's own limits through HTTP on a real database (docs/performance.md "Search"):
 * a flood of searches by one student, or from one address, meets 429 with Retry-After and the
 * envelope before any search runs, while others keep searching; on PostgreSQL a search beyond its
 * statement budget (1 s) answers 503 with Retry-After and the envelope (held up here by a table lock, so
 * nothing is timed). Searches beyond the process's search slots (`SEARCH_CONCURRENCY`, 1 here) are
 * refused at once with 503 "busy" and Retry-After while lists are still served. Small ceilings
 * through the configuration.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { COMMON_MESSAGES } from '@campus/contract/envelope';
import { testWorldHooks, type SignedIn } from '../../test/helpers.ts';

const { t, users, as } = testWorldHooks(['flooder', 'other', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'], {
  SEARCH_PER_USER_PER_MINUTE: '3',
  SEARCH_PER_ADDRESS_PER_MINUTE: '5',
  SEARCH_CONCURRENCY: '1',
});
const url = '/api/search?q=kettle';
/** A search by `who` from the address 10.9.9.9. */
const fromOneAddress = (who: SignedIn) =>
  t.app.inject({ method: 'GET', url, remoteAddress: '10.9.9.9', headers: { cookie: who.cookie } });

function expectRefused(res: Awaited<ReturnType<typeof fromOneAddress>>, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect(res.json().success).toBe(false);
}

describe('search ceilings', () => {
  it('a flood of searches by one student meets 429 with Retry-After; another student still searches', async () => {
    for (let i = 0; i < 3; i += 1) expect((await as(users.flooder).get(url)).statusCode).toBe(200);
    const refused = await as(users.flooder).get(url);
    expectRefused(refused, 429);
    expect(refused.json().message).toBe(COMMON_MESSAGES.rateLimited);
    expect((await as(users.other).get(url)).statusCode).toBe(200);
  });

  it('searches from one address are counted together, whoever sends them', async () => {
    for (let i = 0; i < 3; i += 1) expect((await fromOneAddress(users.c)).statusCode).toBe(200);
    for (let i = 0; i < 2; i += 1) expect((await fromOneAddress(users.d)).statusCode).toBe(200);
    expectRefused(await fromOneAddress(users.d), 429);
    // Another student from another address is not affected.
    expect((await as(users.e).get(url)).statusCode).toBe(200);
  });
});

/** A search for `q` by `who` from an address of its own. */
const searchBy = (who: SignedIn, q: string, ip: string) =>
  t.app.inject({ method: 'GET', url: `/api/search?q=${q}`, remoteAddress: ip, headers: { cookie: who.cookie } });

function expectBusy(res: Awaited<ReturnType<typeof fromOneAddress>>) {
  expectRefused(res, 503);
  expect(res.json().message).toBe(COMMON_MESSAGES.busy);
}

describe.runIf(!process.env.TEST_DATABASE_URL)('search slots (embedded database)', () => {
  it('with one search running, the others are refused at once with 503 busy; each one alone is answered', async () => {
    // Sent together: the one connection answers in order, so every request's rate-limit checks
    // come before the first search statement, and the others reach the search while it runs.
    const searchers = [users.g, users.h, users.i, users.j];
    const all = await Promise.all(searchers.map((who, i) => searchBy(who, 'lamp', `10.9.8.${i + 1}`)));
    expect(all.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const res of all.filter((r) => r.statusCode !== 200)) expectBusy(res);
    for (const [i, res] of all.entries())
      if (res.statusCode !== 200) expect((await searchBy(searchers[i]!, 'chair', '10.9.8.9')).statusCode).toBe(200);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('search slots (PostgreSQL)', () => {
  it('with one search held, another is refused at once with 503 busy while lists are served', async () => {
    let held!: Promise<Awaited<ReturnType<typeof fromOneAddress>>>;
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE marketplace_items IN ACCESS EXCLUSIVE MODE`);
      held = searchBy(users.g, 'lamp', '10.9.8.1');
      // The held search has its slot once it waits on the lock.
      await expect
        .poll(
          async () =>
            (
              (await tx.execute(
                sql`SELECT count(*)::int AS n FROM pg_locks WHERE relation = 'marketplace_items'::regclass AND NOT granted`,
              )) as unknown as { rows: { n: number }[] }
            ).rows[0]!.n,
        )
        .toBe(1);
      expectBusy(await searchBy(users.h, 'cycle', '10.9.8.2'));
      expect((await as(users.h).get('/api/rides')).statusCode).toBe(200);
    });
    expect((await held).statusCode).toBe(200);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('search statement budget (PostgreSQL)', () => {
  it('a search held beyond its budget answers 503 with Retry-After and the envelope', async () => {
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE marketplace_items IN ACCESS EXCLUSIVE MODE`);
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/search?q=lamp',
        remoteAddress: '10.9.9.10',
        headers: { cookie: users.f.cookie },
      });
      expectRefused(res, 503);
    });
  });
});
