/**
 * The Fastify server's own options, read from the loaded config (config.ts): the log (without
 * tokens, ASVS 16.2.5), the trusted proxies (README Operations), the JSON body limit (1 MiB), the
 * time limits (docs/security.md "Time limits"), the shutdown answer left to lib/shutdown.ts, and
 * the router's own refusals in the envelope (docs/security.md).
 */
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { COMMON_MESSAGES } from '@campus/contract/envelope';
import type { AppConfig } from '../config.ts';

/** A URL without its query string: mail links carry tokens there (`/verify-email?token=…`). */
export const pathOnly = (url: string) => url.split('?')[0]!;

/**
 * The request as the log shows it (ASVS 16.2.5, 14.2.1): method, path without the query string,
 * host and client address — never a token from a link's query, a cookie or a header.
 */
function logSafeRequest(request: FastifyRequest) {
  return { method: request.method, url: pathOnly(request.url), host: request.host, remoteAddress: request.ip };
}

/**
 * Fastify's `trustProxy` for our setting: a list of proxy addresses as it is; a hop count as "the
 * last N hops are proxies" (Fastify 5.12 treats a bare number as trusting nothing). A hop count
 * trusts whoever connects directly, so the app must be reachable only through the proxy; the
 * address list has no such condition (README Operations).
 */
function trustProxyOption(
  trust: AppConfig['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** The log: `logger` as given (false: none; an object: pino options), else pretty in development. */
function loggerOption(config: AppConfig, logger: boolean | object | undefined): FastifyServerOptions['logger'] {
  if (logger === false) return false;
  const base =
    typeof logger === 'object'
      ? logger
      : config.production
        ? { level: config.logLevel }
        : {
            level: config.logLevel,
            transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } },
          };
  return { ...base, serializers: { req: logSafeRequest } };
}

/**
 * The options for `Fastify(…)`. A whole request must arrive within `limits.requestTimeoutMs`, its
 * headers (and a socket's first request) within `limits.headersTimeoutMs`, checked every second; a
 * socket silent both ways for `limits.socketIdleTimeoutMs` is closed. A path segment over 100
 * characters answers 414, a malformed URL 400, both in the envelope without echoing the path.
 */
export function serverOptions(config: AppConfig, logger: boolean | object | undefined) {
  return {
    logger: loggerOption(config, logger),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    requestTimeout: config.limits.requestTimeoutMs,
    connectionTimeout: config.limits.socketIdleTimeoutMs,
    http: { headersTimeout: config.limits.headersTimeoutMs, connectionsCheckingInterval: 1_000 },
    return503OnClosing: false,
    frameworkErrors: (err: { code?: string }, _request: FastifyRequest, reply: FastifyReply) => {
      const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void reply
        .code(tooLong ? 414 : 400)
        .header('cache-control', 'no-store')
        .send({ success: false, message: tooLong ? COMMON_MESSAGES.urlTooLong : COMMON_MESSAGES.invalidInput });
    },
  };
}
