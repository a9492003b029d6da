/**
 * Mess menu routes under /api/mess (docs/mess.md): every route needs a session; creating and
 * editing a mess and appointing its managers sit in an admin sub-scope; the feedback routes check
 * the mess's managers in the service; the managers' writes are in `mess.manage.ts`. The default
 * messes are installed when the app is ready and none exists yet. The in-process cache of a mess's
 * day (`mess.cache.ts`) lives with this scope: it listens for other instances' changes from here.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '@campus/contract/envelope';
import {
  MESS_MESSAGES as M,
  MESS_CSV_MAX_BYTES,
  menuBody,
  messDayBody,
  messDayParams,
  menuImportQuery,
  menuImportResponse,
  messBody,
  messCommentList,
  messCommentsQuery,
  messFeedbackResponse,
  messList,
  messManagersBody,
  messNoticeBody,
  messNoticeResponse,
  messResponse,
  messTodayQuery,
  messTodayResponse,
  messWeekQuery,
  messWeekResponse,
  myMessBody,
  myMessResponse,
  rateMealBody,
  rateMealResponse,
} from '@campus/contract/mess';
import { adminOnly, signedIn, type SignedInTypeProvider } from '../../lib/auth.ts';
import { apiOk } from '@campus/contract/envelope';
import { done, ok, page } from '../../lib/envelope.ts';
import { paginationOf } from '../../lib/pages.ts';
import { writeLimit } from '../../lib/rate-limit.ts';
import { startMessDayCache } from './mess.cache.ts';
import * as manage from './mess.manage.ts';
import * as service from './mess.service.ts';

const tags = ['mess'];
const params = idParams(M.notFound);

export const messRoutes: FastifyPluginAsyncZod = signedIn(async (app) => {
  const ctx = app.ctx;
  app.addHook('onReady', () => service.ensureDefaultMessesAtStart(ctx));
  await startMessDayCache(app);

  app.get('/', { schema: { tags, response: { 200: messList } } }, async (req) =>
    ok(await service.listMesses(ctx, req.user)),
  );

  app.get(
    '/today',
    { schema: { tags, querystring: messTodayQuery, response: { 200: messTodayResponse } } },
    async (req) => ok(await service.today(ctx, req.user, req.query.mess)),
  );

  app.get(
    '/:id/week',
    { schema: { tags, params, querystring: messWeekQuery, response: { 200: messWeekResponse } } },
    async (req) => ok(await service.week(ctx, req.params.id, req.query.from)),
  );

  app.put(
    '/mine',
    { config: writeLimit(), schema: { tags, body: myMessBody, response: { 200: myMessResponse } } },
    async (req) => ok(await service.chooseMess(ctx, req.user, req.body), M.choiceSaved),
  );

  app.put(
    '/ratings',
    { config: writeLimit(), schema: { tags, body: rateMealBody, response: { 200: rateMealResponse } } },
    async (req) => ok(await service.rateMeal(ctx, req.user, req.body), M.ratingSaved),
  );

  app.get('/:id/feedback', { schema: { tags, params, response: { 200: messFeedbackResponse } } }, async (req) =>
    ok(await service.feedback(ctx, req.user, req.params.id)),
  );

  app.get(
    '/:id/feedback/comments',
    { schema: { tags, params, querystring: messCommentsQuery, response: { 200: messCommentList } } },
    async (req) => {
      const found = await service.comments(ctx, req.user, req.params.id, req.query);
      return page(found.items, paginationOf(req.query, found));
    },
  );

  app.put(
    '/:id/menu',
    { config: writeLimit(), schema: { tags, params, body: menuBody, response: { 200: apiOk } } },
    async (req) => {
      await manage.saveMenu(ctx, req.user, req.params.id, req.body);
      return done(M.menuSaved);
    },
  );

  app.put(
    '/:id/days/:date',
    { config: writeLimit(), schema: { tags, params: messDayParams, body: messDayBody, response: { 200: apiOk } } },
    async (req) => {
      await manage.saveDay(ctx, req.user, req.params.id, req.params.date, req.body);
      return done(M.daySaved);
    },
  );

  app.post(
    '/:id/notices',
    { config: writeLimit(), schema: { tags, params, body: messNoticeBody, response: { 201: messNoticeResponse } } },
    async (req, reply) => {
      const notice = await manage.postNotice(ctx, req.user, req.params.id, req.body);
      return reply.code(201).send(ok(notice, M.noticeSent(notice.recipients)));
    },
  );

  // The CSV import reads its body as text (`text/csv`), in a scope of its own.
  await app.register(async (scope) => {
    const csv = scope.withTypeProvider<SignedInTypeProvider>();
    csv.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: MESS_CSV_MAX_BYTES }, (_req, body, next) =>
      next(null, body),
    );
    csv.post(
      '/:id/menu/import',
      {
        config: writeLimit(),
        schema: {
          tags,
          params,
          querystring: menuImportQuery,
          consumes: ['text/csv'],
          response: { 200: menuImportResponse },
        },
      },
      async (req) => {
        const { dryRun, validFrom } = req.query;
        const result = await manage.importMenu(ctx, req.user, req.params.id, req.body, {
          dryRun: dryRun === 'true',
          validFrom,
        });
        return ok(result, dryRun === 'true' ? M.csvPreview : M.csvImported);
      },
    );
  });

  await app.register(
    adminOnly(async (admin) => {
      admin.post(
        '/',
        { config: writeLimit(), schema: { tags, body: messBody, response: { 201: messResponse } } },
        async (req, reply) => reply.code(201).send(ok(await service.createMess(ctx, req.user, req.body), M.created)),
      );
      admin.put(
        '/:id',
        { config: writeLimit(), schema: { tags, params, body: messBody, response: { 200: messResponse } } },
        async (req) => ok(await service.updateMess(ctx, req.user, req.params.id, req.body), M.updated),
      );
      admin.put(
        '/:id/managers',
        { config: writeLimit(), schema: { tags, params, body: messManagersBody, response: { 200: messResponse } } },
        async (req) => ok(await service.setManagers(ctx, req.user, req.params.id, req.body), M.managersSaved),
      );
    }),
  );
});
