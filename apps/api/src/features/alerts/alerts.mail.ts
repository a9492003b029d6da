/**
 * The daily e-mail digest of alert matches (docs/alerts.md "E-mail digest"): opt-in per alert, at
 * most one mail a day per student, each alert with an unsubscribe link that works without signing
 * in — a token naming the alert, signed with the server's `signing` secret (HMAC-SHA256). The
 * users area's mail budgets are not touched: a digest is its own budget of one a day.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { ALERT_MESSAGES } from '@campus/contract/alerts';
import { alertDigests, alertMatches, alerts } from '../../db/schema/alerts.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { users } from '../../db/schema/users.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { badRequest } from '../../lib/errors.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import { appSecret, existingAppSecret, subkey } from '../../lib/tokens.ts';

/** A student gets at most one digest in this many ms. */
export const DIGEST_EVERY_MS = 24 * 60 * 60 * 1000;
/** Students served per digest run (the next run takes the rest). */
const DIGEST_BATCH = 100;

const PURPOSE = 'alert-unsubscribe';

function signature(key: string, alertId: string): string {
  return createHmac('sha256', key).update(alertId).digest('base64url');
}

/** The key unsubscribe tokens are signed with (derived from the `signing` secret, created on first use). */
export async function tokenKey(ctx: ServiceContext): Promise<string> {
  return subkey(await appSecret(ctx.db, 'signing'), PURPOSE);
}

/** The unsubscribe token of alert `alertId` under `key`: `{id}.{HMAC}` (never expires; only turns the digest off). */
export function unsubscribeToken(key: string, alertId: string): string {
  return `${alertId}.${signature(key, alertId)}`;
}

/** The alert a token names when its signature holds; otherwise 400 with the contract's message. */
export async function alertOfToken(ctx: ServiceContext, token: string): Promise<string> {
  const [alertId, sig] = token.split('.');
  const secret = await existingAppSecret(ctx.db, 'signing');
  if (!alertId || !sig || !secret || !/^[0-9a-f-]{36}$/.test(alertId))
    throw badRequest(ALERT_MESSAGES.unsubscribeInvalid);
  const expected = Buffer.from(signature(subkey(secret, PURPOSE), alertId));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    throw badRequest(ALERT_MESSAGES.unsubscribeInvalid);
  return alertId;
}

/** One alert's part of a digest: its name, the matches' notification texts and links, its unsubscribe token. */
export interface DigestSection {
  name: string;
  matches: Array<{ message: string; link: string | null }>;
  token: string;
}

/** The digest mail to `to` (plain text; links absolute on `appUrl`). */
export function digestMail(to: string, appUrl: string, sections: DigestSection[]): MailMessage {
  const count = sections.reduce((n, s) => n + s.matches.length, 0);
  const parts = sections.map((s) =>
    [
      `${s.name}`,
      ...s.matches.map((m) => `- ${m.message}${m.link ? `\n  ${appUrl}${m.link}` : ''}`),
      `Stop these e-mails for this alert: ${appUrl}/alert-unsubscribe?token=${encodeURIComponent(s.token)}`,
    ].join('\n'),
  );
  return {
    to,
    subject: `Campus Companion: ${count} new ${count === 1 ? 'match' : 'matches'} for your alerts`,
    text: `New matches for your saved alerts since the last e-mail:\n\n${parts.join('\n\n')}\n\nManage your alerts: ${appUrl}/alerts`,
  };
}

/**
 * Sends the due digests (docs/alerts.md "E-mail digest"): to each active student with matches not
 * yet e-mailed of alerts with the digest on, whose last digest is older than
 * {@link DIGEST_EVERY_MS}. The student's daily slot is claimed by one conditional upsert (so two
 * instances never both send), the matches are marked e-mailed in the same transaction, and the
 * mail goes out after it commits (at most once; a transport failure is logged). Returns how many
 * mails were sent.
 */
export async function sendDigests(ctx: ServiceContext): Promise<number> {
  const due = await ctx.db
    .selectDistinct({ userId: alerts.userId, email: users.email })
    .from(alertMatches)
    .innerJoin(alerts, eq(alerts.id, alertMatches.alertId))
    .innerJoin(users, eq(users.id, alerts.userId))
    .leftJoin(alertDigests, eq(alertDigests.userId, alerts.userId))
    .where(
      and(
        isNull(alertMatches.digestedAt),
        eq(alerts.emailDigest, true),
        isNull(users.deactivatedAt),
        isNotNull(users.emailVerifiedAt),
        sql`(${alertDigests.sentAt} IS NULL OR ${alertDigests.sentAt} <= now() - make_interval(secs => ${DIGEST_EVERY_MS / 1000}))`,
      ),
    )
    .limit(DIGEST_BATCH);
  if (!due.length) return 0;
  const key = await tokenKey(ctx);
  let sent = 0;
  for (const student of due) {
    const sections = await ctx.db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(alertDigests)
        .values({ userId: student.userId, sentAt: new Date() })
        .onConflictDoUpdate({
          target: alertDigests.userId,
          set: { sentAt: sql`now()` },
          setWhere: sql`${alertDigests.sentAt} <= now() - make_interval(secs => ${DIGEST_EVERY_MS / 1000})`,
        })
        .returning({ userId: alertDigests.userId });
      if (!claimed) return [];
      const rows = await tx
        .update(alertMatches)
        .set({ digestedAt: sql`now()` })
        .from(alerts)
        .where(
          and(
            eq(alerts.id, alertMatches.alertId),
            eq(alerts.userId, student.userId),
            eq(alerts.emailDigest, true),
            isNull(alertMatches.digestedAt),
          ),
        )
        .returning({ alertId: alerts.id, name: alerts.name, notificationId: alertMatches.notificationId });
      const ids = rows.map((r) => r.notificationId).filter((id): id is string => id !== null);
      const texts = ids.length
        ? await tx
            .select({ id: notifications.id, message: notifications.message, link: notifications.link })
            .from(notifications)
            .where(inArray(notifications.id, ids))
        : [];
      const byId = new Map(texts.map((n) => [n.id, n]));
      const byAlert = new Map<string, DigestSection>();
      for (const r of rows) {
        const n = r.notificationId ? byId.get(r.notificationId) : undefined;
        if (!n) continue;
        let section = byAlert.get(r.alertId);
        if (!section)
          byAlert.set(r.alertId, (section = { name: r.name, matches: [], token: unsubscribeToken(key, r.alertId) }));
        section.matches.push({ message: n.message, link: n.link });
      }
      return [...byAlert.values()];
    });
    if (!sections.length) continue;
    try {
      await ctx.mailer.send(digestMail(student.email, ctx.config.appUrl, sections));
      sent += 1;
    } catch (err) {
      ctx.log.error({ err, to: student.email }, 'Sending the alert digest failed');
    }
  }
  return sent;
}

/** Turns off the e-mail digest of the alert a valid unsubscribe token names (400 for a bad token; a deleted alert is fine). */
export async function unsubscribe(ctx: ServiceContext, token: string): Promise<void> {
  const alertId = await alertOfToken(ctx, token);
  await ctx.db.update(alerts).set({ emailDigest: false }).where(eq(alerts.id, alertId));
}
