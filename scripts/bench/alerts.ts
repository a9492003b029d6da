/**
 * Saved-alert matching benchmark (docs/alerts.md "Delivery"): what a stored population of alerts
 * costs the student who lists something, and how soon the students it matches see it in the bell.
 * Two phases on one database, each with the real server (`apps/api/src/server.ts`) as a child
 * process: first with no alerts stored, then with `ALERTS` (default 100,000) alerts of 5,000
 * students, 1 % of which match each new listing (listing k is "Hero cycle wk"; 1,000 alerts watch
 * the word wk, for 100 words). In each phase `CREATES` listings (default 100) are posted one after
 * another (after 20 unmeasured ones), each by its own student; after each, a student whose alert matches polls
 * `GET /api/notification/unread/count` every 10 ms until it goes up (delivery: response → bell).
 * `GET /api/users/health` is loaded beside it in the same run (load generator in its own
 * process). Prints create p50/p99 in both phases, delivery p50/p99/max, and CPU ms per create.
 * The goal: ≤ 10 ms p99 added to the create, or delivery within 2 s.
 *
 * Run: `npm run bench:alerts -w apps/api` (embedded PGlite), or with
 * `BENCH_DATABASE_URL=postgres://…/postgres`. Options: `ALERTS`, `CREATES`, `CPU_PROFILE_DIR`.
 */
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { runMigrations } from '../../apps/api/src/db/migrate.ts';
import { createSession } from '../../apps/api/src/lib/auth.ts';
import { cpuMsOf, runLoad, serverEnv, startServer, stopServer, type LoadResult } from './harness.ts';
import { createServerDatabase } from './scratch-db.ts';

const ALERTS = Number(process.env.ALERTS ?? 100_000);
const CREATES = Number(process.env.CREATES ?? 100);
const WORDS = 100;
const PORT = Number(process.env.BENCH_PORT ?? 3294);
const pgUrl = process.env.BENCH_DATABASE_URL;
const STUDENTS = Math.ceil(ALERTS / 20);
/** Unmeasured creates at the start of each phase. */
const WARM_UP = 20;
const LISTING = {
  price: 2500,
  category: 'Cycle',
  item_condition: 'Good',
  description: 'Bench listing',
  owner_contact: '9876543210',
};

const target = await createServerDatabase(pgUrl, 'cc_bench_alerts');
const { dataDir, databaseUrl: serverUrl } = target;
const env = serverEnv(PORT, { dataDir, databaseUrl: serverUrl });
const base = `http://127.0.0.1:${PORT}`;

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] ?? NaN;
};

interface Phase {
  name: string;
  create: number[];
  delivery: number[];
  nodeMsPerCreate: number;
  health?: LoadResult;
}

/** Opens the database (server stopped), runs `fn`, closes it. */
async function withDatabase<T>(fn: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const database = await openDatabase({ databaseUrl: serverUrl, dataDir });
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

/** `n` verified students named `prefix.i`; returns their session cookies in order. */
async function students(prefix: string, n: number): Promise<string[]> {
  return withDatabase(async (db) => {
    const result = (await db.execute(sql`
      INSERT INTO users (id, email, username, password_hash, name, email_verified_at)
      SELECT gen_random_uuid(), ${prefix} || '.' || i || '@iiitsonepat.ac.in', ${prefix} || '.' || i, 'x', 'Student ' || i, now()
      FROM generate_series(0, ${n - 1}) i
      RETURNING id, email`)) as unknown as { rows: Array<{ id: string; email: string }> };
    const byIndex = new Map(result.rows.map((r) => [Number(r.email.split('.')[1]!.split('@')[0]), r.id]));
    const cookies: string[] = [];
    for (let i = 0; i < n; i += 1) cookies.push(`cc_session=${await createSession(db, byIndex.get(i)!)}`);
    return cookies;
  });
}

async function unread(cookie: string): Promise<number> {
  const res = await fetch(`${base}/api/notification/unread/count`, { headers: { cookie } });
  return ((await res.json()) as { data: { unreadCount: number } }).data.unreadCount;
}

/** Posts listings 0…CREATES-1 (each by its own seller); `watchers[k]`, when given, must see listing k. */
async function runPhase(server: ChildProcess, name: string, sellers: string[], watchers?: string[]): Promise<Phase> {
  const phase: Phase = { name, create: [], delivery: [], nodeMsPerCreate: 0 };
  // Warm-up (not measured): listings no alert watches, so the first measured create finds the
  // server's code compiled and its pool open.
  for (let k = 0; k < WARM_UP; k += 1) {
    const res = await fetch(`${base}/api/buy-and-sell/items`, {
      method: 'POST',
      headers: { cookie: sellers[k % sellers.length]!, 'content-type': 'application/json' },
      body: JSON.stringify({ ...LISTING, item_name: 'Study lamp' }),
    });
    if (res.status !== 201) throw new Error(`warm-up create answered ${res.status}`);
  }
  await new Promise((r) => setTimeout(r, 2_000)); // the warm-up's own matching and pushes settle
  let nodeMs = 0;
  for (let k = 0; k < CREATES; k += 1) {
    const before = watchers ? await unread(watchers[k]!) : 0;
    const cpu0 = await cpuMsOf(server.pid!);
    const t0 = performance.now();
    const res = await fetch(`${base}/api/buy-and-sell/items`, {
      method: 'POST',
      headers: { cookie: sellers[k]!, 'content-type': 'application/json' },
      body: JSON.stringify({ ...LISTING, item_name: `Hero cycle w${k % WORDS}` }),
    });
    const t1 = performance.now();
    nodeMs += (await cpuMsOf(server.pid!)) - cpu0;
    if (res.status !== 201) throw new Error(`create answered ${res.status} ${await res.text()}`);
    phase.create.push(t1 - t0);
    if (watchers) {
      for (;;) {
        if ((await unread(watchers[k]!)) > before) break;
        if (performance.now() - t1 > 30_000) throw new Error(`listing ${k} was not delivered in 30 s`);
        await new Promise((r) => setTimeout(r, 10));
      }
      phase.delivery.push(performance.now() - t1);
    } else {
      // As idle as the other phase between creates (it waits for the bell), so the two compare.
      await new Promise((r) => setTimeout(r, 300));
    }
  }
  phase.nodeMsPerCreate = nodeMs / CREATES;
  return phase;
}

const phases: Phase[] = [];
let server: ChildProcess | undefined;
try {
  const database = await openDatabase({ databaseUrl: serverUrl, dataDir });
  await runMigrations(database);
  await database.close();
  const sellersA = await students('seller-a', CREATES);
  const sellersB = await students('seller-b', CREATES);

  server = await startServer(PORT, env, process.env.CPU_PROFILE_DIR);
  phases.push(await runPhase(server, 'no alerts stored', sellersA));
  await stopServer(server);
  server = undefined;

  // 20 alerts per student; alert j watches the word w(j mod 100): each listing matches 1 %.
  const watcherCookies = await students('watcher', STUDENTS);
  await withDatabase(async (db) => {
    await db.execute(sql`
      INSERT INTO alerts (id, user_id, kind, name, filters, words, max_price)
      SELECT gen_random_uuid(), u.id, 'marketplace', 'W' || (j % ${WORDS}) || ' under ₹3,000',
             jsonb_build_object('search', 'w' || (j % ${WORDS}), 'maxPrice', 3000),
             ARRAY['w' || (j % ${WORDS})], 3000
      FROM generate_series(0, ${ALERTS - 1}) j
      JOIN users u ON u.email = 'watcher.' || (j / 20) || '@iiitsonepat.ac.in'`);
    await db.execute(sql`ANALYZE alerts`);
  });
  // Listing k is watched by alert k (student k / 20); its owner polls the bell.
  const watchers = Array.from({ length: CREATES }, (_, k) => watcherCookies[Math.floor((k % WORDS) / 20)]!);

  server = await startServer(PORT, env, process.env.CPU_PROFILE_DIR);
  const b = await runPhase(server, `${ALERTS.toLocaleString('en-IN')} alerts stored, 1 % matching`, sellersB, watchers);
  b.health = await runLoad({ url: `${base}/api/users/health`, cookies: [], connections: 10, duration: 5 });
  phases.push(b);
} finally {
  if (server) await stopServer(server);
  await target.drop();
}

const fmt = (n: number, d = 0) => n.toLocaleString('en-IN', { maximumFractionDigits: d, minimumFractionDigits: d });
console.log(`\nSaved-alert matching — ${pgUrl ? 'PostgreSQL' : 'PGlite (embedded, in the server process)'}`);
console.log(
  `${CREATES} listings posted one after another per phase; ${os.cpus().length} cores, load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}, Node ${process.version}\n`,
);
const head = [
  'phase',
  'create p50 ms',
  'create p99 ms',
  'Node CPU ms/create',
  'delivery p50 ms',
  'delivery p99 ms',
  'delivery max ms',
];
console.log(`| ${head.join(' | ')} |\n|${head.map(() => '---').join('|')}|`);
for (const p of phases)
  console.log(
    `| ${p.name} | ${fmt(quantile(p.create, 0.5), 1)} | ${fmt(quantile(p.create, 0.99), 1)} | ${fmt(p.nodeMsPerCreate, 1)} | ${
      p.delivery.length ? fmt(quantile(p.delivery, 0.5)) : '—'
    } | ${p.delivery.length ? fmt(quantile(p.delivery, 0.99)) : '—'} | ${p.delivery.length ? fmt(Math.max(...p.delivery)) : '—'} |`,
  );
const h = phases.at(-1)?.health;
if (h)
  console.log(
    `\nGET /api/users/health in the same run (10 connections, 5 s): ${fmt(h.reqPerSec)} req/s, p99 ${fmt(h.p99, 1)} ms`,
  );
const added = quantile(phases[1]!.create, 0.99) - quantile(phases[0]!.create, 0.99);
const late = Math.max(...phases[1]!.delivery);
console.log(`create p99 added: ${fmt(added, 1)} ms (goal ≤ 10); slowest delivery ${fmt(late)} ms (goal ≤ 2,000)`);
