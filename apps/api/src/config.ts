/**
 * Configuration (docs/design.md §3): the only reader of `process.env`. Parsed once with zod; a bad value
 * stops start-up with a message naming the variable.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { envSchema, type TrustProxy } from './config.env.ts';
import { instituteConfig, timetableIssue, type InstituteConfig } from '@campus/contract/institute';
import type { PgTimeouts } from './db/client.ts';
import { defaultPoolShares, type PoolShares } from './db/pool-groups.ts';

/**
 * Connection and stream ceilings: one client can never hold the process's file
 * descriptors, and one session only a few live streams.
 */
export interface ConnectionLimits {
  /** Open sockets the server accepts in all (`server.maxConnections`). */
  maxConnections: number;
  /** Open sockets per remote address; not applied when `trustProxy` is set (the proxy's own limit applies). */
  maxConnectionsPerAddress: number;
  /** Live notification streams per session; a new one closes the session's oldest. */
  streamsPerSession: number;
  /** Live notification streams per user, all sessions together; a new one closes the user's oldest. */
  streamsPerUser: number;
  /**
   * Time to receive a request's headers, ms (`HEADERS_TIMEOUT_MS`, Node's `headersTimeout`); also
   * ends a socket that never sends a request. docs/security.md "Time limits".
   */
  headersTimeoutMs: number;
  /** Time to receive a whole request, headers and body, ms (`REQUEST_TIMEOUT_MS`, Fastify's `requestTimeout`). */
  requestTimeoutMs: number;
  /**
   * A socket with no bytes in either direction this long is closed, ms (`SOCKET_IDLE_TIMEOUT_MS`,
   * Fastify's `connectionTimeout`); above the longest handler (a 60 s internship search) and the
   * 25 s stream ping.
   */
  socketIdleTimeoutMs: number;
  /**
   * A request body arriving slower than this, bytes/s over a 10 s window, is refused with 408 and
   * its socket closed (`MIN_BODY_BYTES_PER_SECOND`; 0 = off).
   */
  minBodyBytesPerSecond: number;
}

/**
 * `SameSite`, `Secure` and `Partitioned` of the app's cookies. A cross-site cookie is also
 * `Partitioned` (CHIPS): browsers that block third-party cookies by default (Chromium) keep a
 * partitioned one, so a client hosted on another site stays signed in (docs/security.md V3.3.2).
 */
export interface CookieAttributes {
  sameSite: 'lax' | 'none';
  secure: boolean;
  partitioned?: boolean;
}

/** The parsed configuration the app runs with. */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * A direct PostgreSQL URL for LISTEN, migrations, advisory locks, backup and restore
   * (`DATABASE_LISTEN_URL`). Set when `DATABASE_URL` points at a transaction-mode pooler such as
   * PgBouncer; the app then sends unnamed statements through the pool (docs/operations.md
   * "PgBouncer"). Undefined: everything uses `DATABASE_URL`.
   */
  databaseListenUrl: string | undefined;
  /** Public base URL without trailing slash, e.g. `http://localhost:3000`. */
  appUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  adminEmails: string[];
  /**
   * Distinct addresses one client address may sign up (and so send a sign-up mail to) in an hour
   * (`SIGNUP_RECIPIENTS_PER_ADDRESS`, 30); beyond, sign-up answers 429 (docs/security.md "Mail
   * budgets a stranger cannot spend for the owner").
   */
  signupRecipientsPerAddress: number;
  corsOrigins: string[];
  trustProxy: TrustProxy;
  limits: ConnectionLimits;
  /**
   * Attributes of the session and device cookies (docs/design.md §5): `SameSite=Lax`, `Secure` behind https;
   * with `CROSS_SITE_COOKIES=true` (https only) `SameSite=None; Secure`, so a client hosted on another
   * site can sign in. The Origin check against `CORS_ORIGINS` is the same either way.
   */
  cookies: CookieAttributes;
  /** How long a session lookup is cached in process, ms; 0 = off (`SESSION_CACHE_TTL_MS`). */
  sessionCacheTtlMs: number;
  /**
   * How long a page of the events feed is kept in process at most, ms; 0 = off
   * (`EVENTS_FEED_CACHE_TTL_MS`; docs/decisions/0702-events-feed-cache.md).
   */
  eventsFeedCacheTtlMs: number;
  /** How long before an event starts its Going and Interested students are reminded (`EVENT_REMINDER_MINUTES`, minutes). */
  eventReminderMinutes: number;
  /**
   * PostgreSQL pool size (`DATABASE_POOL_SIZE`) and the time limits of the app's connections
   * (`STATEMENT_TIMEOUT_MS`, `LOCK_TIMEOUT_MS`, `IDLE_IN_TRANSACTION_TIMEOUT_MS`, ms; 0 = none;
   * migrations are exempt). Not applied to the embedded database, whose one connection never
   * waits for another's lock (docs/security.md "Time limits"). `shares`: the bulkheads — one route
   * group holds at most `perGroup` connections (`DATABASE_POOL_PER_GROUP`, default 60 % of the
   * pool) and waits at most `waitMs` for one (`DATABASE_GROUP_WAIT_MS`); `reserved` more
   * (`DATABASE_RESERVED_POOL_SIZE`) serve health and readiness; session lookups take no share
   * (docs/security.md "Bulkheads").
   */
  database: { poolSize: number; timeouts: PgTimeouts; shares: PoolShares & { reserved: number } };
  /**
   * SIGTERM timings, ms (lib/shutdown.ts, docs/security.md "Shutdown"): readiness 503 for
   * `delayMs` (`SHUTDOWN_DELAY_MS`, default 5 s: time for a balancer that probes readiness) before
   * new connections stop; the database is closed within `timeoutMs` of the signal
   * (`SHUTDOWN_TIMEOUT_MS`, default 15 s, at least the delay + 2 s).
   */
  shutdown: { delayMs: number; timeoutMs: number };
  institute: InstituteConfig;
  /** Demo seed on first start: explicit value, else on for the embedded DB only. */
  seedDemo: boolean;
  logLevel: string;
  production: boolean;
  /** Directory of the built SPA to serve, if it exists. */
  webDist: string;
  /** The internship source; see {@link InternshipSourceConfig}. */
  /** The map's tile server (`MAP_TILE_URL`, `MAP_TILE_ATTRIBUTION`), or null: the institute's campus map image. */
  mapTiles: { url: string; attribution: string } | null;
  internships: InternshipSourceConfig;
  /**
   * Campus-wide search's own limits (docs/performance.md "Search"): searches per minute per user
   * (`SEARCH_PER_USER_PER_MINUTE`, 60) and per client address (`SEARCH_PER_ADDRESS_PER_MINUTE`,
   * 600), the search statement's time budget (`SEARCH_STATEMENT_TIMEOUT_MS`, ms, 1000; 0 = the
   * connections' own limit), PostgreSQL only, and the searches one process runs at once
   * (`SEARCH_CONCURRENCY`; default 1 on the embedded database, whose one connection every other
   * request shares, else 4 — a quarter of the default pool; more answer 503 + Retry-After).
   */
  search: { perUserPerMinute: number; perAddressPerMinute: number; statementTimeoutMs: number; concurrency: number };
  /**
   * Days between closing an account and erasing it (`ACCOUNT_DELETION_GRACE_DAYS`, 14; 0 = at once;
   * docs/privacy.md "Delete my account").
   */
  accountDeletionGraceDays: number;
  /**
   * Days a sold or expired listing and a returned lost & found item are kept after they closed
   * (`RETENTION_DAYS`, 180; docs/privacy.md "Retention").
   */
  retentionDays: number;
  /**
   * Whom students write to about their personal data, named by the privacy notice at `/privacy`
   * (docs/privacy.md "Grievances"): the institute config's `grievanceOfficer` (default "The Grievance
   * Officer" at `grievance@` the institute's e-mail domain).
   */
  grievanceOfficer: { name: string; email: string };
  /** Where `npm run backup` writes archives (`BACKUP_DIR`, default `./backups`; docs/operations.md "Backups"). */
  backupDir: string;
  /**
   * Who may read `/metrics` (docs/operations.md "Metrics"): `token` (`METRICS_TOKEN`) as a bearer
   * token on the app's port, and/or `port` (`METRICS_PORT`) for a listener on 127.0.0.1 only.
   * Neither set: no metrics are served.
   */
  metrics: { token: string | undefined; port: number | undefined };
  /** Web Push; see {@link PushConfig}. */
  push: PushConfig;
}

/**
 * Web Push (docs/decisions/0501-web-push.md): the VAPID key pair (`VAPID_PUBLIC_KEY`,
 * `VAPID_PRIVATE_KEY`; undefined: generated once and kept in the database), the contact push
 * services see (`VAPID_SUBJECT`, default `mailto:` the `MAIL_FROM` address) and the push
 * endpoints the server may contact besides public https ones.
 */
export interface PushConfig {
  vapid: { publicKey: string; privateKey: string } | undefined;
  subject: string;
  /**
   * `PUSH_ENDPOINT_HOSTS`, lower-case, added to the known push services (features/push/push.endpoints.ts):
   * a host name (`push.example.org`, or `*.example.org` for its subdomains) is reached like them, over
   * https on 443 at public addresses only; an IP address (`127.0.0.1:9999`, or `127.0.0.1` for any
   * port) is a local push service posted to as is, over http or https (the tests').
   */
  endpointHosts: string[];
  /** Time for one push service to answer, ms (3 s; docs/security.md "Fair shares"). */
  sendTimeoutMs: number;
}

/**
 * Where and how the internship scraper may fetch. Only
 * `sourceUrl` and `extraHosts` come from the environment; the timings are the issue's numbers
 * (tests may shorten them).
 */
export interface InternshipSourceConfig {
  /** Origin of the listing site, e.g. `https://internshala.com` (no trailing slash). */
  sourceUrl: string;
  /** Extra hosts (`host` or `host:port`, lower-case) that may be contacted, even on private or loopback addresses. */
  extraHosts: string[];
  /** Per-request time-out, ms (15 s). */
  requestTimeoutMs: number;
  /** Whole-search time-out, ms (60 s). */
  totalTimeoutMs: number;
  /** Polite pause between two page requests, ms. */
  pageDelayMs: number;
}

/** Thrown when configuration is invalid; the message names the variable or config field. */
export class ConfigError extends Error {}

/**
 * Reads and validates the institute config JSON file (docs/design.md §8). Throws ConfigError naming the
 * failing field, e.g. `INSTITUTE_CONFIG (./x.json): branches: …`.
 */
export function loadInstituteConfig(file: string | undefined): InstituteConfig {
  let raw: unknown = {};
  if (file) {
    try {
      raw = JSON.parse(readFileSync(file, 'utf8'));
    } catch (err) {
      throw new ConfigError(`INSTITUTE_CONFIG (${file}): cannot read JSON: ${(err as Error).message}`);
    }
  }
  const parsed = instituteConfig.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`INSTITUTE_CONFIG (${file}): ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  const timetable = timetableIssue(parsed.data);
  if (timetable) throw new ConfigError(`INSTITUTE_CONFIG (${file}): ${timetable}`);
  return parsed.data;
}

/**
 * Parses an environment (default `process.env`) into AppConfig. Throws ConfigError whose message
 * names the first bad variable, e.g. `PORT: Invalid input: expected number`.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${String(issue.path[0])}: ${issue.message}`);
  }
  const e = parsed.data;
  // `npm start` runs the API inside apps/api; paths the user typed are relative to where they ran npm.
  const base = e.INIT_CWD ?? process.cwd();
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  if (!e.VAPID_PUBLIC_KEY !== !e.VAPID_PRIVATE_KEY) {
    throw new ConfigError(
      'Invalid configuration: VAPID_PUBLIC_KEY: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together',
    );
  }
  const https = appUrl.startsWith('https://');
  const institute = loadInstituteConfig(e.INSTITUTE_CONFIG && path.resolve(base, e.INSTITUTE_CONFIG));
  if (e.CROSS_SITE_COOKIES && !https) {
    throw new ConfigError(
      'Invalid configuration: CROSS_SITE_COOKIES: needs an https APP_URL — browsers refuse SameSite=None cookies that are not Secure, and Secure cookies need https',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(base, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseListenUrl: e.DATABASE_LISTEN_URL,
    appUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    adminEmails: e.ADMIN_EMAILS.map((a) => a.toLowerCase()),
    signupRecipientsPerAddress: e.SIGNUP_RECIPIENTS_PER_ADDRESS,
    corsOrigins: e.CORS_ORIGINS.map((o) => new URL(o).origin),
    trustProxy: e.TRUST_PROXY,
    limits: {
      maxConnections: e.MAX_CONNECTIONS,
      maxConnectionsPerAddress: e.MAX_CONNECTIONS_PER_ADDRESS,
      headersTimeoutMs: Math.min(e.HEADERS_TIMEOUT_MS, e.REQUEST_TIMEOUT_MS),
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      socketIdleTimeoutMs: e.SOCKET_IDLE_TIMEOUT_MS,
      minBodyBytesPerSecond: e.MIN_BODY_BYTES_PER_SECOND,
      streamsPerSession: e.STREAMS_PER_SESSION,
      streamsPerUser: e.STREAMS_PER_USER,
    },
    cookies: e.CROSS_SITE_COOKIES
      ? { sameSite: 'none', secure: true, partitioned: true }
      : { sameSite: 'lax', secure: https },
    sessionCacheTtlMs: e.SESSION_CACHE_TTL_MS,
    eventsFeedCacheTtlMs: e.EVENTS_FEED_CACHE_TTL_MS,
    eventReminderMinutes: e.EVENT_REMINDER_MINUTES,
    database: {
      poolSize: e.DATABASE_POOL_SIZE,
      timeouts: {
        statementTimeoutMs: e.STATEMENT_TIMEOUT_MS,
        lockTimeoutMs: e.LOCK_TIMEOUT_MS,
        idleInTransactionTimeoutMs: e.IDLE_IN_TRANSACTION_TIMEOUT_MS,
      },
      shares: {
        perGroup: Math.min(
          e.DATABASE_POOL_SIZE,
          e.DATABASE_POOL_PER_GROUP ?? defaultPoolShares(e.DATABASE_POOL_SIZE).perGroup,
        ),
        waitMs: e.DATABASE_GROUP_WAIT_MS,
        reserved: e.DATABASE_RESERVED_POOL_SIZE,
      },
    },
    shutdown: {
      delayMs: e.SHUTDOWN_DELAY_MS,
      timeoutMs: Math.max(e.SHUTDOWN_TIMEOUT_MS, e.SHUTDOWN_DELAY_MS + 2_000),
    },
    institute,
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    production: e.NODE_ENV === 'production',
    webDist: path.resolve(import.meta.dirname, '../../web/dist'),
    mapTiles: e.MAP_TILE_URL ? { url: e.MAP_TILE_URL, attribution: e.MAP_TILE_ATTRIBUTION } : null,
    internships: {
      sourceUrl: new URL(e.INTERNSHIP_SOURCE_URL).origin,
      extraHosts: e.INTERNSHIP_SOURCE_HOSTS.map((h) => h.toLowerCase()),
      requestTimeoutMs: 15_000,
      totalTimeoutMs: 60_000,
      pageDelayMs: 2_000,
    },
    accountDeletionGraceDays: e.ACCOUNT_DELETION_GRACE_DAYS,
    retentionDays: e.RETENTION_DAYS,
    grievanceOfficer: institute.grievanceOfficer ?? {
      name: 'The Grievance Officer',
      email: `grievance@${institute.emailDomain}`.toLowerCase(),
    },
    search: {
      perUserPerMinute: e.SEARCH_PER_USER_PER_MINUTE,
      perAddressPerMinute: e.SEARCH_PER_ADDRESS_PER_MINUTE,
      statementTimeoutMs: e.SEARCH_STATEMENT_TIMEOUT_MS,
      concurrency: e.SEARCH_CONCURRENCY ?? (e.DATABASE_URL ? 4 : 1),
    },
    backupDir: path.resolve(base, e.BACKUP_DIR),
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT },
    push: {
      vapid:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      subject: e.VAPID_SUBJECT ?? `mailto:${mailAddress(e.MAIL_FROM)}`,
      endpointHosts: e.PUSH_ENDPOINT_HOSTS.map((h) => h.toLowerCase()),
      sendTimeoutMs: 3_000,
    },
  };
}

/** The address inside a `MAIL_FROM` value (`Name <a@b>` → `a@b`). */
function mailAddress(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
}
