/**
 * Administrator user management (docs/product-spec.md §2 Admin area, §5, §6; docs/design.md §5, §8): the all-users list
 * with server-side search and sort, stats, edit (profile fields and roles), deactivate and
 * reactivate. The routes guard the admin role; these functions hold the rules.
 */
import { asc, count, desc, eq, ilike, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_MESSAGES,
  NEW_USER_WINDOW_DAYS,
  type AdminStats,
  type AdminUpdateUserBody,
  type AdminUsersQuery,
} from '@campus/contract/admin';
import { ADMIN_ROLE, type PublicUser } from '@campus/contract/users';
import { users } from '../../db/schema/users.ts';
import { accountAudit, accountClosures } from '../../db/schema/privacy.ts';
import { endUserSessions, type Admin, type SessionUser } from '../../lib/auth.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { likePattern } from '../../lib/owned-records.ts';
import { listPage, paginationOf } from '../../lib/pages.ts';
import type { Pagination } from '@campus/contract/envelope';
import { toPublicUser, updateProfile } from '../users/users.service.ts';

/**
 * Counts over all verified users (an unverified sign-up is not an account yet): total,
 * new this week (created since the start of the day six days ago in the institute's time zone, i.e.
 * the last 7 calendar days including today), active, deactivated.
 */
export async function stats(ctx: ServiceContext): Promise<AdminStats> {
  const tz = ctx.config.institute.timezone;
  const since = sql`((date_trunc('day', now() AT TIME ZONE ${tz}) - make_interval(days => ${NEW_USER_WINDOW_DAYS - 1})) AT TIME ZONE ${tz})`;
  const [row] = await ctx.db
    .select({
      total: count(),
      newThisWeek: sql<number>`count(*) FILTER (WHERE ${users.createdAt} >= ${since})`,
      deactivated: sql<number>`count(*) FILTER (WHERE ${users.deactivatedAt} IS NOT NULL)`,
    })
    .from(users)
    .where(isNotNull(users.emailVerifiedAt));
  const total = Number(row!.total);
  const deactivated = Number(row!.deactivated);
  return { total, newThisWeek: Number(row!.newThisWeek), active: total - deactivated, deactivated };
}

/**
 * GET all (docs/product-spec.md §5 rules, applied in SQL): `search` is case-insensitive and matches text contained
 * in the name, the e-mail or the id as text (empty → all); `sort` newest = createdAt desc, oldest =
 * createdAt asc, name = name ascending ignoring case, a missing name counting as empty. Paginated.
 */
export async function listUsers(
  ctx: ServiceContext,
  _admin: Admin,
  q: AdminUsersQuery,
): Promise<{ users: PublicUser[]; pagination: Pagination; stats: AdminStats }> {
  const where: SQL | undefined = q.search
    ? or(
        ilike(users.name, likePattern(q.search)),
        ilike(users.email, likePattern(q.search)),
        ilike(sql`${users.id}::text`, likePattern(q.search)),
      )
    : undefined;
  const order =
    q.sort === 'oldest'
      ? [asc(users.createdAt), asc(users.id)]
      : q.sort === 'name'
        ? [asc(sql`lower(coalesce(${users.name}, ''))`), desc(users.createdAt), desc(users.id)]
        : [desc(users.createdAt), desc(users.id)];
  const found = await listPage(ctx.db, q, {
    from: users,
    where,
    select: ctx.db.select().from(users),
    orderBy: order,
    map: (u) => toPublicUser(u, ctx.config.appUrl),
  });
  return { users: found.items, pagination: paginationOf(q, found), stats: await stats(ctx) };
}

/** The user `id`; 404 "User not found" when unknown. */
async function findUser(ctx: ServiceContext, id: string): Promise<SessionUser> {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
  if (!row) throw notFound(ADMIN_MESSAGES.userNotFound);
  return row;
}

const isConfiguredAdmin = (ctx: ServiceContext, user: SessionUser) => ctx.config.adminEmails.includes(user.email);

/**
 * PUT users/{id}: name, branch, semester, hostel (validated against the institute config, 400) and
 * roles. 404 unknown user; 403 when the change would remove the admin role from the caller or from
 * an `ADMIN_EMAILS` admin. One transaction.
 */
export async function updateUser(
  ctx: ServiceContext,
  admin: Admin,
  id: string,
  body: AdminUpdateUserBody,
): Promise<PublicUser> {
  const target = await findUser(ctx, id);
  const roles = body.roles ? [...new Set(body.roles)] : undefined;
  if (roles && !roles.includes(ADMIN_ROLE) && target.roles.includes(ADMIN_ROLE)) {
    if (target.id === admin.id) throw forbidden(ADMIN_MESSAGES.cannotDemoteSelf);
    if (isConfiguredAdmin(ctx, target)) throw forbidden(ADMIN_MESSAGES.cannotDemoteConfigured);
  }
  const { roles: _roles, ...profile } = body;
  const row = await ctx.db.transaction(async (tx) => {
    await updateProfile({ ...ctx, db: tx }, id, profile);
    if (!roles) return findUser({ ...ctx, db: tx }, id);
    // Keep roles the UI cannot assign; replace the assignable ones.
    const kept = target.roles.filter((r) => r !== ADMIN_ROLE);
    const [next] = await tx
      .update(users)
      .set({ roles: [...kept, ...roles] })
      .where(eq(users.id, id))
      .returning();
    return next!;
  });
  ctx.events.emit('user-changed', id); // cached sessions carry the old roles
  return toPublicUser(row, ctx.config.appUrl);
}

/**
 * POST users/{id}/deactivate: the account can no longer log in, and every session (and live
 * stream) ends at once. 404 unknown; 403 for oneself or an `ADMIN_EMAILS` admin. Idempotent.
 */
export async function deactivateUser(ctx: ServiceContext, admin: Admin, id: string): Promise<PublicUser> {
  const target = await findUser(ctx, id);
  if (target.id === admin.id) throw forbidden(ADMIN_MESSAGES.cannotDeactivateSelf);
  if (isConfiguredAdmin(ctx, target)) throw forbidden(ADMIN_MESSAGES.cannotDeactivateConfigured);
  const [row] = await ctx.db
    .update(users)
    .set({ deactivatedAt: sql`coalesce(${users.deactivatedAt}, now())` })
    .where(eq(users.id, id))
    .returning();
  await endUserSessions(ctx, id);
  return toPublicUser(row!, ctx.config.appUrl);
}

/**
 * POST users/{id}/reactivate: the account may log in again (404 unknown). A closed account is kept
 * (its closure goes: no erasure), as its student's "Keep my account" would, and the audit trail
 * (`account_audit`) keeps the action (docs/privacy.md).
 * Idempotent.
 */
export async function reactivateUser(ctx: ServiceContext, admin: Admin, id: string): Promise<PublicUser> {
  await findUser(ctx, id);
  const row = await ctx.db.transaction(async (tx) => {
    const kept = await tx
      .delete(accountClosures)
      .where(eq(accountClosures.userId, id))
      .returning({ id: accountClosures.userId });
    if (kept.length) await tx.insert(accountAudit).values({ adminId: admin.id, userId: id, action: 'reactivate' });
    const [next] = await tx.update(users).set({ deactivatedAt: null }).where(eq(users.id, id)).returning();
    return next!;
  });
  ctx.events.emit('user-changed', id);
  return toPublicUser(row, ctx.config.appUrl);
}
