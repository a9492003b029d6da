/**
 * The ONE error handler (docs/design.md §4): every failure answers `{ success: false, message, errors? }`
 * with a real status — 503 + `Retry-After` while the database is away or a statement hit its time
 * limit (docs/security.md "Time limits"), an `AppError`'s own status and headers, 404 for a
 * malformed id (the route's not-found message), 400 with `{ field: message }` for invalid input,
 * 413 / 415 / 400 for bodies Fastify or multipart refuse, other 4xx as they are, else 500. Errors
 * are logged at most 10 per 10 s, never with SQL parameters or a URL's query.
 */
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { COMMON_MESSAGES } from '@campus/contract/envelope';
import { FILE_MESSAGES } from '@campus/contract/files';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  isDatabaseUnavailable,
  isTimeLimitExceeded,
  logSafeError,
} from '../db/faults.ts';
import { AppError } from '../lib/errors.ts';
import { throttledLog } from '../lib/log-throttle.ts';
import { rootPlugin } from './root-plugin.ts';
import { pathOnly } from './server-options.ts';

/** Turns a Fastify/zod validation error into `{ field: message }` (first message per field). */
function fieldErrors(err: FastifyError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const v of err.validation ?? []) {
    const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
    errors[field] ??= v.message ?? COMMON_MESSAGES.invalidInput;
  }
  return errors;
}

/** The status and message of a body Fastify or multipart refused, or null for any other error. */
function refusedBody(err: FastifyError): [number, string] | null {
  if (err.code === 'FST_REQ_FILE_TOO_LARGE') return [413, FILE_MESSAGES.tooLarge];
  if (['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT'].includes(err.code))
    return [413, COMMON_MESSAGES.tooManyParts];
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.statusCode === 413) return [413, COMMON_MESSAGES.bodyTooLarge];
  if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return [415, COMMON_MESSAGES.unsupportedMediaType];
  if (err.code?.startsWith('FST_ERR_CTP_') || err.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return [err.statusCode && err.statusCode < 500 ? err.statusCode : 400, COMMON_MESSAGES.malformedJson];
  return null;
}

/** Sets the app's error handler (inherited by every scope registered after it). */
export const errors = rootPlugin({ name: 'errors' }, async (app) => {
  const logError = throttledLog(10_000, 10);
  app.setErrorHandler((err: FastifyError & Partial<AppError>, request, reply) => {
    const databaseDown = isDatabaseUnavailable(err) ? 'Database unavailable' : null;
    const timeLimit = isTimeLimitExceeded(err) ? 'Database time limit' : null;
    if (databaseDown || timeLimit) {
      logError(request.log, 'warn', { err: logSafeError(err), url: pathOnly(request.url) }, databaseDown ?? timeLimit!);
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ success: false, message: COMMON_MESSAGES.unavailable });
    }
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      const errors = err.errors && { errors: err.errors };
      return reply.code(err.statusCode).send({ success: false, message: err.message, ...errors });
    }
    if (err.validation && err.validationContext === 'params') {
      return reply.code(404).send({ success: false, message: err.validation[0]?.message ?? COMMON_MESSAGES.notFound });
    }
    if (hasZodFastifySchemaValidationErrors(err) || err.validation) {
      const errors = fieldErrors(err);
      const message = Object.values(errors)[0] ?? COMMON_MESSAGES.invalidInput;
      return reply.code(400).send({ success: false, message, errors });
    }
    const refused = refusedBody(err);
    if (refused) return reply.code(refused[0]).send({ success: false, message: refused[1] });
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.code(err.statusCode).send({ success: false, message: err.message || COMMON_MESSAGES.invalidInput });
    }
    const logged = { err: logSafeError(err), url: pathOnly(request.url), method: request.method };
    logError(request.log, 'error', logged, 'Unhandled error');
    return reply.code(500).send({ success: false, message: COMMON_MESSAGES.serverError });
  });
});
