/**
 * GET /api/files/{id} (DESIGN §6, issue 21 item 7): a stored file for those who may see the
 * record it belongs to (`files.service.ts`; anyone else 404 "File not found."). `?variant=thumb`
 * serves the thumbnail of an image. Sent with the SHA-256 ETag and `Cache-Control: private,
 * no-cache`: a browser keeps the bytes but asks again each time (`If-None-Match` → 304 after the
 * access check), so a file whose record is hidden, deleted or recalled stops being served at once
 * and never lives on in a shared cache. `nosniff` and `Content-Security-Policy: sandbox` keep an
 * upload from running as a page; `Cross-Origin-Resource-Policy: cross-origin` on the file itself
 * (the rest of the app keeps `same-site`) lets the front-ends of `CORS_ORIGINS` display it.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '@campus/contract/envelope';
import { FILE_MESSAGES } from '@campus/contract/files';
import { signedIn } from '../../lib/auth.ts';
import * as service from './files.service.ts';

/** True when an `If-None-Match` header lists `etag` (or `*`); weak validators compare equal. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim().replace(/^W\//, '');
    return t === etag || t === '*';
  });
}

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
      const etag = `"${file.sha256}${thumb ? '-t' : ''}"`;
      reply
        .header('cache-control', 'private, no-cache')
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', 'sandbox')
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('vary', 'Cookie');
      if (matchesEtag(req.headers['if-none-match'], etag)) return reply.code(304).send();
      const bytes = await service.readableFileBytes(app.ctx, file, thumb);
      return reply
        .type(thumb ? 'image/webp' : file.contentType)
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    },
  );
});
