/**
 * The web app's files and pages (docs/performance.md; lib/ssr.ts), when `config.webDist` holds a
 * build: its files (the `.br` / `.gz` beside each text asset by `Accept-Encoding`; hashed
 * `assets/` cached a year as immutable, the rest `no-cache`), and every other GET or HEAD outside
 * `/api` answered with the page — rendered on the server when the build has its server bundle,
 * else `index.html` (`no-cache`). Anything else unmatched (under `/api`, another method, no web
 * build) answers 404 in the envelope. Registered after the feature routes; its routes get the
 * error handler and compression's route hooks like every other route.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { COMMON_MESSAGES } from '@campus/contract/envelope';
import { loadServerRenderer } from '../lib/ssr.ts';
import { rootPlugin } from './root-plugin.ts';

/** Serves the build's files and pages and sets the app's not-found handler. */
export const webPages = rootPlugin(
  { name: 'web-pages', dependencies: ['route-table', 'errors', 'compression'] },
  async (app, { config }) => {
    const hasWeb = fs.existsSync(path.join(config.webDist, 'index.html'));
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: config.webDist,
        wildcard: false,
        index: false,
        preCompressed: true,
        cacheControl: false,
        setHeaders: (res, file) => {
          const immutable = file.includes(`${path.sep}assets${path.sep}`);
          res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
    const pages = hasWeb ? await loadServerRenderer(app, config.webDist) : null;
    app.setNotFoundHandler((request, reply) => {
      const api = request.url.startsWith('/api/') || request.url === '/api';
      if (api || !hasWeb || !['GET', 'HEAD'].includes(request.method)) {
        return reply.code(404).send({ success: false, message: COMMON_MESSAGES.notFound });
      }
      if (pages) return pages.send(request, reply);
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  },
);
