/**
 * Marketplace list benchmark (issue 5, DESIGN §9): seeds 10 000 listings, starts the real app on a
 * random port of 127.0.0.1, and measures with autocannon (50 connections, bounded duration) the
 * browse endpoint with a filter, a sort and a page, and with a search term (served by the trigram
 * indexes), next to a bare JSON route registered only on this script's app instance; prints req/s
 * and p99 latency side by side and their ratios.
 *
 * Run from apps/api: `npm run bench:marketplace` (embedded PGlite in memory), or with
 * `BENCH_DATABASE_URL` (or `TEST_DATABASE_URL`) = postgres://…/postgres to run on a scratch
 * database created and dropped on that server. Options: `LISTINGS` (default 10000), `DURATION`
 * seconds per measurement (default 10), `CONNECTIONS` (default 50).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { ITEM_CONDITIONS, MARKETPLACE_CATEGORIES } from '@campus/contract/marketplace';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import type { Database } from '../../apps/api/src/db/client.ts';
import { runMigrations } from '../../apps/api/src/db/migrate.ts';
import { marketplaceItems } from '../../apps/api/src/db/schema/marketplace.ts';
import { users } from '../../apps/api/src/db/schema/users.ts';
import { createSession } from '../../apps/api/src/lib/auth.ts';
import { openScratchDatabase } from './scratch-db.ts';

const LISTINGS = Number(process.env.LISTINGS ?? 10_000);
const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const SELLERS = 200;
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/** Deterministic pseudo-random numbers so runs are comparable. */
let seed = 20_250_101;
const rnd = (n: number) => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return Math.floor((seed / 2 ** 31) * n); // high bits: an LCG's low bits cycle
};

/** Seeds the sellers and listings; resolves the ids of the active sellers. */
async function seedData(database: Database): Promise<string[]> {
  const sellerIds = Array.from({ length: SELLERS }, () => uuidv7());
  await database.db.insert(users).values(
    sellerIds.map((id, i) => {
      const n = String(i).padStart(8, '0');
      return {
        id,
        email: `seller.${n}@iiitsonepat.ac.in`,
        username: `seller.${n}`,
        passwordHash: 'x',
        name: `Seller ${i}`,
        emailVerifiedAt: new Date(),
        // A few deactivated sellers, so the join filter does real work.
        deactivatedAt: i % 50 === 49 ? new Date() : null,
      };
    }),
  );
  const words = ['Laptop', 'Chair', 'Textbook', 'Jacket', 'Cycle', 'Cricket bat', 'Lamp', 'Watch', 'Headphones'];
  const now = Date.now();
  for (let i = 0; i < LISTINGS; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, LISTINGS - i) }, (_, j) => {
      const k = i + j;
      const kind = rnd(20); // 0: sold, 1: expired, else live
      return {
        userId: sellerIds[rnd(SELLERS)]!,
        itemName: `${words[rnd(words.length)]} #${k}`,
        price: rnd(50) * 100 + rnd(100),
        category: MARKETPLACE_CATEGORIES[rnd(MARKETPLACE_CATEGORIES.length)]!,
        // About 1 % mention a brand, for a selective search the trigram indexes serve.
        description:
          k % 97 === 0
            ? 'Original Sennheiser box included, pickup from the hostel.'
            : 'Benchmark listing in good condition, pickup from the hostel.',
        itemCondition: ITEM_CONDITIONS[rnd(ITEM_CONDITIONS.length)]!,
        ownerContact: '9876543210',
        isSold: kind === 0,
        createdAt: new Date(now - (LISTINGS - k) * 60_000),
        expiresAt: new Date(kind === 1 ? now - 60_000 : now + 30 * 86_400_000),
      };
    });
    await database.db.insert(marketplaceItems).values(rows);
  }
  // VACUUM also moves the rows inserted after the GIN indexes were built out of their pending list.
  await database.db.execute(sql`VACUUM ANALYZE`);
  return sellerIds.filter((_, i) => i % 50 !== 49);
}

interface Measured {
  reqPerSec: number;
  p99: number;
  avgLatency: number;
  non2xx: number;
  errors: number;
}

/** Measures `url` for `duration` s; each connection is signed in as its own student (`cookies`). */
async function measure(url: string, cookies: string[], duration: number): Promise<Measured> {
  let next = 0;
  const r = await autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    setupClient: (client) => client.setHeaders({ cookie: cookies[next++ % cookies.length]! }),
  });
  return {
    reqPerSec: r.requests.average,
    p99: r.latency.p99,
    avgLatency: r.latency.average,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

const { database, label, cleanup } = await openScratchDatabase(pgUrl, 10);
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-bench-'));
try {
  await runMigrations(database);
  const s0 = performance.now();
  const viewerIds = await seedData(database);
  const seedMs = performance.now() - s0;
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', APP_URL: 'http://127.0.0.1:3000' });
  const app = await buildApp({ config, database, logger: false });
  // Bench-only route on this instance: same hooks (security headers, CSRF), no session, no DB.
  app.get('/api/bench/bare', async () => ({ success: true, message: 'OK', data: [] }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  // One student per connection, as in real use (per-user search limits count per account).
  const cookies = await Promise.all(
    viewerIds.slice(0, CONNECTIONS).map(async (id) => `cc_session=${await createSession(database.db, id)}`),
  );
  const cookie = cookies[0]!;

  const query = 'category=Electronics&minPrice=500&maxPrice=3000&sort=priceLowToHigh&page=3&limit=20';
  const listUrl = `http://127.0.0.1:${port}/api/buy-and-sell/items?${query}`;
  const searchQuery = 'search=sennheiser&limit=20';
  const searchUrl = `http://127.0.0.1:${port}/api/buy-and-sell/items?${searchQuery}`;
  const bareUrl = `http://127.0.0.1:${port}/api/bench/bare`;

  const check = await fetch(listUrl, { headers: { cookie } });
  const body = (await check.json()) as { data: unknown[]; pagination: { total: number } };
  if (check.status !== 200 || body.data.length !== 20)
    throw new Error(`list answered ${check.status} with ${body.data?.length} rows`);

  const plan = (await database.db.execute(
    sql`EXPLAIN ANALYZE SELECT m.*, u.name FROM marketplace_items m LEFT JOIN users u ON u.id = m.user_id
        WHERE NOT m.is_sold AND m.expires_at > now()
          AND NOT EXISTS (SELECT 1 FROM users d WHERE d.id = m.user_id AND d.deactivated_at IS NOT NULL)
          AND m.category = 'Electronics' AND m.price >= 500 AND m.price <= 3000
        ORDER BY m.price ASC, m.created_at DESC, m.id DESC LIMIT 20 OFFSET 40`,
  )) as unknown as { rows: { 'QUERY PLAN': string }[] };
  const searchPlan = (await database.db.execute(
    sql`EXPLAIN ANALYZE SELECT count(*) FROM marketplace_items m
        WHERE NOT m.is_sold AND m.expires_at > now()
          AND (m.item_name ILIKE '%sennheiser%' OR m.description ILIKE '%sennheiser%')`,
  )) as unknown as { rows: { 'QUERY PLAN': string }[] };

  // Short warm-up of both routes, then the measured runs.
  await measure(listUrl, cookies, 1);
  await measure(searchUrl, cookies, 1);
  await measure(bareUrl, cookies, 1);
  const list = await measure(listUrl, cookies, DURATION);
  const search = await measure(searchUrl, cookies, DURATION);
  const bare = await measure(bareUrl, cookies, DURATION);
  await app.close();

  const fmt = (n: number, d = 0) => n.toLocaleString('en-IN', { maximumFractionDigits: d, minimumFractionDigits: d });
  console.log(`\nMarketplace list benchmark — ${label}`);
  console.log(
    `Seeded ${fmt(LISTINGS)} listings from ${SELLERS} sellers in ${fmt(seedMs)} ms; ${body.pagination.total} match the filter.`,
  );
  console.log(`${CONNECTIONS} connections, ${DURATION} s each, 127.0.0.1:${port}, Node ${process.version}\n`);
  console.log(`GET /api/buy-and-sell/items?${query}`);
  console.log(
    'Plan of the page query (the count uses the same WHERE):\n  ' +
      plan.rows.map((r) => r['QUERY PLAN']).join('\n  ') +
      '\n',
  );
  const row = (name: string, m: Measured) =>
    `${name.padEnd(34)}${fmt(m.reqPerSec).padStart(10)}${fmt(m.avgLatency, 1).padStart(12)}${fmt(m.p99).padStart(10)}${String(m.non2xx + m.errors).padStart(10)}`;
  console.log(
    `${'route'.padEnd(34)}${'req/s'.padStart(10)}${'avg ms'.padStart(12)}${'p99 ms'.padStart(10)}${'failed'.padStart(10)}`,
  );
  console.log(row('list (filter + sort + page 3)', list));
  console.log(row('list (search)', search));
  console.log(row('bare JSON route', bare));
  for (const [name, m] of [
    ['list', list],
    ['search', search],
  ] as const)
    console.log(
      `ratio ${name}/bare: throughput ${(m.reqPerSec / bare.reqPerSec).toFixed(3)}×, p99 latency ${(m.p99 / Math.max(bare.p99, 1)).toFixed(1)}×`,
    );
  console.log(
    '\nPlan of the search count (the page query filters the same way):\n  ' +
      searchPlan.rows.map((r) => r['QUERY PLAN']).join('\n  '),
  );
  if ([list, search, bare].some((m) => m.non2xx || m.errors)) process.exitCode = 1;
} finally {
  await cleanup();
  await fs.rm(dataDir, { recursive: true, force: true });
}
