/**
 * Data-rights routes under /api/users (docs/privacy.md): `GET /me/export` (the data download),
 * `POST /blocks`, `DELETE /blocks/:userId`, `GET /blocks`. Thin: schema → service → envelope.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiOk } from '@campus/contract/envelope';
import {
  PRIVACY_MESSAGES,
  blockBody,
  blockParams,
  blockResponse,
  blocksResponse,
  exportFileName,
} from '@campus/contract/privacy';
import { signedIn } from '../../lib/auth.ts';
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
});
