/**
 * Queries of the places directory (docs/architecture.md "Features in detail": Places and the map)
 * and the place's API shape. The search by name or alias is typo-tolerant: a substring match or a
 * `pg_trgm` word similarity (`<%`, the database's `word_similarity_threshold`) on `search_text`,
 * both served by its trigram index, best similarity first.
 */
import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { formatHours, type ListPlacesQuery, type Place, type PlaceBody } from '@campus/contract/places';
import { placeAudit, places } from '../../db/schema/places.ts';
import type { Db } from '../../db/client.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { likePattern } from '../../lib/owned-records.ts';
import { listPage, type Page } from '../../lib/pages.ts';

export type PlaceRow = typeof places.$inferSelect;
type ListQuery = ListPlacesQuery;

/** The API shape of a place row. */
export const toPlace = (row: PlaceRow): Place => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  category: row.category,
  lat: row.lat,
  lng: row.lng,
  aliases: row.aliases,
  description: row.description,
  hours: row.hours,
  hoursText: formatHours(row.hours),
  floor: row.floor,
});

/** The columns a save writes: the body and its `search_text` (name and aliases, lower case). */
export function placeValues(body: PlaceBody) {
  return {
    slug: body.slug,
    name: body.name,
    category: body.category,
    lat: body.lat,
    lng: body.lng,
    aliases: body.aliases,
    description: body.description,
    hours: body.hours,
    floor: body.floor ?? null,
    searchText: [body.name, ...body.aliases].join(' ').toLowerCase(),
  };
}

/** One page of places: filtered by category and search word; by relevance when searching, else by category and name. */
export function placesPage(ctx: ServiceContext, q: ListQuery): Promise<Page<Place>> {
  const where: SQL[] = [];
  if (q.category) where.push(eq(places.category, q.category));
  const term = q.q?.toLowerCase();
  if (term) where.push(or(ilike(places.searchText, likePattern(term)), sql`${term} <% ${places.searchText}`)!);
  return listPage(
    ctx.db,
    { ...q, search: term },
    {
      from: places,
      where: where.length ? and(...where) : undefined,
      select: ctx.db.select().from(places),
      orderBy: term
        ? [sql`word_similarity(${term}, ${places.searchText}) desc`, asc(places.name), asc(places.id)]
        : [asc(places.name), asc(places.id)],
      map: toPlace,
    },
  );
}

/** The place with `slug`, or undefined. */
export async function findPlace(db: Db, slug: string): Promise<PlaceRow | undefined> {
  const [row] = await db.select().from(places).where(eq(places.slug, slug));
  return row;
}

/** The places whose lower-cased name or an alias is one of `keys` (lower case): slug, name, aliases. */
export function placesNamed(db: Db, keys: string[]) {
  const list = sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  );
  return db
    .select({ slug: places.slug, name: places.name, aliases: places.aliases })
    .from(places)
    .where(
      or(
        sql`lower(${places.name}) IN (${list})`,
        sql`EXISTS (SELECT FROM unnest(${places.aliases}) AS a(alias) WHERE lower(a.alias) IN (${list}))`,
      ),
    )
    .orderBy(asc(places.name), asc(places.id));
}

/** The existing slugs among `slugs`. */
export async function existingSlugs(db: Db, slugs: string[]): Promise<Set<string>> {
  if (slugs.length === 0) return new Set();
  const rows = await db.select({ slug: places.slug }).from(places).where(inArray(places.slug, slugs));
  return new Set(rows.map((r) => r.slug));
}

/** Inserts or replaces (by slug) a place; returns the row. */
export async function upsertPlace(db: Db, body: PlaceBody): Promise<PlaceRow> {
  const values = placeValues(body);
  const [row] = await db
    .insert(places)
    .values(values)
    .onConflictDoUpdate({ target: places.slug, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row!;
}

/** Writes one audit row. */
export async function audit(
  db: Db,
  adminId: string,
  action: 'create' | 'update' | 'delete' | 'import',
  subject: string,
  detail: unknown,
): Promise<void> {
  await db.insert(placeAudit).values({ adminId, action, subject, detail });
}
