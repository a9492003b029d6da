/**
 * API documentation (lib/openapi.ts): the OpenAPI 3.1 document generated from the routes' zod
 * schemas at `/api/docs/json` and `/api/docs/yaml`, and Swagger UI at `/api/docs`. The generator
 * sees each route as it is registered, so every plugin that adds documented routes depends on
 * this one, and the feature routes come after the plugins.
 */
import { registerApiDocs } from '../lib/openapi.ts';
import { rootPlugin } from './root-plugin.ts';

/** Registers the OpenAPI generator and Swagger UI, with the envelope's answers and the zod compilers. */
export const apiDocs = rootPlugin(
  { name: 'api-docs', dependencies: ['route-table', 'input', 'errors'] },
  async (app, { config }) => {
    await registerApiDocs(app, config);
  },
);
