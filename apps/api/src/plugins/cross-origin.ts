/**
 * Cross-origin requests (docs/security.md; docs/design.md §4): the front-ends listed in `CORS_ORIGINS` may
 * call the API with credentials (@fastify/cors answers their preflights), and a state-changing
 * request from any other site is refused 403 (`COMMON_MESSAGES.csrf`; the rule is
 * `isCrossSiteRequest` in lib/auth.ts). Both answers carry the security headers, which come first.
 */
import cors from '@fastify/cors';
import { COMMON_MESSAGES } from '@campus/contract/envelope';
import { isCrossSiteRequest } from '../lib/auth.ts';
import { AppError } from '../lib/errors.ts';
import { rootPlugin } from './root-plugin.ts';

/** Registers CORS for `config.corsOrigins` and the cross-site refusal (onRequest). */
export const crossOrigin = rootPlugin(
  { name: 'cross-origin', dependencies: ['security-headers', 'route-table'] },
  async (app, { config }) => {
    await app.register(cors, {
      origin: config.corsOrigins,
      credentials: true,
      methods: ['GET', 'POST', 'PUT', 'DELETE'],
      allowedHeaders: ['content-type'],
    });
    const allowedOrigins = new Set([new URL(config.appUrl).origin, ...config.corsOrigins]);
    app.addHook('onRequest', async (request) => {
      if (isCrossSiteRequest(request, allowedOrigins)) throw new AppError(403, COMMON_MESSAGES.csrf);
    });
  },
);
