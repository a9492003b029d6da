/**
 * Rate limits (docs/design.md §5; lib/rate-limit.ts): the per-IP ceilings routes declare with
 * `config: writeLimit()` (@fastify/rate-limit; counted in PostgreSQL when the app runs on it, so
 * every instance counts the same hits, in memory on the embedded database, which one process
 * owns; while the database is away the limit is skipped and the route itself answers 503), and
 * the per-user ceilings on uploads and searches (preHandler). Over a ceiling: 429 with
 * `Retry-After`. A replayed idempotent answer is not counted: the idempotency plugin's preHandler
 * comes first.
 */
import rateLimit from '@fastify/rate-limit';
import { COMMON_MESSAGES } from '@campus/contract/envelope';
import { AppError } from '../lib/errors.ts';
import { limitPerUser, postgresRateLimitStore } from '../lib/rate-limit.ts';
import { rootPlugin } from './root-plugin.ts';

/** Registers the per-IP route limits and the per-user ceilings. */
export const rateLimits = rootPlugin(
  { name: 'rate-limits', dependencies: ['idempotency', 'route-table'] },
  async (app, { database }) => {
    await app.register(rateLimit, {
      global: false,
      ...(database.driver === 'pg' && { store: postgresRateLimitStore(database.db), skipOnError: true }),
      errorResponseBuilder: (_req, limit) =>
        new AppError(429, COMMON_MESSAGES.rateLimited, undefined, {
          'retry-after': String(Math.ceil(limit.ttl / 1000)),
        }),
    });
    app.addHook('preHandler', (request) => limitPerUser(database.db, request));
  },
);
