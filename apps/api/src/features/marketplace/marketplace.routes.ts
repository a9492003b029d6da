/**
 * Marketplace routes under /api/buy-and-sell (docs/product-spec.md §7, docs/design.md §4). Every route needs a session (one
 * onRequest guard for the whole plugin, before an upload body is read); then the service's access
 * check; then the form fields (multipart text parts or JSON) with the contract's schema; then the
 * image pipeline; then the work.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiOk, apiSuccess, idParams, paginationQuery } from '@campus/contract/envelope';
import {
  MARKETPLACE_MESSAGES,
  createItemBody,
  listItemsQuery,
  marketplaceItem,
  marketplaceList,
  updateItemBody,
} from '@campus/contract/marketplace';
import { done, ok, page, sendPageText } from '../../lib/envelope.ts';
import { paginationOf } from '../../lib/pages.ts';
import { readFormWithImage } from '../../lib/multipart-form.ts';
import { signedIn } from '../../lib/auth.ts';
import { writeLimit } from '../../lib/rate-limit.ts';
import * as service from './marketplace.service.ts';

const tags = ['marketplace'];
const params = idParams(MARKETPLACE_MESSAGES.notFound);
const itemResponse = apiSuccess(marketplaceItem);
const form = { consumes: ['multipart/form-data', 'application/json'] };

export const marketplaceRoutes: FastifyPluginAsyncZod = signedIn(async (app) => {
  const ctx = app.ctx;

  app.get(
    '/items',
    { schema: { tags, querystring: listItemsQuery, response: { 200: marketplaceList } } },
    async (req, reply) => {
      const found = await service.listItems(ctx, req.user, req.query);
      return sendPageText(reply, found.items, paginationOf(req.query, found));
    },
  );

  app.get(
    '/user-items',
    { schema: { tags, querystring: paginationQuery, response: { 200: marketplaceList } } },
    async (req) => {
      const found = await service.listUserItems(ctx, req.user, req.query);
      return page(found.items, paginationOf(req.query, found));
    },
  );

  app.get('/items/:id', { schema: { tags, params, response: { 200: itemResponse } } }, async (req) =>
    ok(await service.getItem(ctx, req.user, req.params.id)),
  );

  app.post(
    '/items',
    { config: writeLimit(), schema: { tags, ...form, response: { 201: itemResponse } } },
    async (req, reply) => {
      const { body, image } = await readFormWithImage(req, createItemBody);
      const item = await service.createItem(ctx, req.user, body, image);
      return reply.code(201).send(ok(item, MARKETPLACE_MESSAGES.listed));
    },
  );

  app.put(
    '/items/:id',
    { config: writeLimit(), schema: { tags, params, ...form, response: { 200: itemResponse } } },
    async (req) => {
      const item = await service.getChangeableItem(ctx, req.user, req.params.id, 'edit');
      const { body, image } = await readFormWithImage(req, updateItemBody);
      return ok(await service.updateItem(ctx, req.user, item, body, image), MARKETPLACE_MESSAGES.updated);
    },
  );

  app.post(
    '/items/:id/renew',
    { config: writeLimit(), schema: { tags, params, response: { 200: itemResponse } } },
    async (req) => {
      const item = await service.getChangeableItem(ctx, req.user, req.params.id, 'renew');
      return ok(await service.renewItem(ctx, req.user, item), MARKETPLACE_MESSAGES.renewed);
    },
  );

  app.delete('/items/:id', { schema: { tags, params, response: { 200: apiOk } } }, async (req) => {
    const item = await service.getChangeableItem(ctx, req.user, req.params.id, 'delete');
    await service.deleteItem(ctx, req.user, item);
    return done(MARKETPLACE_MESSAGES.deleted);
  });
});
