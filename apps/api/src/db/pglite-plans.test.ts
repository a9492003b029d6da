/**
 * Kept plans on the embedded database (db/pglite-plans.ts, ADR 0204): a statement run through
 * `keptPlan` is a named statement of PGlite's session, planned once with a generic plan and reused
 * (PostgreSQL's own `pg_prepared_statements` counts its plans) — in this thread and across the
 * worker — with the same rows and value types as PGlite's `query`, PostgreSQL's errors, no run
 * inside another request's open transaction, and a lost statement parsed again.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/helpers.ts';
import { openPglite, type Database } from './client.ts';
import { runMigrations } from './migrate.ts';
import { keptPlan } from './pglite-plans.ts';
import { users } from './schema/users.ts';

let n = 0;
/** A users row with a unique address. */
const aUser = () => {
  n += 1;
  return { email: `plans.${n}@example.test`, username: `plans.${n}`, passwordHash: 'x' };
};

/** The session's statement `name` as `pg_prepared_statements` counts it, or undefined when it has none. */
async function planCounts(database: Database, name: string) {
  const { rows } = (await database.db.execute(
    sql`SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = ${name}`,
  )) as unknown as { rows: Array<{ generic_plans: string | number; custom_plans: string | number }> };
  return rows[0] && { generic: Number(rows[0].generic_plans), custom: Number(rows[0].custom_plans) };
}

/** A prepared count of the users whose address starts with `prefix`, as the statement `name`. */
const countByPrefix = (database: Database, name: string) =>
  keptPlan(database.db, name)
    .select({ n: sql<number>`count(*)::int`, at: sql<string>`'2025-03-04T05:06:07Z'::timestamptz` })
    .from(users)
    .where(sql`${users.email} LIKE ${sql.placeholder('prefix')} || '%'`)
    .prepare(name);

describe.skipIf(!!process.env.TEST_DATABASE_URL)('kept plans on PGlite', () => {
  let dataDir: string;
  let worker: Database;
  let inProcess: Database;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-plans-'));
    worker = await openPglite(dataDir);
    await runMigrations(worker);
    inProcess = await openTestDatabase();
  }, 120_000);

  afterAll(async () => {
    await worker?.close();
    await inProcess?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  for (const where of ['in this thread', 'in the worker'] as const) {
    const databaseOf = () => (where === 'in this thread' ? inProcess : worker);

    it(`${where}: runs as a named statement planned once, generic, with the rows and types of query`, async () => {
      const database = databaseOf();
      const name = `plans_count_${where === 'in this thread' ? 'here' : 'worker'}`;
      const user = aUser();
      await database.db.insert(users).values(user);
      const counted = countByPrefix(database, name);
      expect(await planCounts(database, name)).toBeUndefined();
      const found = await counted.execute({ prefix: user.email });
      // The same statement through PGlite's unnamed path: same rows, same value types.
      const unnamed = await database.db
        .select({ n: sql<number>`count(*)::int`, at: sql<string>`'2025-03-04T05:06:07Z'::timestamptz` })
        .from(users)
        .where(sql`${users.email} LIKE ${user.email} || '%'`);
      expect(found).toEqual(unnamed);
      expect(found).toEqual([{ n: 1, at: expect.stringMatching(/^2025-03-04 05:06:07\+00/) as string }]);
      expect(await counted.execute({ prefix: 'nobody.' })).toEqual([{ n: 0, at: found[0]!.at }]);
      for (let i = 0; i < 5; i += 1) await counted.execute({ prefix: user.email });
      // Seven runs, every one on the generic plan (PostgreSQL would have made five custom plans first).
      expect(await planCounts(database, name)).toEqual({ generic: 7, custom: 0 });
    });

    it(`${where}: answers PostgreSQL's error, and the next run works`, async () => {
      const database = databaseOf();
      const name = `plans_divide_${where === 'in this thread' ? 'here' : 'worker'}`;
      const divide = keptPlan(database.db, name)
        .select({ q: sql<number>`(10 / ${sql.placeholder('by')}::int)` })
        .from(sql`(VALUES (1)) AS one (x)`)
        .prepare(name);
      const err = (await divide.execute({ by: 0 }).then(
        () => expect.fail('expected division by zero'),
        (e: unknown) => e,
      )) as { cause?: { code?: string } };
      expect(err.cause?.code).toBe('22012');
      expect(await divide.execute({ by: 5 })).toEqual([{ q: 2 }]);
      // No transaction was left open by the failed run: SAVEPOINT outside a transaction block is refused.
      const outside = (await database.db.execute(sql`SAVEPOINT probe`).then(
        () => expect.fail('expected no open transaction'),
        (e: unknown) => e,
      )) as { cause?: { code?: string } };
      expect(outside.cause?.code).toBe('25P01');
    });

    it(`${where}: never runs inside another request's open transaction`, async () => {
      const database = databaseOf();
      const name = `plans_isolated_${where === 'in this thread' ? 'here' : 'worker'}`;
      const user = aUser();
      const counted = countByPrefix(database, name);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let inserted!: () => void;
      const written = new Promise<void>((resolve) => (inserted = resolve));
      const rolledBack = database.db
        .transaction(async (tx) => {
          await tx.insert(users).values(user);
          inserted();
          await held;
          tx.rollback();
        })
        .catch(() => 'rolled back');
      await written;
      // Sent while the transaction holds its uncommitted row: it waits, and never sees that row.
      const count = counted.execute({ prefix: user.email });
      await new Promise((resolve) => setTimeout(resolve, 50));
      release();
      expect(await rolledBack).toBe('rolled back');
      expect(await count).toEqual([{ n: 0, at: expect.any(String) as string }]);
    });

    it(`${where}: parses the statement again when the session lost it`, async () => {
      const database = databaseOf();
      const name = `plans_lost_${where === 'in this thread' ? 'here' : 'worker'}`;
      const user = aUser();
      await database.db.insert(users).values(user);
      const counted = countByPrefix(database, name);
      expect(await counted.execute({ prefix: user.email })).toEqual([{ n: 1, at: expect.any(String) as string }]);
      await database.db.execute(sql`DEALLOCATE ALL`);
      expect(await planCounts(database, name)).toBeUndefined();
      expect(await counted.execute({ prefix: user.email })).toEqual([{ n: 1, at: expect.any(String) as string }]);
      expect(await planCounts(database, name)).toEqual({ generic: 1, custom: 0 });
    });
  }

  it('leaves a database that is not an embedded one as it is', () => {
    expect(keptPlan(worker.db, 'plans_same')).toBe(keptPlan(worker.db, 'plans_same'));
    expect(keptPlan(worker.db, 'plans_same')).not.toBe(worker.db);
    // A transaction's database (and PostgreSQL's) is not registered: its queries run as they are.
    const stranger = { select: () => undefined } as unknown as Database['db'];
    expect(keptPlan(stranger, 'plans_same')).toBe(stranger);
  });
});
