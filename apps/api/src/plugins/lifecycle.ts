/**
 * The app's lifecycle (docs/security.md "Shutdown", lib/shutdown.ts): `app.lifecycle` is serving,
 * draining or closing; once it is not serving every answer carries `Connection: close` (the
 * plugins whose hooks come after it name it in their dependencies).
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
