/**
 * Clubs (docs/architecture.md "Features in detail", Events and clubs): the list, a club's page and
 * following for every signed-in student; administrators make, change and delete clubs, name their
 * coordinators and import them from CSV (a dry run names each bad line and saves nothing). Every
 * administrator's change writes a `club_audit` row in its transaction. The routes call it
 * directly (`events.service.ts` stays the feature's export surface to other features).
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  CLUB_COORDINATORS_MAX,
  CLUB_CSV_COLUMNS,
  CLUB_IMPORT_ROWS_MAX,
  CLUB_MESSAGES,
  createClubBody,
  type AdminCoordinator,
  type ClubImportLine,
  type ClubImportResult,
  type ImportClubsBody,
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
import { readCsv } from '../../lib/csv.ts';
import { AppError, conflict, notFound, pgCode, validationError } from '../../lib/errors.ts';
import type { ProcessedFile } from '../../lib/images.ts';
import { publishAccessChange } from '../../lib/live-changes.ts';
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

/**
 * GET /api/clubs/{slug}: the club, its coordinators and its next 20 upcoming visible events (none
 * of a student who has a block with `viewer`, docs/privacy.md "Block").
 */
export async function getClub(ctx: ServiceContext, viewer: SessionUser, slug: string): Promise<ClubDetail> {
  const club = await clubFor(ctx, viewer, slug);
  const [coordinators, upcoming] = await Promise.all([
    queries.coordinatorsOf(ctx.db, club.id),
    queries
      .eventsWithClub(ctx.db)
      .where(
        and(
          eq(events.clubId, club.id),
          gt(events.endsAt, sql`now()`),
          eventKind.visible(ctx.db),
          eventKind.notBlocked(viewer.id),
        ),
      )
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
      await queries.audit(tx, admin.id, 'create', body.slug, { after: body });
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
    const before = { name: club.name, category: club.category, description: club.description };
    await queries.audit(tx, admin.id, 'update', slug, { before, after: { ...set, logoFileId: undefined } });
  });
  // Its events show its name and category: this instance's feed drops its pages (others: the TTL).
  ctx.events.emit('event-feed-changed', 'club');
  return clubFor(ctx, admin, slug);
}

/**
 * PUT /api/admin/clubs/{slug}/coordinators: the club's coordinators become the students with
 * `body.emails` (400 naming the first unknown address). One transaction.
 */
export async function setCoordinators(
  ctx: ServiceContext,
  admin: Admin,
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
    await queries.audit(tx, admin.id, 'coordinators', slug, { emails });
    await publishAccessChange(tx);
  });
  ctx.events.emit('access-changed');
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
export async function deleteClub(ctx: ServiceContext, admin: Admin, slug: string): Promise<void> {
  const club = await clubBySlug(ctx, slug);
  await ctx.db.transaction(async (tx) => {
    const [used] = await tx.select({ id: events.id }).from(events).where(eq(events.clubId, club.id)).limit(1);
    if (used) throw conflict(CLUB_MESSAGES.hasEvents);
    await tx.delete(clubs).where(eq(clubs.id, club.id));
    await deleteFiles(tx, [club.logoFileId]);
    await queries.audit(tx, admin.id, 'delete', slug, {
      before: { name: club.name, category: club.category, description: club.description },
    });
  });
}

/** A CSV line's club, checked like the admin's form, with its coordinators' e-mails. */
interface ClubLine {
  line: number;
  body: CreateClubBody;
  emails: string[];
}

/**
 * POST /api/admin/clubs/import: clubs from CSV (header `CLUB_CSV_COLUMNS`, one club a line; a known
 * slug updates that club's name, category and description, and its coordinators when the cell is
 * not empty). Each line is checked like the admin's form; a slug twice in the file, more than
 * `CLUB_COORDINATORS_MAX` coordinators or an e-mail no student has is an error on that line. A dry
 * run answers every line's outcome and saves nothing; a real import saves every line in one
 * transaction with one audit row, or — when any line is bad — nothing, answering 400 with
 * `errors` keyed `line N`.
 */
export async function importClubs(ctx: ServiceContext, admin: Admin, body: ImportClubsBody): Promise<ClubImportResult> {
  const records = readCsv(body.csv ?? '', CLUB_CSV_COLUMNS, CLUB_IMPORT_ROWS_MAX, {
    unreadable: CLUB_MESSAGES.csvUnreadable,
    header: CLUB_MESSAGES.csvHeader,
    tooMany: CLUB_MESSAGES.csvTooMany,
  });
  const good: ClubLine[] = [];
  const lines: ClubImportLine[] = [];
  const seen = new Set<string>();
  const error = (line: number, slug: string, message: string) => lines.push({ line, slug, action: 'error', message });
  for (const { line, values } of records) {
    const { coordinators, ...fields } = values;
    const parsed = createClubBody.safeParse(fields);
    const emails = [
      ...new Set(
        coordinators
          .split(';')
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      ),
    ];
    if (!parsed.success) error(line, values.slug, parsed.error.issues[0]!.message);
    else if (seen.has(parsed.data.slug)) error(line, parsed.data.slug, CLUB_MESSAGES.slugRepeated);
    else if (emails.length > CLUB_COORDINATORS_MAX) error(line, parsed.data.slug, CLUB_MESSAGES.tooManyCoordinators);
    else {
      seen.add(parsed.data.slug);
      good.push({ line, body: parsed.data, emails });
      lines.push({ line, slug: parsed.data.slug, action: 'create' });
    }
  }
  const userIds = await queries.usersByEmail(ctx.db, [...new Set(good.flatMap((g) => g.emails))]);
  const existing = seen.size
    ? new Set(
        (
          await ctx.db
            .select({ slug: clubs.slug })
            .from(clubs)
            .where(inArray(clubs.slug, [...seen]))
        ).map((c) => c.slug),
      )
    : new Set<string>();
  for (const g of good) {
    const l = lines.find((x) => x.line === g.line)!;
    const unknown = g.emails.find((e) => !userIds.has(e));
    if (unknown !== undefined)
      Object.assign(l, { action: 'error', message: CLUB_MESSAGES.coordinatorUnknown(unknown) });
    else if (existing.has(l.slug)) l.action = 'update';
  }
  if (body.dryRun) return { saved: false, lines };
  const bad = lines.filter((l) => l.action === 'error');
  if (bad.length)
    throw new AppError(
      400,
      CLUB_MESSAGES.importRefused,
      Object.fromEntries(bad.map((l) => [`line ${l.line}`, l.message!])),
    );
  const coordinatorsChanged = good.some((l) => l.emails.length > 0);
  await ctx.db.transaction(async (tx) => {
    for (const { body: club, emails } of good) {
      const values = { name: club.name, category: club.category, description: club.description ?? '' };
      const [row] = await tx
        .insert(clubs)
        .values({ slug: club.slug, ...values })
        .onConflictDoUpdate({ target: clubs.slug, set: { ...values, updatedAt: new Date() } })
        .returning({ id: clubs.id });
      if (!emails.length) continue;
      await tx.delete(clubCoordinators).where(eq(clubCoordinators.clubId, row!.id));
      await tx.insert(clubCoordinators).values(emails.map((e) => ({ clubId: row!.id, userId: userIds.get(e)! })));
    }
    await queries.audit(tx, admin.id, 'import', `${good.length} clubs`, {
      created: lines.filter((l) => l.action === 'create').map((l) => l.slug),
      updated: lines.filter((l) => l.action === 'update').map((l) => l.slug),
    });
    if (coordinatorsChanged) await publishAccessChange(tx);
  });
  // Both drop this instance's pages; an access change also drops every viewer's kept state.
  if (coordinatorsChanged) ctx.events.emit('access-changed');
  else ctx.events.emit('event-feed-changed', 'club');
  return { saved: true, lines };
}
