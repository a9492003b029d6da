/**
 * GET /api/files/{id} (docs/design.md §6): a stored file for those who may see the
 * record it belongs to (`files.service.ts`; anyone else 404 "File not found."). `?variant=thumb`
 * serves the thumbnail of an image. Sent with the headers of lib/file-headers.ts (SHA-256 ETag,
 * `private, no-cache`, sandboxed); a matching `If-None-Match` answers 304 after the access check.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '@campus/contract/envelope';
import { FILE_MESSAGES } from '@campus/contract/files';
import { signedIn } from '../../lib/auth.ts';
import { fileEtag, matchesEtag, setFileHeaders } from '../../lib/file-headers.ts';
import * as service from './files.service.ts';

export const filesRoutes: FastifyPluginAsyncZod = signedIn(async (app) => {
  app.get(
    '/:id',
    {
      schema: {
        tags: ['files'],
        params: idParams(FILE_MESSAGES.notFound),
        querystring: z.object({ variant: z.enum(['thumb']).optional() }),
      },
    },
    async (req, reply) => {
      const file = await service.loadReadableFile(app.ctx, req.user, req.params.id);
      const thumb = req.query.variant === 'thumb' && file.hasThumb;
      const etag = fileEtag(file.sha256, thumb);
      setFileHeaders(reply, etag);
      if (matchesEtag(req.headers['if-none-match'], etag)) return reply.code(304).send();
      const bytes = await service.readableFileBytes(app.ctx, file, thumb);
      return reply
        .type(thumb ? 'image/webp' : file.contentType)
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    },
  );
});
