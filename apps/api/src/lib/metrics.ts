/**
 * Prometheus metrics (docs/operations.md "Metrics"; ADR docs/decisions/0301-metrics.md), with
 * prom-client, the standard Node library. One registry per app. Served at `GET /metrics` only with
 * `Authorization: Bearer <METRICS_TOKEN>` (401 without or with another token; 404 when no token is
 * configured), and/or by a listener on 127.0.0.1:`METRICS_PORT` that serves nothing else. Never
 * public.
 *
 * What it reads is state the app already keeps: the HTTP hooks (durations, 429s, live streams),
 * node-postgres' pool counts, the LISTEN connection's state and reconnects, the session cache's
 * lookups, statement cancellations by `statement_timeout` / `lock_timeout` (SQLSTATE 57014 / 55P03,
 * seen in `onError`), and the mailer (wrapped). Event-loop lag and process memory are prom-client's
 * default metrics.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import client from 'prom-client';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Mailer } from './mailer.ts';
import type { SessionCache } from './session-cache.ts';

/** Route pattern of the live notification stream: counted as open streams, not as request durations. */
const STREAM_ROUTE = '/api/notification/stream';

/** The metric objects the hooks update; `registry.metrics()` renders them. */
export interface AppMetrics {
  registry: client.Registry;
  httpDuration: client.Histogram<'method' | 'route' | 'status_class'>;
  rateLimitRefusals: client.Counter<'limit'>;
  timeLimitCancellations: client.Counter<'limit'>;
  liveStreams: client.Gauge;
  mail: client.Counter<'result'>;
}

/** node-postgres' pool counts (`pg.Pool`), as Drizzle's `$client` holds it. */
interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** The SQLSTATE of `err` or of an error in its `cause` chain, if any. */
function sqlState(err: unknown): string | undefined {
  let e = err as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++, e = e.cause as typeof e) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/**
 * Builds the registry and its metrics for `database` and `sessionCache`. Gauges that mirror state
 * (pool, listener, session cache) are read at scrape time.
 */
export function createMetrics(database: Database, sessionCache: SessionCache<unknown>, backupDir?: string): AppMetrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  // Gauges named like counters, which `promtool check metrics` flags; the handle and request counts
  // they carry are not ones we alert on.
  for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'])
    registry.removeSingleMetric(name);
  const registers = [registry];

  const httpDuration = new client.Histogram({
    name: 'campus_http_request_duration_seconds',
    help: 'Time from the request to the response, by route pattern and status class (the live stream excluded).',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10],
    registers,
  });
  const rateLimitRefusals = new client.Counter({
    name: 'campus_rate_limit_refusals_total',
    help: 'Requests refused with 429, by the limit that refused them (the route pattern whose limit it is).',
    labelNames: ['limit'] as const,
    registers,
  });
  const timeLimitCancellations = new client.Counter({
    name: 'campus_db_time_limit_cancellations_total',
    help: 'Statements PostgreSQL cancelled by statement_timeout (57014) or lock_timeout (55P03).',
    labelNames: ['limit'] as const,
    registers,
  });
  const liveStreams = new client.Gauge({
    name: 'campus_live_streams_open',
    help: 'Live notification streams (Server-Sent Events) open on this instance.',
    registers,
  });
  const mail = new client.Counter({
    name: 'campus_mail_total',
    help: 'Mail handed to the transport, by result (sent or failed).',
    labelNames: ['result'] as const,
    registers,
  });
  for (const result of ['sent', 'failed']) mail.inc({ result }, 0);
  for (const limit of ['statement_timeout', 'lock_timeout']) timeLimitCancellations.inc({ limit }, 0);

  const pool =
    database.driver === 'pg'
      ? (database.db as unknown as { $client: PoolCounts }).$client
      : { totalCount: 1, idleCount: 1, waitingCount: 0 };
  new client.Gauge({
    name: 'campus_db_pool_connections',
    help: 'Database pool connections of this instance by state: total open, idle, and requests waiting for one (the embedded database is one connection).',
    labelNames: ['state'] as const,
    registers,
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new client.Gauge({
    name: 'campus_listener_up',
    help: 'Whether the LISTEN connection of live notifications and session evictions is up (1) or down (0).',
    registers,
    collect() {
      this.set(database.listenerState() === 'ok' ? 1 : 0);
    },
  });
  const reconnects = new client.Counter({
    name: 'campus_listener_reconnects_total',
    help: 'Times the LISTEN connection came back after it dropped.',
    registers,
  });
  database.onListenerReconnect(() => reconnects.inc());
  let seen = { hits: 0, misses: 0 };
  new client.Counter({
    name: 'campus_session_cache_lookups_total',
    help: 'Session lookups by result: answered from the in-process cache (hit) or not (miss).',
    labelNames: ['result'] as const,
    registers,
    collect() {
      const now = sessionCache.lookups;
      this.inc({ result: 'hit' }, now.hits - seen.hits);
      this.inc({ result: 'miss' }, now.misses - seen.misses);
      seen = now;
    },
  });
  new client.Gauge({
    name: 'campus_session_cache_hit_ratio',
    help: 'Share of session lookups answered from the cache since start (0 before the first lookup).',
    registers,
    collect() {
      const { hits, misses } = sessionCache.lookups;
      this.set(hits + misses ? hits / (hits + misses) : 0);
    },
  });
  if (backupDir)
    new client.Gauge({
      name: 'campus_backup_newest_timestamp_seconds',
      help: 'Modification time of the newest finished archive in BACKUP_DIR (Unix seconds; 0 when there is none).',
      registers,
      async collect() {
        const names = await fs.readdir(backupDir).catch(() => [] as string[]);
        let newest = 0;
        for (const n of names.filter((x) => /^campus-backup-.*\.tar$/.test(x))) {
          const stat = await fs.stat(path.join(backupDir, n)).catch(() => null);
          if (stat) newest = Math.max(newest, stat.mtimeMs / 1000);
        }
        this.set(Math.floor(newest));
      },
    });
  return { registry, httpDuration, rateLimitRefusals, timeLimitCancellations, liveStreams, mail };
}

/** `mailer` counting each send as `sent` or `failed` in `metrics`. */
export function countingMailer(mailer: Mailer, metrics: AppMetrics): Mailer {
  return {
    async send(message) {
      try {
        await mailer.send(message);
        metrics.mail.inc({ result: 'sent' });
      } catch (err) {
        metrics.mail.inc({ result: 'failed' });
        throw err;
      }
    },
  };
}

/** True when `header` is `Bearer <token>` (compared in constant time). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/i.exec(header ?? '')?.[1]?.trim() ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * Registers metrics on `app`: the hooks that feed them, `GET /metrics` behind `config.metrics.token`,
 * the loopback listener on `config.metrics.port`, and the counting mailer on `app.ctx`. With neither
 * a token nor a port nothing is measured and `/metrics` answers 404. The listener closes with the app.
 */
export async function registerMetrics(
  app: FastifyInstance,
  config: Pick<AppConfig, 'metrics' | 'backupDir'>,
  database: Database,
  sessionCache: SessionCache<unknown>,
): Promise<void> {
  const { token, port } = config.metrics;
  const metrics = token || port ? createMetrics(database, sessionCache, config.backupDir) : null;
  app.get('/metrics', { schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    if (!metrics || !token) return reply.code(404).send({ success: false, message: 'Not found' });
    if (!bearerMatches(request.headers.authorization, token))
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ success: false, message: 'Metrics need the bearer token (METRICS_TOKEN).' });
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  if (!metrics) return;

  app.ctx.mailer = countingMailer(app.ctx.mailer, metrics);
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.url !== STREAM_ROUTE) return;
    metrics.liveStreams.inc();
    reply.raw.once('close', () => metrics.liveStreams.dec());
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (reply.statusCode === 429) metrics.rateLimitRefusals.inc({ limit: `${request.method} ${route}` });
    if (route === STREAM_ROUTE) return;
    metrics.httpDuration.observe(
      { method: request.method, route, status_class: `${Math.floor(reply.statusCode / 100)}xx` },
      reply.elapsedTime / 1000,
    );
  });
  app.addHook('onError', async (_request, _reply, err) => {
    const state = sqlState(err);
    if (state === '57014') metrics.timeLimitCancellations.inc({ limit: 'statement_timeout' });
    else if (state === '55P03') metrics.timeLimitCancellations.inc({ limit: 'lock_timeout' });
  });

  if (port) {
    const server = http.createServer((req, res) => {
      if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
        res.writeHead(404).end();
        return;
      }
      metrics.registry.metrics().then(
        (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
        () => res.writeHead(500).end(),
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    app.addHook('onClose', () => new Promise<void>((resolve) => server.close(() => resolve())));
  }
}
