/**
 * Campus-wide search route under /api/search (docs/design.md §4): signed-in students only
 * (a guest gets 401 — the web shows "Log in to search"); the query is read by the contract's
 * `searchQuery` (400 with its message for an empty or blank `q`, one over 100 characters, an
 * unknown `type` or a `limit` outside 1–20); the service answers the groups in `data`. Without
 * `limit` a group has up to 5 hits (`unpagedLimit`: the app fills a missing `limit` of a GET whose
 * query has one, lib/pages.ts). A student or an address searching more than its ceiling per minute
 * (config `search`) gets 429 + Retry-After; a search over its time budget 503 + Retry-After
 * (docs/performance.md "Search").
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COMMON_MESSAGES } from '@campus/contract/envelope';
import { SEARCH_LIMIT_DEFAULT, searchQuery, searchResponse } from '@campus/contract/search';
import { signedIn } from '../../lib/auth.ts';
import { ok } from '../../lib/envelope.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import { hitAll } from '../../lib/rate-limit.ts';
import * as service from './search.service.ts';

const tags = ['search'];
const MINUTE_MS = 60_000;

export const searchRoutes: FastifyPluginAsyncZod = signedIn(async (app) => {
  const { perUserPerMinute, perAddressPerMinute } = app.ctx.config.search;
  app.get(
    '/',
    {
      config: { unpagedLimit: SEARCH_LIMIT_DEFAULT },
      schema: { tags, querystring: searchQuery, response: { 200: searchResponse } },
      // Search's own ceilings (docs/performance.md "Search"), counted in the database so they hold
      // across instances (lib/rate-limit.ts): per student first, then per client address — the
      // /search page reads this route with the visitor's session and address, so it counts too.
      // Over either: 429 with Retry-After, before any search runs.
      preHandler: async (req) => {
        const over = await hitAll(app.ctx.db, [
          { key: `search-user:${req.user.id}`, max: perUserPerMinute, windowMs: MINUTE_MS },
          { key: `search-ip:${req.ip}`, max: perAddressPerMinute, windowMs: MINUTE_MS },
        ]);
        if (over) throw tooManyRequests(COMMON_MESSAGES.rateLimited, over.retryAfterMs / 1000);
      },
    },
    async (req) => ok(await service.search(app.ctx, req.user, req.query)),
  );
});
