/**
 * Saved alerts' queries (docs/alerts.md): the caller's alerts in the API shape, and the match
 * statement — one INSERT … SELECT per record that became visible, over the alerts' indexes, that
 * records each match once, writes one notification per match and queues its live delivery, all
 * in the outbox drain's transaction.
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Alert, AlertKind } from '@campus/contract/alerts';
import { ALERT_MATCHES_PER_DAY } from '@campus/contract/alerts';
import type { Db } from '../../db/client.ts';
import { alertMatches, alerts } from '../../db/schema/alerts.ts';
import type { AnyRecordKind } from '../../lib/record-kinds.ts';
import { wakeOutbox } from '../../lib/outbox.ts';
import { listPage, type Page, type PageQuery } from '../../lib/pages.ts';
import { LIVE_CHANNEL } from '../notifications/notifications.service.ts';
import { PUSH_OUTBOX } from '../push/push.service.ts';

export type AlertRow = typeof alerts.$inferSelect;

/** Matches of an alert in the last 24 hours and its latest match time, per alert id. */
async function matchStats(db: Db, ids: string[]): Promise<Map<string, { today: number; last: Date | null }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      alertId: alertMatches.alertId,
      today: sql<number>`count(*) FILTER (WHERE ${alertMatches.createdAt} > now() - interval '24 hours')`.mapWith(
        Number,
      ),
      last: sql<Date | null>`max(${alertMatches.createdAt})`.mapWith((v) => (v ? new Date(v as string) : null)),
    })
    .from(alertMatches)
    .where(sql`${alertMatches.alertId} = ANY(${sql.param(ids)}::uuid[])`)
    .groupBy(alertMatches.alertId);
  return new Map(rows.map((r) => [r.alertId, { today: r.today, last: r.last }]));
}

/** The API shape of `rows` (docs/alerts.md), with their match counts. */
export async function toApi(db: Db, rows: AlertRow[]): Promise<Alert[]> {
  const stats = await matchStats(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    name: r.name,
    filters: r.filters,
    paused: r.pausedAt !== null,
    emailDigest: r.emailDigest,
    matchesToday: stats.get(r.id)?.today ?? 0,
    lastMatchAt: stats.get(r.id)?.last?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** Page `q` of `userId`'s alerts, newest first, and how many they have (`listPage`, lib/pages.ts). */
export async function listOf(db: Db, userId: string, q: PageQuery): Promise<Page<Alert>> {
  const found = await listPage(db, q, {
    from: alerts,
    where: eq(alerts.userId, userId),
    select: db.select().from(alerts),
    orderBy: [desc(alerts.createdAt), desc(alerts.id)],
  });
  return { ...found, items: await toApi(db, found.items) };
}

/** One alert of `userId`, or undefined (another user's alert is not found either). */
export async function findOwn(db: Db, userId: string, id: string): Promise<AlertRow | undefined> {
  const [row] = await db
    .select()
    .from(alerts)
    .where(and(eq(alerts.id, id), eq(alerts.userId, userId)));
  return row;
}

/** The `simple`-configuration lexemes of `words` (as `search_vector` holds them), sorted and distinct. */
export async function lexemesOf(db: Db, words: string | undefined): Promise<string[]> {
  if (!words) return [];
  const result = (await db.execute(
    sql`SELECT tsvector_to_array(to_tsvector('simple'::regconfig, ${words})) AS words`,
  )) as unknown as { rows: Array<{ words: string[] }> };
  return result.rows[0]?.words ?? [];
}

/**
 * How one record kind is matched: the record's columns the alerts' conditions read (`r.<name>`)
 * and those conditions over alert `c` (docs/alerts.md "Matching").
 */
export interface KindMatch {
  kind: AnyRecordKind;
  /** `SELECT` list entries of the record, each `… AS name`. */
  columns: SQL;
  /** Conditions over the candidate alert `c` and the record `r`. */
  conditions: SQL;
}

/**
 * Matches record `recordId` of `match.kind` against the saved alerts, in `tx` (docs/alerts.md
 * "Matching"): when the record is still browsable, every active alert of its list whose words are
 * all among the record's lexemes (GIN `alerts_words_idx`) or that has no words
 * (`alerts_wordless_idx`), whose conditions hold, whose owner is neither the record's author nor
 * deactivated nor blocked by or blocking the author (docs/privacy.md "Block"), that matched fewer than {@link ALERT_MATCHES_PER_DAY} records in the last 24 hours
 * and never this one, gets one `alert_matches` row (already counted as e-mailed when the alert's
 * digest is off) and one `alert` notification reading
 * `New for your alert “{name}”: {text}` with `link`, delivered live at commit (with a `change`
 * naming the alert, whose match counts moved: lib/live-changes.ts) and, for a student
 * with a device, queued for Web Push (category `alerts`, docs/decisions/0501-web-push.md). Returns
 * how many notifications were written.
 */
export async function matchRecord(
  tx: Db,
  kindName: AlertKind,
  match: KindMatch,
  recordId: string,
  notice: { text: string; link: string },
): Promise<number> {
  const t = match.kind.table;
  const statement = sql`
    WITH r AS (
      SELECT ${t.id} AS id, ${t.userId} AS user_id, tsvector_to_array(${t.searchVector}) AS lexemes, ${match.columns}
      FROM ${t}
      WHERE ${t.id} = ${recordId} AND ${match.kind.browsable(tx)}
    ),
    candidates AS (
      SELECT a.id, a.user_id, a.name, a.category, a.min_price, a.max_price, a.departs_from, a.departs_before,
             a.direction, a.min_seats, a.is_found, a.email_digest
      FROM alerts a, r
      WHERE a.kind = ${kindName} AND a.paused_at IS NULL
        AND a.words <> '{}'::text[] AND a.words && r.lexemes AND a.words <@ r.lexemes
      UNION ALL
      SELECT a.id, a.user_id, a.name, a.category, a.min_price, a.max_price, a.departs_from, a.departs_before,
             a.direction, a.min_seats, a.is_found, a.email_digest
      FROM alerts a
      WHERE a.kind = ${kindName} AND a.paused_at IS NULL AND a.words = '{}'::text[]
    ),
    matched AS (
      SELECT c.id AS alert_id, c.user_id, c.name, c.email_digest, gen_random_uuid() AS notification_id
      FROM candidates c, r
      WHERE c.user_id <> r.user_id
        AND ${match.conditions}
        AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id AND u.deactivated_at IS NOT NULL)
        AND NOT EXISTS (SELECT 1 FROM user_blocks b
                        WHERE (b.blocker_id = c.user_id AND b.blocked_id = r.user_id)
                           OR (b.blocker_id = r.user_id AND b.blocked_id = c.user_id))
        AND NOT EXISTS (SELECT 1 FROM alert_matches m WHERE m.alert_id = c.id AND m.record_id = r.id)
        AND (SELECT count(*) FROM alert_matches m
             WHERE m.alert_id = c.id AND m.created_at > now() - interval '24 hours') < ${ALERT_MATCHES_PER_DAY}
    ),
    recorded AS (
      INSERT INTO alert_matches (alert_id, record_id, notification_id, digested_at)
      SELECT alert_id, ${recordId}, notification_id, CASE WHEN email_digest THEN NULL ELSE now() END FROM matched
      ON CONFLICT DO NOTHING
      RETURNING notification_id
    ),
    told AS (
      INSERT INTO notifications (id, user_id, message, type, link)
      SELECT m.notification_id, m.user_id,
             left('New for your alert “' || m.name || '”: ' || ${notice.text}, 1000), 'alert', ${notice.link}
      FROM matched m JOIN recorded USING (notification_id)
      RETURNING id, user_id
    ),
    pushed AS (
      INSERT INTO push_outbox (notification_id, category)
      SELECT id, 'alerts' FROM told
      WHERE EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = told.user_id)
      RETURNING id
    )
    SELECT pg_notify(${LIVE_CHANNEL}, json_build_object('t', 'new', 'u', told.user_id, 'id', id)::text),
           pg_notify(${LIVE_CHANNEL}, json_build_object('t', 'change', 'u', json_build_array(told.user_id),
             'c', json_build_array(json_build_object('type', 'alert', 'id', m.alert_id)))::text),
           (SELECT count(*) FROM pushed)::int AS pushed
    FROM told JOIN matched m ON m.notification_id = told.id`;
  const result = (await tx.execute(statement)) as unknown as { rows: Array<{ pushed: number }> };
  if (Number(result.rows[0]?.pushed ?? 0) > 0) await wakeOutbox(tx, PUSH_OUTBOX);
  return result.rows.length;
}
