/**
 * The 100× mode of `bench:api` (flat cost at 100× data): grows the seeded tables
 * in SQL — `INSERT … SELECT … FROM generate_series`, seconds instead of minutes of client-side
 * inserts — to `scale` times the bench's rows, keeping the 10k seed's mix (each column drawn
 * independently): listings (a twentieth
 * sold, a twentieth expired, nine item words, every category and condition, the same 200 sellers),
 * lost & found items (a tenth returned), rides (a tenth departed) and events (a tenth over). The
 * added rows are older than the seeded ones (the history of a site that grew) — added events start
 * after the seeded ones (the feed is soonest first) —, so each list's first page is the same rows
 * at both sizes and only what grows with the table can change its cost.
 */
import { sql } from 'drizzle-orm';
import { LOST_FOUND_CATEGORIES } from '@campus/contract/lost-found';
import { ITEM_CONDITIONS, MARKETPLACE_CATEGORIES } from '@campus/contract/marketplace';
import type { Database } from '../../apps/api/src/db/client.ts';

/** The item words of the 10k seed (api-load.ts), so a search term matches the same share of rows. */
export const ITEM_WORDS = [
  'Laptop',
  'Chair',
  'Textbook',
  'Jacket',
  'Cycle',
  'Cricket bat',
  'Lamp',
  'Watch',
  'Headphones',
];
const PLACES = ['Library reading room', 'Mess hall', 'Sonipat bus stand', 'Academic block A', 'Sports complex'];
const STOPS = ['Sonipat Railway Station', 'Delhi Airport T3', 'Kashmere Gate ISBT', 'Campus main gate', 'Rai bus stop'];

/**
 * A non-negative pseudo-random bigint of the series value `g` for draw number `seed`
 * (`hashint8extended`): each column draws independently, as the 10k seed's `rnd()` calls do (a
 * product like `g * prime % n` would tie columns together, e.g. only 100 distinct prices).
 */
const h = (seed: number) => sql`(hashint8extended(g, ${sql.raw(String(seed))}) & 9223372036854775807)`;

/** `values[1 + h(seed) % len]`: a deterministic uniform pick of `values` for each `g`. */
const pick = (values: readonly string[], seed: number) =>
  sql`(${sql.param([...values])}::text[])[1 + (${h(seed)} % ${sql.raw(String(values.length))})::int]`;

/**
 * Adds rows `from`…`to` (1-based numbers after the seeded ones) to listings, lost & found items,
 * rides and events, in batches of 100,000 per statement; returns the seconds it took. Run `VACUUM ANALYZE`
 * after it (the caller does, with the seed's other steady-state steps).
 */
export async function growTables(database: Database, from: number, to: number): Promise<number> {
  const started = performance.now();
  const db = database.db;
  const sellers = sql`(SELECT array_agg(id ORDER BY email) AS ids, count(*)::int AS n FROM users WHERE email LIKE 'seller.%')`;
  const clubs = sql`(SELECT array_agg(id ORDER BY slug) AS ids, count(*)::int AS n FROM clubs)`;
  for (let lo = from; lo <= to; lo += 100_000) {
    const hi = Math.min(to, lo + 99_999);
    await db.execute(sql`
      INSERT INTO marketplace_items (id, user_id, item_name, price, category, description, item_condition,
        owner_contact, is_sold, created_at, expires_at)
      SELECT gen_random_uuid(), s.ids[1 + (${h(1)} % s.n)::int], ${pick(ITEM_WORDS, 2)} || ' #' || g,
        ${h(3)} % 5000, ${pick(MARKETPLACE_CATEGORIES, 4)},
        'Benchmark listing in good condition, pickup from the hostel.', ${pick(ITEM_CONDITIONS, 5)},
        '9876543210', ${h(6)} % 20 = 0, now() - (g + 20000) * interval '1 minute',
        CASE WHEN ${h(7)} % 20 = 0 THEN now() - interval '1 minute' ELSE now() + interval '30 days' END
      FROM ${sellers} AS s, generate_series(${lo}::bigint, ${hi}::bigint) AS g`);
    await db.execute(sql`
      INSERT INTO lost_found_items (id, user_id, item_name, description, location_found, category, date_found,
        is_returned, created_at)
      SELECT gen_random_uuid(), s.ids[1 + (${h(8)} % s.n)::int], ${pick(ITEM_WORDS, 9)} || ' #' || g,
        'Benchmark item, left behind after the evening class.', ${pick(PLACES, 10)},
        ${pick(LOST_FOUND_CATEGORIES, 11)}, '2026-11-01', ${h(12)} % 10 = 0, now() - (g + 20000) * interval '1 minute'
      FROM ${sellers} AS s, generate_series(${lo}::bigint, ${hi}::bigint) AS g`);
    await db.execute(sql`
      INSERT INTO rides (id, creator_id, pickup_location, drop_location, departure_at, total_seats,
        available_seats, description, phone_number)
      SELECT gen_random_uuid(), s.ids[1 + (${h(13)} % s.n)::int], ${pick(STOPS, 14)},
        (${sql.param([...STOPS])}::text[])[1 + ((${h(14)} % 5 + 1 + ${h(15)} % 4) % 5)::int],
        now() + (CASE WHEN ${h(16)} % 10 = 0 THEN -1 ELSE 1 END) * (1 + ${h(17)} % 720) * interval '1 hour',
        4, ${h(18)} % 5, 'Benchmark ride #' || g || ', luggage welcome.', '9876543210'
      FROM ${sellers} AS s, generate_series(${lo}::bigint, ${hi}::bigint) AS g`);
    await db.execute(sql`
      INSERT INTO events (id, user_id, club_id, title, starts_at, ends_at, venue, description)
      SELECT gen_random_uuid(), s.ids[1 + (${h(19)} % s.n)::int], c.ids[1 + (${h(20)} % c.n)::int],
        'Benchmark talk #' || g, starts_at, starts_at + interval '2 hours', 'Lecture Hall 3',
        'Benchmark event, open to every student.'
      FROM ${sellers} AS s, ${clubs} AS c, generate_series(${lo}::bigint, ${hi}::bigint) AS g,
        LATERAL (SELECT CASE WHEN ${h(21)} % 10 = 0 THEN now() - (g + 100) * interval '1 hour'
          ELSE now() + interval '61 days' + g * interval '1 minute' END AS starts_at) AS t`);
  }
  return (performance.now() - started) / 1000;
}
