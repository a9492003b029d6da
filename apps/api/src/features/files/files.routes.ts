/**
 * GET /api/files/{id} (DESIGN §6): stored files for signed-in users only, immutable caching with
 * the SHA-256 ETag, `nosniff` and `Content-Security-Policy: sandbox`. `?variant=thumb` serves the
 * thumbnail of an image.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COMMON_MESSAGES } from '@campus/contract/envelope';
import { getFile } from '../../lib/blob-store.ts';
import { notFound } from '../../lib/errors.ts';

export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['files'],
        params: z.object({ id: z.string() }),
        querystring: z.object({ variant: z.enum(['thumb']).optional() }),
      },
    },
    async (req, reply) => {
      const { id } = req.params;
      const file = z.uuid().safeParse(id).success ? await getFile(app.ctx.db, id) : undefined;
      if (!file) throw notFound(COMMON_MESSAGES.notFound);
      const thumb = req.query.variant === 'thumb' && file.thumbBytes;
      const etag = `"${file.sha256}${thumb ? '-t' : ''}"`;
      reply
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', 'sandbox')
        .header('vary', 'Cookie');
      if (req.headers['if-none-match'] === etag) return reply.code(304).send();
      const bytes = thumb ? file.thumbBytes! : file.bytes;
      return reply
        .type(thumb ? 'image/webp' : file.contentType)
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    },
  );
};
