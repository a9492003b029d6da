/**
 * `Idempotency-Key` on creating writes (docs/design.md §9; lib/idempotency.ts): a signed-in client's
 * repeated POST gets the first answer again instead of creating twice. The kept answer is the
 * JSON text: compression adds its onSend hook to each route, and a route's own hooks run after
 * the app's.
 */
import { registerIdempotency } from '../lib/idempotency.ts';
import { rootPlugin } from './root-plugin.ts';

/** Adds the idempotency hooks (preHandler: claim or replay; onSend: keep or forget). Reads `request.user`. */
export const idempotency = rootPlugin(
  { name: 'idempotency', dependencies: ['sessions'] },
  async (app, { database }) => {
    registerIdempotency(app, database.db);
  },
);
