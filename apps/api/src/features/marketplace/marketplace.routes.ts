/**
 * Marketplace routes under /api/buy-and-sell (spec §7, DESIGN §4). Every route needs a session
 * (checked in onRequest, before an upload body is read); then ownership; then the form fields
 * (multipart text parts or JSON) with the contract's schema; then the image pipeline; then the work.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiOk, apiSuccess, paginationQuery } from '@campus/contract/envelope';
import {
  MARKETPLACE_MESSAGES,
  createItemBody,
  listItemsQuery,
  marketplaceItem,
  marketplaceList,
  updateItemBody,
} from '@campus/contract/marketplace';
import { done, ok, page } from '../../lib/envelope.ts';
import { parseFields, processFormImage, readForm } from '../../lib/multipart-form.ts';
import * as service from './marketplace.service.ts';

const idParams = z.object({ id: z.string().max(100) });
const itemResponse = apiSuccess(marketplaceItem);
/** Per-IP ceilings on writes (a hostel shares one IP, DESIGN §5). */
const writeLimit = { rateLimit: { max: 300, timeWindow: '1 hour' } };

export const marketplaceRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.get(
    '/items',
    {
      onRequest: app.requireUser,
      schema: { tags: ['marketplace'], querystring: listItemsQuery, response: { 200: marketplaceList } },
    },
    async (req) => {
      const { items, total } = await service.listItems(ctx, req.query);
      return page(items, { page: req.query.page, limit: req.query.limit, total });
    },
  );

  app.get(
    '/user-items',
    {
      onRequest: app.requireUser,
      schema: { tags: ['marketplace'], querystring: paginationQuery, response: { 200: marketplaceList } },
    },
    async (req) => {
      const { items, total } = await service.listUserItems(ctx, req.user!, req.query);
      return page(items, { page: req.query.page, limit: req.query.limit, total });
    },
  );

  app.get(
    '/items/:id',
    {
      onRequest: app.requireUser,
      schema: { tags: ['marketplace'], params: idParams, response: { 200: itemResponse } },
    },
    async (req) => {
      const { item, ownerName } = await service.getVisibleItem(ctx, req.user!, req.params.id);
      return ok(service.toApiItem(item, ownerName, ctx.config.appUrl));
    },
  );

  app.post(
    '/items',
    {
      onRequest: app.requireUser,
      config: writeLimit,
      schema: {
        tags: ['marketplace'],
        consumes: ['multipart/form-data', 'application/json'],
        response: { 201: itemResponse },
      },
    },
    async (req, reply) => {
      const form = await readForm(req, 'image');
      const body = parseFields(createItemBody, form.fields);
      const image = await processFormImage(form.file);
      const item = await service.createItem(ctx, req.user!, body, image);
      return reply.code(201).send(ok(item, MARKETPLACE_MESSAGES.listed));
    },
  );

  app.put(
    '/items/:id',
    {
      onRequest: app.requireUser,
      config: writeLimit,
      schema: {
        tags: ['marketplace'],
        params: idParams,
        consumes: ['multipart/form-data', 'application/json'],
        response: { 200: itemResponse },
      },
    },
    async (req) => {
      const loaded = await service.getChangeableItem(ctx, req.user!, req.params.id);
      const form = await readForm(req, 'image');
      const body = parseFields(updateItemBody, form.fields);
      const image = await processFormImage(form.file);
      return ok(await service.updateItem(ctx, loaded, body, image), MARKETPLACE_MESSAGES.updated);
    },
  );

  app.post(
    '/items/:id/renew',
    {
      onRequest: app.requireUser,
      schema: { tags: ['marketplace'], params: idParams, response: { 200: itemResponse } },
    },
    async (req) => {
      const loaded = await service.getChangeableItem(ctx, req.user!, req.params.id, { ownerOnly: true });
      return ok(await service.renewItem(ctx, loaded), MARKETPLACE_MESSAGES.renewed);
    },
  );

  app.delete(
    '/items/:id',
    { onRequest: app.requireUser, schema: { tags: ['marketplace'], params: idParams, response: { 200: apiOk } } },
    async (req) => {
      const loaded = await service.getChangeableItem(ctx, req.user!, req.params.id);
      await service.deleteItem(ctx, req.user!, loaded);
      return done(MARKETPLACE_MESSAGES.deleted);
    },
  );
};
