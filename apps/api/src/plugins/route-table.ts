/**
 * The route table: every route the app registers (method, full URL, schema), for the route-wide
 * suites — the authorization matrix and input fuzzing (docs/architecture.md "Every route arrives
 * with its rows"). Every plugin that adds routes depends on it, so no route is registered unseen.
 */
import type { FastifySchema } from 'fastify';
import { rootPlugin } from './root-plugin.ts';

/** A registered route: method, full URL (`/api/…/:id`) and its schema, if any. */
export interface RouteEntry {
  method: string;
  url: string;
  schema?: FastifySchema;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app registered (method, full URL, schema), for the route-wide suites. */
    routeTable: RouteEntry[];
  }
}

/** Decorates `routeTable` and fills it from `onRoute` (HEAD routes included, one entry per method). */
export const routeTable = rootPlugin({ name: 'route-table' }, async (app) => {
  const routes: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, schema: route.schema });
  });
  app.decorate('routeTable', routes);
});
