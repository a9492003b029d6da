/**
 * The service context (docs/architecture.md; lib/context.ts): `app.ctx` holds everything services
 * need — the database, the config, the log, the mailer (SMTP, or files in `<DATA_DIR>/outbox`),
 * the app's event bus and the queue of work done after a response. The database logs through the
 * app's log; on close the app waits for the queued work.
 */
import { EventEmitter } from 'node:events';
import path from 'node:path';
import type { AppEvents, ServiceContext } from '../lib/context.ts';
import { createBackgroundQueue } from '../lib/background.ts';
import { createMailer } from '../lib/mailer.ts';
import { rootPlugin } from './root-plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Everything services need (lib/context.ts). */
    ctx: ServiceContext;
  }
}

/** Decorates `ctx` from `config` and `database`; `mailer` replaces the configured transport (tests). */
export const serviceContext = rootPlugin({ name: 'service-context' }, async (app, { config, database, mailer }) => {
  database.useLogger(app.log);
  const ctx: ServiceContext = {
    db: database.db,
    database,
    config,
    log: app.log,
    mailer:
      mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        outboxDir: path.join(config.dataDir, 'outbox'),
        log: app.log,
      }),
    events: new EventEmitter<AppEvents>(),
    background: createBackgroundQueue(app.log),
  };
  app.decorate('ctx', ctx);
  app.addHook('onClose', () => ctx.background.idle());
});
