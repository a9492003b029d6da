/**
 * Campus-wide search route under /api/search (issue 24 item 1; DESIGN §4): signed-in students only
 * (a guest gets 401 — the web shows "Log in to search"); the query is read by the contract's
 * `searchQuery` (400 with its message for an empty or blank `q`, one over 100 characters, an
 * unknown `type` or a `limit` outside 1–20); the service answers the groups in `data`. Without
 * `limit` a group has up to 5 hits (`unpagedLimit`: the app fills a missing `limit` of a GET whose
 * query has one, lib/pages.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SEARCH_LIMIT_DEFAULT, searchQuery, searchResponse } from '@campus/contract/search';
import { signedIn } from '../../lib/auth.ts';
import { ok } from '../../lib/envelope.ts';
import * as service from './search.service.ts';

const tags = ['search'];

export const searchRoutes: FastifyPluginAsyncZod = signedIn(async (app) => {
  app.get(
    '/',
    {
      config: { unpagedLimit: SEARCH_LIMIT_DEFAULT },
      schema: { tags, querystring: searchQuery, response: { 200: searchResponse } },
    },
    async (req) => ok(await service.search(app.ctx, req.user, req.query)),
  );
});
