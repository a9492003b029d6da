/**
 * Readiness (docs/design.md §9): `GET /api/ready` answers 200 with each part "ok" when
 * this instance can serve — the database answers within 2 s and the live-notification listener is
 * connected — and 503 with the failing parts otherwise, so a load balancer takes the instance out
 * of rotation while it cannot serve. `GET /api/users/health` stays the spec's liveness answer.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COMMON_MESSAGES, apiFailure, apiSuccess } from '@campus/contract/envelope';
import type { Database } from '../db/client.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../db/faults.ts';
import type { Lifecycle } from './shutdown.ts';

/** How long the readiness ping may take, ms. */
export const READY_PING_TIMEOUT_MS = 2_000;

const readyData = z.object({ database: z.literal('ok'), listener: z.literal('ok') });

/** Resolves true when `database` answers `SELECT 1` within {@link READY_PING_TIMEOUT_MS}. */
async function databaseAnswers(database: Database): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), READY_PING_TIMEOUT_MS)));
  try {
    return await Promise.race([database.ping().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Registers `GET /api/ready` (open to everyone, like the health route). Once `lifecycle` is not
 * serving (SIGTERM, lib/shutdown.ts) it answers 503 with `errors.server`, so a balancer stops
 * sending before the instance stops accepting.
 */
export function registerReadiness(app: FastifyInstance, database: Database, lifecycle: Lifecycle): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/ready',
      { schema: { tags: ['operations'], response: { 200: apiSuccess(readyData), 503: apiFailure } } },
      async (_req, reply) => {
        const errors: Record<string, string> = {};
        if (lifecycle.phase !== 'serving') errors.server = COMMON_MESSAGES.shuttingDown;
        if (!(await databaseAnswers(database))) errors.database = COMMON_MESSAGES.databaseDown;
        if (database.listenerState() !== 'ok') errors.listener = COMMON_MESSAGES.listenerDown;
        if (Object.keys(errors).length) {
          return reply
            .code(503)
            .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
            .send({ success: false, message: Object.values(errors)[0]!, errors });
        }
        return {
          success: true as const,
          message: COMMON_MESSAGES.ready,
          data: { database: 'ok', listener: 'ok' } as const,
        };
      },
    );
}
