/**
 * Lost and found routes under /api/lost-and-found (docs/product-spec.md §7; docs/design.md §4 fixes the get-by-id path to
 * /api/lost-and-found/lost-items/{id}). One session guard for the whole plugin (onRequest, before an
 * upload body is read), then the service's access check, then the form fields with the contract's
 * schema, then the image pipeline, then the work.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiOk, apiSuccess, idParams } from '@campus/contract/envelope';
import {
  LOST_FOUND_MESSAGES,
  createLostFoundItemBody,
  listLostFoundItemsQuery,
  lostFoundItem,
  lostFoundList,
  updateLostFoundItemBody,
} from '@campus/contract/lost-found';
import { done, ok, page } from '../../lib/envelope.ts';
import { paginationOf } from '../../lib/pages.ts';
import { readFormWithImage } from '../../lib/multipart-form.ts';
import { signedIn } from '../../lib/auth.ts';
import { writeLimit } from '../../lib/rate-limit.ts';
import * as service from './lost-found.service.ts';

const tags = ['lost-and-found'];
const params = idParams(LOST_FOUND_MESSAGES.notFound);
const itemResponse = apiSuccess(lostFoundItem);
const form = { consumes: ['multipart/form-data', 'application/json'] };

export const lostFoundRoutes: FastifyPluginAsyncZod = signedIn(async (app) => {
  const ctx = app.ctx;

  app.get(
    '/lost-items',
    { schema: { tags, querystring: listLostFoundItemsQuery, response: { 200: lostFoundList } } },
    async (req) => {
      const found = await service.listItems(ctx, req.user, req.query);
      return page(found.items, paginationOf(req.query, found));
    },
  );

  app.get('/lost-items/:id', { schema: { tags, params, response: { 200: itemResponse } } }, async (req) =>
    ok(await service.getItem(ctx, req.user, req.params.id)),
  );

  app.post(
    '/lost-items',
    { config: writeLimit(), schema: { tags, ...form, response: { 201: itemResponse } } },
    async (req, reply) => {
      const { body, image } = await readFormWithImage(req, createLostFoundItemBody);
      const item = await service.createItem(ctx, req.user, body, image);
      return reply.code(201).send(ok(item, LOST_FOUND_MESSAGES.reported));
    },
  );

  app.put(
    '/lost-items/:id',
    { config: writeLimit(), schema: { tags, params, ...form, response: { 200: itemResponse } } },
    async (req) => {
      const item = await service.getChangeableItem(ctx, req.user, req.params.id, 'edit');
      const { body, image } = await readFormWithImage(req, updateLostFoundItemBody);
      return ok(await service.updateItem(ctx, req.user, item, body, image), LOST_FOUND_MESSAGES.updated);
    },
  );

  app.delete('/lost-items/:id', { schema: { tags, params, response: { 200: apiOk } } }, async (req) => {
    const item = await service.getChangeableItem(ctx, req.user, req.params.id, 'delete');
    await service.deleteItem(ctx, req.user, item);
    return done(LOST_FOUND_MESSAGES.deleted);
  });
});
