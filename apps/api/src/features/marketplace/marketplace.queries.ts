/**
 * Marketplace queries and the API shape (docs/product-spec.md §3, §7; docs/design.md §4): the mapping of a row to
 * the `MarketplaceItem`, and the browse statements (one prepared statement per filter shape and
 * sort). No access rule lives here: the service hands in the visibility its lists use.
 */
import { and, asc, desc, eq, gte, ilike, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { ListItemsQuery, MarketplaceItem } from '@campus/contract/marketplace';
import { marketplaceItems } from '../../db/schema/marketplace.ts';
import { users } from '../../db/schema/users.ts';
import type { Db } from '../../db/client.ts';
import { fileUrl } from '../../lib/blob-store.ts';
import { moderationOf } from '../../lib/owned-records.ts';
import { listColumns } from '../../lib/pages.ts';
import type { JsonText } from '../../lib/envelope.ts';
import { preparedStatements } from '../../lib/prepared.ts';
import { marketplaceKind } from './marketplace.kind.ts';

/**
 * A timestamp as JSON text in `Date.toISOString()`'s form (`2026-11-25T08:30:00.000Z`, UTC,
 * milliseconds), so an item built by PostgreSQL reads the same as one mapped by {@link toApiItem}.
 */
function isoText(column: AnyColumn): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** A stored listing. */
export type ItemRow = typeof marketplaceItems.$inferSelect;

/** Maps a row to the API shape (docs/product-spec.md §3); `image_url` absolute from `APP_URL` (docs/design.md §4). */
export function toApiItem(
  row: Omit<ItemRow, 'searchVector'>,
  ownerName: string | null,
  appUrl: string,
): MarketplaceItem {
  return {
    id: row.id,
    userId: row.userId,
    item_name: row.itemName,
    price: row.price,
    category: row.category,
    description: row.description,
    item_condition: row.itemCondition,
    owner_contact: row.ownerContact,
    image_url: fileUrl(appUrl, row.imageFileId),
    image_thumb_url: fileUrl(appUrl, row.imageFileId, 'thumb'),
    owner_name: ownerName,
    is_sold: row.isSold,
    expires_at: row.expiresAt.toISOString(),
    is_expired: row.expiresAt.getTime() <= Date.now(),
    ...moderationOf(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The columns a browse order reads: the listings table's, or the same names on a subquery. */
type SortColumns = Record<'createdAt' | 'id' | 'price', AnyColumn>;

/** ORDER BY for each sort (over `t`, the table by default); ids break ties so pages never overlap. */
function orderFor(sort: ListItemsQuery['sort'], t: SortColumns = marketplaceItems): SQL[] {
  switch (sort) {
    case 'oldest':
      return [asc(t.createdAt), asc(t.id)];
    case 'priceLowToHigh':
      return [asc(t.price), desc(t.createdAt), desc(t.id)];
    case 'priceHighToLow':
      return [desc(t.price), desc(t.createdAt), desc(t.id)];
    default:
      return [desc(t.createdAt), desc(t.id)];
  }
}

/**
 * Which filters a browse query uses and its sort, e.g. `c-s--|priceLowToHigh`: the statement shape
 * (each shape is one prepared statement; its values are placeholders).
 */
export type BrowseShape = string;
export function browseShape(q: ListItemsQuery): BrowseShape {
  const used = [q.category, q.search, q.minPrice, q.maxPrice].map((v, i) => (v === undefined ? '-' : 'csmx'[i]));
  return `${used.join('')}|${q.sort}`;
}

/**
 * The browse statement over the kind's browse rule and visibility (`marketplace.kind.ts`: unsold,
 * unexpired, the owner not deactivated): `page(db, shape)`.
 */
export function browseStatements() {
  /** The browse WHERE of a shape: unsold, unexpired, active owner, and the filters it uses. */
  function browseWhere(db: Db, shape: BrowseShape): SQL {
    // Deactivated owners are few: an anti-join against them keeps the count off the users table.
    const t = marketplaceItems;
    const conditions: SQL[] = [
      marketplaceKind.browse(t),
      marketplaceKind.visible(db, t),
      marketplaceKind.notBlocked(sql.placeholder('viewer'), t),
    ];
    const [c, s, m, x] = shape;
    if (c === 'c') conditions.push(eq(t.category, sql.placeholder('category')));
    if (s === 's')
      conditions.push(
        or(ilike(t.itemName, sql.placeholder('pattern')), ilike(t.description, sql.placeholder('pattern')))!,
      );
    if (m === 'm') conditions.push(gte(t.price, sql.placeholder('minPrice')));
    if (x === 'x') conditions.push(lte(t.price, sql.placeholder('maxPrice')));
    return and(...conditions)!;
  }

  /**
   * `SELECT count(*) FROM (the matches of a shape, LIMIT the placeholder countLimit)`: a capped
   * count that stops early, so its cost does not grow with the table.
   */
  function cappedCount(db: Db, shape: BrowseShape) {
    const matching = db
      .select({ one: sql`1` })
      .from(marketplaceItems)
      .where(browseWhere(db, shape))
      .limit(sql.placeholder('countLimit'))
      .as('matching');
    return db.select({ total: sql<number>`count(*)::int` }).from(matching);
  }

  /**
   * One browse page per shape, prepared once per database, as one row: `items`, the
   * page's JSON array of `MarketplaceItem`s built by PostgreSQL — {@link toApiItem}'s mapping in
   * SQL, so the server sends it without parsing, mapping and serializing each row (docs/performance.md,
   * request cost) — with `rows` (how many are on the page) and the capped `total`, a scalar column
   * of that one row: an uncorrelated subquery computed once per request (measured against
   * `count(*) over ()`, which made PostgreSQL sort every match: 3× its CPU), never carried on the
   * page's rows, and there on a page past the end too (`items` is then null). `appUrl` is a
   * placeholder (photo URLs are absolute). Browse never shows a hidden or removed listing, so no
   * item carries `moderation`. A test holds every item equal to {@link toApiItem}'s.
   */
  const page = preparedStatements('marketplace_browse', (db, name, shape: BrowseShape) => {
    const sort = shape.split('|')[1] as ListItemsQuery['sort'];
    // The page's rows first; the JSON is built only for them (in the outer query), not for every
    // match the sort visits.
    const p = db
      .select({
        ...listColumns(marketplaceItems),
        ownerName: users.name,
      })
      .from(marketplaceItems)
      .leftJoin(users, eq(users.id, marketplaceItems.userId))
      .where(browseWhere(db, shape))
      .orderBy(...orderFor(sort))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .as('p');
    const photo = sql`cast(${sql.placeholder('appUrl')} as text) || '/api/files/' || ${p.imageFileId}`;
    // Every field of the contract's item but `moderation`, checked by the compiler.
    const fields: Record<Exclude<keyof MarketplaceItem, 'moderation'>, SQL | AnyColumn> = {
      id: p.id,
      userId: p.userId,
      item_name: p.itemName,
      price: p.price,
      category: p.category,
      description: p.description,
      item_condition: p.itemCondition,
      owner_contact: p.ownerContact,
      image_url: photo,
      image_thumb_url: sql`${photo} || '?variant=thumb'`,
      owner_name: p.ownerName,
      is_sold: p.isSold,
      expires_at: isoText(p.expiresAt),
      is_expired: sql`${p.expiresAt} <= now()`,
      createdAt: isoText(p.createdAt),
      updatedAt: isoText(p.updatedAt),
    };
    const item = sql.join(
      Object.entries(fields).map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`),
      sql`, `,
    );
    return db
      .select({
        items: sql<JsonText | null>`json_agg(json_build_object(${item}) order by ${sql.join(orderFor(sort, p), sql`, `)})::text`,
        rows: sql<number>`count(*)::int`,
        total: sql<number>`(${cappedCount(db, shape)})`,
      })
      .from(p)
      .prepare(name);
  });

  return { page };
}
