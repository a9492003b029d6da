/**
 * Mess menu benchmark (docs/mess.md, docs/decisions/0600-mess-rating-aggregate.md): is the cost of
 * `GET /api/mess/today` flat in the number of ratings? The goal: p99 ≤ 20 ms at 50 connections
 * beside health, at 10,000 ratings and at 100× that (1,000,000). Per size, on a fresh database:
 * one mess serving Coho Hostel with a weekly cycle (the same dishes every day, so every rating
 * lands on today's dishes), `ratings / 120` students of that hostel, each rating every meal of the
 * last 30 days (120 ratings), the per-dish and per-meal day aggregates filled from them as the
 * rating's transaction keeps them. Then, as in `attendance.ts`: the real server as a child process,
 * the load generator (`load-client.ts`, autocannon) as another, each connection signed in as its
 * own student. Prints req/s, p50/p99 (ms) and CPU ms per request next to `GET /api/users/health`,
 * and the p99 ratio between the sizes.
 *
 * Run: `npm run bench:mess -w apps/api` (embedded PGlite in a temporary data directory), or with
 * `BENCH_DATABASE_URL=postgres://…/postgres` (scratch databases on that server, dropped after).
 * Options: `DURATION` s per route (default 10), `CONNECTIONS` (default 50), `SIZES` (default
 * `10000,1000000`), `BENCH_PORT` (default 3292), `ROUTES` (`health,today`, the default, or one of
 * them), `CPU_PROFILE_DIR` (the server runs under `node --cpu-prof` and writes its profile there
 * when it stops). The load average (`os.loadavg()`) is printed beside each size: the host may be
 * shared.
 */
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { createServerDatabase } from './scratch-db.ts';
import { cpuMsOf, postgresCpuMs, runLoad, serverEnv, startServer, stopServer, type LoadResult } from './harness.ts';
import { openDatabase, type Database } from '../../apps/api/src/db/client.ts';
import { runMigrations } from '../../apps/api/src/db/migrate.ts';
import { messes, messMenus, type WeekMenu } from '../../apps/api/src/db/schema/mess.ts';
import { users } from '../../apps/api/src/db/schema/users.ts';
import { createSession } from '../../apps/api/src/lib/auth.ts';
import { addDays, todayIn } from '../../apps/api/src/lib/dates.ts';
import type { Dish, MessMeal } from '@campus/contract/mess';

const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const SIZES = (process.env.SIZES ?? '10000,1000000').split(',').map(Number);
const PORT = Number(process.env.BENCH_PORT ?? 3292);
const ROUTES = (process.env.ROUTES ?? 'health,today').split(',');
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');
const DAYS = 30;
const MEALS: { meal: MessMeal; start: string; end: string; dishes: string[] }[] = [
  { meal: 'breakfast', start: '00:00', end: '05:59', dishes: ['Poha', 'Boiled Eggs', 'Chai'] },
  { meal: 'lunch', start: '06:00', end: '11:59', dishes: ['Rajma', 'Jeera Rice', 'Roti', 'Salad'] },
  { meal: 'snacks', start: '12:00', end: '17:59', dishes: ['Samosa', 'Chai'] },
  { meal: 'dinner', start: '18:00', end: '23:59', dishes: ['Dal Makhani', 'Paneer Butter Masala', 'Roti'] },
];
const PER_STUDENT = DAYS * MEALS.length;
const pgUrl = process.env.BENCH_DATABASE_URL;

/** Runs a raw statement on either driver. */
const exec = (database: Database, query: ReturnType<typeof sql>) => database.db.execute(query);

/** Seeds the mess, its cycle, the students and `ratings` ratings with their aggregates; returns the students. */
async function seed(database: Database, ratings: number): Promise<string[]> {
  const tz = 'Asia/Kolkata';
  const today = todayIn(tz);
  const dishes = (names: string[]): Dish[] =>
    names.map((name) => ({ name, diet: name === 'Boiled Eggs' ? 'egg' : 'veg' }));
  const week: WeekMenu = {};
  for (let d = 1; d <= 7; d++) week[String(d)] = Object.fromEntries(MEALS.map((m) => [m.meal, dishes(m.dishes)]));
  const [mess] = await database.db
    .insert(messes)
    .values({
      name: 'Bench Mess',
      hostels: ['Coho Hostel'],
      meals: MEALS.map(({ meal, start, end }) => ({ meal, start, end })),
    })
    .returning({ id: messes.id });
  await database.db.insert(messMenus).values({ messId: mess!.id, validFrom: addDays(today, -DAYS), week });

  const count = Math.max(1, Math.round(ratings / PER_STUDENT));
  const ids = Array.from({ length: count }, () => uuidv7());
  for (let i = 0; i < count; i += 1000)
    await database.db.insert(users).values(
      ids.slice(i, i + 1000).map((id, j) => {
        const n = String(i + j).padStart(8, '0');
        return {
          id,
          email: `bench.${n}@iiitsonepat.ac.in`,
          username: `bench.${n}`,
          passwordHash: 'x',
          name: `Student ${i + j}`,
          hostel: 'Coho Hostel',
          emailVerifiedAt: new Date(),
        };
      }),
    );
  const meals = sql.join(
    MEALS.map((m) => sql`(${m.meal}, ${JSON.stringify(m.dishes)}::jsonb)`),
    sql`, `,
  );
  // Ratings in batches of students (keeps each statement's memory modest on the embedded database).
  for (let i = 0; i < count; i += 250) {
    const slice = ids.slice(i, i + 250);
    await exec(
      database,
      sql`INSERT INTO mess_ratings (id, user_id, mess_id, date, meal, stars, comment, dishes)
          SELECT gen_random_uuid(), u.id, ${mess!.id}::uuid, ${today}::date - g, m.meal,
                 1 + (hashtext(u.id::text || g::text || m.meal) & 2147483647) % 5,
                 CASE WHEN g % 7 = 0 THEN 'Could be warmer' END, m.dishes
          FROM users u CROSS JOIN generate_series(0, ${DAYS - 1}) g CROSS JOIN (VALUES ${meals}) AS m(meal, dishes)
          WHERE u.id IN (${sql.join(
            slice.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
    );
  }
  await exec(
    database,
    sql`INSERT INTO mess_meal_days (mess_id, date, meal, stars_sum, count)
        SELECT mess_id, date, meal, sum(stars), count(*) FROM mess_ratings GROUP BY mess_id, date, meal`,
  );
  await exec(
    database,
    sql`INSERT INTO mess_dish_days (mess_id, dish, date, stars_sum, count)
        SELECT r.mess_id, d.dish, r.date, sum(r.stars), count(*)
        FROM mess_ratings r CROSS JOIN LATERAL jsonb_array_elements_text(r.dishes) AS d(dish)
        GROUP BY r.mess_id, d.dish, r.date`,
  );
  await exec(database, sql`VACUUM ANALYZE`);
  return ids;
}

type Row = LoadResult & { size: number; name: string; nodeMs: number; pgMs: number; loadBefore: string };

/** One size: a fresh database, seeded; the server; health and today's menu under load. */
async function runSize(ratings: number): Promise<Row[]> {
  const target = await createServerDatabase(pgUrl, 'cc_bench_mess');
  const { dataDir, databaseUrl: serverUrl, scratchName: scratch } = target;
  let server: ChildProcess | undefined;
  try {
    const database = await openDatabase({ databaseUrl: serverUrl, dataDir });
    await runMigrations(database);
    const started = Date.now();
    const students = await seed(database, ratings);
    const seeded = await exec(database, sql`SELECT count(*)::int AS n FROM mess_ratings`);
    const total = (seeded as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
    console.error(`seeded ${total.toLocaleString('en-IN')} ratings in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const step = Math.max(1, Math.floor(students.length / CONNECTIONS));
    const measured = Array.from({ length: CONNECTIONS }, (_, i) => students[(i * step) % students.length]!);
    const cookies = await Promise.all(measured.map(async (id) => `cc_session=${await createSession(database.db, id)}`));
    await exec(database, sql`CHECKPOINT`);
    await database.close();

    server = await startServer(PORT, serverEnv(PORT, { dataDir, databaseUrl: serverUrl }), process.env.CPU_PROFILE_DIR);
    const base = `http://127.0.0.1:${PORT}`;
    const today = `${base}/api/mess/today`;
    const routes = [
      { key: 'health', name: 'GET /api/users/health', url: `${base}/api/users/health` },
      { key: 'today', name: 'GET /api/mess/today', url: today },
    ].filter((r) => ROUTES.includes(r.key));
    const check = await fetch(today, { headers: { cookie: cookies[0]! } });
    const body = (await check.json()) as {
      data?: { mess: { name: string } | null; meals: { dishes: { rating: { count: number } }[] }[] };
    };
    const rated = body.data?.meals.some((m) => m.dishes.some((d) => d.rating.count > 0));
    if (check.status !== 200 || body.data?.mess?.name !== 'Bench Mess' || !rated)
      throw new Error(`today answered ${check.status} ${JSON.stringify(body).slice(0, 500)}`);

    const pid = server.pid!;
    const rows: Row[] = [];
    for (const route of routes) {
      await runLoad({ url: route.url, cookies, connections: CONNECTIONS, duration: 2 }); // warm-up
      const loadBefore = load();
      const [node0, pg0] = [await cpuMsOf(pid), scratch ? await postgresCpuMs(scratch) : 0];
      const r = await runLoad({ url: route.url, cookies, connections: CONNECTIONS, duration: DURATION });
      const [node1, pg1] = [await cpuMsOf(pid), scratch ? await postgresCpuMs(scratch) : 0];
      rows.push({
        ...r,
        size: total,
        name: route.name,
        nodeMs: (node1 - node0) / r.requests,
        pgMs: (pg1 - pg0) / r.requests,
        loadBefore,
      });
    }
    return rows;
  } finally {
    if (server) await stopServer(server);
    await target.drop();
  }
}

const all: Row[] = [];
for (const size of SIZES) all.push(...(await runSize(size)));

const fmt = (n: number, d = 0) => n.toLocaleString('en-IN', { maximumFractionDigits: d, minimumFractionDigits: d });
console.log(`\nMess menu today — ${pgUrl ? 'PostgreSQL' : 'PGlite (embedded, in the server process)'}`);
console.log(
  `${PER_STUDENT} ratings per student (${MEALS.length} meals × ${DAYS} days), ${CONNECTIONS} connections ` +
    `(one student each), ${DURATION} s per route, load generator in its own process, ${os.cpus().length} cores, Node ${process.version}\n`,
);
const head = [
  'ratings',
  'route',
  'req/s',
  'p50 ms',
  'p99 ms',
  'Node CPU ms/req',
  'PG CPU ms/req',
  'failed',
  'load before',
];
console.log(`| ${head.join(' | ')} |\n|${head.map(() => '---').join('|')}|`);
for (const r of all)
  console.log(
    `| ${fmt(r.size)} | ${r.name} | ${fmt(r.reqPerSec)} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${fmt(r.nodeMs, 3)} | ${
      pgUrl ? fmt(r.pgMs, 3) : 'in Node'
    } | ${r.non2xx + r.errors} | ${r.loadBefore} |`,
  );
console.log(`load average (1/5/15 min) after the run: ${load()}`);
if (process.env.CPU_PROFILE_DIR) console.log(`CPU profile of the server: ${process.env.CPU_PROFILE_DIR}`);
if (SIZES.length > 1) {
  const [small, large] = [Math.min(...all.map((r) => r.size)), Math.max(...all.map((r) => r.size))];
  for (const name of new Set(all.map((r) => r.name))) {
    const a = all.find((r) => r.size === small && r.name === name)!;
    const b = all.find((r) => r.size === large && r.name === name)!;
    console.log(`p99 ${name}: ${fmt(b.p99 / Math.max(a.p99, 1), 2)}× from ${fmt(small)} to ${fmt(large)} ratings`);
  }
}
if (all.some((r) => r.non2xx || r.errors)) process.exitCode = 1;
