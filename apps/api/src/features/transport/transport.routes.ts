/**
 * Routes of campus transport (docs/architecture.md "Features in detail": Transport):
 * `transportRoutes` under /api/transport, open to everyone (the routes; the next departures from a
 * stop, `at` without an offset read in the institute's zone), and `adminTransportRoutes` under
 * /api/admin/transport (`adminOnly`): create or replace a route, import timetables from CSV.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  TRANSPORT_MESSAGES as M,
  departureList,
  importRoutesBody,
  importRoutesResponse,
  nextQuery,
  routeBody,
  routeList,
  routeParams,
  routeResponse,
} from '@campus/contract/transport';
import { adminOnly } from '../../lib/auth.ts';
import { readDateTimesIn } from '../../lib/dates.ts';
import { ok } from '../../lib/envelope.ts';
import { writeLimit } from '../../lib/rate-limit.ts';
import * as service from './transport.service.ts';

const tags = ['transport'];

/** /api/transport: routes and next departures. */
export const transportRoutes: FastifyPluginAsyncZod = async (app) => {
  const readAt = readDateTimesIn(app.ctx.config.institute.timezone, ['at']);
  app.get('/routes', { schema: { tags, response: { 200: routeList } } }, async () =>
    ok(await service.listRoutes(app.ctx), M.routes),
  );

  app.get(
    '/next',
    {
      preValidation: async (req) => {
        if (req.query && typeof req.query === 'object') readAt(req.query as Record<string, unknown>);
      },
      schema: { tags, querystring: nextQuery, response: { 200: departureList } },
    },
    async (req) => {
      const at = req.query.at ? new Date(req.query.at) : new Date();
      return ok(await service.nextDepartures(app.ctx, req.query.stop, at), M.next);
    },
  );
};

/** /api/admin/transport: the administrator's route saves, each kept in the audit trail. */
export const adminTransportRoutes: FastifyPluginAsyncZod = adminOnly(async (app) => {
  app.put(
    '/routes/:slug',
    { config: writeLimit(), schema: { tags, params: routeParams, body: routeBody, response: { 200: routeResponse } } },
    async (req) => ok(await service.saveRoute(app.ctx, req.user, req.params.slug, req.body), M.saved),
  );

  app.post(
    '/import',
    { config: writeLimit(), schema: { tags, body: importRoutesBody, response: { 200: importRoutesResponse } } },
    async (req) => {
      const result = await service.importRoutes(app.ctx, req.user, req.body);
      return ok(result, result.saved ? M.imported(result.routes.length) : M.checked(result.routes.length));
    },
  );
});
