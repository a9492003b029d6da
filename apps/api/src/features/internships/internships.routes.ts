/**
 * Internship finder route under /api/internships (docs/product-spec.md §7, docs/design.md §4). Open to guests
 * (docs/product-spec.md §6): the session is loaded when there is one, so a signed-in student is limited per
 * account; everyone is limited per IP. The answer keeps `internships` at the top level.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiFailure } from '@campus/contract/envelope';
import { INTERNSHIP_MESSAGES, fetchInternshipsBody, fetchInternshipsResponse } from '@campus/contract/internships';
import * as service from './internships.service.ts';

export const internshipsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  // Open to guests: the session, when there is one, is loaded for the whole scope (never refused).
  app.addHook('onRequest', app.loadSession);

  app.post(
    '/fetch',
    {
      config: { rateLimit: { max: service.INTERNSHIP_LIMITS.searchesPerIpPerHour, timeWindow: '1 hour' } },
      schema: {
        tags: ['internships'],
        body: fetchInternshipsBody,
        response: { 200: fetchInternshipsResponse, 400: apiFailure, 429: apiFailure, 502: apiFailure, 504: apiFailure },
      },
    },
    async (req) => {
      const result = await service.searchInternships(ctx, { userId: req.user?.id ?? null, ip: req.ip }, req.body);
      return { success: true as const, message: INTERNSHIP_MESSAGES.found, ...result };
    },
  );
};
