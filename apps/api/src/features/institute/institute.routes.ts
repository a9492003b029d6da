/**
 * Institute routes under /api/institute (docs/design.md §8), open to everyone:
 * - `GET /` → the institute config the web app needs (name, e-mail domain, time zone, branches,
 *   semesters, hostels, Quick Links with resolved `href`, Campus Buzz, spotlights, calendar,
 *   contacts, timetable).
 * - `GET /files/{calendar|contacts|timetable}.pdf` → the Quick Link documents generated from the
 *   config (application/pdf, ETag = config hash, 304 on If-None-Match).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiSuccess } from '@campus/contract/envelope';
import {
  INSTITUTE_DOCUMENTS,
  INSTITUTE_MESSAGES,
  instituteInfo as instituteInfoSchema,
} from '@campus/contract/institute';
import { ok } from '../../lib/envelope.ts';
import * as service from './institute.service.ts';

/** How long after the server listens the institute documents are generated (ms). */
const DOCUMENTS_WARM_UP_MS = 2_000;

export const instituteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.ctx;
  // Generate the documents soon after the server listens, off the start's path (docs/performance.md
  // "Start-up and memory of the server"), so the first click is instant; a pdfkit failure is logged.
  app.addHook('onListen', (done) => {
    setTimeout(() => {
      service.instituteDocuments(config.institute).catch((err: unknown) => {
        app.log.error({ err }, 'The institute documents (PDF) could not be generated');
      });
    }, DOCUMENTS_WARM_UP_MS).unref();
    done();
  });

  app.get(
    '',
    {
      schema: {
        tags: ['institute'],
        summary: 'The institute config (dashboard content, profile options)',
        response: { 200: apiSuccess(instituteInfoSchema) },
      },
    },
    async () => ok(service.instituteInfo(config.institute, config.appUrl, config.mapTiles)),
  );

  app.get(
    '/files/:file',
    {
      schema: {
        tags: ['institute'],
        summary: 'A Quick Link document as PDF',
        description: `One of ${INSTITUTE_DOCUMENTS.map((k) => `${k}.pdf`).join(', ')}, generated from the institute config.`,
        params: z.object({ file: z.string().max(40, INSTITUTE_MESSAGES.documentNotFound) }),
        produces: ['application/pdf'],
      },
    },
    async (req, reply) => {
      const { bytes, etag, filename } = await service.getDocument(config.institute, req.params.file);
      // Our own generated file: drop the page CSP so every browser's built-in PDF viewer can show it.
      reply
        .removeHeader('content-security-policy')
        .header('cache-control', 'public, max-age=300, must-revalidate')
        .header('etag', etag)
        .header('content-disposition', `inline; filename="${filename}"`);
      if (req.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('application/pdf').send(bytes);
    },
  );
};
