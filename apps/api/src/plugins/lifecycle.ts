/**
 * The app's lifecycle (docs/security.md "Shutdown", lib/shutdown.ts): `app.lifecycle` is serving,
 * draining or closing; while draining every answer carries `Connection: close`, while closing a
 * request is answered 503 + `Retry-After` in the envelope before any other plugin's request hook
 * runs (the plugins whose hooks come after it name it in their dependencies).
 */
import { registerLifecycle, type Lifecycle } from '../lib/shutdown.ts';
import { rootPlugin } from './root-plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Serving, draining or closing (lib/shutdown.ts); readiness answers 503 once it is not serving. */
    lifecycle: Lifecycle;
  }
}

/** Decorates `lifecycle` and adds the shutdown hooks. */
export const lifecycle = rootPlugin({ name: 'lifecycle' }, async (app) => {
  app.decorate('lifecycle', registerLifecycle(app));
});
