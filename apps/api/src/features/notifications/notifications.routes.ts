/**
 * Notification routes under /api/notification (docs/product-spec.md §7 paths exactly; docs/design.md §7): list, one,
 * create, update, delete, mark read, mark all read, unread count, broadcast, the admin sends and the
 * SSE stream. Create, update and broadcast take JSON or multipart (text parts + optional file part
 * `file`, an image or PDF through the file pipeline).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiOk, apiPage, apiSuccess, idParams } from '@campus/contract/envelope';
import {
  NOTIFICATION_MESSAGES,
  broadcastBody,
  broadcastData,
  createNotificationBody,
  listNotificationsQuery,
  listSendsQuery,
  notification,
  notificationSend,
  unreadCountData,
  updateNotificationBody,
} from '@campus/contract/notifications';
import { adminOnly, signedIn } from '../../lib/auth.ts';
import { done, ok, page } from '../../lib/envelope.ts';
import { paginationOf } from '../../lib/pages.ts';
import { readUpload } from '../../lib/multipart-form.ts';
import { openStream, startLiveHub } from './notifications.live.ts';
import * as service from './notifications.service.ts';

const tags = ['notifications'];

const formSchema = { consumes: ['application/json', 'multipart/form-data'] };
const params = idParams(NOTIFICATION_MESSAGES.notFound);
const sendParams = idParams(NOTIFICATION_MESSAGES.sendNotFound);
/** The update form: the contract's body, plus `remove_file` (`true` or `'true'` deletes the attachment; any other value is ignored). */
const updateForm = updateNotificationBody.extend({ remove_file: z.unknown().optional() });
export const notificationsRoutes: FastifyPluginAsyncZod = signedIn(async (app) => {
  const ctx = app.ctx;
  const hub = startLiveHub(app);

  app.get(
    '/',
    {
      schema: {
        tags,
        querystring: listNotificationsQuery,
        response: { 200: apiPage(notification) },
      },
    },
    async (req) => {
      const found = await service.list(ctx, req.user.id, req.query);
      return page(found.items, paginationOf(req.query, found));
    },
  );

  app.get('/unread/count', { schema: { tags, response: { 200: apiSuccess(unreadCountData) } } }, async (req) =>
    ok({ unreadCount: await service.unreadCount(ctx, req.user.id) }),
  );

  app.get('/stream', { schema: { tags, produces: ['text/event-stream'] } }, async (req, reply) => {
    await hub.start();
    const unreadCount = await service.unreadCount(ctx, req.user.id);
    openStream(hub, reply, { userId: req.user.id, sessionId: req.sessionId }, unreadCount);
  });

  app.put(
    '/read-all',
    { schema: { tags, response: { 200: apiSuccess(z.object({ updated: z.number() })) } } },
    async (req) => ok({ updated: await service.markAllRead(ctx, req.user.id) }, NOTIFICATION_MESSAGES.allMarkedRead),
  );

  app.post(
    '/',
    { schema: { tags, ...formSchema, response: { 201: apiSuccess(notification) } } },
    async (req, reply) => {
      const { body, file } = await readUpload(req, createNotificationBody, {
        fileField: 'file',
        beforeValidation: (fields) => service.assertMayTarget(req.user, fields.userId),
      });
      const created = await service.create(ctx, req.user, body, file);
      const forOther = created.userId !== req.user.id;
      return reply
        .code(201)
        .send(ok(created, forOther ? NOTIFICATION_MESSAGES.created : NOTIFICATION_MESSAGES.createdOwn));
    },
  );

  app.get('/:id', { schema: { tags, params, response: { 200: apiSuccess(notification) } } }, async (req) => {
    return ok(await service.getOne(ctx, req.user.id, req.params.id));
  });

  app.put(
    '/:id',
    {
      schema: { tags, ...formSchema, params, response: { 200: apiSuccess(notification) } },
    },
    async (req) => {
      const id = req.params.id;
      const { body, file } = await readUpload(req, updateForm, { fileField: 'file' });
      const { remove_file, ...changes } = body;
      const removeFile = remove_file === 'true' || remove_file === true;
      return ok(await service.update(ctx, req.user, id, changes, file, removeFile), NOTIFICATION_MESSAGES.updated);
    },
  );

  app.delete(
    '/:id',
    {
      schema: { tags, params, response: { 200: apiSuccess(z.object({ id: z.string() })) } },
    },
    async (req) => {
      const id = req.params.id;
      await service.remove(ctx, req.user.id, id);
      return ok({ id }, NOTIFICATION_MESSAGES.deleted);
    },
  );

  app.put('/:id/read', { schema: { tags, params, response: { 200: apiSuccess(notification) } } }, async (req) => {
    const id = req.params.id;
    return ok(await service.markRead(ctx, req.user.id, id), NOTIFICATION_MESSAGES.markedRead);
  });

  // The admin's sends and broadcasts: one admin guard for the sub-scope (docs/design.md §3).
  await app.register(
    adminOnly(async (admin) => {
      admin.get(
        '/sends',
        {
          schema: {
            tags,
            querystring: listSendsQuery,
            response: { 200: apiPage(notificationSend) },
          },
        },
        async (req) => {
          const found = await service.listSends(ctx, req.user, req.query);
          return page(found.items, paginationOf(req.query, found));
        },
      );

      admin.delete('/sends/:id', { schema: { tags, params: sendParams, response: { 200: apiOk } } }, async (req) => {
        await service.recallSend(ctx, req.user, req.params.id);
        return done(NOTIFICATION_MESSAGES.recalled);
      });

      admin.post(
        '/broadcast',
        { schema: { tags, ...formSchema, response: { 201: apiSuccess(broadcastData) } } },
        async (req, reply) => {
          const { body, file } = await readUpload(req, broadcastBody, { fileField: 'file' });
          const send = await service.broadcast(ctx, req.user, body, file);
          // 201: a broadcast creates a send (as the spec's source answered).
          const created = ok({ send, recipientCount: send.recipientCount }, NOTIFICATION_MESSAGES.broadcastSent);
          return reply.code(201).send(created);
        },
      );
    }),
  );
});
