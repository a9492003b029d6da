/**
 * Saved alerts (docs/alerts.md): a student keeps up to {@link ALERTS_MAX} alerts — a list's
 * filters (marketplace, rides, lost & found) — pauses, resumes and deletes them; only their own
 * (another student's alert → 404). Records that become visible are matched against the alerts by
 * the `alerts` outbox worker ({@link startAlertMatching}), after the write that made them visible
 * committed; lost ↔ found pairing runs in the same drain (lost-found service).
 */
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import {
  ALERTS_MAX,
  ALERT_MESSAGES,
  ALERT_WORDS_MAX,
  alertName,
  type Alert,
  type AlertKind,
  type CreateAlertBody,
  type StoredAlertFilters,
  type UpdateAlertBody,
} from '@campus/contract/alerts';
import { rideRoute } from '@campus/contract/rides';
import type { Db } from '../../db/client.ts';
import { alertOutbox, alerts } from '../../db/schema/alerts.ts';
import { users } from '../../db/schema/users.ts';
import type { SessionUser } from '../../lib/auth.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { todayIn } from '../../lib/dates.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { isDatabaseUnavailable, logSafeError } from '../../db/faults.ts';
import { startOutboxWorker, type OutboxWorker } from '../../lib/outbox.ts';
import { ALERT_OUTBOX } from '../../lib/record-kinds.ts';
import { lostFoundKind } from '../lost-found/lost-found.kind.ts';
import { pairLostAndFound } from '../lost-found/lost-found.service.ts';
import { marketplaceKind } from '../marketplace/marketplace.kind.ts';
import { rideKind } from '../rides/rides.kind.ts';
import { dayWindow, localWhen } from '../rides/rides.service.ts';
import { sendDigests } from './alerts.mail.ts';
import * as queries from './alerts.queries.ts';

export { sendDigests, unsubscribe } from './alerts.mail.ts';

/** The columns the match columns of an alert are computed into (what `alerts` stores besides its filters). */
type MatchColumns = Pick<
  typeof alerts.$inferInsert,
  'category' | 'minPrice' | 'maxPrice' | 'departsFrom' | 'departsBefore' | 'direction' | 'minSeats' | 'isFound'
>;

/** Drops the filters that are not set. */
function stored(filters: Record<string, unknown>): StoredAlertFilters {
  return Object.fromEntries(
    Object.entries(filters).filter(([, v]) => typeof v === 'string' || typeof v === 'number'),
  ) as StoredAlertFilters;
}

/**
 * The stored filters and match columns of a create body. A ride day window (today, tomorrow,
 * week, nextWeek or custom dates) becomes fixed dates in the institute's time zone; one already
 * over → 400.
 */
function matchColumnsOf(
  ctx: ServiceContext,
  body: CreateAlertBody,
): { filters: StoredAlertFilters; set: MatchColumns } {
  const tz = ctx.config.institute.timezone;
  switch (body.kind) {
    case 'marketplace': {
      const f = body.filters;
      return {
        filters: stored(f),
        set: { category: f.category ?? null, minPrice: f.minPrice ?? null, maxPrice: f.maxPrice ?? null },
      };
    }
    case 'rides': {
      const f = body.filters;
      const window = dayWindow(f.dateRange, f, tz);
      if (window?.end && window.end.getTime() <= Date.now()) throw badRequest(ALERT_MESSAGES.dateWindowPast);
      const startDate = window?.start ? todayIn(tz, window.start) : undefined;
      const endDate = window?.end ? todayIn(tz, new Date(window.end.getTime() - 1)) : undefined;
      return {
        filters: stored({ ...f, dateRange: undefined, startDate, endDate }),
        set: {
          departsFrom: window?.start ?? null,
          departsBefore: window?.end ?? null,
          direction: f.direction ?? null,
          minSeats: f.minSeats ?? null,
          maxPrice: f.maxPrice ?? null,
        },
      };
    }
    case 'lost-found': {
      const f = body.filters;
      return {
        filters: stored(f),
        set: { category: f.category ?? null, isFound: f.type === undefined ? null : f.type === 'found' },
      };
    }
  }
}

/**
 * POST /api/alerts: saves the caller's alert named from its filters ({@link alertName}). 400 when
 * no filter is set, the search has more than {@link ALERT_WORDS_MAX} words or a ride window is
 * over; 409 for the {@link ALERTS_MAX}+1-th alert (counted under a lock on the student's row, so
 * two saves at once cannot both pass).
 */
export async function createAlert(ctx: ServiceContext, user: SessionUser, body: CreateAlertBody): Promise<Alert> {
  const { filters, set } = matchColumnsOf(ctx, body);
  if (!Object.keys(filters).length) throw badRequest(ALERT_MESSAGES.noFilters);
  const words = await queries.lexemesOf(ctx.db, typeof filters.search === 'string' ? filters.search : undefined);
  if (words.length > ALERT_WORDS_MAX) throw badRequest(ALERT_MESSAGES.tooManyWords);
  const row = await ctx.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const [held] = await tx.select({ n: count() }).from(alerts).where(eq(alerts.userId, user.id));
    if (held!.n >= ALERTS_MAX) throw badRequest(ALERT_MESSAGES.tooMany);
    const [inserted] = await tx
      .insert(alerts)
      .values({
        userId: user.id,
        kind: body.kind,
        name: alertName(body.kind, filters),
        filters,
        words,
        emailDigest: body.emailDigest ?? false,
        ...set,
      })
      .returning();
    return inserted!;
  });
  const [alert] = await queries.toApi(ctx.db, [row]);
  return alert!;
}

/** GET /api/alerts: the caller's alerts, newest first, with matches of the last 24 hours. */
export function listAlerts(ctx: ServiceContext, user: SessionUser, q: { page: number; limit: number }) {
  return queries.listOf(ctx.db, user.id, q);
}

/** Loads one of the caller's alerts; another student's or a missing one → 404. */
async function own(db: Db, user: SessionUser, id: string): Promise<queries.AlertRow> {
  const row = await queries.findOwn(db, user.id, id);
  if (!row) throw notFound(ALERT_MESSAGES.notFound);
  return row;
}

/** GET /api/alerts/:id: one of the caller's alerts (404 otherwise). */
export async function getAlert(ctx: ServiceContext, user: SessionUser, id: string): Promise<Alert> {
  const [alert] = await queries.toApi(ctx.db, [await own(ctx.db, user, id)]);
  return alert!;
}

/** PATCH /api/alerts/:id: pauses or resumes the caller's alert, switches its e-mail digest (404 for another's). */
export async function updateAlert(
  ctx: ServiceContext,
  user: SessionUser,
  id: string,
  body: UpdateAlertBody,
): Promise<Alert> {
  await own(ctx.db, user, id);
  const [row] = await ctx.db
    .update(alerts)
    .set({
      pausedAt: body.paused === undefined ? undefined : body.paused ? sql`coalesce(${alerts.pausedAt}, now())` : null,
      emailDigest: body.emailDigest,
    })
    .where(and(eq(alerts.id, id), eq(alerts.userId, user.id)))
    .returning();
  if (!row) throw notFound(ALERT_MESSAGES.notFound);
  const [alert] = await queries.toApi(ctx.db, [row]);
  return alert!;
}

/** DELETE /api/alerts/:id: deletes the caller's alert and its match history (404 for another's). */
export async function deleteAlert(ctx: ServiceContext, user: SessionUser, id: string): Promise<void> {
  const [gone] = await ctx.db
    .delete(alerts)
    .where(and(eq(alerts.id, id), eq(alerts.userId, user.id)))
    .returning({ id: alerts.id });
  if (!gone) throw notFound(ALERT_MESSAGES.notFound);
}

const rupees = (n: number) => `₹${n.toLocaleString('en-IN')}`;

/**
 * How each list's records are matched (docs/alerts.md "Matching"): the record's columns, the
 * alert's conditions over them, and the text and link of the notification.
 */
const MATCHES: Record<
  AlertKind,
  queries.KindMatch & {
    notice: (ctx: ServiceContext, id: string) => Promise<{ text: string; link: string } | undefined>;
  }
> = {
  marketplace: {
    kind: marketplaceKind,
    columns: sql`${marketplaceKind.table.category} AS category, ${marketplaceKind.table.price} AS price`,
    conditions: sql`(c.category IS NULL OR c.category = r.category)
      AND (c.min_price IS NULL OR r.price >= c.min_price) AND (c.max_price IS NULL OR r.price <= c.max_price)`,
    async notice(ctx, id) {
      const t = marketplaceKind.table;
      const [row] = await ctx.db.select({ name: t.itemName, price: t.price }).from(t).where(eq(t.id, id));
      return row && { text: `${row.name}, ${rupees(row.price)}`, link: marketplaceKind.link(id) };
    },
  },
  rides: {
    kind: rideKind,
    columns: sql`${rideKind.table.departureAt} AS departure_at, ${rideKind.table.direction} AS direction,
      ${rideKind.table.availableSeats} AS available_seats, ${rideKind.table.estimatedCost} AS estimated_cost`,
    conditions: sql`(c.departs_from IS NULL OR r.departure_at >= c.departs_from)
      AND (c.departs_before IS NULL OR r.departure_at < c.departs_before)
      AND (c.direction IS NULL OR c.direction = r.direction)
      AND (c.min_seats IS NULL OR r.available_seats >= c.min_seats)
      AND (c.max_price IS NULL OR r.estimated_cost <= c.max_price)`,
    async notice(ctx, id) {
      const t = rideKind.table;
      const [row] = await ctx.db
        .select({ pickupLocation: t.pickupLocation, dropLocation: t.dropLocation, departureAt: t.departureAt })
        .from(t)
        .where(eq(t.id, id));
      if (!row) return undefined;
      return { text: `${rideRoute(row)}, ${localWhen(ctx, row.departureAt)}`, link: rideKind.link(id) };
    },
  },
  'lost-found': {
    kind: lostFoundKind,
    columns: sql`${lostFoundKind.table.category} AS category, ${lostFoundKind.table.isFound} AS is_found`,
    conditions: sql`(c.is_found IS NULL OR c.is_found = r.is_found) AND (c.category IS NULL OR c.category = r.category)`,
    async notice(ctx, id) {
      const t = lostFoundKind.table;
      const [row] = await ctx.db
        .select({ name: t.itemName, place: t.locationFound, isFound: t.isFound })
        .from(t)
        .where(eq(t.id, id));
      return (
        row && { text: `${row.isFound ? 'found' : 'lost'} ${row.name} (${row.place})`, link: lostFoundKind.link(id) }
      );
    },
  },
};

/** Outbox rows taken per drain transaction. */
const DRAIN_BATCH = 20;

/**
 * Takes up to {@link DRAIN_BATCH} queued records (`FOR UPDATE SKIP LOCKED`), matches each against
 * the alerts (and pairs lost & found reports), and deletes them — one transaction, so a crash
 * neither loses nor doubles a match. A record whose matching fails for a reason other than the
 * database being away is logged and dropped (its savepoint rolled back) so it cannot block the
 * queue. Returns how many rows were taken.
 */
async function drainAlertOutbox(ctx: ServiceContext): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(alertOutbox)
      .orderBy(asc(alertOutbox.id))
      .limit(DRAIN_BATCH)
      .for('update', { skipLocked: true });
    const txCtx = { ...ctx, db: tx };
    for (const row of rows) {
      const match = MATCHES[row.kind];
      try {
        await tx.transaction(async (sp) => {
          const spCtx = { ...txCtx, db: sp };
          const notice = await match.notice(spCtx, row.recordId);
          if (notice) await queries.matchRecord(sp, row.kind, match, row.recordId, notice);
          if (row.kind === 'lost-found') await pairLostAndFound(spCtx, row.recordId);
        });
      } catch (err) {
        if (isDatabaseUnavailable(err)) throw err;
        ctx.log.error({ err: logSafeError(err), recordId: row.recordId }, 'Matching a record against alerts failed');
      }
    }
    if (rows.length)
      await tx.delete(alertOutbox).where(
        inArray(
          alertOutbox.id,
          rows.map((r) => r.id),
        ),
      );
    return rows.length;
  });
}

/** How often an instance drains the alerts outbox without a wake-up, ms. */
export const ALERT_DRAIN_INTERVAL_MS = 1_000;
/** How often an instance looks for due e-mail digests, ms. */
export const DIGEST_RUN_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Starts this instance's alert jobs (docs/alerts.md "Delivery"): the alerts outbox worker and the
 * hourly digest run. Returns `stop` (waits for a running drain).
 */
export function startAlertJobs(ctx: ServiceContext): { worker: OutboxWorker; stop: () => Promise<void> } {
  const worker = startOutboxWorker(ctx, {
    name: ALERT_OUTBOX,
    intervalMs: ALERT_DRAIN_INTERVAL_MS,
    drain: drainAlertOutbox,
  });
  const timer = setInterval(() => {
    sendDigests(ctx).catch((err: unknown) => ctx.log.warn({ err: logSafeError(err) }, 'Sending alert digests failed'));
  }, DIGEST_RUN_INTERVAL_MS);
  timer.unref();
  return {
    worker,
    async stop() {
      clearInterval(timer);
      await worker.stop();
    },
  };
}
