/**
 * Shared fixed-window counters in Postgres (docs/design.md §1, §5), for limits that must hold across API
 * instances: failed logins per account per hour, uploads per user, and the per-IP
 * route limits of `@fastify/rate-limit` through {@link postgresRateLimitStore}.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { COMMON_MESSAGES } from '@campus/contract/envelope';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema/rate-limits.ts';
import { tooManyRequests } from './errors.ts';

/**
 * Counts one hit on `key` in a window of `windowMs` and returns `{ count, retryAfterMs }`:
 * the hits in the current window including this one, and the ms until the window ends.
 */
/**
 * The per-IP ceiling on a feature's writes, as a route's `config`: `max` requests per hour from one
 * client address (a hostel shares one IP, docs/design.md §5); 300 unless the feature needs more (attendance
 * marks daily: 600). Counted in Postgres across instances.
 */
export function writeLimit(max = 300) {
  return { rateLimit: { max, timeWindow: '1 hour' } };
}

export async function hit(db: Db, key: string, windowMs: number): Promise<{ count: number; retryAfterMs: number }> {
  const now = new Date();
  const cutoff = new Date(now.getTime() - windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} <= ${cutoff} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStart: sql`CASE WHEN ${rateLimits.windowStart} <= ${cutoff} THEN ${now} ELSE ${rateLimits.windowStart} END`,
      },
    })
    .returning();
  return { count: row!.count, retryAfterMs: row!.windowStart.getTime() + windowMs - now.getTime() };
}

/** Returns the hits counted on `key` in the current window (0 when none or expired). */
export async function peek(db: Db, key: string, windowMs: number): Promise<{ count: number; retryAfterMs: number }> {
  const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
  const now = Date.now();
  if (!row || row.windowStart.getTime() + windowMs <= now) return { count: 0, retryAfterMs: 0 };
  return { count: row.count, retryAfterMs: row.windowStart.getTime() + windowMs - now };
}

/** Forgets the counter on `key` (e.g. after a successful login). */
export async function reset(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Forgets every counter whose key starts with `prefix` (e.g. all client IPs of one account). */
export async function resetPrefix(db: Db, prefix: string): Promise<void> {
  await db.delete(rateLimits).where(sql`starts_with(${rateLimits.key}, ${prefix})`);
}

/** Takes one hit back from `key` (never below 0), e.g. a login attempt that turned out to succeed. */
export async function unhit(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}

/** One ceiling of a {@link hitAll} check: `max` hits of `key` per `windowMs`. */
export interface Ceiling {
  key: string;
  max: number;
  windowMs: number;
}

/**
 * Counts one hit on each ceiling in order, recording before deciding (each count is one atomic
 * upsert, so parallel requests cannot slip past it), and stops at the first ceiling exceeded: the
 * later ones are not counted, so requests refused by a narrow ceiling (one account from one client
 * IP) do not use up a wider one (the account from anywhere). Returns null when every ceiling held,
 * else the exceeded ceiling and the ms until its window ends.
 */
export async function hitAll(db: Db, ceilings: Ceiling[]): Promise<{ key: string; retryAfterMs: number } | null> {
  for (const c of ceilings) {
    const { count, retryAfterMs } = await hit(db, c.key, c.windowMs);
    if (count > c.max) return { key: c.key, retryAfterMs };
  }
  return null;
}

/** Per-user ceilings (docs/design.md §5: uploads and searches are limited per account first). */
export const USER_LIMITS = {
  /** Multipart (upload) requests per user per hour. */
  uploadsPerHour: 60,
  /** List requests carrying a `search` term per user per hour. */
  searchesPerHour: 1200,
} as const;

const HOUR_MS = 60 * 60 * 1000;

/**
 * preHandler for every route: counts a signed-in user's uploads (multipart requests) and searches
 * (GET with a non-empty `search` query) in Postgres, so the ceilings hold across instances; over
 * the ceiling → 429 with Retry-After. Guests are refused earlier by the route's session guard or
 * limited per IP.
 */
export async function limitPerUser(db: Db, request: FastifyRequest): Promise<void> {
  const user = request.user;
  if (!user) return;
  const search = (request.query as { search?: unknown } | undefined)?.search;
  const kind = request.isMultipart()
    ? { key: `upload:${user.id}`, max: USER_LIMITS.uploadsPerHour }
    : request.method === 'GET' && typeof search === 'string' && search.trim()
      ? { key: `search:${user.id}`, max: USER_LIMITS.searchesPerHour }
      : null;
  if (!kind) return;
  const { count, retryAfterMs } = await hit(db, kind.key, HOUR_MS);
  if (count > kind.max) throw tooManyRequests(COMMON_MESSAGES.rateLimited, retryAfterMs / 1000);
}

/** The callback `@fastify/rate-limit` passes to a store's `incr`: hits so far and ms left in the window. */
type StoreCallback = (err: Error | null, result?: { current: number; ttl: number }) => void;

/** What `@fastify/rate-limit` hands a store's `child`: typed as the route, it carries it under `routeInfo`. */
type RouteLimitOptions = Parameters<FastifyRateLimitStore['child']>[0];

/**
 * A `@fastify/rate-limit` store class (its documented custom-store interface: `incr`, `child`)
 * whose counters live in the `rate_limits` table through {@link hit}, one row per route, client
 * key and window, updated by one atomic upsert: with several instances on one PostgreSQL a per-IP
 * limit of N allows N in all, not N per instance (docs/design.md §5). Each route gets its
 * own key prefix (`ip:<METHOD> <url>:`), as the plugin's in-memory store keeps one map per route.
 */
export function postgresRateLimitStore(db: Db) {
  return class PostgresRateLimitStore {
    private readonly prefix: string;

    constructor(_options?: unknown, prefix = 'ip:') {
      this.prefix = prefix;
    }

    /** Counts one hit on `key` in a window of `timeWindow` ms. */
    incr(key: string, cb: StoreCallback, timeWindow: number): void {
      hit(db, `${this.prefix}${key}`, timeWindow).then(
        ({ count, retryAfterMs }) => cb(null, { current: count, ttl: retryAfterMs }),
        (err: Error) => cb(err),
      );
    }

    /** The store of one route: its own counters. */
    child(options: RouteLimitOptions): PostgresRateLimitStore {
      const route: Partial<RouteLimitOptions> = (options as { routeInfo?: RouteLimitOptions }).routeInfo ?? options;
      const method = [route.method ?? ''].flat().join(',');
      return new PostgresRateLimitStore(undefined, `ip:${method} ${route.url ?? ''}:`);
    }
  };
}

/** Deletes counters whose window ended more than a day ago (the longest window is a day); returns how many. */
export async function purgeExpiredCounters(db: Db): Promise<number> {
  const rows = await db
    .delete(rateLimits)
    .where(sql`${rateLimits.windowStart} < now() - interval '1 day'`)
    .returning({ key: rateLimits.key });
  return rows.length;
}
