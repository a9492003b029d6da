/**
 * API request-cost benchmark (issue 10, DESIGN §9). Three processes: this orchestrator seeds a
 * database (10 000 listings from 200 sellers, a few unread notifications per student, and for the
 * campus-wide search of issue 24 as many lost & found items, rides and taught skills), starts the
 * real server (`apps/api/src/server.ts`) as a child process on 127.0.0.1, and runs the load
 * generator (`load-client.ts`, autocannon) as another child process — so load generation never
 * shares the server's event loop. Each connection is signed in as its own student.
 *
 * For each route it prints req/s, p50 and p99 latency (ms), and the CPU milliseconds per request
 * spent by the server's Node process and by PostgreSQL (its server processes; the embedded PGlite
 * runs in a worker thread of the Node process, counted in its CPU), next to `GET /api/users/health`
 * measured in the same run.
 *
 * Run: `npm run bench:api` (embedded PGlite in a temporary data directory), or with
 * `BENCH_DATABASE_URL=postgres://…/postgres` (a scratch database on that server, dropped after).
 * Options: `DURATION` s per route (default 10), `CONNECTIONS` (default 50), `LISTINGS` (10000, also
 * the number of lost & found items, rides and taught skills), `ROUTES=list` (or `unread`, `search`,
 * `searchTypo`) measures only those routes beside health; `PROFILE=1` writes a V8 CPU profile of the server (`node --cpu-prof`) to `.bench-profiles/`; `KEEP_DB=1` keeps the
 * PostgreSQL scratch database (its name is printed) to study query plans.
 */
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { LOST_FOUND_CATEGORIES } from '@campus/contract/lost-found';
import { ITEM_CONDITIONS, MARKETPLACE_CATEGORIES } from '@campus/contract/marketplace';
import { openDatabase, type Database } from '../../apps/api/src/db/client.ts';
import { runMigrations } from '../../apps/api/src/db/migrate.ts';
import { lostFoundItems } from '../../apps/api/src/db/schema/lost-found.ts';
import { marketplaceItems } from '../../apps/api/src/db/schema/marketplace.ts';
import { rides } from '../../apps/api/src/db/schema/rides.ts';
import { skills, userSkills } from '../../apps/api/src/db/schema/skill-exchange.ts';
import { notifications } from '../../apps/api/src/db/schema/notifications.ts';
import { users } from '../../apps/api/src/db/schema/users.ts';
import { createSession } from '../../apps/api/src/lib/auth.ts';
import { createServerDatabase } from './scratch-db.ts';
import { cpuMsOf, postgresCpuMs, runLoad, startServer, stopServer, type LoadResult } from './harness.ts';

const LISTINGS = Number(process.env.LISTINGS ?? 10_000);
const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const PROFILE = process.env.PROFILE === '1';
const KEEP_DB = process.env.KEEP_DB === '1';
const SELLERS = 200;
const PORT = Number(process.env.BENCH_PORT ?? 3290);
const pgUrl = process.env.BENCH_DATABASE_URL;
const root = path.resolve(import.meta.dirname, '../..');

/** Deterministic pseudo-random numbers so runs are comparable. */
let seed = 20_250_101;
const rnd = (n: number) => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return Math.floor((seed / 2 ** 31) * n);
};

/** Seeds sellers, listings and notifications; returns the ids of active students. */
async function seedData(database: Database): Promise<string[]> {
  const ids = Array.from({ length: SELLERS }, () => uuidv7());
  await database.db.insert(users).values(
    ids.map((id, i) => {
      const n = String(i).padStart(8, '0');
      return {
        id,
        email: `seller.${n}@iiitsonepat.ac.in`,
        username: `seller.${n}`,
        passwordHash: 'x',
        name: `Seller ${i}`,
        emailVerifiedAt: new Date(),
        deactivatedAt: i % 50 === 49 ? new Date() : null,
      };
    }),
  );
  const words = ['Laptop', 'Chair', 'Textbook', 'Jacket', 'Cycle', 'Cricket bat', 'Lamp', 'Watch', 'Headphones'];
  const now = Date.now();
  for (let i = 0; i < LISTINGS; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, LISTINGS - i) }, (_, j) => {
      const k = i + j;
      const kind = rnd(20);
      return {
        userId: ids[rnd(SELLERS)]!,
        itemName: `${words[rnd(words.length)]} #${k}`,
        price: rnd(50) * 100 + rnd(100),
        category: MARKETPLACE_CATEGORIES[rnd(MARKETPLACE_CATEGORIES.length)]!,
        description: 'Benchmark listing in good condition, pickup from the hostel.',
        itemCondition: ITEM_CONDITIONS[rnd(ITEM_CONDITIONS.length)]!,
        ownerContact: '9876543210',
        isSold: kind === 0,
        createdAt: new Date(now - (LISTINGS - k) * 60_000),
        expiresAt: new Date(kind === 1 ? now - 60_000 : now + 30 * 86_400_000),
      };
    });
    await database.db.insert(marketplaceItems).values(rows);
  }
  await seedSearchable(database, ids, words, now);
  const active = ids.filter((_, i) => i % 50 !== 49);
  await database.db
    .insert(notifications)
    .values(active.flatMap((userId) => Array.from({ length: 5 }, (_, k) => ({ userId, message: `Note ${k}` }))));
  await database.db.execute(sql`VACUUM ANALYZE`);
  return active;
}

/**
 * The other groups campus-wide search reads (issue 24 item 4: 10k rows per feature): LISTINGS lost &
 * found items (a tenth returned), LISTINGS rides (a tenth departed) and up to LISTINGS taught skills
 * (each seller teaches catalogue skills in turn), by the same sellers.
 */
async function seedSearchable(database: Database, ids: string[], words: string[], now: number): Promise<void> {
  const places = ['Library reading room', 'Mess hall', 'Sonipat bus stand', 'Academic block A', 'Sports complex'];
  const stops = [
    'Sonipat Railway Station',
    'Delhi Airport T3',
    'Kashmere Gate ISBT',
    'Campus main gate',
    'Rai bus stop',
  ];
  for (let i = 0; i < LISTINGS; i += 1000) {
    const n = Math.min(1000, LISTINGS - i);
    await database.db.insert(lostFoundItems).values(
      Array.from({ length: n }, (_, j) => ({
        userId: ids[rnd(SELLERS)]!,
        itemName: `${words[rnd(words.length)]} #${i + j}`,
        description: 'Benchmark item, left behind after the evening class.',
        locationFound: places[rnd(places.length)]!,
        category: LOST_FOUND_CATEGORIES[rnd(LOST_FOUND_CATEGORIES.length)]!,
        dateFound: '2026-11-01',
        isReturned: rnd(10) === 0,
      })),
    );
    await database.db.insert(rides).values(
      Array.from({ length: n }, (_, j) => {
        const from = rnd(stops.length);
        return {
          userId: ids[rnd(SELLERS)]!,
          pickupLocation: stops[from]!,
          dropLocation: stops[(from + 1 + rnd(stops.length - 1)) % stops.length]!,
          departureAt: new Date(now + (rnd(10) === 0 ? -1 : 1) * (1 + rnd(30 * 24)) * 3_600_000),
          totalSeats: 4,
          availableSeats: rnd(5),
          description: `Benchmark ride #${i + j}, luggage welcome.`,
          phoneNumber: '9876543210',
        };
      }),
    );
  }
  const catalogue = await database.db.select({ id: skills.id }).from(skills);
  const taught = ids
    .flatMap((userId) => catalogue.map((s) => ({ userId, skillId: s.id, type: 'teach' as const })))
    .slice(0, LISTINGS);
  for (let i = 0; i < taught.length; i += 1000) await database.db.insert(userSkills).values(taught.slice(i, i + 1000));
}

const target = await createServerDatabase(pgUrl, 'cc_bench');
const { dataDir, databaseUrl: serverUrl, scratchName: scratch } = target;
let server: ChildProcess | undefined;
try {
  const database = await openDatabase({ databaseUrl: serverUrl, dataDir });
  await runMigrations(database);
  const students = await seedData(database);
  const cookies = await Promise.all(
    students.slice(0, CONNECTIONS).map(async (id) => `cc_session=${await createSession(database.db, id)}`),
  );
  // Steady state: autovacuum keeps the visibility map current, so index-only scans skip the heap.
  await database.db.execute(sql`VACUUM ANALYZE`);
  await database.db.execute(sql`CHECKPOINT`); // PGlite runs with fsync off: flush before the server opens it
  await database.close();

  server = await startServer(
    PORT,
    {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${PORT}`,
      DATA_DIR: dataDir,
      ...(serverUrl ? { DATABASE_URL: serverUrl } : {}),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      SEED_DEMO: 'false',
    },
    PROFILE ? path.join(root, '.bench-profiles') : undefined,
  );
  const base = `http://127.0.0.1:${PORT}`;
  const query = 'category=Electronics&minPrice=500&maxPrice=3000&sort=priceLowToHigh&page=3&limit=20';
  const allRoutes = [
    { key: 'health', name: 'GET /api/users/health', url: `${base}/api/users/health` },
    { key: 'unread', name: 'GET /api/notification/unread/count', url: `${base}/api/notification/unread/count` },
    {
      key: 'list',
      name: 'GET /api/buy-and-sell/items (filter+sort+page 3)',
      url: `${base}/api/buy-and-sell/items?${query}`,
    },
    // Issue 24 item 4: all four groups, 5 hits each; a word (full text) and a typo (trigrams only).
    { key: 'search', name: 'GET /api/search?q=cycle (4 groups)', url: `${base}/api/search?q=cycle` },
    { key: 'searchTypo', name: 'GET /api/search?q=headphnes (typo)', url: `${base}/api/search?q=headphnes` },
  ];
  // ROUTES=list (comma-separated keys) measures only those, e.g. to profile one route; health stays first.
  const only = process.env.ROUTES?.split(',');
  const routes = allRoutes.filter((r) => r.key === 'health' || !only || only.includes(r.key));
  const pid = server.pid!;
  const check = await fetch(allRoutes[2]!.url, { headers: { cookie: cookies[0]! } });
  const body = (await check.json()) as { data: unknown[] };
  if (check.status !== 200 || body.data.length !== 20) throw new Error(`list answered ${check.status}`);
  const found = await fetch(allRoutes[3]!.url, { headers: { cookie: cookies[0]! } });
  const groups = ((await found.json()) as { data: { groups: Array<{ items: unknown[] }> } }).data.groups;
  if (found.status !== 200 || groups.length !== 4 || !groups[0]!.items.length)
    throw new Error(`search answered ${found.status}`);

  const results: Array<LoadResult & { name: string; nodeMs: number; pgMs: number }> = [];
  for (const route of routes) {
    await runLoad({ url: route.url, cookies, connections: CONNECTIONS, duration: 2 }); // warm-up
    const [node0, pg0] = [await cpuMsOf(pid), scratch ? await postgresCpuMs(scratch) : 0];
    const r = await runLoad({ url: route.url, cookies, connections: CONNECTIONS, duration: DURATION });
    const [node1, pg1] = [await cpuMsOf(pid), scratch ? await postgresCpuMs(scratch) : 0];
    results.push({ ...r, name: route.name, nodeMs: (node1 - node0) / r.requests, pgMs: (pg1 - pg0) / r.requests });
  }
  await stopServer(server);
  server = undefined;

  const health = results[0]!;
  const fmt = (n: number, d = 0) => n.toLocaleString('en-IN', { maximumFractionDigits: d, minimumFractionDigits: d });
  console.log(`\nAPI request cost — ${serverUrl ? 'PostgreSQL' : 'PGlite (embedded, in the server process)'}`);
  console.log(
    `${fmt(LISTINGS)} listings, ${CONNECTIONS} connections (one student each), ${DURATION} s per route, ` +
      `load generator in its own process, ${os.cpus().length} cores, Node ${process.version}\n`,
  );
  const head = ['route', 'req/s', 'p50 ms', 'p99 ms', 'Node CPU ms/req', 'PG CPU ms/req', '% of health', 'failed'];
  console.log(`| ${head.join(' | ')} |\n|${head.map(() => '---').join('|')}|`);
  for (const r of results)
    console.log(
      `| ${r.name} | ${fmt(r.reqPerSec)} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${fmt(r.nodeMs, 3)} | ${
        serverUrl ? fmt(r.pgMs, 3) : 'in Node'
      } | ${fmt((100 * r.reqPerSec) / health.reqPerSec, 1)}% | ${r.non2xx + r.errors} |`,
    );
  if (PROFILE) console.log(`\nCPU profile of the server: ${path.join(root, '.bench-profiles')}`);
  if (results.some((r) => r.non2xx || r.errors)) process.exitCode = 1;
} finally {
  if (server) await stopServer(server);
  await target.drop({ keep: KEEP_DB });
}
