/**
 * Reports and moderation rules — the only export surface to the routes.
 *
 * - `createReport`: a signed-in student reports a listing, a lost & found item, a ride or a user.
 *   404 for a target the reporter cannot see (its record kind's `loadVisible`), 403 for their own
 *   content or account, 409 for a second open report on the same target, 429 past
 *   {@link REPORTS_PER_HOUR} per user. The report joins the target's pending moderation case (one
 *   per target); when `reportsToHide` (institute config, default 3) different students have open
 *   reports on an item, it is hidden (lists, search, deep links) for all but its owner and admins,
 *   and the owner is told why. Every active administrator is notified (live, through the SSE hub).
 * - `listCases`: the admin queue, one entry per reported target with its reports and audit trail.
 * - `resolveCase`: dismiss (restores a hidden item), remove (hides it for good, owner told why),
 *   deactivate (the admin feature's deactivation of the owner); reports resolved and an audit row
 *   written in the same transaction.
 */
import { and, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  PENDING_CASE_STATES,
  REPORT_MESSAGES,
  REPORT_REASON_LABELS,
  REPORT_TARGET_LABELS,
  type CaseState,
  type ListCasesQuery,
  type ModerationCase,
  type ReportReason,
  type ReportTargetType,
  type ResolveAction,
} from '@campus/contract/reports';
import { COMMON_MESSAGES } from '@campus/contract/envelope';
import type { z } from 'zod';
import type { createReportBody, resolveCaseBody } from '@campus/contract/reports';
import { moderationActions, moderationCases, reports } from '../../db/schema/reports.ts';
import { users } from '../../db/schema/users.ts';
import { isAdmin, type Admin, type SessionUser } from '../../lib/auth.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { refuse, tooManyRequests } from '../../lib/errors.ts';
import { publishChanges } from '../../lib/live-changes.ts';
import { listPage, type Page } from '../../lib/pages.ts';
import { hit } from '../../lib/rate-limit.ts';
import { deactivateUser } from '../admin/admin.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import * as queries from './reports.queries.ts';

/** Reports one student may send per hour (a per-user rate limit). */
export const REPORTS_PER_HOUR = 30;
const HOUR_MS = 60 * 60 * 1000;

/** The link administrators' notices open. */
export const ADMIN_REPORTS_LINK = '/admin/reports';

/** What a report names: whose it is and what it is called. */
interface Target {
  ownerId: string;
  title: string;
}

/**
 * Loads the target `viewer` reports, as they may see it: a record through its kind's `loadVisible`
 * (`src/record-kinds.ts`; 404 with the feature's message when unknown, of a deactivated owner, or
 * hidden or removed for others); a user must exist and, for anyone but an admin, be active (404
 * otherwise).
 */
async function loadTarget(
  ctx: ServiceContext,
  viewer: SessionUser,
  type: ReportTargetType,
  id: string,
): Promise<Target> {
  const kind = queries.kindOf(type);
  if (kind) {
    const { row } = await kind.loadVisible(ctx, viewer, id);
    return { ownerId: row.userId, title: kind.title(row) };
  }
  const [u] = await ctx.db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      deactivatedAt: users.deactivatedAt,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(users)
    .where(eq(users.id, id));
  // An unverified sign-up is nobody's account yet: reporting it would put a stranger's address
  // in the admin queue (docs/security.md "Reports").
  if (!u || !u.emailVerifiedAt || (u.deactivatedAt && !isAdmin(viewer))) refuse(404, REPORT_MESSAGES.targetNotFound);
  return { ownerId: u.id, title: u.name ?? u.email };
}

/** "Spam, Scam or fraud": the reasons' labels for a notice. */
const reasonList = (reasons: ReportReason[]) => reasons.map((r) => REPORT_REASON_LABELS[r]).join(', ');

/**
 * POST /api/reports: `viewer` reports `body.targetType`/`targetId`. Statuses:
 * 429 over the per-user ceiling, 404 not visible, 403 own content, 409 an open report of theirs on
 * it already. One transaction: the pending case (created once, row-locked), the report, the
 * auto-hide at `reportsToHide` different reporters (not counting those whose reports on it an admin
 * dismissed before) with the owner's notice, the admins' notices (once per case, when it opens),
 * and a live `change` of the case to the admins (and of a hidden record to every stream).
 * 404 for an unverified user.
 * Returns the report's and case's ids.
 */
export async function createReport(
  ctx: ServiceContext,
  viewer: SessionUser,
  body: z.output<typeof createReportBody>,
): Promise<{ id: string; caseId: string }> {
  const { count, retryAfterMs } = await hit(ctx.db, `report:${viewer.id}`, HOUR_MS);
  if (count > REPORTS_PER_HOUR) throw tooManyRequests(COMMON_MESSAGES.rateLimited, retryAfterMs / 1000);
  const { targetType, targetId, reason } = body;
  const target = await loadTarget(ctx, viewer, targetType, targetId);
  if (target.ownerId === viewer.id)
    refuse(403, targetType === 'user' ? REPORT_MESSAGES.ownAccount : REPORT_MESSAGES.ownContent);

  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const opened = await tx
      .insert(moderationCases)
      .values({ targetType, targetId, ownerId: target.ownerId })
      .onConflictDoNothing({
        target: [moderationCases.targetType, moderationCases.targetId],
        where: sql`state in ('open', 'hidden')`,
      })
      .returning({ id: moderationCases.id });
    const [pending] = await tx
      .select()
      .from(moderationCases)
      .where(
        and(
          eq(moderationCases.targetType, targetType),
          eq(moderationCases.targetId, targetId),
          inArray(moderationCases.state, [...PENDING_CASE_STATES]),
        ),
      )
      .for('update');
    if (!pending) return refuse(409, REPORT_MESSAGES.duplicate);
    const [report] = await tx
      .insert(reports)
      .values({
        caseId: pending.id,
        reporterId: viewer.id,
        targetType,
        targetId,
        reason,
        details: body.details ?? null,
      })
      .onConflictDoNothing({
        target: [reports.reporterId, reports.targetType, reports.targetId],
        where: sql`status = 'open'`,
      })
      .returning({ id: reports.id });
    if (!report) return refuse(409, REPORT_MESSAGES.duplicate);
    await tx
      .update(moderationCases)
      .set({ lastReportAt: sql`now()` })
      .where(eq(moderationCases.id, pending.id));

    const link = queries.targetLink(targetType, targetId);
    const kind = queries.kindOf(targetType);
    if (pending.state === 'open' && kind) {
      const open = await queries.openReportStats(tx, pending.id);
      if ((await queries.freshReporters(tx, pending.id, targetType, targetId)) >= ctx.config.institute.reportsToHide) {
        await kind.hide(tx, targetId);
        await publishChanges(tx, [{ type: kind.kind, id: targetId }]);
        await tx.update(moderationCases).set({ state: 'hidden' }).where(eq(moderationCases.id, pending.id));
        await notify(txCtx, target.ownerId, {
          message: REPORT_MESSAGES.noticeHidden(target.title, reasonList(open.reasons)),
          type: 'alert',
          link,
        });
      }
    }
    // Admins hear of a target once, when its case opens, not of every report on it.
    const what = REPORT_TARGET_LABELS[targetType].toLowerCase();
    const admins = await queries.activeAdminIds(tx);
    await publishChanges(tx, [{ type: 'report', id: pending.id }], admins);
    for (const adminId of opened.length ? admins : [])
      if (adminId !== viewer.id)
        await notify(txCtx, adminId, {
          message: REPORT_MESSAGES.noticeNewReport(what, target.title, REPORT_REASON_LABELS[reason]),
          type: 'alert',
          link: ADMIN_REPORTS_LINK,
        });
    return { id: report.id, caseId: pending.id };
  });
}

/** The WHERE of the admin queue: pending (open, hidden) or closed cases, of one type when given. */
function queueWhere(q: ListCasesQuery): SQL {
  const state =
    q.status === 'open'
      ? inArray(moderationCases.state, [...PENDING_CASE_STATES])
      : notInArray(moderationCases.state, [...PENDING_CASE_STATES]);
  return and(state, q.type ? eq(moderationCases.targetType, q.type) : undefined)!;
}

/**
 * GET /api/admin/reports: one entry per reported target — what it is, its owner,
 * its open reports and reasons, every report and the audit trail — newest report first, paginated.
 * Admins only (the `Admin` brand).
 */
export async function listCases(ctx: ServiceContext, _admin: Admin, q: ListCasesQuery): Promise<Page<ModerationCase>> {
  const page = await listPage(ctx.db, q, {
    from: moderationCases,
    where: queueWhere(q),
    select: queries.casesWithOwners(ctx.db),
    orderBy: [desc(moderationCases.lastReportAt), desc(moderationCases.id)],
  });
  return { ...page, items: await queries.toApiCases(ctx.db, page.items) };
}

/** One case in the API shape (404 when unknown). */
async function getCase(ctx: ServiceContext, id: string): Promise<ModerationCase> {
  const rows = await queries.casesWithOwners(ctx.db).where(eq(moderationCases.id, id));
  const [found] = await queries.toApiCases(ctx.db, rows);
  if (!found) refuse(404, REPORT_MESSAGES.caseNotFound);
  return found;
}

/** The state a case ends in after each action. */
const RESOLVED_STATE: Record<ResolveAction, CaseState> = {
  dismiss: 'dismissed',
  remove: 'removed',
  deactivate: 'deactivated',
};

/** The answer's message after each action. */
export const RESOLVE_MESSAGES: Record<ResolveAction, string> = {
  dismiss: REPORT_MESSAGES.dismissed,
  remove: REPORT_MESSAGES.removed,
  deactivate: REPORT_MESSAGES.deactivated,
};

/**
 * POST /api/admin/reports/{id}/resolve by `admin`: 404 unknown case, 409 already
 * resolved, 400 `remove` on a user (deactivate instead), 403 from the admin deactivation (oneself,
 * an ADMIN_EMAILS admin). One transaction (case row-locked): the action's effect and the owner's
 * notice (`remove`: hidden for good, told the reasons and the note; `dismiss` of a hidden item:
 * restored, told so; `deactivate`: the existing deactivation), the open reports resolved, the case
 * closed and one audit row (who, when, what, note); the administrators' queues and the record's
 * open pages are told (live `change`, lib/live-changes.ts). Returns the case as the admin tab shows it.
 */
export async function resolveCase(
  ctx: ServiceContext,
  admin: Admin,
  id: string,
  body: z.output<typeof resolveCaseBody>,
): Promise<ModerationCase> {
  const { action } = body;
  const note = body.note ?? null;
  await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const [c] = await tx.select().from(moderationCases).where(eq(moderationCases.id, id)).for('update');
    if (!c) return refuse(404, REPORT_MESSAGES.caseNotFound);
    if (!(PENDING_CASE_STATES as readonly CaseState[]).includes(c.state)) refuse(409, REPORT_MESSAGES.alreadyResolved);
    const type = c.targetType;
    const kind = queries.kindOf(type);
    if (action === 'remove' && !kind) refuse(400, REPORT_MESSAGES.removeUser);
    const title = (await queries.targetTitles(tx, [c])).get(`${type}:${c.targetId}`) ?? '';
    const link = queries.targetLink(type, c.targetId);
    if (action === 'deactivate') {
      await deactivateUser(txCtx, admin, c.ownerId);
    } else if (kind) {
      const { reasons } = await queries.openReportStats(tx, c.id);
      if (action === 'remove') {
        await kind.remove(tx, c.targetId);
        await notify(txCtx, c.ownerId, {
          message: REPORT_MESSAGES.noticeRemoved(title, reasonList(reasons), note ?? undefined),
          type: 'alert',
          link,
        });
      } else if (c.state === 'hidden') {
        await kind.restore(tx, c.targetId);
        await notify(txCtx, c.ownerId, { message: REPORT_MESSAGES.noticeRestored(title), type: 'system', link });
      }
    }
    await tx
      .update(reports)
      .set({ status: 'resolved' })
      .where(and(eq(reports.caseId, c.id), eq(reports.status, 'open')));
    await tx
      .update(moderationCases)
      .set({ state: RESOLVED_STATE[action], resolvedAt: sql`now()` })
      .where(eq(moderationCases.id, c.id));
    await tx.insert(moderationActions).values({ caseId: c.id, adminId: admin.id, action, note });
    await publishChanges(tx, [{ type: 'report', id: c.id }], await queries.activeAdminIds(tx));
    if (kind && action !== 'deactivate') await publishChanges(tx, [{ type: kind.kind, id: c.targetId }]);
  });
  return getCase(ctx, id);
}
