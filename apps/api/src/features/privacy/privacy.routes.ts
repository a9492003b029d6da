/**
 * Data-rights routes under /api/users (docs/privacy.md): `GET /me/export` (the data download),
 * `POST /blocks`, `DELETE /blocks/:userId`, `GET /blocks`, `POST /me/deletion` (close one's
 * account), `POST /admin/users/:id/close` (an administrator closes one) and, without a session,
 * `DELETE /me/deletion` (keep the account: closing ended them) and `GET /privacy-notice`. Thin: schema → service → envelope.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiOk, idParams } from '@campus/contract/envelope';
import {
  DELETION_MESSAGES,
  PRIVACY_MESSAGES,
  closedResponse,
  deletionBody,
  keepAccountBody,
  blockBody,
  blockParams,
  blockResponse,
  blocksResponse,
  exportFileName,
  privacyNoticeResponse,
} from '@campus/contract/privacy';
import { adminOnly, signedIn } from '../../lib/auth.ts';
import { todayIn } from '../../lib/dates.ts';
import { done, ok } from '../../lib/envelope.ts';
import { writeLimit } from '../../lib/rate-limit.ts';
import * as service from './privacy.service.ts';

const tags = ['privacy'];

export const privacyRoutes: FastifyPluginAsyncZod = signedIn(async (app) => {
  const ctx = app.ctx;

  app.get(
    '/me/export',
    {
      schema: {
        tags,
        summary: "The student's data as a zip",
        description: 'One JSON file per area, the photos they uploaded and README.txt; 3 an hour per student.',
        produces: ['application/zip'],
      },
    },
    async (req, reply) => {
      const zip = await service.exportData(ctx, req.user);
      const name = exportFileName(todayIn(ctx.config.institute.timezone));
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${name}"`)
        .type('application/zip')
        .send(zip);
    },
  );

  app.get('/blocks', { schema: { tags, response: { 200: blocksResponse } } }, async (req) =>
    ok(await service.listBlocks(ctx, req.user), PRIVACY_MESSAGES.blocksLoaded),
  );

  app.post(
    '/blocks',
    { config: writeLimit(), schema: { tags, body: blockBody, response: { 201: blockResponse } } },
    async (req, reply) =>
      reply.code(201).send(ok(await service.block(ctx, req.user, req.body.userId), PRIVACY_MESSAGES.blocked)),
  );

  app.delete(
    '/blocks/:userId',
    { config: writeLimit(), schema: { tags, params: blockParams, response: { 200: apiOk } } },
    async (req) => {
      await service.unblock(ctx, req.user, req.params.userId);
      return done(PRIVACY_MESSAGES.unblocked);
    },
  );

  app.post(
    '/me/deletion',
    { config: writeLimit(), schema: { tags, body: deletionBody, response: { 200: closedResponse } } },
    async (req) => {
      const eraseAfter = await service.closeOwnAccount(ctx, req.user, req.body);
      return ok({ eraseAfter: eraseAfter.toISOString() }, DELETION_MESSAGES.closed);
    },
  );

  await app.register(
    adminOnly(async (admin) => {
      admin.post(
        '/admin/users/:id/close',
        {
          config: writeLimit(),
          schema: { tags, params: idParams(PRIVACY_MESSAGES.userNotFound), response: { 200: closedResponse } },
        },
        async (req) => {
          const eraseAfter = await service.closeAccountAsAdmin(ctx, req.user, req.params.id);
          return ok({ eraseAfter: eraseAfter.toISOString() }, DELETION_MESSAGES.adminClosed);
        },
      );
    }),
  );
});

/**
 * The open data-rights routes: `DELETE /me/deletion` ("Keep my account"; closing ended the
 * account's sessions) and `GET /privacy-notice` (the privacy notice's figures, read by `/privacy`).
 */
export const keepAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  app.get('/privacy-notice', { schema: { tags, response: { 200: privacyNoticeResponse } } }, () =>
    ok(service.privacyNotice(ctx), PRIVACY_MESSAGES.noticeLoaded),
  );
  app.delete(
    '/me/deletion',
    { config: writeLimit(), schema: { tags, body: keepAccountBody, response: { 200: apiOk } } },
    async (req) => {
      await service.keepAccount(ctx, req.body);
      return done(DELETION_MESSAGES.kept);
    },
  );
};
