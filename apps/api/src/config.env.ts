/**
 * The environment variables the server reads (docs/design.md §3; README "Configuration"), as one zod
 * schema: defaults, ranges and the messages that name a bad variable. Only `config.ts` parses it.
 */
import ipaddr from 'ipaddr.js';
import { z } from 'zod';

/**
 * Which proxies may set `X-Forwarded-For` (docs/design.md §5): false (none: the socket's
 * address is the client), a hop count, or proxy addresses/CIDR ranges — as Fastify's `trustProxy`
 * takes them. Never "trust everything".
 */
export type TrustProxy = false | number | string[];

/** True for `a.b.c.d/n` or an IPv6 CIDR. */
function isCidr(value: string): boolean {
  try {
    ipaddr.parseCIDR(value);
    return true;
  } catch {
    return false;
  }
}

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const list = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);

export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATABASE_LISTEN_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  APP_URL: z.url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Campus Companion <no-reply@localhost>'),
  ADMIN_EMAILS: list.pipe(z.array(z.email())).default([]),
  SIGNUP_RECIPIENTS_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  CORS_ORIGINS: list.pipe(z.array(z.url())).default([]),
  TRUST_PROXY: z
    .string()
    .transform((v, c): TrustProxy => {
      const value = v.trim().toLowerCase();
      if (['false', 'no', 'off'].includes(value)) return false;
      if (['true', 'yes', 'on'].includes(value)) {
        c.addIssue({
          code: 'custom',
          message:
            '"true" would trust any client\'s X-Forwarded-For header; give the number of proxies in front of the app (e.g. 1) or their addresses (e.g. 127.0.0.1,10.0.0.0/8)',
        });
        return z.NEVER;
      }
      if (/^\d+$/.test(value)) return Number(value) || false;
      const entries = value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const bad = entries.find((e) => !(ipaddr.isValid(e) || isCidr(e)));
      if (bad || !entries.length) {
        c.addIssue({ code: 'custom', message: `"${bad ?? v}" is neither a hop count nor an IP address or CIDR range` });
        return z.NEVER;
      }
      return entries;
    })
    .default(false),
  MAX_CONNECTIONS: z.coerce.number().int().min(16).max(1_000_000).default(4096),
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(64),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  SOCKET_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(75_000),
  MIN_BODY_BYTES_PER_SECOND: z.coerce.number().int().min(0).max(100_000_000).default(1024),
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(15_000),
  STREAMS_PER_SESSION: z.coerce.number().int().min(1).max(100).default(3),
  STREAMS_PER_USER: z.coerce.number().int().min(1).max(1000).default(8),
  CROSS_SITE_COOKIES: bool.default(false),
  SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).max(300_000).default(30_000),
  EVENTS_FEED_CACHE_TTL_MS: z.coerce.number().int().min(0).max(300_000).default(10_000),
  EVENT_REMINDER_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(1000).default(10),
  STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
  LOCK_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(1_500),
  IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(15_000),
  DATABASE_POOL_PER_GROUP: z.coerce.number().int().min(1).max(1000).optional(),
  DATABASE_RESERVED_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(2),
  DATABASE_GROUP_WAIT_MS: z.coerce.number().int().min(1).max(60_000).default(1_000),
  INSTITUTE_CONFIG: z.string().min(1).optional(),
  SEED_DEMO: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('development'),
  /** A map tile URL template (`https://tile.openstreetmap.org/{z}/{x}/{y}.png`); unset: the campus map image. */
  MAP_TILE_URL: z
    .string()
    .regex(/^https:\/\/[^/\s]+\/\S*\{z\}\S*\{x\}\S*\{y\}\S*$/, 'must be an https:// URL with {z}, {x} and {y}')
    .optional(),
  MAP_TILE_ATTRIBUTION: z.string().max(300).default('© OpenStreetMap contributors'),
  INTERNSHIP_SOURCE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .default('https://internshala.com'),
  INTERNSHIP_SOURCE_HOSTS: list
    .pipe(
      z.array(
        z
          .string()
          .regex(
            /^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*$|^[0-9.]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i,
            'must be a host name (https on 443) or an IP address with an optional port',
          ),
      ),
    )
    .default([]),
  BACKUP_DIR: z.string().min(1).default('./backups'),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  ACCOUNT_DELETION_GRACE_DAYS: z.coerce.number().int().min(0).max(365).default(14),
  RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
  SEARCH_PER_USER_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  SEARCH_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  SEARCH_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(1000),
  SEARCH_CONCURRENCY: z.coerce.number().int().min(1).max(1000).optional(),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^B[A-Za-z0-9_-]{86}$/, 'must be an uncompressed P-256 public key, base64url (web-push generate-vapid-keys)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key, base64url (web-push generate-vapid-keys)')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL')
    .optional(),
  PUSH_ENDPOINT_HOSTS: list
    .pipe(
      z.array(z.string().regex(/^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i, 'must be host or host:port')),
    )
    .default([]),
  /** Set by npm to the directory `npm …` was run from; relative DATA_DIR/INSTITUTE_CONFIG resolve against it. */
  INIT_CWD: z.string().optional(),
});
