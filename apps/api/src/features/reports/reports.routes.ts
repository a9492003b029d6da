/**
 * Reports and moderation routes (docs/design.md §4). `reportsRoutes` under
 * /api/reports: any signed-in user (`signedIn`) sends a report, with the per-IP write ceiling (the
 * service adds the per-user one). `adminReportsRoutes` under /api/admin/reports (`adminOnly`: 401
 * guests, 403 students): the queue and the resolution of one case. A malformed case id answers 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '@campus/contract/envelope';
import {
  REPORT_MESSAGES,
  createReportBody,
  createReportResponse,
  listCasesQuery,
  moderationCaseList,
  resolveCaseBody,
  resolveCaseResponse,
} from '@campus/contract/reports';
import { adminOnly, signedIn } from '../../lib/auth.ts';
import { ok, page } from '../../lib/envelope.ts';
import { paginationOf } from '../../lib/pages.ts';
import { writeLimit } from '../../lib/rate-limit.ts';
import * as service from './reports.service.ts';

const tags = ['reports'];

export const reportsRoutes: FastifyPluginAsyncZod = signedIn(async (app) => {
  app.post(
    '/',
    { config: writeLimit(), schema: { tags, body: createReportBody, response: { 201: createReportResponse } } },
    async (req, reply) => {
      const created = await service.createReport(app.ctx, req.user, req.body);
      return reply.code(201).send(ok(created, REPORT_MESSAGES.thanks));
    },
  );
});

export const adminReportsRoutes: FastifyPluginAsyncZod = adminOnly(async (app) => {
  app.get(
    '/',
    { schema: { tags, querystring: listCasesQuery, response: { 200: moderationCaseList } } },
    async (req) => {
      const found = await service.listCases(app.ctx, req.user, req.query);
      return page(found.items, paginationOf(req.query, found));
    },
  );

  app.post(
    '/:id/resolve',
    {
      config: writeLimit(),
      schema: {
        tags,
        params: idParams(REPORT_MESSAGES.caseNotFound),
        body: resolveCaseBody,
        response: { 200: resolveCaseResponse },
      },
    },
    async (req) =>
      ok(
        await service.resolveCase(app.ctx, req.user, req.params.id, req.body),
        service.RESOLVE_MESSAGES[req.body.action],
      ),
  );
});
