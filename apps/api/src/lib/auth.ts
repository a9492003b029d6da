/**
 * Sessions, CSRF and role guards (docs/design.md §5). Sessions are opaque 256-bit tokens in an HttpOnly,
 * SameSite=Lax cookie (SameSite=None + Secure with CROSS_SITE_COOKIES); only the SHA-256 is stored. Guards run in `onRequest`, before any upload body
 * is read (docs/design.md §4 order of checks).
 */
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_ROLE,
  SESSION_ABSOLUTE_MS,
  SESSION_COOKIE,
  SESSION_IDLE_MS,
  SESSION_TOUCH_MS,
} from '@campus/contract/users';
import { COMMON_MESSAGES } from '@campus/contract/envelope';
import type { CookieAttributes } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import { sessions, users } from '../db/schema/users.ts';
import { forbidden, unauthorized } from './errors.ts';
import { preparedStatements } from './prepared.ts';
import { SESSION_EVICT_CHANNEL, SessionCache } from './session-cache.ts';
import { logSafeError } from '../db/faults.ts';
import { poolGroup } from '../db/pool-groups.ts';
import { newToken, sha256Hex } from './tokens.ts';
import type { ServiceContext } from './context.ts';

/** The signed-in user as loaded with the session. */
export type SessionUser = typeof users.$inferSelect;

declare const adminBrand: unique symbol;

/**
 * A signed-in user the admin guard checked to hold the admin role (docs/design.md §5). Only an
 * {@link adminOnly} scope makes one (as its `req.user`); admin-only service functions require it,
 * so a handler outside such a scope cannot call them.
 */
export type Admin = SessionUser & { readonly [adminBrand]: true };

/**
 * The type provider of a guarded scope: the zod type provider, plus the type of `req.user`
 * (`SessionUser` under {@link signedIn}, {@link Admin} under {@link adminOnly}). Outside such a scope
 * `req.user` stays `SessionUser | null`.
 */
export interface SignedInTypeProvider<Viewer extends SessionUser = SessionUser> extends ZodTypeProvider {
  readonly viewer: Viewer;
}

declare module 'fastify' {
  // Merging with Fastify's declaration repeats its type parameters; only TypeProvider is read.
  /* eslint-disable @typescript-eslint/no-unused-vars */
  interface FastifyRequest<
    RouteGeneric,
    RawServer,
    RawRequest,
    SchemaCompiler,
    TypeProvider,
    ContextConfig,
    Logger,
    RequestType,
  > {
    /** Set by the session guards; null for guests — never null inside a signed-in scope. */
    user: TypeProvider extends { readonly viewer: infer Viewer } ? Viewer : SessionUser | null;
    /** The stored id of the request's session (null for guests, never inside a signed-in scope). */
    sessionId: TypeProvider extends { readonly viewer: SessionUser } ? string : string | null;
  }
  /* eslint-enable @typescript-eslint/no-unused-vars */
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

/** A live session as a request sees it: its stored id and its user. */
export interface FoundSession {
  sessionId: string;
  user: SessionUser;
}

/**
 * Looks up a live session by raw token: not past its absolute expiry, seen within the idle window,
 * user not deactivated. Touches `last_seen_at` at most every 10 minutes. Also returns the session's
 * absolute expiry (ms since the epoch), which bounds how long a cache may keep it.
 */
export async function findSession(db: Db, token: string): Promise<(FoundSession & { expiresAt: number }) | null> {
  const id = sha256Hex(token);
  const [row] = await liveSession(db).execute({ id });
  if (!row) return null;
  if (Date.now() - row.session.lastSeenAt.getTime() > SESSION_TOUCH_MS) {
    await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, id));
  }
  return { sessionId: id, user: row.user, expiresAt: row.session.expiresAt.getTime() };
}

/** How the guards find a request's session: {@link sessionLookup}, or the database alone. */
export type SessionLookup = (token: string) => Promise<FoundSession | null>;

/**
 * The session lookup of one app: `cache` first, then {@link findSession}. The
 * cache is used only while `database`'s LISTEN connection is up (evictions arrive through it) and
 * is emptied whenever it is not; see `lib/session-cache.ts`.
 */
export function sessionLookup(database: Database, cache: SessionCache<FoundSession>): SessionLookup {
  return async (token) => {
    const id = sha256Hex(token);
    const listening = database.listenerState() === 'ok';
    if (!listening) cache.clear();
    const hit = listening ? cache.get(id) : undefined;
    if (hit) return hit;
    const epoch = cache.epoch;
    // Outside any route group: a group that holds its share cannot stall sign-in checks, which
    // use the rest of the pool (docs/security.md "Bulkheads"). Not the 2-connection reserved pool:
    // every request looks its session up while the cache is bypassed (listener down, cold start).
    const found = await poolGroup.exit(() => findSession(database.db, token));
    if (!found) return null;
    const session = { sessionId: found.sessionId, user: found.user };
    if (listening) cache.set(id, found.user.id, session, found.expiresAt, epoch);
    return session;
  };
}

/** The session lookup of every signed-in request, prepared once per database. */
const liveSession = preparedStatements('live_session', (db, name) =>
  db
    .select({ session: { lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt }, user: users })
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
 * live streams close (docs/design.md §5, §7).
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

/**
 * Cookie options for the session cookie: HttpOnly, the configured `SameSite` and `Secure`
 * (`config.cookies`: Lax, Secure behind https; None + Secure with CROSS_SITE_COOKIES), whole site.
 */
export function sessionCookieOptions(cookies: CookieAttributes) {
  return {
    path: '/',
    httpOnly: true,
    ...cookies,
    maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
  };
}

/**
 * The app's session lookup with its cache wired: evicts on this instance's
 * `session-ended` / `sessions-ended` / `user-changed` events at once, on {@link SESSION_EVICT_CHANNEL} NOTIFYs from
 * every instance, and flushes when the LISTEN connection comes back. With
 * `config.sessionCacheTtlMs` 0 every lookup reads the database. `close` unsubscribes.
 */
export async function cachedSessionLookup(
  ctx: ServiceContext,
): Promise<{ lookup: SessionLookup; cache: SessionCache<FoundSession>; close: () => Promise<void> }> {
  const cache = new SessionCache<FoundSession>(ctx.config.sessionCacheTtlMs);
  const onSession = (id: string) => cache.evictSession(id);
  const onUser = (userId: string) => cache.evictUser(userId);
  ctx.events.on('session-ended', onSession);
  ctx.events.on('sessions-ended', onUser);
  ctx.events.on('user-changed', onUser);
  const stopReconnect = ctx.database.onListenerReconnect(() => cache.clear());
  let unlisten = async () => {};
  if (ctx.config.sessionCacheTtlMs > 0) {
    // Rejects while the database is away, keeping the subscription: the cache stays bypassed until
    // the listener is up (sessionLookup checks its state).
    unlisten = await ctx.database
      .listen(SESSION_EVICT_CHANNEL, (payload) => cache.evict(payload))
      .catch((err: unknown) => {
        ctx.log.warn({ err: logSafeError(err) }, 'session cache: LISTEN not active yet');
        return async () => {};
      });
  }
  return {
    lookup: sessionLookup(ctx.database, cache),
    cache,
    close: async () => {
      ctx.events.off('session-ended', onSession);
      ctx.events.off('sessions-ended', onUser);
      ctx.events.off('user-changed', onUser);
      stopReconnect();
      await unlisten();
    },
  };
}

/** Requests whose session was loaded already (nested guards load it once). */
const loaded = new WeakSet<FastifyRequest>();

/** Loads the session from the cookie into `request.user` (null for guests), once per request. */
export async function loadSession(lookup: SessionLookup, request: FastifyRequest): Promise<void> {
  if (loaded.has(request)) return;
  loaded.add(request);
  const token = request.cookies[SESSION_COOKIE];
  const found = token ? await lookup(token) : null;
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
 * per route (docs/design.md §3).
 */
export function requireUser(lookup: SessionLookup) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    await loadSession(lookup, request);
    if (!request.user) throw unauthorized(COMMON_MESSAGES.notSignedIn);
  };
}

/**
 * onRequest guard factory: 401 without a session, 403 without the admin role (docs/product-spec.md §6 message).
 * Registered once per admin scope, like {@link requireUser}.
 */
export function requireAdmin(lookup: SessionLookup) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    await loadSession(lookup, request);
    if (!request.user) throw unauthorized(COMMON_MESSAGES.notSignedIn);
    if (!isAdmin(request.user)) throw forbidden(COMMON_MESSAGES.adminOnly);
  };
}

/**
 * CSRF check (docs/design.md §5): a state-changing request whose `Origin` (or `Sec-Fetch-Site: cross-site`)
 * names another site that is not the app's own origin nor in `CORS_ORIGINS` → 403. Requests with
 * neither header pass (non-browser clients).
 */
export function isCrossSiteRequest(request: FastifyRequest, allowedOrigins: Set<string>): boolean {
  if (['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return false;
  const origin = request.headers.origin;
  if (origin && origin !== 'null') {
    if (allowedOrigins.has(origin)) return false;
    // Scheme, host and port: `https://<host>` is another origin than this http app's.
    const host = request.headers.host;
    try {
      if (host && new URL(origin).origin === new URL(`${request.protocol}://${host}`).origin) return false;
    } catch {
      return true;
    }
    return true;
  }
  if (origin === 'null') return true;
  return request.headers['sec-fetch-site'] === 'cross-site';
}

/** A route scope whose requests carry `user: Viewer` (see {@link signedIn}, {@link adminOnly}). */
export type SignedInScope<Viewer extends SessionUser = SessionUser> = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  SignedInTypeProvider<Viewer>
>;

/**
 * A route scope behind the session guard (docs/design.md §3: guards per scope, not per route; 401 without
 * a live session): `export const fooRoutes = signedIn(async (app) => { app.get(…) })`, or a
 * sub-scope `await app.register(signedIn(async (s) => …))`. Its handlers read `req.user` as a
 * `SessionUser` and `req.sessionId` as a string — no `!`.
 */
export function signedIn(routes: (scope: SignedInScope) => Promise<void>): FastifyPluginAsyncZod {
  return async (scope) => {
    scope.addHook('onRequest', scope.requireUser);
    await routes(scope.withTypeProvider<SignedInTypeProvider>());
  };
}

/**
 * A route scope behind the admin guard (401 without a session, 403 without the admin role): like
 * {@link signedIn}, with `req.user` an {@link Admin} for the admin-only services.
 */
export function adminOnly(routes: (scope: SignedInScope<Admin>) => Promise<void>): FastifyPluginAsyncZod {
  return async (scope) => {
    scope.addHook('onRequest', scope.requireAdmin);
    await routes(scope.withTypeProvider<SignedInTypeProvider<Admin>>());
  };
}
