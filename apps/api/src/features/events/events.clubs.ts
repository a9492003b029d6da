/**
 * Clubs (docs/architecture.md "Features in detail", Events and clubs): the list, a club's page and
 * following for every signed-in student; administrators make, change and delete clubs and name
 * their coordinators. Re-exported by `events.service.ts`, the feature's export surface to its routes.
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  CLUB_MESSAGES,
  type AdminCoordinator,
  type Club,
  type ClubDetail,
  type CoordinatorsBody,
  type CreateClubBody,
  type ListClubsQuery,
  type UpdateClubBody,
} from '@campus/contract/events';
import { clubCoordinators, clubFollows, clubs, events } from '../../db/schema/events.ts';
import { users } from '../../db/schema/users.ts';
import type { Admin, SessionUser } from '../../lib/auth.ts';
import { deleteFiles, putFile } from '../../lib/blob-store.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { conflict, notFound, pgCode, validationError } from '../../lib/errors.ts';
import type { ProcessedFile } from '../../lib/images.ts';
import { listPage, type Page } from '../../lib/pages.ts';
import { eventKind } from './events.kind.ts';
import * as queries from './events.queries.ts';

/** The club `slug`, or 404 "Club not found.". */
async function clubBySlug(ctx: ServiceContext, slug: string) {
  const [row] = await ctx.db.select().from(clubs).where(eq(clubs.slug, slug));
  if (!row) throw notFound(CLUB_MESSAGES.notFound);
  return row;
}

/** GET /api/clubs: every club by name, with follower counts and whether `viewer` follows it. */
export async function listClubs(ctx: ServiceContext, viewer: SessionUser, q: ListClubsQuery): Promise<Page<Club>> {
  return listPage(ctx.db, q, {
    from: clubs,
    where: q.category ? eq(clubs.category, q.category) : undefined,
    select: queries.clubsFor(ctx.db, viewer.id),
    orderBy: [clubs.name, clubs.id],
    map: (r) => queries.toApiClub(ctx.config.appUrl, r),
  });
}

/** One club with its counts for `viewer`; 404 when unknown. */
async function clubFor(ctx: ServiceContext, viewer: SessionUser, slug: string): Promise<Club> {
  const [r] = await queries.clubsFor(ctx.db, viewer.id).where(eq(clubs.slug, slug));
  if (!r) throw notFound(CLUB_MESSAGES.notFound);
  return queries.toApiClub(ctx.config.appUrl, r);
}

/** GET /api/clubs/{slug}: the club, its coordinators and its next 20 upcoming visible events. */
export async function getClub(ctx: ServiceContext, viewer: SessionUser, slug: string): Promise<ClubDetail> {
  const club = await clubFor(ctx, viewer, slug);
  const [coordinators, upcoming] = await Promise.all([
    queries.coordinatorsOf(ctx.db, club.id),
    queries
      .eventsWithClub(ctx.db)
      .where(and(eq(events.clubId, club.id), gt(events.endsAt, sql`now()`), eventKind.visible(ctx.db)))
      .orderBy(...queries.eventOrder('upcoming'))
      .limit(20),
  ]);
  return {
    ...club,
    coordinators,
    upcoming: await queries.toApiEvents(ctx, viewer, upcoming),
  };
}

/** PUT / DELETE /api/clubs/{slug}/follow: `viewer` follows or stops following (idempotent). */
export async function setFollow(
  ctx: ServiceContext,
  viewer: SessionUser,
  slug: string,
  follow: boolean,
): Promise<Club> {
  const club = await clubBySlug(ctx, slug);
  if (follow) await ctx.db.insert(clubFollows).values({ clubId: club.id, userId: viewer.id }).onConflictDoNothing();
  else await ctx.db.delete(clubFollows).where(and(eq(clubFollows.clubId, club.id), eq(clubFollows.userId, viewer.id)));
  return clubFor(ctx, viewer, slug);
}

/** POST /api/admin/clubs: a new club with its logo; 409 on a taken slug. */
export async function createClub(
  ctx: ServiceContext,
  admin: Admin,
  body: CreateClubBody,
  image: ProcessedFile | null,
): Promise<Club> {
  try {
    await ctx.db.transaction(async (tx) => {
      const logoFileId = image ? await putFile(tx, admin.id, image) : null;
      await tx.insert(clubs).values({
        slug: body.slug,
        name: body.name,
        category: body.category,
        description: body.description ?? '',
        logoFileId,
      });
    });
  } catch (err) {
    if (pgCode(err) === '23505') throw conflict(CLUB_MESSAGES.slugTaken);
    throw err;
  }
  return clubFor(ctx, admin, body.slug);
}

/** PATCH /api/admin/clubs/{slug}: partial update; a new logo replaces the old one. */
export async function updateClub(
  ctx: ServiceContext,
  admin: Admin,
  slug: string,
  body: UpdateClubBody,
  image: ProcessedFile | null,
): Promise<Club> {
  const club = await clubBySlug(ctx, slug);
  await ctx.db.transaction(async (tx) => {
    const logoFileId = image ? await putFile(tx, admin.id, image) : body.remove_image ? null : undefined;
    const set = Object.fromEntries(
      Object.entries({ name: body.name, category: body.category, description: body.description, logoFileId }).filter(
        ([, v]) => v !== undefined,
      ),
    );
    if (!Object.keys(set).length) return;
    await tx.update(clubs).set(set).where(eq(clubs.id, club.id));
    if (logoFileId !== undefined) await deleteFiles(tx, [club.logoFileId]);
  });
  return clubFor(ctx, admin, slug);
}

/**
 * PUT /api/admin/clubs/{slug}/coordinators: the club's coordinators become the students with
 * `body.emails` (400 naming the first unknown address). One transaction.
 */
export async function setCoordinators(
  ctx: ServiceContext,
  _admin: Admin,
  slug: string,
  body: CoordinatorsBody,
): Promise<AdminCoordinator[]> {
  const club = await clubBySlug(ctx, slug);
  const emails = [...new Set(body.emails)];
  const found = emails.length
    ? await ctx.db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails))
    : [];
  const unknown = emails.find((e) => !found.some((u) => u.email === e));
  if (unknown !== undefined) throw validationError({ emails: CLUB_MESSAGES.coordinatorUnknown(unknown) });
  await ctx.db.transaction(async (tx) => {
    await tx.delete(clubCoordinators).where(eq(clubCoordinators.clubId, club.id));
    if (found.length) await tx.insert(clubCoordinators).values(found.map((u) => ({ clubId: club.id, userId: u.id })));
  });
  return queries.coordinatorEmailsOf(ctx.db, club.id);
}

/** GET /api/admin/clubs/{slug}/coordinators: the club's coordinators with their e-mails; 404 when unknown. */
export async function coordinatorsFor(ctx: ServiceContext, _admin: Admin, slug: string): Promise<AdminCoordinator[]> {
  const club = await clubBySlug(ctx, slug);
  return queries.coordinatorEmailsOf(ctx.db, club.id);
}

/**
 * DELETE /api/admin/clubs/{slug}: removes a club with no events (409 while it has any, so no
 * student's RSVP or report disappears silently) with its coordinators, followers and logo. 404 when unknown.
 */
export async function deleteClub(ctx: ServiceContext, _admin: Admin, slug: string): Promise<void> {
  const club = await clubBySlug(ctx, slug);
  await ctx.db.transaction(async (tx) => {
    const [used] = await tx.select({ id: events.id }).from(events).where(eq(events.clubId, club.id)).limit(1);
    if (used) throw conflict(CLUB_MESSAGES.hasEvents);
    await tx.delete(clubs).where(eq(clubs.id, club.id));
    await deleteFiles(tx, [club.logoFileId]);
  });
}
