/**
 * API request-cost benchmark (docs/design.md §9). Three processes: this orchestrator seeds a
 * database (10 000 listings from 200 sellers, a few unread notifications per student, and for the
 * campus-wide search as many lost & found items, rides and taught skills), starts the
 * real server (`apps/api/src/server.ts`) as a child process on 127.0.0.1, and runs the load
 * generator as another child process — wrk (C) when installed, else `load-client.ts` (autocannon;
 * `harness.ts` `runLoad`) — so load generation never shares the server's event loop. The requests
 * carry the session cookies of as many students as connections.
 *
 * For each route it prints req/s, p50 and p99 latency (ms), and the CPU milliseconds per request
 * spent by the server's Node process and by PostgreSQL (its server processes; the embedded PGlite
 * runs in a worker thread of the Node process, counted in its CPU), next to `GET /api/users/health`
 * measured in the same run.
 *
 * Run: `npm run bench:api` (embedded PGlite in a temporary data directory), or with
 * `BENCH_DATABASE_URL=postgres://…/postgres` (a scratch database on that server, dropped after).
 * On PostgreSQL it also measures the list route against the database's own ceiling
 * (`ceiling.ts`): the statements one list request sends, captured from the server log, run by
 * pgbench at the same concurrency for the same time on the same data — with the session cache on
 * (the page only) and off (`SESSION_CACHE_TTL_MS=0`, a second server: session lookup + page) —
 * and prints `list ÷ pgbench` and `list ÷ health`.
 *
 * Options: `DURATION` s per route (default 10), `CONNECTIONS` (default 50; the search rows use
 * `SEARCH_CONNECTIONS`, default 10, at most `CONNECTIONS`), `LISTINGS` (10000, also
 * the number of lost & found items, rides, taught skills and events), `ROUTES=list` (or `listDefault`,
 * `listSearch`, `lostFound`, `rides`, `events`, `unread`, `search`, `searchTypo`, comma-separated) measures
 * only those routes beside health; `SCALE=100` then grows listings, lost & found items, rides and events to
 * 100× in SQL (`scale.ts`), restarts the server and measures every list route again, printing each
 * list's req/s and p99 at both sizes and their ratios; `IN_FLIGHT` (12) sets how many worst-input
 * searches run beside another student's list (with `searchWorst` in the routes); `PROFILE=1` writes a V8
 * CPU profile of the server (`node --cpu-prof`) to `.bench-profiles/` (or `PROFILE_DIR`); `KEEP_DB=1` keeps the
 * PostgreSQL scratch database (its name is printed) to study query plans. The load average
 * (`os.loadavg()`) is printed beside the figures: the machine may be shared.
 */
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { LOST_FOUND_CATEGORIES } from '@campus/contract/lost-found';
import { ITEM_CONDITIONS, MARKETPLACE_CATEGORIES } from '@campus/contract/marketplace';
import { openDatabase, openPostgres, type Database } from '../../apps/api/src/db/client.ts';
import { runMigrations } from '../../apps/api/src/db/migrate.ts';
import { lostFoundItems } from '../../apps/api/src/db/schema/lost-found.ts';
import { marketplaceItems } from '../../apps/api/src/db/schema/marketplace.ts';
import { rides } from '../../apps/api/src/db/schema/rides.ts';
import { clubs, events } from '../../apps/api/src/db/schema/events.ts';
import { CLUB_CATEGORIES } from '@campus/contract/events';
import { SEARCH_TYPES } from '@campus/contract/search';
import { skills, userSkills } from '../../apps/api/src/db/schema/skill-exchange.ts';
import { notifications } from '../../apps/api/src/db/schema/notifications.ts';
import { users } from '../../apps/api/src/db/schema/users.ts';
import { createSession } from '../../apps/api/src/lib/auth.ts';
import { growTables, ITEM_WORDS } from './scale.ts';
import { PROBE_INPUTS } from '../../apps/api/src/features/search/search.probe.ts';
import { runCapacityCheck } from './capacity.ts';
import { createServerDatabase } from './scratch-db.ts';
import { logOffset, logStatements, runPgbench, statementsSince, type CapturedStatement } from './ceiling.ts';
import {
  cpuMsOf,
  loadGenerator,
  postgresCpuMs,
  runLoad,
  serverEnv,
  startServer,
  stopServer,
  type LoadResult,
} from './harness.ts';

const LISTINGS = Number(process.env.LISTINGS ?? 10_000);
const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
/**
 * Connections of the search rows (p99 ≤ 50 ms): a latency goal holds below
 * saturation — with N connections always busy, latency is N ÷ throughput — so search is measured
 * at 10 concurrent searches (a campus's busiest minute is far fewer), at most `CONNECTIONS`.
 */
const SEARCH_CONNECTIONS = Math.min(CONNECTIONS, Number(process.env.SEARCH_CONNECTIONS ?? 10));
/** Worst-input searches in flight beside another student's list (`IN_FLIGHT`, 12; the PGlite goal reads 4). */
const IN_FLIGHT = Math.min(CONNECTIONS, Number(process.env.IN_FLIGHT ?? 12));
const PROFILE = process.env.PROFILE === '1';
const KEEP_DB = process.env.KEEP_DB === '1';
const SCALE = Number(process.env.SCALE ?? 1);
/** RATE=<req/s>: only the capacity plan's check at that fixed rate (`capacity.ts`; docs/operations.md). */
const RATE = Number(process.env.RATE ?? 0);
const SELLERS = 200;
/** Time limits off, for the benchmark's own bulk statements (growing the tables to 100×). */
const NO_TIME_LIMITS = { statementTimeoutMs: 0, lockTimeoutMs: 0, idleInTransactionTimeoutMs: 0 };
/** The costliest input of the probe's table after bounding (`bench:search`, docs/performance.md "Search"). */
const WORST_SEARCH = PROBE_INPUTS.find((p) => p.name === '8 common words')!.q;
const PORT = Number(process.env.BENCH_PORT ?? 3290);
const pgUrl = process.env.BENCH_DATABASE_URL;
const root = path.resolve(import.meta.dirname, '../..');
/** Where `PROFILE=1` writes the server's `.cpuprofile` (default `.bench-profiles/` at the root). */
const PROFILE_DIR = path.resolve(process.env.PROFILE_DIR ?? path.join(root, '.bench-profiles'));

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
  const words = ITEM_WORDS;
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
  await seedEvents(database, ids, now);
  const active = ids.filter((_, i) => i % 50 !== 49);
  await database.db
    .insert(notifications)
    .values(active.flatMap((userId) => Array.from({ length: 5 }, (_, k) => ({ userId, message: `Note ${k}` }))));
  await database.db.execute(sql`VACUUM ANALYZE`);
  return active;
}

/** Clubs of the events feed's seed. */
const CLUBS = 20;

/**
 * The events feed's data: CLUBS clubs and LISTINGS events (a tenth over, the rest starting over the
 * coming 60 days, two hours long), posted by the same sellers.
 */
async function seedEvents(database: Database, ids: string[], now: number): Promise<void> {
  const made = await database.db
    .insert(clubs)
    .values(
      Array.from({ length: CLUBS }, (_, i) => ({
        slug: `bench-club-${i}`,
        name: `Bench Club ${i}`,
        category: CLUB_CATEGORIES[i % CLUB_CATEGORIES.length]!,
      })),
    )
    .returning({ id: clubs.id });
  for (let i = 0; i < LISTINGS; i += 1000) {
    await database.db.insert(events).values(
      Array.from({ length: Math.min(1000, LISTINGS - i) }, (_, j) => {
        const startsAt = now + (rnd(10) === 0 ? -3 : 1) * (1 + rnd(60 * 24)) * 3_600_000;
        return {
          userId: ids[rnd(SELLERS)]!,
          clubId: made[rnd(CLUBS)]!.id,
          title: `Benchmark talk #${i + j}`,
          startsAt: new Date(startsAt),
          endsAt: new Date(startsAt + 2 * 3_600_000),
          venue: 'Lecture Hall 3',
          description: 'Benchmark event, open to every student.',
        };
      }),
    );
  }
}

/**
 * The other groups campus-wide search reads (10k rows per feature): LISTINGS lost &
 * found items (a tenth returned), LISTINGS rides (a tenth departed) and up to LISTINGS taught skills
 * (each seller teaches catalogue skills in turn), by the same sellers.
 */
async function seedSearchable(database: Database, ids: string[], words: readonly string[], now: number): Promise<void> {
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

/** One measured route: its figures and the CPU per request of the server's Node and PostgreSQL. */
type Measured = LoadResult & { key: string; name: string; nodeMs: number; pgMs: number };

const fmt = (n: number, d = 0) => n.toLocaleString('en-IN', { maximumFractionDigits: d, minimumFractionDigits: d });
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

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

  const apiEnv = (extra: Record<string, string> = {}) =>
    serverEnv(
      PORT,
      { dataDir, databaseUrl: serverUrl },
      {
        // The bench measures what a search costs, not search's per-student and per-address ceilings.
        SEARCH_PER_USER_PER_MINUTE: '100000000',
        SEARCH_PER_ADDRESS_PER_MINUTE: '100000000',
        ...extra,
      },
    );
  const base = `http://127.0.0.1:${PORT}`;
  const query = 'category=Electronics&minPrice=500&maxPrice=3000&sort=priceLowToHigh&page=3&limit=20';
  const allRoutes: Array<{ key: string; name: string; url: string; connections?: number }> = [
    { key: 'health', name: 'GET /api/users/health', url: `${base}/api/users/health` },
    { key: 'unread', name: 'GET /api/notification/unread/count', url: `${base}/api/notification/unread/count` },
    {
      key: 'list',
      name: 'GET /api/buy-and-sell/items (filter+sort+page 3)',
      url: `${base}/api/buy-and-sell/items?${query}`,
    },
    // Issue 23 item 5: every growing list, measured again at 100× with SCALE=100.
    {
      key: 'listDefault',
      name: 'GET /api/buy-and-sell/items (default filters, page 1)',
      url: `${base}/api/buy-and-sell/items?page=1&limit=20`,
    },
    {
      key: 'listSearch',
      name: 'GET /api/buy-and-sell/items?search=cycle',
      url: `${base}/api/buy-and-sell/items?search=cycle&page=1&limit=20`,
    },
    {
      key: 'lostFound',
      name: 'GET /api/lost-and-found/lost-items',
      url: `${base}/api/lost-and-found/lost-items?page=1&limit=20`,
    },
    { key: 'rides', name: 'GET /api/rides', url: `${base}/api/rides?page=1&limit=20` },
    // The events feed: p99 ≤ 20 ms at 10k events, flat at 100× (SCALE=100).
    { key: 'events', name: 'GET /api/events (upcoming, page 1)', url: `${base}/api/events?page=1&limit=20` },
    // Issue 24 item 4: all four groups, 5 hits each; a word (full text) and a typo (trigrams only).
    {
      key: 'search',
      name: `GET /api/search?q=cycle (4 groups; ${SEARCH_CONNECTIONS} connections)`,
      url: `${base}/api/search?q=cycle`,
      connections: SEARCH_CONNECTIONS,
    },
    {
      key: 'searchTypo',
      name: `GET /api/search?q=headphnes (typo; ${SEARCH_CONNECTIONS} connections)`,
      url: `${base}/api/search?q=headphnes`,
      connections: SEARCH_CONNECTIONS,
    },
    // docs/performance.md "Search": no match, and the costliest input of the probe's table.
    {
      key: 'searchNone',
      name: `GET /api/search?q=zzqx (no match; ${SEARCH_CONNECTIONS} connections)`,
      url: `${base}/api/search?q=zzqx`,
      connections: SEARCH_CONNECTIONS,
    },
    {
      key: 'searchWorst',
      name: `GET /api/search?q=<8 common words> (worst input; ${SEARCH_CONNECTIONS} connections)`,
      url: `${base}/api/search?q=${encodeURIComponent(WORST_SEARCH)}`,
      connections: SEARCH_CONNECTIONS,
    },
  ];
  const SEARCH_KEYS = ['search', 'searchTypo', 'searchNone', 'searchWorst'];
  const LIST_KEYS = ['list', 'listDefault', 'listSearch', 'lostFound', 'rides', 'events'];
  const route = (key: string) => allRoutes.find((r) => r.key === key)!;
  // ROUTES=list (comma-separated keys) measures only those, e.g. to profile one route; health stays first.
  const only = process.env.ROUTES?.split(',');
  const routes = allRoutes.filter((r) => r.key === 'health' || !only || only.includes(r.key));

  /** Checks that every list route answers a full page and search its four groups (the data is there). */
  async function checkRoutes(): Promise<void> {
    for (const key of LIST_KEYS) {
      const res = await fetch(route(key).url, { headers: { cookie: cookies[0]! } });
      const body = (await res.json()) as { data: unknown[] };
      if (res.status !== 200 || body.data.length !== 20) throw new Error(`${key} answered ${res.status}`);
    }
    const found = await fetch(route('search').url, { headers: { cookie: cookies[0]! } });
    const groups = ((await found.json()) as { data: { groups: Array<{ items: unknown[] }> } }).data.groups;
    if (found.status !== 200 || groups.length !== SEARCH_TYPES.length || !groups[0]!.items.length)
      throw new Error(`search answered ${found.status}`);
  }

  /** Measures `list` on the running server (2 s warm-up, then DURATION s), with CPU per request. */
  async function measure(list: typeof allRoutes): Promise<Measured[]> {
    const pid = server!.pid!;
    const out: Measured[] = [];
    for (const r of list) {
      const connections = r.connections ?? CONNECTIONS;
      await runLoad({ url: r.url, cookies, connections, duration: 2 }); // warm-up
      const [node0, pg0] = [await cpuMsOf(pid), scratch ? await postgresCpuMs(scratch) : 0];
      const result = await runLoad({ url: r.url, cookies, connections, duration: DURATION });
      const [node1, pg1] = [await cpuMsOf(pid), scratch ? await postgresCpuMs(scratch) : 0];
      out.push({
        ...result,
        key: r.key,
        name: r.name,
        nodeMs: (node1 - node0) / result.requests,
        pgMs: (pg1 - pg0) / result.requests,
      });
    }
    return out;
  }

  /**
   * docs/performance.md "Search": another student's list (listDefault, 2 connections) alone, then
   * while IN_FLIGHT (12) worst-input searches are in flight (as many connections, the load generator's
   * own process).
   */
  async function worstInFlight(): Promise<{ alone: LoadResult; during: LoadResult; searches: LoadResult }> {
    const list = { url: route('listDefault').url, cookies: cookies.slice(-2), connections: 2, duration: DURATION };
    const alone = await runLoad(list);
    const [during, searches] = await Promise.all([
      runLoad(list),
      runLoad({
        url: route('searchWorst').url,
        cookies: cookies.slice(0, IN_FLIGHT),
        connections: IN_FLIGHT,
        duration: DURATION,
      }),
    ]);
    return { alone, during, searches };
  }

  // RATE: the capacity plan's check instead of the routes at saturation.
  if (RATE > 0) {
    server = await startServer(PORT, apiEnv({ TRUST_PROXY: '1' }));
    await checkRoutes();
    const { ok } = await runCapacityCheck({
      base,
      cookies,
      userIds: students.slice(0, CONNECTIONS),
      rate: RATE,
      duration: DURATION,
      pid: server.pid!,
      scratch,
    });
    await stopServer(server);
    server = undefined;
    await target.drop({ keep: KEEP_DB });
    process.exit(ok ? 0 : 1);
  }

  // 1. PostgreSQL: capture the statements of one list request from the server log (cache on: the
  //    first request also looks the session up, the second answers it from the cache).
  let captured: { cold: CapturedStatement[]; cached: CapturedStatement[] } | undefined;
  if (serverUrl && scratch) {
    await logStatements(pgUrl!, scratch, true);
    server = await startServer(PORT, apiEnv());
    await new Promise((r) => setTimeout(r, 2000)); // the server's start-up statements (clean-ups) finish first
    const request = async () => {
      const from = logOffset();
      const res = await fetch(route('list').url, { headers: { cookie: cookies[1]! } });
      if (res.status !== 200) throw new Error(`list answered ${res.status}`);
      await new Promise((r) => setTimeout(r, 300)); // the log is written asynchronously
      return statementsSince(from, scratch);
    };
    captured = { cold: await request(), cached: await request() };
    await stopServer(server);
    server = undefined;
    await logStatements(pgUrl!, scratch, false);
  }

  // 2. The routes at 10k with the session cache on (the default), then pgbench on the page alone.
  console.log(`\nload average (1/5/15 min) before the run: ${load()}`);
  server = await startServer(PORT, apiEnv(), PROFILE ? PROFILE_DIR : undefined);
  await checkRoutes();
  const results = await measure(routes);
  const inFlight = routes.some((r) => r.key === 'searchWorst') ? await worstInFlight() : undefined;
  await stopServer(server);
  server = undefined;
  const loadMain = load();
  const ceiling: Array<{
    cache: string;
    list: Measured;
    health: Measured;
    tps: number;
    /** PostgreSQL's and pgbench's own CPU ms per pgbench transaction. */
    pgbenchPgMs: number;
    pgbenchClientMs: number;
    statements: number;
  }> = [];
  if (captured && serverUrl) {
    const listOn = results.find((r) => r.key === 'list');
    if (listOn) {
      const { tps, pgMs, clientMs } = await runPgbench(serverUrl, captured.cached, CONNECTIONS, DURATION);
      ceiling.push({
        cache: 'on (30 s)',
        list: listOn,
        health: results[0]!,
        tps,
        pgbenchPgMs: pgMs,
        pgbenchClientMs: clientMs,
        statements: captured.cached.length,
      });
    }
    // 3. The session cache off: a second server; pgbench on session lookup + page.
    server = await startServer(PORT, apiEnv({ SESSION_CACHE_TTL_MS: '0' }));
    const off = await measure([route('health'), route('list')]);
    await stopServer(server);
    server = undefined;
    const { tps, pgMs, clientMs } = await runPgbench(serverUrl, captured.cold, CONNECTIONS, DURATION);
    ceiling.push({
      cache: 'off (`SESSION_CACHE_TTL_MS=0`)',
      list: off[1]!,
      health: off[0]!,
      tps,
      pgbenchPgMs: pgMs,
      pgbenchClientMs: clientMs,
      statements: captured.cold.length,
    });
  }
  const loadCeiling = load();

  // 4. SCALE: grow the tables in SQL, restart the server, measure every list route again.
  let scaled: { rows: number; seconds: number; results: Measured[]; load: string } | undefined;
  const listRoutes = routes.filter((r) => LIST_KEYS.includes(r.key) || SEARCH_KEYS.includes(r.key));
  if (SCALE > 1 && listRoutes.length) {
    // Without the app's time limits (db/client.ts): one batch of 100,000 rows runs longer than them.
    const grown = serverUrl
      ? await openPostgres(serverUrl, 2, NO_TIME_LIMITS)
      : await openDatabase({ databaseUrl: serverUrl, dataDir });
    const seconds = await growTables(grown, 1, LISTINGS * (SCALE - 1));
    await grown.db.execute(sql`VACUUM ANALYZE`);
    await grown.db.execute(sql`CHECKPOINT`);
    await grown.close();
    server = await startServer(PORT, apiEnv());
    await checkRoutes();
    scaled = {
      rows: LISTINGS * SCALE,
      seconds,
      results: await measure([route('health'), ...listRoutes]),
      load: load(),
    };
    await stopServer(server);
    server = undefined;
  }

  const health = results[0]!;
  const via = serverUrl ? ` via ${decodeURIComponent(new URL(serverUrl).host)}` : '';
  console.log(`\nAPI request cost — ${serverUrl ? `PostgreSQL${via}` : 'PGlite (embedded, in the server process)'}`);
  console.log(
    `${fmt(LISTINGS)} listings, ${CONNECTIONS} connections (${CONNECTIONS} students), ${DURATION} s per route, ` +
      `load generator (${loadGenerator()}) in its own process, ${os.cpus().length} cores, Node ${process.version}; ` +
      `load average after: ${loadMain}\n`,
  );
  const head = ['route', 'req/s', 'p50 ms', 'p99 ms', 'Node CPU ms/req', 'PG CPU ms/req', '% of health', 'failed'];
  console.log(`| ${head.join(' | ')} |\n|${head.map(() => '---').join('|')}|`);
  for (const r of results)
    console.log(
      `| ${r.name} | ${fmt(r.reqPerSec)} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${fmt(r.nodeMs, 3)} | ${
        serverUrl ? fmt(r.pgMs, 3) : 'in Node'
      } | ${fmt((100 * r.reqPerSec) / health.reqPerSec, 1)}% | ${r.non2xx + r.errors} |`,
    );

  if (captured && ceiling.length) {
    console.log(
      `\nThe list route (filter+sort+page 3) against pgbench running its statements — load average after: ${loadCeiling}\n`,
    );
    const h = [
      'session cache',
      'statements',
      'list req/s',
      'list p99 ms',
      'Node CPU ms/req',
      'PG CPU ms/req',
      'load generator CPU ms/req',
      'pgbench TPS',
      'pgbench: PG CPU ms/txn',
      'pgbench: client CPU ms/txn',
      'list ÷ pgbench',
      'health req/s',
      'list ÷ health',
    ];
    console.log(`| ${h.join(' | ')} |\n|${h.map(() => '---').join('|')}|`);
    for (const c of ceiling)
      console.log(
        `| ${c.cache} | ${c.statements} | ${fmt(c.list.reqPerSec)} | ${fmt(c.list.p99)} | ${fmt(c.list.nodeMs, 3)} | ${fmt(c.list.pgMs, 3)} | ${fmt(c.list.cpuMs / c.list.requests, 3)} | ${fmt(c.tps)} | ${fmt(c.pgbenchPgMs, 3)} | ${fmt(c.pgbenchClientMs, 3)} | ${fmt(
          c.list.reqPerSec / c.tps,
          2,
        )} | ${fmt(c.health.reqPerSec)} | ${fmt(c.list.reqPerSec / c.health.reqPerSec, 3)} |`,
      );
    console.log('\nStatements of one list request (from the PostgreSQL log; the cache-on request sends the last):');
    for (const st of captured.cold)
      console.log(`- ${st.sql.replace(/\s+/g, ' ').slice(0, 160)}… [${st.params.length} parameters]`);
  }

  if (scaled) {
    console.log(
      `\nEach list at ${fmt(LISTINGS)} and at ${fmt(scaled.rows)} rows per table (${SCALE}×, grown in SQL in ${fmt(scaled.seconds)} s) — load average after: ${scaled.load}\n`,
    );
    const h = [
      'list',
      '10k req/s',
      `${SCALE}× req/s`,
      'req/s ratio',
      '10k p99 ms',
      `${SCALE}× p99 ms`,
      'p99 ratio',
      '10k PG CPU ms/req',
      `${SCALE}× PG CPU ms/req`,
      'failed',
    ];
    console.log(`| ${h.join(' | ')} |\n|${h.map(() => '---').join('|')}|`);
    for (const big of scaled.results) {
      const small = results.find((r) => r.key === big.key)!;
      console.log(
        `| ${big.name} | ${fmt(small.reqPerSec)} | ${fmt(big.reqPerSec)} | ${fmt(big.reqPerSec / small.reqPerSec, 2)} | ${fmt(
          small.p99,
        )} | ${fmt(big.p99)} | ${fmt(big.p99 / Math.max(small.p99, 1), 2)} | ${fmt(small.pgMs, 3)} | ${fmt(big.pgMs, 3)} | ${big.non2xx + big.errors} |`,
      );
    }
  }
  if (inFlight) {
    const { alone, during, searches } = inFlight;
    console.log(
      `\nAnother student's list (page 1, 2 connections) alone: p99 ${fmt(alone.p99)} ms, ${fmt(alone.reqPerSec)} req/s; ` +
        `with ${IN_FLIGHT} worst-input searches in flight: p99 ${fmt(during.p99)} ms, ${fmt(during.reqPerSec)} req/s ` +
        `(searches: ${fmt(searches.reqPerSec)} req/s, p99 ${fmt(searches.p99)} ms, ${searches.non2xx} not 2xx — ` +
        `503 busy beyond SEARCH_CONCURRENCY —, ${searches.errors} errors)`,
    );
  }
  if (PROFILE) console.log(`\nCPU profile of the server: ${PROFILE_DIR}`);
  const all = [...results, ...ceiling.map((c) => c.list), ...(scaled?.results ?? [])];
  if (all.some((r) => r.non2xx || r.errors)) process.exitCode = 1;
} finally {
  if (server) await stopServer(server);
  await target.drop({ keep: KEEP_DB });
}
