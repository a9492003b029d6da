/**
 * `Idempotency-Key` on creating writes (docs/design.md §9; the IETF HTTP Idempotency-Key
 * draft): a signed-in client may send a key (a UUID per submission) with a POST. The first request
 * with a key runs and, when it succeeds (2xx), its answer is kept 24 h; a repeat of the same request
 * gets that answer again (status, body, `Idempotent-Replayed: true`) and creates nothing. A repeat
 * while the first still runs → 409 with `Retry-After`; the key with another method, path or body
 * (a multipart body compared part by part) → 422; a failed first request (4xx/5xx) keeps nothing,
 * so the client may retry with the same key. Keys are per user. A first request that never answered (the process died) is taken over after
 * {@link IDEMPOTENCY_ABANDONED_MS}.
 */
import { createHash } from 'node:crypto';
import { and, desc, eq, isNull, lt, notInArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { COMMON_MESSAGES } from '@campus/contract/envelope';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/idempotency.ts';
import { AppError } from './errors.ts';
import { readFormDigest } from './multipart-form.ts';

/** How long an answer is kept for repeats, ms (24 h). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** After this long without an answer, a first request counts as abandoned and a repeat runs, ms. */
export const IDEMPOTENCY_ABANDONED_MS = 60_000;
/**
 * Kept answers per user: a new key drops that user's oldest beyond this many, so one account's
 * storage is bounded whatever it sends (docs/security.md V15.2.2). A client retries a submission
 * within seconds; 100 covers any honest backlog (an offline queue).
 */
export const IDEMPOTENCY_KEYS_PER_USER = 100;

declare module 'fastify' {
  interface FastifyRequest {
    /** The key this request holds (it is the first with it), until its answer is stored. */
    idempotencyKey: { userId: string; key: string } | null;
    /** A multipart body's digest once read (lib/multipart-form.ts readForm), for the fingerprint. */
    formDigest: string | null;
  }
}

/** The key of a header value: the draft's quoted string (`"…"`) or a bare token; 400 when malformed. */
function parseKey(raw: string | string[]): string {
  const value = (Array.isArray(raw) ? raw.join(',') : raw).trim().replace(/^"(.*)"$/, '$1');
  if (!/^[\x21-\x7e]{1,255}$/.test(value)) throw new AppError(400, COMMON_MESSAGES.idempotencyKeyInvalid);
  return value;
}

/**
 * What makes two requests "the same": method, URL and body, as a SHA-256 hex digest. A multipart
 * body is read by its handler, after this check: its parts' digest (`formDigest`, boundary left
 * out) is added once read, and until then the fingerprint stands for method and URL only.
 */
function fingerprintOf(request: FastifyRequest, formDigest: string | null = null): string {
  const body = request.isMultipart() ? `multipart ${formDigest ?? ''}` : JSON.stringify(request.body ?? null);
  return createHash('sha256').update(`${request.method} ${request.url}\n${body}`).digest('hex');
}

/**
 * Registers the hooks on `app` (before the compression plugin, so the stored answer is the JSON
 * text, not its compressed bytes).
 */
export function registerIdempotency(app: FastifyInstance, db: Db): void {
  app.decorateRequest('idempotencyKey', null);
  app.decorateRequest('formDigest', null);

  app.addHook('preHandler', async (request, reply) => {
    const raw = request.headers['idempotency-key'];
    if (request.method !== 'POST' || raw === undefined || !request.user) return;
    const key = parseKey(raw);
    const userId = request.user.id;
    const fingerprint = fingerprintOf(request);
    const mine = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ userId, key, fingerprint })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    const takenOver = claimed.length
      ? claimed
      : await db
          .update(idempotencyKeys)
          .set({ createdAt: new Date() })
          .where(
            and(
              mine,
              eq(idempotencyKeys.fingerprint, fingerprint),
              isNull(idempotencyKeys.status),
              lt(idempotencyKeys.createdAt, new Date(Date.now() - IDEMPOTENCY_ABANDONED_MS)),
            ),
          )
          .returning({ key: idempotencyKeys.key });
    if (takenOver.length) {
      request.idempotencyKey = { userId, key };
      if (claimed.length) await dropOldestKeys(db, userId);
      return;
    }
    const [first] = await db.select().from(idempotencyKeys).where(mine);
    if (!first || first.status === null) {
      throw new AppError(409, COMMON_MESSAGES.idempotencyInProgress, undefined, { 'retry-after': '1' });
    }
    // A repeated multipart request is compared by its parts: read them here (its handler will not run).
    const repeat = request.isMultipart() ? fingerprintOf(request, await readFormDigest(request)) : fingerprint;
    if (first.fingerprint !== repeat) throw new AppError(422, COMMON_MESSAGES.idempotencyMismatch);
    return reply
      .code(first.status)
      .header('content-type', first.contentType ?? 'application/json; charset=utf-8')
      .header('idempotent-replayed', 'true')
      .send(first.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const held = request.idempotencyKey;
    if (!held) return payload;
    request.idempotencyKey = null;
    const mine = and(eq(idempotencyKeys.userId, held.userId), eq(idempotencyKeys.key, held.key));
    if (reply.statusCode >= 200 && reply.statusCode < 300 && typeof payload === 'string') {
      const contentType = String(reply.getHeader('content-type') ?? '');
      const fingerprint = request.formDigest ? fingerprintOf(request, request.formDigest) : undefined;
      await db
        .update(idempotencyKeys)
        .set({ status: reply.statusCode, contentType, body: payload, fingerprint })
        .where(mine);
    } else {
      await db.delete(idempotencyKeys).where(mine);
    }
    return payload;
  });
}

/** Deletes the kept answers of `userId` beyond its newest {@link IDEMPOTENCY_KEYS_PER_USER}. */
async function dropOldestKeys(db: Db, userId: string): Promise<void> {
  const newest = db
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.userId, userId))
    .orderBy(desc(idempotencyKeys.createdAt))
    .limit(IDEMPOTENCY_KEYS_PER_USER);
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), notInArray(idempotencyKeys.key, newest)));
}

/** Deletes kept answers older than {@link IDEMPOTENCY_TTL_MS}; returns how many. */
export async function purgeExpiredIdempotencyKeys(db: Db): Promise<number> {
  const rows = await db
    .delete(idempotencyKeys)
    .where(sql`${idempotencyKeys.createdAt} < now() - make_interval(secs => ${IDEMPOTENCY_TTL_MS / 1000})`)
    .returning({ key: idempotencyKeys.key });
  return rows.length;
}
