/**
 * GET /api/files/{id} (DESIGN §6): stored files for signed-in users only, immutable caching with
 * the SHA-256 ETag, `nosniff` and `Content-Security-Policy: sandbox`. `?variant=thumb` serves the
 * thumbnail of an image. `Cross-Origin-Resource-Policy: cross-origin` on the file itself (the rest
 * of the app keeps `same-site`) lets the front-ends of `CORS_ORIGINS` display it (DESIGN §4, issue 9);
 * the session requirement is unchanged.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COMMON_MESSAGES, idParams } from '@campus/contract/envelope';
import { getFile } from '../../lib/blob-store.ts';
import { notFound } from '../../lib/errors.ts';

export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/:id',
    {
      schema: {
        tags: ['files'],
        params: idParams(),
        querystring: z.object({ variant: z.enum(['thumb']).optional() }),
      },
    },
    async (req, reply) => {
      const file = await getFile(app.ctx.db, req.params.id);
      if (!file) throw notFound(COMMON_MESSAGES.notFound);
      const thumb = req.query.variant === 'thumb' && file.thumbBytes;
      const etag = `"${file.sha256}${thumb ? '-t' : ''}"`;
      reply
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', 'sandbox')
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('vary', 'Cookie');
      if (req.headers['if-none-match'] === etag) return reply.code(304).send();
      const bytes = thumb ? file.thumbBytes! : file.bytes;
      return reply
        .type(thumb ? 'image/webp' : file.contentType)
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    },
  );
};
