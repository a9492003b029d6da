/**
 * Queries of reports and moderation: the reported records' titles and links
 * (through their record kinds, `src/record-kinds.ts`), the reports and audit rows of a page of
 * cases, and the mapping to the contract's `ModerationCase`.
 */
import { and, asc, eq, inArray, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import { DELETED_ACCOUNT } from '@campus/contract/privacy-ui';
import { ADMIN_ROLE } from '@campus/contract/users';
import type { ModerationCase, ReportReason, ReportTargetType } from '@campus/contract/reports';
import type { Db } from '../../db/client.ts';
import { moderationActions, moderationCases, reports } from '../../db/schema/reports.ts';
import { users } from '../../db/schema/users.ts';
import { kindOfReport, REPORTABLE_RECORD_KINDS } from '../../record-kinds.ts';

/** A stored case with its owner's name, e-mail and deactivation. */
export interface CaseRow {
  c: typeof moderationCases.$inferSelect;
  ownerName: string | null;
  ownerEmail: string;
  ownerDeactivatedAt: Date | null;
}

/** The record kind a report target type names (listings, lost & found items, rides), or undefined for a user. */
export const kindOf = kindOfReport;

/** The page that opens a reported target: its kind's record link (null for a user). */
export function targetLink(type: ReportTargetType, id: string): string | null {
  return kindOf(type)?.link(id) ?? null;
}

/**
 * Titles of the given targets, keyed `type:id` (a deleted record has none): each record kind's
 * titles in one query per kind, users by name (else e-mail).
 */
export async function targetTitles(
  db: Db,
  targets: { targetType: ReportTargetType; targetId: string }[],
): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  const ids = (type: ReportTargetType) => targets.filter((t) => t.targetType === type).map((t) => t.targetId);
  for (const kind of REPORTABLE_RECORD_KINDS)
    for (const [id, title] of await kind.titles(db, ids(kind.reportType)))
      titles.set(`${kind.reportType}:${id}`, title);
  const userIds = ids('user');
  if (userIds.length)
    for (const r of await db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(inArray(users.id, userIds)))
      titles.set(`user:${r.id}`, r.name ?? r.email);
  return titles;
}

/** The open reports of a case: how many different reporters, and their reasons. */
export async function openReportStats(db: Db, caseId: string): Promise<{ reporters: number; reasons: ReportReason[] }> {
  const [row] = await db
    .select({
      reporters: sql<number>`count(distinct ${reports.reporterId})::int`,
      reasons: sql<ReportReason[]>`coalesce(array_agg(distinct ${reports.reason}), '{}')`,
    })
    .from(reports)
    .where(and(eq(reports.caseId, caseId), eq(reports.status, 'open')));
  return { reporters: Number(row?.reporters ?? 0), reasons: row?.reasons ?? [] };
}

/**
 * Reporters of case `caseId`'s open reports who count towards the auto-hide: not those whose
 * reports on the same target an admin already dismissed (docs/security.md "Reports"), so the same
 * accounts cannot hide a listing again right after an admin restored it.
 */
export async function freshReporters(
  db: Db,
  caseId: string,
  targetType: ReportTargetType,
  targetId: string,
): Promise<number> {
  const dismissed = db
    .select({ id: reports.reporterId })
    .from(reports)
    .innerJoin(moderationCases, eq(moderationCases.id, reports.caseId))
    .where(
      and(
        eq(moderationCases.targetType, targetType),
        eq(moderationCases.targetId, targetId),
        eq(moderationCases.state, 'dismissed'),
        // A NULL in NOT IN's list would make it NULL for everyone: erased reporters are left out.
        isNotNull(reports.reporterId),
      ),
    );
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${reports.reporterId})::int` })
    .from(reports)
    .where(and(eq(reports.caseId, caseId), eq(reports.status, 'open'), notInArray(reports.reporterId, dismissed)));
  return Number(row?.n ?? 0);
}

/** The active administrators' ids (who hear of a new report). */
export async function activeAdminIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`${ADMIN_ROLE} = any(${users.roles})`, isNull(users.deactivatedAt)));
  return rows.map((r) => r.id);
}

/** Cases with their owners (`CaseRow`s), to narrow by WHERE (the admin queue, one case). */
export function casesWithOwners(db: Db) {
  return db
    .select({
      c: moderationCases,
      ownerName: users.name,
      ownerEmail: users.email,
      ownerDeactivatedAt: users.deactivatedAt,
    })
    .from(moderationCases)
    .innerJoin(users, eq(users.id, moderationCases.ownerId));
}

/**
 * Maps a page of cases to the API shape with their reports (reporter names), audit rows (admin
 * names) and target titles, in three queries. A reporter or administrator whose account was erased
 * is named {@link DELETED_ACCOUNT} (docs/privacy.md).
 */
export async function toApiCases(db: Db, rows: CaseRow[]): Promise<ModerationCase[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.c.id);
  const [reportRows, actionRows, titles] = await Promise.all([
    db
      .select({ r: reports, reporterName: users.name })
      .from(reports)
      .leftJoin(users, eq(users.id, reports.reporterId))
      .where(inArray(reports.caseId, ids))
      .orderBy(asc(reports.createdAt), asc(reports.id)),
    db
      .select({ a: moderationActions, adminName: users.name })
      .from(moderationActions)
      .leftJoin(users, eq(users.id, moderationActions.adminId))
      .where(inArray(moderationActions.caseId, ids))
      .orderBy(asc(moderationActions.createdAt), asc(moderationActions.id)),
    targetTitles(
      db,
      rows.map((r) => r.c),
    ),
  ]);
  return rows.map(({ c, ownerName, ownerEmail, ownerDeactivatedAt }) => {
    const own = reportRows.filter((x) => x.r.caseId === c.id);
    const open = own.filter((x) => x.r.status === 'open');
    return {
      id: c.id,
      targetType: c.targetType,
      targetId: c.targetId,
      state: c.state,
      title: titles.get(`${c.targetType}:${c.targetId}`) ?? null,
      link: targetLink(c.targetType, c.targetId),
      owner: { id: c.ownerId, name: ownerName, email: ownerEmail, deactivated: ownerDeactivatedAt !== null },
      openReports: open.length,
      reasons: [...new Set((open.length ? open : own).map((x) => x.r.reason))],
      reports: own.map(({ r, reporterName }) => ({
        id: r.id,
        reason: r.reason,
        details: r.details,
        status: r.status,
        reporter: { id: r.reporterId, name: r.reporterId === null ? DELETED_ACCOUNT : reporterName },
        createdAt: r.createdAt.toISOString(),
      })),
      actions: actionRows
        .filter((x) => x.a.caseId === c.id)
        .map(({ a, adminName }) => ({
          id: a.id,
          action: a.action,
          note: a.note,
          admin: { id: a.adminId, name: a.adminId === null ? DELETED_ACCOUNT : adminName },
          createdAt: a.createdAt.toISOString(),
        })),
      createdAt: c.createdAt.toISOString(),
      lastReportAt: c.lastReportAt.toISOString(),
    };
  });
}
