/**
 * Skill exchange routes under /api/skill-exchange (docs/product-spec.md §7, docs/design.md §4). Every route needs
 * a session (one onRequest guard for the plugin) and acts on the caller. The spec's five calls read
 * top-level keys (`skills`; `teach`, `learn`; `matches`; `userSkill`; `request`) through
 * `topLevel`; the requests inbox (our addition) answers in `data`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiOk, idParams } from '@campus/contract/envelope';
import {
  SKILL_MESSAGES as M,
  acceptRequestBody,
  addSkillBody,
  addSkillResponse,
  listRequestsQuery,
  matchesResponse,
  mySkillsResponse,
  requestList,
  requestResponse,
  sendRequestBody,
  sendRequestResponse,
  skillsResponse,
} from '@campus/contract/skill-exchange';
import { done, ok, page, topLevel } from '../../lib/envelope.ts';
import { paginationOf } from '../../lib/pages.ts';
import { forbidden } from '../../lib/errors.ts';
import { signedIn } from '../../lib/auth.ts';
import { writeLimit } from '../../lib/rate-limit.ts';
import * as service from './skill-exchange.service.ts';

const tags = ['skill-exchange'];
const requestParams = idParams(M.requestNotFound);

export const skillExchangeRoutes: FastifyPluginAsyncZod = signedIn(async (app) => {
  const ctx = app.ctx;
  // docs/design.md §5: skill calls act on the caller; a `userId` naming someone else is refused, never trusted.
  app.addHook('preValidation', async (req) => {
    for (const source of [req.body, req.query]) {
      const userId = (source as { userId?: unknown } | null | undefined)?.userId;
      if (userId !== undefined && userId !== '' && userId !== req.user.id) throw forbidden(M.otherUser);
    }
  });

  app.get('/skills', { schema: { tags, response: { 200: skillsResponse } } }, async () =>
    topLevel({ skills: await service.listSkills(ctx) }),
  );

  app.get('/my-skills', { schema: { tags, response: { 200: mySkillsResponse } } }, async (req) =>
    topLevel(await service.mySkills(ctx, req.user)),
  );

  app.get('/matches', { schema: { tags, response: { 200: matchesResponse } } }, async (req) =>
    topLevel({ matches: await service.matches(ctx, req.user) }),
  );

  app.post(
    '/add-skill',
    { config: writeLimit(), schema: { tags, body: addSkillBody, response: { 201: addSkillResponse } } },
    async (req, reply) =>
      reply.code(201).send(topLevel({ userSkill: await service.addSkill(ctx, req.user, req.body) }, M.skillAdded)),
  );

  app.delete(
    '/user-skill/:id',
    { schema: { tags, params: idParams(M.notFound), response: { 200: apiOk } } },
    async (req) => {
      await service.deleteUserSkill(ctx, req.user, req.params.id);
      return done(M.skillDeleted);
    },
  );

  app.post(
    '/request',
    { config: writeLimit(), schema: { tags, body: sendRequestBody, response: { 201: sendRequestResponse } } },
    async (req, reply) =>
      reply.code(201).send(topLevel({ request: await service.sendRequest(ctx, req.user, req.body) }, M.requestSent)),
  );

  app.get(
    '/requests',
    { schema: { tags, querystring: listRequestsQuery, response: { 200: requestList } } },
    async (req) => {
      const found = await service.listRequests(ctx, req.user, req.query);
      return page(found.items, paginationOf(req.query, found));
    },
  );

  app.post(
    '/requests/:id/accept',
    {
      config: writeLimit(),
      schema: { tags, params: requestParams, body: acceptRequestBody, response: { 200: requestResponse } },
    },
    async (req) => ok(await service.answer(ctx, req.user, req.params.id, 'accepted', req.body), M.accepted),
  );

  app.post(
    '/requests/:id/decline',
    { config: writeLimit(), schema: { tags, params: requestParams, response: { 200: requestResponse } } },
    async (req) => ok(await service.answer(ctx, req.user, req.params.id, 'declined'), M.declined),
  );

  app.post(
    '/requests/:id/cancel',
    { config: writeLimit(), schema: { tags, params: requestParams, response: { 200: requestResponse } } },
    async (req) => ok(await service.cancel(ctx, req.user, req.params.id), M.cancelled),
  );
});
