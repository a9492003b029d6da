/**
 * API documentation (docs/design.md §4): OpenAPI 3.1 generated from the routes' zod schemas by
 * @fastify/swagger with fastify-type-provider-zod's transform, the document at `/api/docs/json`
 * (and `/api/docs/yaml`) and Swagger UI at `/api/docs`. Its `onRoute` hook sees every route, since
 * `buildApp` registers the app's plugins (plugins/api-docs.ts among them) before the features.
 */
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiFailure } from '@campus/contract/envelope';
import { SESSION_COOKIE } from '@campus/contract/users';
import type { AppConfig } from '../config.ts';

/** Path of Swagger UI; the JSON document is at `${API_DOCS_PATH}/json`. */
export const API_DOCS_PATH = '/api/docs';

const { $schema: _drop, ...failureSchema } = z.toJSONSchema(apiFailure);

/**
 * jsonSchemaTransform plus the failure envelope (docs/design.md §4) as the `4XX` response of every route
 * that does not declare its own client-error responses.
 */
const transform: typeof jsonSchemaTransform = (input) => {
  const out = jsonSchemaTransform(input);
  const response = { ...((out.schema.response as Record<string, unknown> | undefined) ?? {}) };
  if (!Object.keys(response).some((code) => code.startsWith('4')))
    response['4XX'] = { description: 'Failure envelope', ...failureSchema };
  return { ...out, schema: { ...out.schema, response } };
};

/** Registers the OpenAPI generator and Swagger UI on `app`. */
export async function registerApiDocs(app: FastifyInstance, config: AppConfig): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `Campus Companion API (${config.institute.shortName})`,
        version: '1.0.0',
        description:
          'Every response uses the envelope `{ success, message, data? }`; failures are ' +
          '`{ success: false, message, errors?: { field: message } }` with a real HTTP status. ' +
          `Signed-in calls carry the \`${SESSION_COOKIE}\` session cookie set by \`POST /api/users/login\`.`,
      },
      servers: [{ url: config.appUrl }],
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } },
      },
    },
    transform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    // No third-party badge: the page's CSP allows images from 'self' and data: only.
    uiConfig: { validatorUrl: null, docExpansion: 'list', deepLinking: true },
  });
}
