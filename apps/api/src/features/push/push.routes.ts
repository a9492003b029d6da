/**
 * Web Push routes under /api/push (docs/decisions/0501-web-push.md): the VAPID public key, this
 * device's subscription (store, delete by endpoint) and the caller's categories. Every route needs a
 * session and acts on the caller. The push outbox worker runs while the app does: started when it
 * is ready, stopped when it closes.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiOk, apiSuccess } from '@campus/contract/envelope';
import {
  PUSH_MESSAGES,
  pushKeyData,
  pushPreferences,
  pushSubscription,
  subscribeBody,
  unsubscribeBody,
  updatePushPreferencesBody,
} from '@campus/contract/push';
import { signedIn } from '../../lib/auth.ts';
import { done, ok } from '../../lib/envelope.ts';
import type { OutboxWorker } from '../../lib/outbox.ts';
import { writeLimit } from '../../lib/rate-limit.ts';
import * as service from './push.service.ts';

const tags = ['push'];

export const pushRoutes: FastifyPluginAsyncZod = signedIn(async (app) => {
  const ctx = app.ctx;
  let worker: OutboxWorker | undefined;
  app.addHook('onReady', async () => {
    worker = service.startPushWorker(ctx);
  });
  app.addHook('onClose', async () => {
    await worker?.stop();
  });

  app.get('/key', { schema: { tags, response: { 200: apiSuccess(pushKeyData) } } }, async () =>
    ok({ publicKey: await service.publicKey(ctx) }),
  );

  app.post(
    '/subscriptions',
    { config: writeLimit(), schema: { tags, body: subscribeBody, response: { 201: apiSuccess(pushSubscription) } } },
    async (req, reply) => {
      reply.code(201);
      return ok(await service.subscribe(ctx, req.user, req.body), PUSH_MESSAGES.subscribed);
    },
  );

  app.delete(
    '/subscriptions',
    { config: writeLimit(), schema: { tags, body: unsubscribeBody, response: { 200: apiOk } } },
    async (req) => {
      await service.unsubscribe(ctx, req.user, req.body);
      return done(PUSH_MESSAGES.unsubscribed);
    },
  );

  app.get('/preferences', { schema: { tags, response: { 200: apiSuccess(pushPreferences) } } }, async (req) =>
    ok(await service.preferences(ctx, req.user)),
  );

  app.put(
    '/preferences',
    {
      config: writeLimit(),
      schema: { tags, body: updatePushPreferencesBody, response: { 200: apiSuccess(pushPreferences) } },
    },
    async (req) => ok(await service.savePreferences(ctx, req.user, req.body), PUSH_MESSAGES.preferencesSaved),
  );
});
