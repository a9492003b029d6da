/**
 * Request input (docs/architecture.md "Building blocks"): zod validates and serializes every
 * route's schema (fastify-type-provider-zod); multipart uploads are parsed with their ceilings
 * (one file under `MAX_UPLOAD_BYTES`, 30 fields of 64 KB); and before validation, text PostgreSQL
 * cannot store (U+0000) is refused and lone UTF-16 surrogates are mended to U+FFFD for every route
 * (multipart fields where readForm reads them; they are decoded from UTF-8, so never hold one), a
 * body schema with no body at all validates as `{}` so each missing field gets its own message,
 * and a list asked for without `page` and `limit` answers up to its unpaged limit (lib/pages.ts).
 */
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { MAX_UPLOAD_BYTES } from '@campus/contract/files';
import { mendSurrogates, refuseNul } from '../lib/multipart-form.ts';
import { fillUnpagedLimit } from '../lib/pages.ts';
import { rootPlugin } from './root-plugin.ts';

/** Sets the zod compilers, registers multipart and adds the preValidation hook above. */
export const input = rootPlugin({ name: 'input' }, async (app) => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES - 1, files: 1, fields: 30, fieldSize: 64 * 1024 },
    throwFileSizeLimit: true,
  });
  app.addHook('preValidation', async (request) => {
    request.body = mendSurrogates(request.body);
    mendSurrogates(request.query);
    mendSurrogates(request.params);
    refuseNul(request.body, request.query, request.params);
    if (request.body == null && request.routeOptions.schema?.body) request.body = {};
    fillUnpagedLimit(request);
  });
});
