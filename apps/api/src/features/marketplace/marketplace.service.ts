/**
 * Marketplace rules and access (docs/product-spec.md §3, §5, §7; docs/design.md §4, §8): listing with a photo,
 * partial updates, owner-or-admin changes, mark sold, 60-day expiry with renewal, and the browse
 * list filtered, sorted and paginated in SQL. Browse shows only items that are unsold, unexpired
 * and whose owner is not deactivated. Queries and the API shape live in `marketplace.queries.ts`,
 * demo data in `marketplace.seed.ts`.
 */
import { desc, eq } from 'drizzle-orm';
import {
  LISTING_TTL_DAYS,
  sanitizeDescription,
  type CreateItemBody,
  type ListItemsQuery,
  type MarketplaceItem,
  type UpdateItemBody,
} from '@campus/contract/marketplace';
import type { PaginationQuery } from '@campus/contract/envelope';
import { marketplaceItems } from '../../db/schema/marketplace.ts';
import type { Changeable } from '../../lib/access.ts';
import type { SessionUser } from '../../lib/auth.ts';
import type { ServiceContext } from '../../lib/context.ts';
import type { ProcessedFile } from '../../lib/images.ts';
import { likePattern, ownedRecords, type Loaded } from '../../lib/owned-records.ts';
import { listPage, listPageText, type Page, type PageText } from '../../lib/pages.ts';
import { marketplaceKind } from './marketplace.kind.ts';
import { browseShape, browseStatements, toApiItem, type ItemRow } from './marketplace.queries.ts';

export { seedMarketplaceDemo } from './marketplace.seed.ts';

/**
 * Marketplace items as owned records (lib/owned-records.ts) of their kind (`marketplace.kind.ts`):
 * the owner or an admin edits and deletes a listing (the admin deletion tells the owner, linking to
 * /marketplace); only the owner renews it.
 */
const records = ownedRecords(
  marketplaceKind,
  { edit: 'ownerOrAdmin', renew: 'ownerOnly', delete: 'ownerOrAdmin' },
  (ctx, { row, ownerName }) => toApiItem(row, ownerName, ctx.config.appUrl),
);
/** A stored item with its owner's display name. */
export type LoadedItem = Loaded<ItemRow>;

/** One listing (GET …/items/{id}); 404 when unknown or of a deactivated owner (except for an admin). */
export const getItem = records.get;
/** A listing `viewer` may change by `action` ('edit', 'renew', 'delete'): 404 when not visible, else 403 by the rules above. */
export const getChangeableItem = records.loadChangeable;
/** Deletes a checked listing and its photo (DELETE …/items/{id}); an admin deletion tells the owner. */
export const deleteItem = records.remove;

/** The browse statements over the visibility every list of listings uses. */
const browse = browseStatements();

const DAY_MS = 24 * 60 * 60 * 1000;
/** When a listing made or renewed now expires (60 days, docs/product-spec.md §5). */
const expiryFrom = (now = Date.now()) => new Date(now + LISTING_TTL_DAYS * DAY_MS);

/**
 * Creates a listing for `user` (POST /api/buy-and-sell/items): the description is `[removed]` when
 * it is a SQL statement (docs/design.md §8); expires in 60 days. Photo and row are written in one
 * transaction.
 */
export function createItem(
  ctx: ServiceContext,
  user: SessionUser,
  body: CreateItemBody,
  image: ProcessedFile | null,
): Promise<MarketplaceItem> {
  return records.insert(
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
}

/**
 * Partial update (PUT /api/buy-and-sell/items/{id}, docs/design.md §4) of a checked item: only sent fields
 * change; a new photo replaces the old one, `remove_image` deletes it, no file keeps it; `is_sold`
 * marks it sold or back on sale. One transaction.
 */
export function updateItem(
  ctx: ServiceContext,
  viewer: SessionUser,
  loaded: Changeable<LoadedItem, 'edit'>,
  body: UpdateItemBody,
  image: ProcessedFile | null,
): Promise<MarketplaceItem> {
  return records.update(
    ctx,
    viewer,
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
    { image, removeImage: body.remove_image },
  );
}

/**
 * Renews a listing for another 60 days from now (POST …/items/{id}/renew, owner only); saved
 * alerts see it again (docs/alerts.md).
 */
export function renewItem(
  ctx: ServiceContext,
  viewer: SessionUser,
  loaded: Changeable<LoadedItem, 'renew'>,
): Promise<MarketplaceItem> {
  return records.update(ctx, viewer, loaded, { expiresAt: expiryFrom() }, { announce: true });
}

/**
 * Browse list (GET /api/buy-and-sell/items): unsold, unexpired items of active owners with no block
 * between them and `viewer` (docs/privacy.md "Block"), filtered by
 * category, search (name or description, case-insensitive, literal), and inclusive price bounds;
 * sorted and paginated in SQL. Returns the page — its items one JSON array of `MarketplaceItem`s
 * built by PostgreSQL — and the total matching count (capped: `lib/pages.ts`).
 */
export function listItems(ctx: ServiceContext, viewer: SessionUser, q: ListItemsQuery): Promise<PageText> {
  const shape = browseShape(q);
  const values = {
    category: q.category ?? null,
    pattern: q.search ? likePattern(q.search) : null,
    minPrice: q.minPrice ?? null,
    maxPrice: q.maxPrice ?? null,
  };
  // One row carries the page as JSON text and the total (an uncorrelated count subquery, computed
  // once, stopping at the window's countLimit): page and total in one round trip.
  return listPageText(q, async (window) => {
    const [row] = await browse
      .page(ctx.db, shape)
      .execute({ ...values, ...window, appUrl: ctx.config.appUrl, viewer: viewer.id });
    return row!;
  });
}

/** The caller's own listings, sold and expired included, newest first (GET …/user-items). */
export function listUserItems(
  ctx: ServiceContext,
  user: SessionUser,
  q: PaginationQuery,
): Promise<Page<MarketplaceItem>> {
  const t = marketplaceItems;
  return listPage(ctx.db, q, {
    from: t,
    where: eq(t.userId, user.id),
    select: ctx.db.select().from(t),
    orderBy: [desc(t.createdAt), desc(t.id)],
    map: (row) => toApiItem(row, user.name, ctx.config.appUrl),
  });
}
