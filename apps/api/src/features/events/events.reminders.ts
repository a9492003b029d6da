/**
 * Event reminders (docs/architecture.md "Features in detail", Events and clubs;
 * docs/decisions/0700-events-and-clubs.md): `EVENT_REMINDER_MINUTES` before an event starts, each of
 * its Going and Interested students gets one bell notification (and a push, category `events`).
 * Exactly once, however many instances run: a reminder is claimed by inserting its
 * `event_reminders` row (primary key event + student) with `ON CONFLICT DO NOTHING … RETURNING` in
 * the transaction that sends it — an instance whose insert found the row sends nothing, and one
 * that rolls back leaves it to the next run. A student who answers inside the window is reminded at
 * once by the answer's own transaction ({@link remindNow}).
 */
import { sql } from 'drizzle-orm';
import { EVENT_MESSAGES, eventPath } from '@campus/contract/events';
import type { Db } from '../../db/client.ts';
import { logSafeError } from '../../db/faults.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { notify } from '../notifications/notifications.service.ts';

/** How often an instance looks for reminders due. */
export const REMINDER_INTERVAL_MS = 60_000;

/** A claimed reminder: the student, the event and its title and start. */
interface Claimed {
  user_id: string;
  event_id: string;
  title: string;
  starts_at: Date | string;
}

/**
 * Claims the reminders due (events starting within the window, not started, not cancelled nor
 * hidden; `onlyUser`/`onlyEvent` narrow it to one answer) and returns them; inside `db`'s transaction.
 */
async function claim(db: Db, minutes: number, only?: { userId: string; eventId: string }): Promise<Claimed[]> {
  const narrow = only ? sql`AND r.user_id = ${only.userId} AND r.event_id = ${only.eventId}` : sql``;
  const result = (await db.execute(sql`
    WITH due AS (
      INSERT INTO event_reminders (event_id, user_id)
      SELECT r.event_id, r.user_id
        FROM event_rsvps r
        JOIN events e ON e.id = r.event_id
       WHERE e.starts_at > now()
         AND e.starts_at <= now() + make_interval(mins => ${minutes}::int)
         AND e.cancelled_at IS NULL
         AND e.hidden_at IS NULL
         ${narrow}
      ON CONFLICT DO NOTHING
      RETURNING event_id, user_id
    )
    SELECT due.user_id, due.event_id, e.title, e.starts_at
      FROM due JOIN events e ON e.id = due.event_id`)) as { rows: Claimed[] };
  return result.rows;
}

/** Tells each claimed student, through `ctx.db` (the claiming transaction). */
async function send(ctx: ServiceContext, claimed: Claimed[]): Promise<void> {
  const fmt = new Intl.DateTimeFormat('en-IN', { timeZone: ctx.config.institute.timezone, timeStyle: 'short' });
  for (const r of claimed) {
    await notify(ctx, r.user_id, {
      message: EVENT_MESSAGES.noticeReminder(r.title, fmt.format(new Date(r.starts_at))),
      type: 'event',
      link: eventPath(r.event_id),
      push: 'events',
    });
  }
}

/** Sends every reminder due now, once each (any number of instances may run it at once). Returns how many. */
export async function sendDueReminders(ctx: ServiceContext): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const claimed = await claim(tx, ctx.config.eventReminderMinutes);
    await send({ ...ctx, db: tx }, claimed);
    return claimed.length;
  });
}

/** Reminds `userId` of `eventId` at once when it starts within the window (inside the answer's transaction `db`). */
export async function remindNow(ctx: ServiceContext, db: Db, userId: string, eventId: string): Promise<void> {
  await send({ ...ctx, db }, await claim(db, ctx.config.eventReminderMinutes, { userId, eventId }));
}

/** Runs {@link sendDueReminders} every {@link REMINDER_INTERVAL_MS} until `stop`. */
export function startReminders(ctx: ServiceContext): { stop: () => void } {
  const timer = setInterval(() => {
    sendDueReminders(ctx).catch((err: unknown) =>
      ctx.log.warn({ err: logSafeError(err) }, 'Sending event reminders failed'),
    );
  }, REMINDER_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
