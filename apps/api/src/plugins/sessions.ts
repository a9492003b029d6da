/**
 * Cookies and sessions (docs/architecture.md "Authorization by construction"; lib/auth.ts): the
 * cookie parser, the cached session lookup, and the guards route scopes use — `requireUser` (401
 * without a live session), `requireAdmin` (401, then 403 without the admin role) and `loadSession`
 * (reads the session, if any, without refusing guests) — with `request.user` and
 * `request.sessionId` null until a guard fills them. The cache stops listening when the app closes.
 */
import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cachedSessionLookup, loadSession, requireAdmin, requireUser, type FoundSession } from '../lib/auth.ts';
import type { SessionCache } from '../lib/session-cache.ts';
import { rootPlugin } from './root-plugin.ts';

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest guard: 401 without a live session. */
    requireUser: Hook;
    /** onRequest guard: 401 without a session, 403 without the admin role. */
    requireAdmin: Hook;
    /** Loads the session (if any) into request.user without refusing guests. */
    loadSession: (request: FastifyRequest) => Promise<void>;
    /** The in-process session cache (tests read its size). */
    sessionCache: SessionCache<FoundSession>;
  }
}

/** Decorates the guards and the session cache; needs `ctx` (plugins/service-context.ts). */
export const sessions = rootPlugin({ name: 'sessions', dependencies: ['service-context'] }, async (app) => {
  const found = await cachedSessionLookup(app.ctx);
  app.addHook('onClose', found.close);
  app.decorate('sessionCache', found.cache);
  app.decorate('requireUser', requireUser(found.lookup));
  app.decorate('requireAdmin', requireAdmin(found.lookup));
  app.decorate('loadSession', (request: FastifyRequest) => loadSession(found.lookup, request));
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  await app.register(cookie);
});
