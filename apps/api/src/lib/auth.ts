/**
 * Sessions, CSRF and role guards (DESIGN §5). Sessions are opaque 256-bit tokens in an HttpOnly,
 * SameSite=Lax cookie; only the SHA-256 is stored. Guards run in `onRequest`, before any upload body
 * is read (DESIGN §4 order of checks).
 */
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_ROLE,
  SESSION_ABSOLUTE_MS,
  SESSION_COOKIE,
  SESSION_IDLE_MS,
  SESSION_TOUCH_MS,
} from '@campus/contract/users';
import { COMMON_MESSAGES } from '@campus/contract/envelope';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema/users.ts';
import { forbidden, unauthorized } from './errors.ts';
import { preparedStatements } from './prepared.ts';
import { newToken, sha256Hex } from './tokens.ts';
import type { ServiceContext } from './context.ts';

/** The signed-in user as loaded with the session. */
export type SessionUser = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the session guards; null for guests. */
    user: SessionUser | null;
    sessionId: string | null;
  }
}

/** Creates a session for `userId`; returns the raw token for the cookie. */
export async function createSession(db: Db, userId: string, userAgent?: string): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    id: sha256Hex(token),
    userId,
    expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS),
    userAgent: userAgent?.slice(0, 300) ?? null,
  });
  return token;
}

/**
 * Looks up a live session by raw token: not past its absolute expiry, seen within the idle window,
 * user not deactivated. Touches `last_seen_at` at most every 10 minutes.
 */
export async function findSession(db: Db, token: string): Promise<{ sessionId: string; user: SessionUser } | null> {
  const id = sha256Hex(token);
  const [row] = await liveSession(db).execute({ id });
  if (!row) return null;
  if (Date.now() - row.session.lastSeenAt.getTime() > SESSION_TOUCH_MS) {
    await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, id));
  }
  return { sessionId: id, user: row.user };
}

/** The session lookup of every signed-in request, prepared once per database (issue 10). */
const liveSession = preparedStatements('live_session', (db, name) =>
  db
    .select({ session: { lastSeenAt: sessions.lastSeenAt }, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('id')),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastSeenAt, sql`now() - ${sql.raw(`interval '${SESSION_IDLE_MS} milliseconds'`)}`),
        isNull(users.deactivatedAt),
      ),
    )
    .prepare(name),
);

/** Deletes one session by its stored id. */
export async function destroySession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/**
 * Ends every session of `userId` except `keepSessionId` (if given) and emits `sessions-ended` so
 * live streams close (DESIGN §5, §7).
 */
export async function endUserSessions(ctx: ServiceContext, userId: string, keepSessionId?: string): Promise<void> {
  await ctx.db
    .delete(sessions)
    .where(
      keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId),
    );
  ctx.events.emit('sessions-ended', userId);
}

/** Deletes sessions past their idle or absolute expiry (housekeeping). */
export async function purgeExpiredSessions(db: Db): Promise<void> {
  await db
    .delete(sessions)
    .where(
      sql`${sessions.expiresAt} <= now() OR ${sessions.lastSeenAt} <= now() - ${`${SESSION_IDLE_MS} milliseconds`}::interval`,
    );
}

/** Cookie options for the session cookie; `secure` when the app is served over HTTPS. */
export function sessionCookieOptions(appUrl: string) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: appUrl.startsWith('https://'),
    maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
  };
}

/** Requests whose session was loaded already (nested guards load it once). */
const loaded = new WeakSet<FastifyRequest>();

/** Loads the session from the cookie into `request.user` (null for guests), once per request. */
export async function loadSession(db: Db, request: FastifyRequest): Promise<void> {
  if (loaded.has(request)) return;
  loaded.add(request);
  const token = request.cookies[SESSION_COOKIE];
  const found = token ? await findSession(db, token) : null;
  request.user = found?.user ?? null;
  request.sessionId = found?.sessionId ?? null;
}

/** True when the user holds the admin role. */
export function isAdmin(user: Pick<SessionUser, 'roles'> | null | undefined): boolean {
  return !!user?.roles.includes(ADMIN_ROLE);
}

/**
 * onRequest guard factory: 401 without a live session. Registered once per route scope
 * (`app.addHook('onRequest', app.requireUser)` at the top of a feature plugin or sub-scope), never
 * per route (DESIGN §3).
 */
export function requireUser(db: Db) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    await loadSession(db, request);
    if (!request.user) throw unauthorized(COMMON_MESSAGES.notSignedIn);
  };
}

/**
 * onRequest guard factory: 401 without a session, 403 without the admin role (spec §6 message).
 * Registered once per admin scope, like {@link requireUser}.
 */
export function requireAdmin(db: Db) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    await loadSession(db, request);
    if (!request.user) throw unauthorized(COMMON_MESSAGES.notSignedIn);
    if (!isAdmin(request.user)) throw forbidden(COMMON_MESSAGES.adminOnly);
  };
}

/**
 * CSRF check (DESIGN §5): a state-changing request whose `Origin` (or `Sec-Fetch-Site: cross-site`)
 * names another site that is not the app's own origin nor in `CORS_ORIGINS` → 403. Requests with
 * neither header pass (non-browser clients).
 */
export function isCrossSiteRequest(request: FastifyRequest, allowedOrigins: Set<string>): boolean {
  if (['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return false;
  const origin = request.headers.origin;
  if (origin && origin !== 'null') {
    if (allowedOrigins.has(origin)) return false;
    const host = request.headers.host;
    try {
      if (host && new URL(origin).host === host) return false;
    } catch {
      return true;
    }
    return true;
  }
  if (origin === 'null') return true;
  return request.headers['sec-fetch-site'] === 'cross-site';
}

/**
 * A route sub-scope behind one onRequest `guard` (DESIGN §3: guards per scope, not per route):
 * `await app.register(guarded(app.requireAdmin, async (admin) => { admin.get(…) }))`.
 */
export function guarded(
  guard: (request: FastifyRequest, reply: FastifyReply) => Promise<void>,
  routes: FastifyPluginAsyncZod,
): FastifyPluginAsyncZod {
  return async (scope, opts) => {
    scope.addHook('onRequest', guard);
    await routes(scope, opts);
  };
}
