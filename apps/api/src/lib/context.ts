/**
 * What services need from the running app: the database, config, mailer, logger and the app's
 * event bus. Services take this instead of Fastify objects (docs/design.md §3: nothing HTTP-specific in a
 * service).
 */
import type { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { BackgroundQueue } from './background.ts';
import type { Mailer } from './mailer.ts';

/**
 * Events on `ctx.events`: `sessions-ended` (userId) when a user's sessions are ended;
 * `session-ended` (stored session id) when one session ends (logout); `user-changed` (userId) after
 * a committed change to a user's row that a signed-in request reads (roles, profile), so the
 * session cache drops the old copy at once; `event-feed-changed` (what changed: an event or a
 * club) after a committed change the events feed shows, so this instance's feed cache drops its
 * pages at once (`features/events/events.cache.ts`; other instances hear the live channel);
 * `access-changed` after a committed block, unblock or change of a club's coordinators, so this
 * instance drops the per-viewer state it keeps (`publishAccessChange` tells the others).
 */
export interface AppEvents {
  'sessions-ended': [userId: string];
  'session-ended': [sessionId: string];
  'user-changed': [userId: string];
  'event-feed-changed': [what: 'event' | 'club'];
  'access-changed': [];
}

export interface ServiceContext {
  db: Db;
  database: Database;
  config: AppConfig;
  mailer: Mailer;
  log: FastifyBaseLogger;
  events: EventEmitter<AppEvents>;
  /** Work done after the response, e.g. sending mail. */
  background: BackgroundQueue;
}
