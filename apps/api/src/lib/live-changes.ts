/**
 * Live record changes (docs/web-patterns.md "Live changes", docs/architecture.md "Notifications"):
 * a write that changes a record others may have on screen (a listing sold, a ride joined, a skill
 * request accepted) queues one NOTIFY on the live channel naming the records; every API instance
 * sends its open streams the SSE event `change` with `{ changed: [{ type, id }] }`, and the web app
 * refetches the cached queries that show them. Here in `lib/` so that `owned-records.ts` announces
 * every record kind's update and deletion itself; the hub that delivers lives in
 * `features/notifications/notifications.live.ts`.
 */
import { sql } from 'drizzle-orm';
import type { RecordChange } from '@campus/contract/notifications-ui';
import type { Db } from '../db/client.ts';

/** The live delivery NOTIFY channel (lower case: Postgres folds channel names). */
export const LIVE_CHANNEL = 'cc_notifications';

/** The channel payload of a change: the records `c`, for the users `u` (absent: every open stream). */
export interface ChangePayload {
  t: 'change';
  u?: string[];
  c: RecordChange[];
}

/**
 * Announces that `changed` records changed, through `db` (inside a transaction the NOTIFY goes at
 * COMMIT and is dropped on rollback). `to` names the users told (the parties of a private record:
 * a skill request, a moderation case, an alert); without it every open stream is told — for the
 * public records (listings, lost & found items, rides), whose viewers are unknown. One NOTIFY of a
 * few ids, and one small SSE write per open stream with no query: bounded by the streams held.
 */
export async function publishChanges(db: Db, changed: RecordChange[], to?: string[]): Promise<void> {
  if (!changed.length || to?.length === 0) return;
  const payload: ChangePayload = { t: 'change', ...(to ? { u: [...new Set(to)] } : {}), c: changed };
  await db.execute(sql`SELECT pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(payload)})`);
}

/**
 * Announces that who may see or manage which records changed — a block or unblock (docs/privacy.md
 * "Block"), a club's coordinators — through `db` (at COMMIT inside a transaction). No record is
 * refetched (the stream hub ignores it); every instance's kept per-viewer state drops
 * (`features/events/events.cache.ts`, docs/decisions/0702-events-feed-cache.md).
 */
export async function publishAccessChange(db: Db): Promise<void> {
  await db.execute(sql`SELECT pg_notify(${LIVE_CHANNEL}, ${JSON.stringify({ t: 'access' })})`);
}
