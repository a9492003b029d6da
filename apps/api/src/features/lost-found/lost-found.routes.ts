/**
 * Lost and found routes under /api/lost-and-found (spec §7; DESIGN §4 fixes the get-by-id path to
 * /api/lost-and-found/lost-items/{id}). Session in onRequest (before an upload body is read), then
 * ownership, then the form fields with the contract's schema, then the image pipeline, then the work.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiOk, apiSuccess } from '@campus/contract/envelope';
import {
  LOST_FOUND_MESSAGES,
  createLostFoundItemBody,
  listLostFoundItemsQuery,
  lostFoundItem,
  lostFoundList,
  updateLostFoundItemBody,
} from '@campus/contract/lost-found';
import { done, ok, page } from '../../lib/envelope.ts';
import { parseFields, processFormImage, readForm } from '../../lib/multipart-form.ts';
import * as service from './lost-found.service.ts';

const idParams = z.object({ id: z.string().max(100) });
const itemResponse = apiSuccess(lostFoundItem);
/** Per-IP ceilings on writes (a hostel shares one IP, DESIGN §5). */
const writeLimit = { rateLimit: { max: 300, timeWindow: '1 hour' } };

export const lostFoundRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.get(
    '/lost-items',
    {
      onRequest: app.requireUser,
      schema: { tags: ['lost-and-found'], querystring: listLostFoundItemsQuery, response: { 200: lostFoundList } },
    },
    async (req) => {
      const { items, total } = await service.listReports(ctx, req.user!, req.query);
      return page(items, { page: req.query.page, limit: req.query.limit, total });
    },
  );

  app.get(
    '/lost-items/:id',
    {
      onRequest: app.requireUser,
      schema: { tags: ['lost-and-found'], params: idParams, response: { 200: itemResponse } },
    },
    async (req) => {
      const { item, reporterName } = await service.getVisibleReport(ctx, req.user!, req.params.id);
      return ok(service.toApiReport(item, reporterName, ctx.config.appUrl));
    },
  );

  app.post(
    '/lost-items',
    {
      onRequest: app.requireUser,
      config: writeLimit,
      schema: {
        tags: ['lost-and-found'],
        consumes: ['multipart/form-data', 'application/json'],
        response: { 201: itemResponse },
      },
    },
    async (req, reply) => {
      const form = await readForm(req, 'image');
      const body = parseFields(createLostFoundItemBody, form.fields);
      const image = await processFormImage(form.file);
      const item = await service.createReport(ctx, req.user!, body, image);
      return reply.code(201).send(ok(item, LOST_FOUND_MESSAGES.reported));
    },
  );

  app.put(
    '/lost-items/:id',
    {
      onRequest: app.requireUser,
      config: writeLimit,
      schema: {
        tags: ['lost-and-found'],
        params: idParams,
        consumes: ['multipart/form-data', 'application/json'],
        response: { 200: itemResponse },
      },
    },
    async (req) => {
      const loaded = await service.getChangeableReport(ctx, req.user!, req.params.id);
      const form = await readForm(req, 'image');
      const body = parseFields(updateLostFoundItemBody, form.fields);
      const image = await processFormImage(form.file);
      return ok(await service.updateReport(ctx, loaded, body, image), LOST_FOUND_MESSAGES.updated);
    },
  );

  app.delete(
    '/lost-items/:id',
    { onRequest: app.requireUser, schema: { tags: ['lost-and-found'], params: idParams, response: { 200: apiOk } } },
    async (req) => {
      const loaded = await service.getChangeableReport(ctx, req.user!, req.params.id);
      await service.deleteReport(ctx, req.user!, loaded);
      return done(LOST_FOUND_MESSAGES.deleted);
    },
  );
};
