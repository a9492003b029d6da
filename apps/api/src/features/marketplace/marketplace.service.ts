/**
 * Marketplace rules and queries (spec §3, §5, §7; DESIGN §4, §8; issue 5): listing with a photo,
 * partial updates, owner-or-admin changes, mark sold, 60-day expiry with renewal, and the browse
 * list filtered, sorted and paginated in SQL. Browse shows only items that are unsold, unexpired
 * and whose owner is not deactivated.
 */
import { and, asc, desc, eq, gt, gte, ilike, lte, not, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  LISTING_TTL_DAYS,
  MARKETPLACE_MESSAGES,
  sanitizeDescription,
  type CreateItemBody,
  type ListItemsQuery,
  type MarketplaceItem,
  type UpdateItemBody,
} from '@campus/contract/marketplace';
import type { PaginationQuery } from '@campus/contract/envelope';
import { marketplaceItems } from '../../db/schema/marketplace.ts';
import { users } from '../../db/schema/users.ts';
import type { Changeable } from '../../lib/access.ts';
import type { SessionUser } from '../../lib/auth.ts';
import { fileUrl } from '../../lib/blob-store.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { pageOffset } from '../../lib/envelope.ts';
import { preparedStatements } from '../../lib/prepared.ts';
import type { Db } from '../../db/client.ts';
import type { ProcessedFile } from '../../lib/images.ts';
import { likePattern, ownedRecords, type Loaded } from '../../lib/listing.ts';
import { notify } from '../notifications/notifications.service.ts';

type ItemRow = typeof marketplaceItems.$inferSelect;

/** Marketplace items with their access-checked loaders and photo-aware writes (lib/listing.ts). */
const records = ownedRecords(
  marketplaceItems,
  MARKETPLACE_MESSAGES,
  { link: '/marketplace', notify },
  { edit: 'ownerOrAdmin', renew: 'ownerOnly', delete: 'ownerOrAdmin' },
);
/** What may be done to a listing: its owner or an admin edits and deletes; only its owner renews. */
export type ItemAction = 'edit' | 'renew' | 'delete';
/** A stored item with its owner's display name. */
export type LoadedItem = Loaded<ItemRow>;

const DAY_MS = 24 * 60 * 60 * 1000;
const expiryFrom = (now = Date.now()) => new Date(now + LISTING_TTL_DAYS * DAY_MS);

/** Maps a row to the API shape (spec §3); `image_url` absolute from `APP_URL` (DESIGN §4). */
function toApiItem(row: ItemRow, ownerName: string | null, appUrl: string): MarketplaceItem {
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
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * One item as `viewer` may see it (GET …/items/{id}); 404 for an unknown item or one of a
 * deactivated owner (except for an admin).
 */
export async function getItem(ctx: ServiceContext, viewer: SessionUser, id: string): Promise<MarketplaceItem> {
  const { row, ownerName } = await records.loadVisible(ctx, viewer, id);
  return toApiItem(row, ownerName, ctx.config.appUrl);
}

/**
 * Loads an item `viewer` may change by `action` (404 when not visible; 403 unless the owner or —
 * to edit or delete — an admin; renewal is the owner's only). The only source of
 * `Changeable<LoadedItem, action>`.
 */
export function getChangeableItem<A extends ItemAction>(
  ctx: ServiceContext,
  viewer: SessionUser,
  id: string,
  action: A,
): Promise<Changeable<LoadedItem, A>> {
  return records.loadChangeable(ctx, viewer, id, action);
}

/**
 * Creates a listing for `user` (POST /api/buy-and-sell/items): the description is `[removed]` when
 * it is a SQL statement (DESIGN §8); expires in 60 days. Photo and row are written in one
 * transaction.
 */
export async function createItem(
  ctx: ServiceContext,
  user: SessionUser,
  body: CreateItemBody,
  image: ProcessedFile | null,
): Promise<MarketplaceItem> {
  const row = await records.insert(
    ctx,
    user,
    {
      itemName: body.item_name,
      price: body.price,
      category: body.category,
      description: sanitizeDescription(body.description),
      itemCondition: body.item_condition,
      ownerContact: body.owner_contact,
      expiresAt: expiryFrom(),
    },
    image,
  );
  return toApiItem(row, user.name, ctx.config.appUrl);
}

/**
 * Partial update (PUT /api/buy-and-sell/items/{id}, DESIGN §4) of a checked item: only sent fields
 * change; a new photo replaces the old one, `remove_image` deletes it, no file keeps it; `is_sold`
 * marks it sold or back on sale. One transaction.
 */
export async function updateItem(
  ctx: ServiceContext,
  loaded: Changeable<LoadedItem, 'edit'>,
  body: UpdateItemBody,
  image: ProcessedFile | null,
): Promise<MarketplaceItem> {
  const row = await records.update(
    ctx,
    loaded,
    {
      itemName: body.item_name,
      price: body.price,
      category: body.category,
      itemCondition: body.item_condition,
      description: body.description === undefined ? undefined : sanitizeDescription(body.description),
      ownerContact: body.owner_contact,
      isSold: body.is_sold,
    },
    image,
    body.remove_image,
  );
  return toApiItem(row, loaded.ownerName, ctx.config.appUrl);
}

/** Renews a listing for another 60 days from now (POST …/items/{id}/renew, owner only). */
export async function renewItem(
  ctx: ServiceContext,
  loaded: Changeable<LoadedItem, 'renew'>,
): Promise<MarketplaceItem> {
  const row = await records.update(ctx, loaded, { expiresAt: expiryFrom() }, null, false);
  return toApiItem(row, loaded.ownerName, ctx.config.appUrl);
}

/**
 * Deletes a checked item and its photo (DELETE …/items/{id}). When an admin deletes someone else's
 * listing, the owner is notified (link /marketplace) in the same transaction.
 */
export function deleteItem(
  ctx: ServiceContext,
  viewer: SessionUser,
  loaded: Changeable<LoadedItem, 'delete'>,
): Promise<void> {
  return records.remove(ctx, viewer, loaded);
}

/** ORDER BY for each sort; ids break ties so pages never overlap. */
function orderFor(sort: ListItemsQuery['sort']): SQL[] {
  const t = marketplaceItems;
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
 * Browse list (GET /api/buy-and-sell/items): unsold, unexpired items of active owners, filtered by
 * category, search (name or description, case-insensitive, literal), and inclusive price bounds;
 * sorted and paginated in SQL. Returns the page and the total matching count.
 */
export async function listItems(
  ctx: ServiceContext,
  q: ListItemsQuery,
): Promise<{ items: MarketplaceItem[]; total: number }> {
  const shape = browseShape(q);
  const offset = pageOffset(q);
  const values = {
    category: q.category ?? null,
    pattern: q.search ? likePattern(q.search) : null,
    minPrice: q.minPrice ?? null,
    maxPrice: q.maxPrice ?? null,
  };
  const rows = await browsePage(ctx.db, shape).execute({ ...values, limit: q.limit, offset });
  // Each row carries the total (an uncorrelated count subquery, computed once): page and total in
  // one round trip. Only a page past the end has no row to carry it and counts separately.
  const total =
    rows[0]?.total ??
    (await browseCount(ctx.db, shape.replace(/\|[a-zA-Z]+$/, '') as BrowseShape).execute(values))[0]?.total ??
    0;
  return { items: rows.map((r) => toApiItem(r.item, r.ownerName, ctx.config.appUrl)), total };
}

/**
 * Which filters a browse query uses and its sort, e.g. `c-s--|priceLowToHigh`: the statement shape
 * (each shape is one prepared statement; its values are placeholders).
 */
type BrowseShape = string;
function browseShape(q: ListItemsQuery): BrowseShape {
  const used = [q.category, q.search, q.minPrice, q.maxPrice].map((v, i) => (v === undefined ? '-' : 'csmx'[i]));
  return `${used.join('')}|${q.sort}`;
}

/**
 * The browse WHERE of a shape over `t` (the listings table or an alias of it): unsold, unexpired,
 * active owner, and the filters it uses.
 */
function browseWhere(db: Db, shape: BrowseShape, t: typeof marketplaceItems | typeof counted = marketplaceItems): SQL {
  // Deactivated owners are few: an anti-join against them keeps the count off the users table.
  const conditions: SQL[] = [not(t.isSold), gt(t.expiresAt, sql`now()`), records.listVisible(db, t)];
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

/** The listings table under another name, for the count inside the page query. */
const counted = alias(marketplaceItems, 'counted');

/**
 * One browse page per shape with the total matching count on every row, prepared once per
 * database (issue 10). The count is an uncorrelated subquery (one index-only scan per request);
 * measured against `count(*) over ()`, which made PostgreSQL sort every match (3× its CPU).
 */
const browsePage = preparedStatements('marketplace_browse', (db, name, shape: BrowseShape) =>
  db
    .select({
      item: marketplaceItems,
      ownerName: users.name,
      total: sql<number>`(${db
        .select({ n: sql`count(*)::int` })
        .from(counted)
        .where(browseWhere(db, shape, counted))})`.mapWith(Number),
    })
    .from(marketplaceItems)
    .leftJoin(users, eq(users.id, marketplaceItems.userId))
    .where(browseWhere(db, shape))
    .orderBy(...orderFor(shape.split('|')[1] as ListItemsQuery['sort']))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name),
);

/** The browse count per filter shape (for a page past the end), prepared once per database. */
const browseCount = preparedStatements('marketplace_count', (db, name, shape: BrowseShape) =>
  db
    .select({ total: sql<number>`count(*)::int` })
    .from(marketplaceItems)
    .where(browseWhere(db, shape))
    .prepare(name),
);

/** The caller's own listings, sold and expired included, newest first (GET …/user-items). */
export async function listUserItems(
  ctx: ServiceContext,
  user: SessionUser,
  q: PaginationQuery,
): Promise<{ items: MarketplaceItem[]; total: number }> {
  const t = marketplaceItems;
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select()
      .from(t)
      .where(eq(t.userId, user.id))
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(q.limit)
      .offset(pageOffset(q)),
    ctx.db
      .select({ total: sql<number>`count(*)::int` })
      .from(t)
      .where(eq(t.userId, user.id)),
  ]);
  return {
    items: rows.map((r) => toApiItem(r, user.name, ctx.config.appUrl)),
    total: Number(count?.total ?? 0),
  };
}

/** Demo listings (issue 3 seeder hook): a few items per demo student, spread over recent days. */
export async function seedMarketplaceDemo(ctx: ServiceContext, demo: { students: { id: string }[] }): Promise<void> {
  const s = demo.students;
  if (!s.length) return;
  const DAY = 86_400_000;
  const now = Date.now();
  const rows: Array<Omit<typeof marketplaceItems.$inferInsert, 'userId' | 'expiresAt'> & { owner: number }> = [
    {
      owner: 0,
      itemName: 'Casio FX-991EX scientific calculator',
      price: 950,
      category: 'Electronics',
      itemCondition: 'Like New',
      description: 'Used for two semesters, all functions work. Comes with the cover.',
      ownerContact: '9876501234',
    },
    {
      owner: 1,
      itemName: 'Engineering Mathematics by B.S. Grewal',
      price: 400,
      category: 'Books',
      itemCondition: 'Good',
      description: '44th edition, a few pencil marks in the first chapters.',
      ownerContact: '9876502345',
    },
    {
      owner: 2,
      itemName: 'Hero Sprint 26T bicycle',
      price: 3500,
      category: 'Cycle',
      itemCondition: 'Fair',
      description: 'Gears work, new brake pads last month. Pickup from Supermax Flats.',
      ownerContact: '9876503456',
    },
    {
      owner: 3,
      itemName: 'Study table with drawer',
      price: 1800,
      category: 'Furniture',
      itemCondition: 'Good',
      description: 'Engineered wood, 90 × 45 cm. Moving out, must go this week.',
      ownerContact: '9876504567',
    },
    {
      owner: 4,
      itemName: 'Cricket bat (Kashmir willow)',
      price: 1200,
      category: 'Sports',
      itemCondition: 'Good',
      description: 'Knocked in, light scuffs on the edge.',
      ownerContact: '9876505678',
    },
    {
      owner: 5,
      itemName: 'Winter jacket, size M',
      price: 900,
      category: 'Clothing',
      itemCondition: 'Like New',
      description: 'Worn a handful of times, warm and water resistant.',
      ownerContact: '9876506789',
    },
    {
      owner: 0,
      itemName: 'Boat Rockerz 450 headphones',
      price: 1100,
      category: 'Electronics',
      itemCondition: 'Good',
      description: 'Battery still lasts a full day. Charging cable included.',
      ownerContact: '9876501234',
    },
    {
      owner: 1,
      itemName: 'Data Structures using C notes (printed)',
      price: 150,
      category: 'Books',
      itemCondition: 'Fair',
      description: 'Complete second-semester notes, spiral bound.',
      ownerContact: '9876502345',
    },
  ];
  await ctx.db.insert(marketplaceItems).values(
    rows.map(({ owner, ...r }, i) => {
      const createdAt = new Date(now - (i * 1.5 + 0.2) * DAY);
      return {
        ...r,
        userId: s[owner % s.length]!.id,
        createdAt,
        updatedAt: createdAt,
        expiresAt: new Date(createdAt.getTime() + LISTING_TTL_DAYS * DAY),
      };
    }),
  );
}
