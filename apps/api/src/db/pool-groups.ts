/**
 * Bulkheads on the PostgreSQL pool (docs/security.md "Bulkheads"): no route group may hold the
 * whole pool. Each request runs with its route group (`/api/<group>/…`, set by plugins/limits.ts through
 * {@link poolGroup}); a group holds at most `perGroup` of the pool's connections at once, and a
 * request that waits longer than `waitMs` for one of its group's shares fails with
 * {@link PoolGroupFullError} (503 + `Retry-After`, faults.ts). Session lookups take no share (they
 * run outside any group, on the rest of the pool); health and readiness use a separate small pool
 * (client.ts), so neither queues behind a group.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';

/** The route group of the code running now, e.g. `buy-and-sell`; undefined outside a request. */
export const poolGroup = new AsyncLocalStorage<string>();

/** How the pool is shared between route groups. */
export interface PoolShares {
  /** Connections one route group may hold at once. */
  perGroup: number;
  /** How long a request waits for a share of its group before it fails, ms. */
  waitMs: number;
}

/**
 * The default bulkheads of a pool of `poolSize` (docs/security.md "Bulkheads"): one route group
 * holds at most 60 % of it, waits at most 1 s for a share, and 2 more connections are kept for
 * health and readiness.
 */
export function defaultPoolShares(poolSize: number): PoolShares & { reserved: number } {
  return { perGroup: Math.max(1, Math.floor(poolSize * 0.6)), waitMs: 1_000, reserved: 2 };
}

/** Code of {@link PoolGroupFullError}, recognised by `isTimeLimitExceeded` (faults.ts). */
export const POOL_GROUP_FULL = 'POOL_GROUP_FULL';

/** A request waited longer than `waitMs` for a connection share of its route group. */
export class PoolGroupFullError extends Error {
  readonly code = POOL_GROUP_FULL;
  readonly group: string;
  // No parameter properties here: the PGlite worker imports this file through client.ts, and Node
  // runs it with type stripping only (erasable syntax).
  constructor(group: string) {
    super(`Route group "${group}" holds its share of database connections`);
    this.group = group;
  }
}

/** Per-group counting semaphore with a bounded FIFO wait. */
class GroupPermits {
  private readonly held = new Map<string, number>();
  private readonly waiting = new Map<string, Array<() => void>>();

  private readonly shares: PoolShares;

  constructor(shares: PoolShares) {
    this.shares = shares;
  }

  /** Resolves to a release function once `group` has a free share; rejects after `waitMs`. */
  acquire(group: string): Promise<() => void> {
    const n = this.held.get(group) ?? 0;
    if (n < this.shares.perGroup) {
      this.held.set(group, n + 1);
      return Promise.resolve(this.releaser(group));
    }
    return new Promise((resolve, reject) => {
      let queue = this.waiting.get(group);
      if (!queue) this.waiting.set(group, (queue = []));
      const grant = () => {
        clearTimeout(timer);
        resolve(this.releaser(group));
      };
      const timer = setTimeout(() => {
        const i = queue.indexOf(grant);
        if (i >= 0) queue.splice(i, 1);
        if (!queue.length) this.waiting.delete(group);
        reject(new PoolGroupFullError(group));
      }, this.shares.waitMs);
      queue.push(grant);
    });
  }

  /** A function that gives the share back once (to the next waiter of the group, if any). */
  private releaser(group: string): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const queue = this.waiting.get(group);
      const next = queue?.shift();
      if (queue && !queue.length) this.waiting.delete(group);
      if (next) return next();
      const left = (this.held.get(group) ?? 1) - 1;
      if (left > 0) this.held.set(group, left);
      else this.held.delete(group);
    };
  }
}

type Connect = (cb?: (err: Error | undefined, client?: pg.PoolClient, done?: () => void) => void) => unknown;

/**
 * Makes `pool.connect` (which `pool.query` and Drizzle's transactions use) take a share of the
 * current route group first and give it back when the client is released. Code outside a request
 * (no group: start-up, purges, the live listener's reads) takes no share.
 */
export function limitPoolByGroup(pool: pg.Pool, shares: PoolShares): void {
  const permits = new GroupPermits(shares);
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const grouped: Connect = (cb) => {
    const group = poolGroup.getStore();
    const acquired = group
      ? permits.acquire(group).then(async (release) => {
          try {
            const client = await connect();
            const releaseClient = client.release.bind(client);
            client.release = (err?: Error | boolean) => {
              release();
              releaseClient(err);
            };
            return client;
          } catch (err) {
            release();
            throw err;
          }
        })
      : connect();
    if (!cb) return acquired;
    acquired.then(
      (client) => cb(undefined, client, client.release),
      (err: Error) => cb(err, undefined, () => {}),
    );
    return undefined;
  };
  pool.connect = grouped as typeof pool.connect;
}
