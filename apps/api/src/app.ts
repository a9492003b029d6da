/**
 * Builds the Fastify app (DESIGN §3): plugins, security headers, the session/CSRF hooks, ONE error
 * handler producing the envelope of DESIGN §4, the explicit list of feature route modules, and the
 * built SPA with its index.html fallback.
 */
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest, type FastifySchema } from 'fastify';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import helmet from 'helmet';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { COMMON_MESSAGES } from '@campus/contract/envelope';
import { FILE_MESSAGES, MAX_UPLOAD_BYTES } from '@campus/contract/files';
import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable, isTimeLimitExceeded, logSafeError } from './db/faults.ts';
import { poolGroup } from './db/pool-groups.ts';
import { fillUnpagedLimit } from './lib/pages.ts';
import {
  cachedSessionLookup,
  isCrossSiteRequest,
  loadSession,
  requireAdmin,
  requireUser,
  type FoundSession,
} from './lib/auth.ts';
import type { SessionCache } from './lib/session-cache.ts';
import type { AppEvents, ServiceContext } from './lib/context.ts';
import { createBackgroundQueue } from './lib/background.ts';
import { AppError } from './lib/errors.ts';
import { refuseNul } from './lib/multipart-form.ts';
import { limitConnections } from './lib/connections.ts';
import { registerIdempotency } from './lib/idempotency.ts';
import { throttledLog } from './lib/log-throttle.ts';
import { limitPerUser, postgresRateLimitStore } from './lib/rate-limit.ts';
import { registerReadiness } from './lib/readiness.ts';
import { registerMetrics } from './lib/metrics.ts';
import { registerLifecycle, type Lifecycle } from './lib/shutdown.ts';
import { loadServerRenderer } from './lib/ssr.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { registerApiDocs } from './lib/openapi.ts';
import { filesRoutes } from './features/files/files.routes.ts';
import { instituteRoutes } from './features/institute/institute.routes.ts';
import { internshipsRoutes } from './features/internships/internships.routes.ts';
import { lostFoundRoutes } from './features/lost-found/lost-found.routes.ts';
import { marketplaceRoutes } from './features/marketplace/marketplace.routes.ts';
import { ridesRoutes } from './features/rides/rides.routes.ts';
import { searchRoutes } from './features/search/search.routes.ts';
import { adminReportsRoutes, reportsRoutes } from './features/reports/reports.routes.ts';
import { skillExchangeRoutes } from './features/skill-exchange/skill-exchange.routes.ts';
import { attendanceRoutes, enrollmentsRoutes, subjectsRoutes } from './features/attendance/attendance.routes.ts';
import { usersRoutes } from './features/users/users.routes.ts';
import { adminRoutes } from './features/admin/admin.routes.ts';
import { notificationsRoutes } from './features/notifications/notifications.routes.ts';

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Everything services need (DESIGN §3). */
    ctx: ServiceContext;
    /** onRequest guard: 401 without a live session. */
    requireUser: Hook;
    /** onRequest guard: 401 without a session, 403 without the admin role. */
    requireAdmin: Hook;
    /** Every route the app registered (method, full URL, schema), for the route-wide suites. */
    routeTable: RouteEntry[];
    /** Loads the session (if any) into request.user without refusing guests. */
    loadSession: (request: FastifyRequest) => Promise<void>;
    /** The in-process session cache (issue 23; tests read its size). */
    sessionCache: SessionCache<FoundSession>;
    /** Serving, draining or closing (lib/shutdown.ts); readiness answers 503 once it is not serving. */
    lifecycle: Lifecycle;
  }
}

/** A registered route: method, full URL (`/api/…/:id`) and its schema, if any. */
export interface RouteEntry {
  method: string;
  url: string;
  schema?: FastifySchema;
}

/** Options of buildApp; `mailer` overrides the configured transport (tests). */
export interface BuildOptions {
  config: AppConfig;
  database: Database;
  mailer?: Mailer;
  /** Pino logger options, or false to disable logging (tests). */
  logger?: boolean | object;
}

/** The feature route modules and their prefixes: the ONE list (DESIGN §3). */
const FEATURES = [
  { prefix: '/api/users', routes: usersRoutes },
  { prefix: '/api/files', routes: filesRoutes },
  { prefix: '/api/institute', routes: instituteRoutes },
  { prefix: '/api/users/admin', routes: adminRoutes },
  { prefix: '/api/notification', routes: notificationsRoutes },
  { prefix: '/api/buy-and-sell', routes: marketplaceRoutes },
  { prefix: '/api/lost-and-found', routes: lostFoundRoutes },
  { prefix: '/api/internships', routes: internshipsRoutes },
  { prefix: '/api/rides', routes: ridesRoutes },
  { prefix: '/api/skill-exchange', routes: skillExchangeRoutes },
  { prefix: '/api/attendance', routes: attendanceRoutes },
  { prefix: '/api/enrollments', routes: enrollmentsRoutes },
  { prefix: '/api/resources', routes: subjectsRoutes },
  { prefix: '/api/search', routes: searchRoutes },
  { prefix: '/api/reports', routes: reportsRoutes },
  { prefix: '/api/admin/reports', routes: adminReportsRoutes },
];

/** Turns a Fastify/zod validation error into `{ field: message }` (first message per field). */
function fieldErrors(err: FastifyError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const v of err.validation ?? []) {
    const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
    errors[field] ??= v.message ?? COMMON_MESSAGES.invalidInput;
  }
  return errors;
}

/**
 * Fastify's `trustProxy` for our setting (issue 20 item 4): a list of proxy addresses as it is; a
 * hop count as "the last N hops are proxies" (Fastify 5.12 treats a bare number as trusting
 * nothing). A hop count trusts whoever connects directly, so the app must be reachable only
 * through the proxy; the address list has no such condition (README Operations).
 */
function trustProxyOption(
  trust: AppConfig['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** The pool's route group of a URL: `/api/rides/…` → `rides`; pages and files outside `/api` → `pages`. */
const routeGroup = (url: string) => /^\/api\/([^/?#]+)/.exec(url)?.[1] ?? 'pages';

/** A URL without its query string: mail links carry tokens there (`/verify-email?token=…`). */
const pathOnly = (url: string) => url.split('?')[0]!;

/**
 * The request as the log shows it (ASVS 16.2.5, 14.2.1): method, path without the query string,
 * host and client address — never a token from a link's query, a cookie or a header.
 */
function logSafeRequest(request: FastifyRequest) {
  return { method: request.method, url: pathOnly(request.url), host: request.host, remoteAddress: request.ip };
}

/** Builds the app. Does not listen. */
export async function buildApp(opts: BuildOptions) {
  const { config, database } = opts;
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            ...(typeof opts.logger === 'object'
              ? opts.logger
              : config.production
                ? { level: config.logLevel }
                : {
                    level: config.logLevel,
                    transport: {
                      target: 'pino-pretty',
                      options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
                    },
                  }),
            serializers: { req: logSafeRequest },
          },
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Time limits (docs/security.md "Time limits"): a whole request must arrive within
    // requestTimeout, its headers (and a socket's first request) within headersTimeout, checked
    // every second; a socket silent both ways for connectionTimeout is closed.
    requestTimeout: config.limits.requestTimeoutMs,
    connectionTimeout: config.limits.socketIdleTimeoutMs,
    http: { headersTimeout: config.limits.headersTimeoutMs, connectionsCheckingInterval: 1_000 },
    // During shutdown late requests get our envelope with Retry-After (lib/shutdown.ts), not Fastify's bare 503.
    return503OnClosing: false,
    // The router's own refusals (a path segment over 100 characters, a malformed URL) answer in the
    // envelope too, without echoing the path (issue 9).
    frameworkErrors: (err, _request, reply: FastifyReply) => {
      const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void reply
        .code(tooLong ? 414 : 400)
        .header('cache-control', 'no-store')
        .send({ success: false, message: tooLong ? COMMON_MESSAGES.urlTooLong : COMMON_MESSAGES.invalidInput });
    },
  }).withTypeProvider<ZodTypeProvider>();
  const routes: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, schema: route.schema });
  });
  app.decorate('routeTable', routes);
  database.useLogger(app.log);
  // Bulkheads (docs/security.md "Bulkheads"): each request runs with its route group, so one group
  // (a list behind a locked table) can hold only its share of the pool. Entered again after the
  // body is parsed: the body's stream events run outside the request's async context.
  const enterGroup = (request: FastifyRequest, _reply: FastifyReply, done: () => void) =>
    poolGroup.run(routeGroup(request.url), done);
  app.addHook('onRequest', enterGroup);
  app.addHook('preValidation', enterGroup);
  app.decorate('lifecycle', registerLifecycle(app));
  limitConnections(app.server, config);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ctx: ServiceContext = {
    db: database.db,
    database,
    config,
    log: app.log,
    mailer:
      opts.mailer ??
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
  const sessions = await cachedSessionLookup(ctx);
  app.addHook('onClose', sessions.close);
  app.decorate('sessionCache', sessions.cache);
  app.decorate('requireUser', requireUser(sessions.lookup));
  app.decorate('requireAdmin', requireAdmin(sessions.lookup));
  app.decorate('loadSession', (request: FastifyRequest) => loadSession(sessions.lookup, request));
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);

  await app.register(cookie);
  // Security headers (helmet), built once: @fastify/helmet rebuilt the middleware and re-parsed the
  // CSP on every request, ~5% of a list request's CPU in the issue 10 profile.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    hsts: config.appUrl.startsWith('https://') ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)),
  );
  // Per-IP route limits: in PostgreSQL when the app runs on it, so every instance counts the same
  // hits (issue 20 item 5); in memory on the embedded database, which one process owns. While the
  // database is away the limit is skipped and the route itself answers 503.
  await app.register(rateLimit, {
    global: false,
    ...(database.driver === 'pg' && { store: postgresRateLimitStore(database.db), skipOnError: true }),
    errorResponseBuilder: (_req, limit) =>
      new AppError(429, COMMON_MESSAGES.rateLimited, undefined, { 'retry-after': String(Math.ceil(limit.ttl / 1000)) }),
  });
  // Creating writes may carry an Idempotency-Key (DESIGN §9); registered before compression so the
  // kept answer is the JSON text.
  registerIdempotency(app, database.db);
  // JSON answers over 2 KB go out compressed (issue 10); precompressed files and streams are left alone.
  // Brotli at quality 1, not the plugin's 4 (issue 23 item 4): each answer gets a new encoder, and
  // quality 4's larger state made compression the largest single cost of a list request in the CPU
  // profile; measured on the bench's list page (11.5 KB of JSON) quality 1 sends 1.7 KB instead of
  // 1.45 KB and cut the server's CPU per list request by ~0.5–0.8 ms (README Performance).
  await app.register(compress, {
    threshold: 2048,
    syncThreshold: 65536,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_GENERIC,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
      },
    },
  });
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES - 1, files: 1, fields: 30, fieldSize: 64 * 1024 },
    throwFileSizeLimit: true,
  });

  // Other front-ends listed in CORS_ORIGINS may call the API with credentials (DESIGN §4).
  await app.register(cors, {
    origin: config.corsOrigins,
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['content-type'],
  });
  const allowedOrigins = new Set([new URL(config.appUrl).origin, ...config.corsOrigins]);
  app.addHook('onRequest', async (request) => {
    if (isCrossSiteRequest(request, allowedOrigins)) throw new AppError(403, COMMON_MESSAGES.csrf);
  });
  app.addHook('preHandler', (request) => limitPerUser(database.db, request));
  // API answers may carry personal data: no cache keeps them (issue 9). Routes that set their own
  // Cache-Control (stored files: private, no-cache with an ETag) keep it.
  app.addHook('onSend', async (request, reply, payload) => {
    if (
      request.url.startsWith('/api/') &&
      !reply.hasHeader('cache-control') &&
      String(reply.getHeader('content-type') ?? '').startsWith('application/json')
    )
      reply.header('cache-control', 'no-store');
    return payload;
  });
  // A body schema with no body at all validates as `{}` so each missing field gets its own message;
  // a list asked for without `page` and `limit` answers up to its unpaged limit (issue 25).
  // Text PostgreSQL cannot store (U+0000) is refused here for every route; multipart fields are
  // checked where they are read (readForm).
  app.addHook('preValidation', async (request) => {
    refuseNul(request.body, request.query, request.params);
    if (request.body == null && request.routeOptions.schema?.body) request.body = {};
    fillUnpagedLimit(request);
  });

  // At most a few error lines per 10 s, never with SQL parameters (issue 21 item 1).
  const logError = throttledLog(10_000, 10);
  app.setErrorHandler((err: FastifyError & Partial<AppError>, request, reply) => {
    // The database is away (restart, failover, terminated backend): 503, the client retries (issue 20).
    if (isDatabaseUnavailable(err)) {
      logError(request.log, 'warn', { err: logSafeError(err), url: pathOnly(request.url) }, 'Database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ success: false, message: COMMON_MESSAGES.unavailable });
    }
    // A statement cancelled by `statement_timeout` or `lock_timeout` (a table locked by a migration,
    // an overloaded database): 503, the client retries, instead of a hang (docs/security.md "Time limits").
    if (isTimeLimitExceeded(err)) {
      logError(request.log, 'warn', { err: logSafeError(err), url: pathOnly(request.url) }, 'Database time limit');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ success: false, message: COMMON_MESSAGES.unavailable });
    }
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return reply
        .code(err.statusCode)
        .send({ success: false, message: err.message, ...(err.errors && { errors: err.errors }) });
    }
    // A malformed id cannot name a record: 404 with the route's not-found message (DESIGN §4).
    if (err.validation && err.validationContext === 'params') {
      return reply.code(404).send({ success: false, message: err.validation[0]?.message ?? COMMON_MESSAGES.notFound });
    }
    if (hasZodFastifySchemaValidationErrors(err) || err.validation) {
      const errors = fieldErrors(err);
      return reply
        .code(400)
        .send({ success: false, message: Object.values(errors)[0] ?? COMMON_MESSAGES.invalidInput, errors });
    }
    if (err.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.code(413).send({ success: false, message: FILE_MESSAGES.tooLarge });
    }
    if (err.code === 'FST_FILES_LIMIT' || err.code === 'FST_PARTS_LIMIT' || err.code === 'FST_FIELDS_LIMIT') {
      return reply.code(413).send({ success: false, message: COMMON_MESSAGES.tooManyParts });
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.statusCode === 413) {
      return reply.code(413).send({ success: false, message: COMMON_MESSAGES.bodyTooLarge });
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(415).send({ success: false, message: COMMON_MESSAGES.unsupportedMediaType });
    }
    if (err.code?.startsWith('FST_ERR_CTP_') || err.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      return reply
        .code(err.statusCode && err.statusCode < 500 ? err.statusCode : 400)
        .send({ success: false, message: COMMON_MESSAGES.malformedJson });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.code(err.statusCode).send({ success: false, message: err.message || COMMON_MESSAGES.invalidInput });
    }
    logError(
      request.log,
      'error',
      { err: logSafeError(err), url: pathOnly(request.url), method: request.method },
      'Unhandled error',
    );
    return reply.code(500).send({ success: false, message: COMMON_MESSAGES.serverError });
  });

  await registerApiDocs(app, config);
  registerReadiness(app, database, app.lifecycle);
  await registerMetrics(app, config, database, sessions.cache);
  for (const feature of FEATURES) await app.register(feature.routes, { prefix: feature.prefix });

  const hasWeb = fs.existsSync(path.join(config.webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside every text asset (issue 10): served by Accept-Encoding.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, file) => {
        res.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  const pages = hasWeb ? await loadServerRenderer(app, config.webDist) : null;
  app.setNotFoundHandler((request, reply) => {
    if (
      request.url.startsWith('/api/') ||
      request.url === '/api' ||
      !hasWeb ||
      !['GET', 'HEAD'].includes(request.method)
    ) {
      return reply.code(404).send({ success: false, message: COMMON_MESSAGES.notFound });
    }
    // Pages are rendered on the server when the web build has its server bundle (issue 23 item 1).
    if (pages) return pages.send(request, reply);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });

  return app;
}

/** The app type, for helpers and tests. */
export type App = Awaited<ReturnType<typeof buildApp>>;
