/**
 * The places directory (docs/architecture.md "Features in detail": Places and the map): anyone reads
 * the places (the campus map works signed out); administrators add, replace, delete and import them
 * from CSV (a dry run names each bad line and saves nothing; a real import with a bad line saves
 * nothing either). Every change is one transaction with its audit row. Other features read places
 * through {@link placesBySlug} and {@link listPlaces}; campus search through {@link placeSearch}.
 */
import { eq, sql } from 'drizzle-orm';
import {
  PLACE_CSV_COLUMNS,
  PLACE_IMPORT_ROWS_MAX,
  PLACE_MESSAGES as M,
  placeBody,
  type ImportLine,
  type ImportPlacesBody,
  type ImportResult,
  type ListPlacesQuery,
  type Place,
  type PlaceBody,
} from '@campus/contract/places';
import { places } from '../../db/schema/places.ts';
import type { Admin } from '../../lib/auth.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { readCsv } from '../../lib/csv.ts';
import { AppError, refuse } from '../../lib/errors.ts';
import type { Page } from '../../lib/pages.ts';
import * as queries from './places.queries.ts';

export { seedPlacesDemo } from './places.seed.ts';

/** A venue's key: trimmed, white space collapsed, lower case ("  Lecture  Hall Complex" → "lecture hall complex"). */
export const venueKey = (venue: string) => venue.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The places the `venues` name (docs/architecture.md "Features in detail": Places and the map),
 * by {@link venueKey}: a venue names a place when it is the place's name or one of its aliases,
 * case and spacing aside ("LHC" → Lecture Hall Complex); a name wins over another place's alias.
 * One query for the lot (a page of events). Venues naming no place are absent.
 */
export async function placesByVenue(
  ctx: ServiceContext,
  venues: string[],
): Promise<Map<string, { slug: string; name: string }>> {
  const keys = [...new Set(venues.map(venueKey).filter(Boolean))];
  const found = new Map<string, { slug: string; name: string }>();
  if (!keys.length) return found;
  const rows = await queries.placesNamed(ctx.db, keys);
  for (const byName of [true, false])
    for (const row of rows)
      for (const key of byName ? [venueKey(row.name)] : row.aliases.map(venueKey))
        if (keys.includes(key) && !found.has(key)) found.set(key, { slug: row.slug, name: row.name });
  return found;
}

/**
 * What campus search finds of the places directory (docs/architecture.md "Building blocks"; search
 * matches and ranks, `features/search/search.queries.ts`): every place — the directory is public —
 * by its name or an alias ("LHC" → Lecture Hall Complex: `search_vector` for whole words, the
 * trigrams of `search_text` for typos and prefixes), ordered by name after relevance. A hit shows
 * the name, category and aliases and opens the place on the campus map (`/map/{slug}`).
 */
export function placeSearch() {
  return {
    from: sql`${places}`,
    id: places.id,
    visible: undefined,
    vector: places.searchVector,
    fields: [places.searchText],
    ranked: [places.searchText],
    tie: { key: places.name, direction: sql.raw('ASC') },
    shown: { slug: places.slug, name: places.name, category: places.category, aliases: places.aliases },
  };
}

/** One page of places (public): by category and a search word in name or alias, typos allowed. */
export function listPlaces(ctx: ServiceContext, q: ListPlacesQuery): Promise<Page<Place>> {
  return queries.placesPage(ctx, q);
}

/** The place with `slug` (public); 404 "Place not found." when there is none. */
export async function getPlace(ctx: ServiceContext, slug: string): Promise<Place> {
  const row = await queries.findPlace(ctx.db, slug);
  if (!row) refuse(404, M.notFound);
  return queries.toPlace(row);
}

/** The places with these slugs, by slug (missing slugs are absent). */
export async function placesBySlug(ctx: ServiceContext, slugs: string[]): Promise<Map<string, Place>> {
  const found = new Map<string, Place>();
  for (const slug of new Set(slugs)) {
    const row = await queries.findPlace(ctx.db, slug);
    if (row) found.set(slug, queries.toPlace(row));
  }
  return found;
}

/** Adds a place (admin); 409 when its slug is taken. */
export async function createPlace(ctx: ServiceContext, admin: Admin, body: PlaceBody): Promise<Place> {
  return ctx.db.transaction(async (tx) => {
    if (await queries.findPlace(tx, body.slug)) refuse(409, M.slugTaken);
    const row = await queries.upsertPlace(tx, body);
    await queries.audit(tx, admin.id, 'create', row.slug, { after: body });
    return queries.toPlace(row);
  });
}

/**
 * Replaces the place at `slug` with `body` (admin); the body's slug may rename it. 404 for an
 * unknown place, 409 when the new slug is another place's.
 */
export async function updatePlace(ctx: ServiceContext, admin: Admin, slug: string, body: PlaceBody): Promise<Place> {
  return ctx.db.transaction(async (tx) => {
    const before = await queries.findPlace(tx, slug);
    if (!before) refuse(404, M.notFound);
    if (body.slug !== slug && (await queries.findPlace(tx, body.slug))) refuse(409, M.slugTaken);
    const [row] = await tx
      .update(places)
      .set({ ...queries.placeValues(body), updatedAt: new Date() })
      .where(eq(places.id, before.id))
      .returning();
    await queries.audit(tx, admin.id, 'update', body.slug, { before: queries.toPlace(before), after: body });
    return queries.toPlace(row!);
  });
}

/** Deletes the place at `slug` (admin); 404 for an unknown place. */
export async function deletePlace(ctx: ServiceContext, admin: Admin, slug: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await queries.findPlace(tx, slug);
    if (!before) refuse(404, M.notFound);
    await tx.delete(places).where(eq(places.id, before.id));
    await queries.audit(tx, admin.id, 'delete', slug, { before: queries.toPlace(before) });
  });
}

/**
 * Imports places from CSV (admin; header `PLACE_CSV_COLUMNS`, one place per line, a known slug
 * replaces that place). Each line is checked like the admin's form; a slug twice in the file is an
 * error on its second line. A dry run answers every line's outcome and saves nothing; a real
 * import saves all lines in one transaction with one audit row, or — when any line is bad —
 * nothing, answering 400 with `errors` keyed `line N`.
 */
export async function importPlaces(ctx: ServiceContext, admin: Admin, body: ImportPlacesBody): Promise<ImportResult> {
  const records = readCsv(body.csv ?? '', PLACE_CSV_COLUMNS, PLACE_IMPORT_ROWS_MAX, {
    unreadable: M.csvUnreadable,
    header: M.csvHeader,
    tooMany: M.csvTooMany,
  });
  const good: Array<{ line: number; body: PlaceBody }> = [];
  const lines: ImportLine[] = [];
  const seen = new Set<string>();
  for (const { line, values } of records) {
    const parsed = placeBody.safeParse(values);
    if (!parsed.success) {
      lines.push({ line, slug: values.slug ?? '', action: 'error', message: parsed.error.issues[0]!.message });
    } else if (seen.has(parsed.data.slug)) {
      lines.push({ line, slug: parsed.data.slug, action: 'error', message: 'This slug is already on an earlier line' });
    } else {
      seen.add(parsed.data.slug);
      good.push({ line, body: parsed.data });
      lines.push({ line, slug: parsed.data.slug, action: 'create' });
    }
  }
  const existing = await queries.existingSlugs(ctx.db, [...seen]);
  for (const l of lines) if (l.action === 'create' && existing.has(l.slug)) l.action = 'update';
  const bad = lines.filter((l) => l.action === 'error');
  if (body.dryRun) return { saved: false, lines };
  if (bad.length > 0)
    throw new AppError(400, M.importRefused, Object.fromEntries(bad.map((l) => [`line ${l.line}`, l.message!])));
  await ctx.db.transaction(async (tx) => {
    for (const g of good) await queries.upsertPlace(tx, g.body);
    await queries.audit(tx, admin.id, 'import', `${good.length} places`, {
      created: lines.filter((l) => l.action === 'create').map((l) => l.slug),
      updated: lines.filter((l) => l.action === 'update').map((l) => l.slug),
    });
  });
  return { saved: true, lines };
}
