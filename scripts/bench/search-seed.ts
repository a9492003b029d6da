/**
 * The campus-search benchmarks' data (`search-cost.ts`, `search-explain.ts`; docs/performance.md
 * "Search"): 200 sellers (every 50th deactivated), 20 clubs, `rows` listings, lost & found items,
 * rides and events (`scale.ts`'s mix), `rows` taught skills, then VACUUM ANALYZE (the search reads the
 * tables' statistics).
 */
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { CLUB_CATEGORIES } from '@campus/contract/events';
import type { Database } from '../../apps/api/src/db/client.ts';
import { clubs } from '../../apps/api/src/db/schema/events.ts';
import { users } from '../../apps/api/src/db/schema/users.ts';
import { growTables } from './scale.ts';

/** Seeds an empty, migrated `database` as described above. */
export async function seedSearch(database: Database, rows: number): Promise<void> {
  await database.db.insert(users).values(
    Array.from({ length: 200 }, (_, i) => {
      const n = String(i).padStart(8, '0');
      return {
        id: uuidv7(),
        email: `seller.${n}@iiitsonepat.ac.in`,
        username: `seller.${n}`,
        passwordHash: 'x',
        name: `Seller ${i}`,
        emailVerifiedAt: new Date(),
        deactivatedAt: i % 50 === 49 ? new Date() : null,
      };
    }),
  );
  // The clubs the events are posted in (`growTables` picks one per event, as bench:api's 20).
  await database.db.insert(clubs).values(
    Array.from({ length: 20 }, (_, i) => ({
      slug: `bench-club-${i}`,
      name: `Bench Club ${i}`,
      category: CLUB_CATEGORIES[i % CLUB_CATEGORIES.length]!,
    })),
  );
  await growTables(database, 1, rows);
  await database.db.execute(sql`
    INSERT INTO user_skills (id, user_id, skill_id, type)
    SELECT gen_random_uuid(), u.id, s.id, 'teach' FROM users u CROSS JOIN skills s LIMIT ${rows}`);
  await database.db.execute(sql`VACUUM ANALYZE`);
}
