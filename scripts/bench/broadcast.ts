/**
 * Broadcast benchmark (docs/design.md §9): seeds 10 000 users and times one admin broadcast (one
 * send row, one INSERT … SELECT for every recipient, one NOTIFY), then, for the ratio, the same
 * number of recipients reached by one `notify()` call per user on a sample.
 *
 * Run from apps/api: `npm run bench:broadcast` (embedded PGlite in memory), or with
 * `BENCH_DATABASE_URL=postgres://…/postgres` to run on a scratch database on that server.
 * Options: `USERS` (default 10000), `SAMPLE` (default 300).
 */
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { loadConfig } from '../../apps/api/src/config.ts';
import { runMigrations } from '../../apps/api/src/db/migrate.ts';
import { users } from '../../apps/api/src/db/schema/users.ts';
import { buildApp } from '../../apps/api/src/app.ts';
import { broadcast, notify } from '../../apps/api/src/features/notifications/notifications.service.ts';
import type { Admin } from '../../apps/api/src/lib/auth.ts';
import { openScratchDatabase } from './scratch-db.ts';

const USERS = Number(process.env.USERS ?? 10_000);
const SAMPLE = Number(process.env.SAMPLE ?? 300);
const pgUrl = process.env.BENCH_DATABASE_URL;

const { database, cleanup } = await openScratchDatabase(pgUrl, 4);
try {
  await runMigrations(database);
  const t0 = performance.now();
  for (let i = 0; i < USERS; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, USERS - i) }, (_, j) => {
      const n = String(i + j).padStart(8, '0');
      return {
        id: uuidv7(),
        email: `bench.${n}@iiitsonepat.ac.in`,
        username: `bench.${n}`,
        passwordHash: 'x',
        roles: i + j === 0 ? ['admin'] : [],
        emailVerifiedAt: new Date(),
      };
    });
    await database.db.insert(users).values(rows);
  }
  const seedMs = performance.now() - t0;
  const [admin] = await database.db.select().from(users).where(eq(users.email, 'bench.00000000@iiitsonepat.ac.in'));
  const config = loadConfig({ DATA_DIR: path.join(os.tmpdir(), 'cc-bench'), LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();

  const b0 = performance.now();
  const send = await broadcast(app.ctx, admin! as Admin, { message: 'Benchmark broadcast', type: 'general' });
  const broadcastMs = performance.now() - b0;
  if (send.recipientCount !== USERS) throw new Error(`expected ${USERS} recipients, got ${send.recipientCount}`);

  const sampleUsers = await database.db.select({ id: users.id }).from(users).limit(SAMPLE);
  const n0 = performance.now();
  for (const u of sampleUsers) await notify(app.ctx, u.id, { message: 'one by one' });
  const perUserMs = (performance.now() - n0) / sampleUsers.length;
  await app.close();

  const loopEstimateMs = perUserMs * USERS;
  console.log(`database: ${pgUrl ? 'PostgreSQL' : 'PGlite (in memory)'}`);
  console.log(`seeded users: ${USERS} in ${seedMs.toFixed(0)} ms`);
  console.log(`broadcast to ${send.recipientCount} users: ${broadcastMs.toFixed(1)} ms`);
  console.log(`notify() one user at a time: ${perUserMs.toFixed(2)} ms per user (sample of ${sampleUsers.length})`);
  console.log(
    `ratio: one-by-one would take ~${loopEstimateMs.toFixed(0)} ms, ${(loopEstimateMs / broadcastMs).toFixed(1)}x the broadcast`,
  );
} finally {
  await cleanup();
}
