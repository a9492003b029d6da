/**
 * Shared fixed-window counters in Postgres (DESIGN §1, §5), for per-account limits that must hold
 * across API instances (failed logins per account per hour, uploads per user).
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { COMMON_MESSAGES } from '@campus/contract/envelope';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema/rate-limits.ts';
import { tooManyRequests } from './errors.ts';

/**
 * Counts one hit on `key` in a window of `windowMs` and returns `{ count, retryAfterMs }`:
 * the hits in the current window including this one, and the ms until the window ends.
 */
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

/** Per-user ceilings (DESIGN §5: uploads and searches are limited per account first). */
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
