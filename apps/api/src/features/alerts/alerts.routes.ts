/**
 * Saved-alert routes under /api/alerts (docs/alerts.md): the caller's alerts — save, list, one,
 * pause/resume or digest on/off, delete — behind one session guard; the e-mail digest's
 * unsubscribe works without a session (its signed token names the alert). The scope also runs
 * this instance's alert jobs (outbox worker, digest run) while the app is up.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiOk, apiSuccess, idParams } from '@campus/contract/envelope';
import {
  ALERT_MESSAGES,
  alertPage,
  alertSchema,
  createAlertBody,
  listAlertsQuery,
  unsubscribeAlertBody,
  updateAlertBody,
} from '@campus/contract/alerts';
import { signedIn } from '../../lib/auth.ts';
import { done, ok, page } from '../../lib/envelope.ts';
import { paginationOf } from '../../lib/pages.ts';
import { writeLimit } from '../../lib/rate-limit.ts';
import * as service from './alerts.service.ts';

const tags = ['alerts'];
const params = idParams(ALERT_MESSAGES.notFound);
const alertResponse = apiSuccess(alertSchema);

export const alertsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  let jobs: ReturnType<typeof service.startAlertJobs> | undefined;
  app.addHook('onReady', async () => {
    jobs = service.startAlertJobs(ctx);
  });
  app.addHook('onClose', async () => {
    await jobs?.stop();
  });

  app.post(
    '/unsubscribe',
    { config: writeLimit(), schema: { tags, body: unsubscribeAlertBody, response: { 200: apiOk } } },
    async (req) => {
      await service.unsubscribe(ctx, req.body.token);
      return done(ALERT_MESSAGES.unsubscribed);
    },
  );

  await app.register(
    signedIn(async (scope) => {
      scope.get('/', { schema: { tags, querystring: listAlertsQuery, response: { 200: alertPage } } }, async (req) => {
        const found = await service.listAlerts(ctx, req.user, req.query);
        return page(found.items, paginationOf(req.query, found));
      });

      scope.post(
        '/',
        { config: writeLimit(), schema: { tags, body: createAlertBody, response: { 201: alertResponse } } },
        async (req, reply) =>
          reply.code(201).send(ok(await service.createAlert(ctx, req.user, req.body), ALERT_MESSAGES.created)),
      );

      scope.get('/:id', { schema: { tags, params, response: { 200: alertResponse } } }, async (req) =>
        ok(await service.getAlert(ctx, req.user, req.params.id)),
      );

      scope.patch(
        '/:id',
        { config: writeLimit(), schema: { tags, params, body: updateAlertBody, response: { 200: alertResponse } } },
        async (req) => {
          const alert = await service.updateAlert(ctx, req.user, req.params.id, req.body);
          const message =
            req.body.paused === undefined
              ? ALERT_MESSAGES.updated
              : req.body.paused
                ? ALERT_MESSAGES.paused
                : ALERT_MESSAGES.resumed;
          return ok(alert, message);
        },
      );

      scope.delete('/:id', { schema: { tags, params, response: { 200: apiOk } } }, async (req) => {
        await service.deleteAlert(ctx, req.user, req.params.id);
        return done(ALERT_MESSAGES.deleted);
      });
    }),
  );
};
