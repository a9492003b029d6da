/**
 * Security headers (docs/security.md): helmet's headers with our Content-Security-Policy (scripts:
 * the origin's and the web shell's inline script by hash, lib/csp.ts) on every
 * answer, HSTS when the app is served over https, and `Cache-Control: no-store` on JSON answers
 * under `/api/` (they may carry personal data) unless the route set its own (stored files:
 * lib/file-headers.ts). Helmet is built once, not per request (@fastify/helmet rebuilt it and
 * re-parsed the CSP on every request, ~5% of a list request's CPU). It follows the lifecycle
 * plugin (lib/shutdown.ts).
 */
import helmet from 'helmet';
import { imageSources, scriptSources } from '../lib/csp.ts';
import { rootPlugin } from './root-plugin.ts';

/** Adds the helmet headers (onRequest) and the API's `no-store` default (onSend). */
export const securityHeaders = rootPlugin(
  { name: 'security-headers', dependencies: ['lifecycle'] },
  async (app, { config }) => {
    const headers = helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: scriptSources(config.webDist),
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: imageSources(config.mapTiles?.url),
          connectSrc: ["'self'"],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'none'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      hsts: config.appUrl.startsWith('https://') ? { maxAge: 31536000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: { policy: 'same-site' },
    });
    app.addHook('onRequest', (request, reply, done) =>
      headers(request.raw, reply.raw, (err) => done(err as Error | undefined)),
    );
    app.addHook('onSend', async (request, reply, payload) => {
      if (
        request.url.startsWith('/api/') &&
        !reply.hasHeader('cache-control') &&
        String(reply.getHeader('content-type') ?? '').startsWith('application/json')
      )
        reply.header('cache-control', 'no-store');
      return payload;
    });
  },
);
