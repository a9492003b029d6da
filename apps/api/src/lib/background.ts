/**
 * A small in-process queue for work done after the response (mail is sent after answering,
 * so a request for an existing address and one for an unknown address take the same path and the
 * same time). Jobs run at most `concurrency` at a time; a failing job is logged, never thrown.
 * `idle()` resolves once every queued job has finished (app shutdown, tests).
 */
import pLimit from 'p-limit';
import type { FastifyBaseLogger } from 'fastify';

export interface BackgroundQueue {
  /** Queues `job` (named `name` in the log on failure) and returns at once. */
  run(name: string, job: () => Promise<void>): void;
  /** Resolves when no job is queued or running. */
  idle(): Promise<void>;
}

/** Creates a queue running at most `concurrency` (default 2) jobs at once, logging failures to `log`. */
export function createBackgroundQueue(log: FastifyBaseLogger, concurrency = 2): BackgroundQueue {
  const limit = pLimit(concurrency);
  const running = new Set<Promise<void>>();
  return {
    run(name, job) {
      const p: Promise<void> = limit(job)
        .catch((err: unknown) => log.error({ err, job: name }, 'Background job failed'))
        .finally(() => running.delete(p));
      running.add(p);
    },
    async idle() {
      while (running.size) await Promise.allSettled([...running]);
    },
  };
}
