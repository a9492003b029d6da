/**
 * Routes of the places directory (docs/architecture.md "Features in detail": Places and the map):
 * `placesRoutes` under /api/places, open to everyone (the campus map works signed out), and
 * `adminPlacesRoutes` under /api/admin/places (`adminOnly`: 401 guests, 403 students): add, replace,
 * delete and the CSV import with its dry run. A malformed slug answers 404 like an unknown one.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiOk } from '@campus/contract/envelope';
import {
  PLACE_MESSAGES as M,
  importPlacesBody,
  importResponse,
  listPlacesQuery,
  placeBody,
  placeList,
  placeParams,
  placeResponse,
} from '@campus/contract/places';
import { adminOnly } from '../../lib/auth.ts';
import { done, ok, page } from '../../lib/envelope.ts';
import { paginationOf } from '../../lib/pages.ts';
import { writeLimit } from '../../lib/rate-limit.ts';
import * as service from './places.service.ts';

const tags = ['places'];

/** /api/places: the directory, searchable by name or alias (typos allowed) and by category. */
export const placesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { schema: { tags, querystring: listPlacesQuery, response: { 200: placeList } } }, async (req) => {
    const found = await service.listPlaces(app.ctx, req.query);
    return page(found.items, paginationOf(req.query, found), M.listed);
  });

  app.get('/:slug', { schema: { tags, params: placeParams, response: { 200: placeResponse } } }, async (req) =>
    ok(await service.getPlace(app.ctx, req.params.slug), M.found),
  );
};

/** /api/admin/places: the administrator's changes, each kept in the audit trail. */
export const adminPlacesRoutes: FastifyPluginAsyncZod = adminOnly(async (app) => {
  app.post(
    '/',
    { config: writeLimit(), schema: { tags, body: placeBody, response: { 201: placeResponse } } },
    async (req, reply) => reply.code(201).send(ok(await service.createPlace(app.ctx, req.user, req.body), M.created)),
  );

  app.put(
    '/:slug',
    { config: writeLimit(), schema: { tags, params: placeParams, body: placeBody, response: { 200: placeResponse } } },
    async (req) => ok(await service.updatePlace(app.ctx, req.user, req.params.slug, req.body), M.updated),
  );

  app.delete(
    '/:slug',
    { config: writeLimit(), schema: { tags, params: placeParams, response: { 200: apiOk } } },
    async (req) => {
      await service.deletePlace(app.ctx, req.user, req.params.slug);
      return done(M.deleted);
    },
  );

  app.post(
    '/import',
    { config: writeLimit(), schema: { tags, body: importPlacesBody, response: { 200: importResponse } } },
    async (req) => {
      const result = await service.importPlaces(app.ctx, req.user, req.body);
      const message = result.saved ? M.imported(result.lines.length) : M.checked(result.lines.length);
      return ok(result, message);
    },
  );
});
