/**
 * Connection limits and bulkheads (docs/security.md "Time limits", "Bulkheads"): the socket
 * ceilings and the slow-body refusal of lib/connections.ts on the HTTP server, and each request
 * run with its route group (db/pool-groups.ts), so one group — a list behind a locked table — can
 * hold only its share of the database pool. The request time limits are server options
 * (plugins/server-options.ts); the per-IP and per-user ceilings are plugins/rate-limits.ts.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { poolGroup } from '../db/pool-groups.ts';
import { limitConnections } from '../lib/connections.ts';
import { rootPlugin } from './root-plugin.ts';

/** The pool's route group of a URL: `/api/rides/…` → `rides`; pages and files outside `/api` → `pages`. */
const routeGroup = (url: string) => /^\/api\/([^/?#]+)/.exec(url)?.[1] ?? 'pages';

/** Runs the rest of the request's hooks and handler inside its route group. */
function enterGroup(request: FastifyRequest, _reply: FastifyReply, done: () => void) {
  poolGroup.run(routeGroup(request.url), done);
}

/**
 * Applies `config.limits` to the server's sockets and enters the route group when a request
 * arrives and again once its body is parsed (the body's stream events run outside the request's
 * async context).
 */
export const limits = rootPlugin({ name: 'limits' }, async (app, { config }) => {
  limitConnections(app.server, config);
  app.addHook('onRequest', enterGroup);
  app.addHook('preValidation', enterGroup);
});
