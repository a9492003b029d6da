/**
 * Marketplace, the zod-free part (docs/product-spec.md §2, §3, §5, §8; docs/design.md §8): categories, conditions, sorts,
 * limits, the client and server texts and the SQL-statement rule. Kept free of zod so the browse
 * page does not load the schema library before a form opens; `marketplace.ts`
 * re-exports everything here.
 */

/** Item categories (docs/product-spec.md §5). */
export const MARKETPLACE_CATEGORIES = [
  'Electronics',
  'Furniture',
  'Clothing',
  'Accessories',
  'Cycle',
  'Books',
  'Sports',
  'Other',
] as const;
export type MarketplaceCategory = (typeof MARKETPLACE_CATEGORIES)[number];

/** The category chips of the marketplace page (docs/product-spec.md §2); 'All' means no filter. */
export const MARKETPLACE_CHIPS = ['All', 'Books', 'Electronics', 'Furniture', 'Clothing'] as const;

/** Item conditions (docs/product-spec.md §5). */
export const ITEM_CONDITIONS = ['New', 'Like New', 'Good', 'Fair', 'Poor'] as const;
export type ItemCondition = (typeof ITEM_CONDITIONS)[number];

/** List sorts (docs/product-spec.md §2); `newest` is the default. */
export const MARKETPLACE_SORTS = ['newest', 'oldest', 'priceLowToHigh', 'priceHighToLow'] as const;
export type MarketplaceSort = (typeof MARKETPLACE_SORTS)[number];

/** Labels of the sorts for the page's select. */
export const MARKETPLACE_SORT_LABELS: Record<MarketplaceSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  priceLowToHigh: 'Price: low to high',
  priceHighToLow: 'Price: high to low',
};

/** A listing leaves browse this many days after it was listed or last renewed. */
export const LISTING_TTL_DAYS = 60;

/** Length limits of the text fields (characters). */
export const ITEM_NAME_MAX = 100;
export const ITEM_DESCRIPTION_MAX = 1000;
/** Highest accepted price in rupees (a typo guard, ₹1 crore). */
export const PRICE_MAX = 10_000_000;

/** What a description that is a SQL statement is replaced with (docs/product-spec.md §5, docs/design.md §8). */
export const REMOVED_DESCRIPTION = '[removed]';
/** What the page shows for a `[removed]` (or empty) description (docs/product-spec.md §5). */
export const NO_DESCRIPTION = 'No description available';

/** Messages of the marketplace (docs/product-spec.md §5, §8). Toast durations: errors 5 s (docs/product-spec.md §9). */
export const MARKETPLACE_MESSAGES = {
  itemNameRequired: 'Item name is required.',
  itemNameLong: `Item name must be at most ${ITEM_NAME_MAX} characters.`,
  priceRequired: 'Price is required.',
  priceInvalid: 'Price must be a whole number of rupees, 0 or more.',
  // PRICE_MAX as en-IN prints it, written out: formatting it here would build the page's first Intl
  // formatter (20–50 ms) as this module is evaluated (docs/performance.md). apps/web/src/lib/format.test.ts
  // checks the three limit texts against their constants.
  priceTooHigh: 'Price must be at most ₹1,00,00,000.',
  categoryRequired: 'Please choose a category.',
  categoryInvalid: 'Please choose a category from the list.',
  conditionRequired: 'Please choose the item condition.',
  conditionInvalid: 'Please choose a condition from the list.',
  descriptionRequired: 'Description is required.',
  descriptionLong: `Description must be at most ${ITEM_DESCRIPTION_MAX} characters.`,
  contactRequired: 'Contact number is required.',
  contactInvalid: 'Please enter a valid 10-digit contact number.',
  imageTooLarge: 'Image size should be less than 5MB',
  priceRange: 'Minimum price cannot be more than maximum price.',
  notFound: 'Item not found',
  forbidden: 'You can only change your own listings.',
  listed: 'Item listed successfully!',
  updated: 'Item updated successfully!',
  deleted: 'Item deleted successfully!',
  renewed: 'Listing renewed for 60 days.',
  markedSold: 'Item marked as sold.',
  adminDeleted: (name: string) => `An administrator removed your marketplace listing "${name}".`,
  // Client toasts (docs/product-spec.md §8).
  errorCreating: 'Error creating item',
  errorUpdating: 'Error updating item',
  errorDeleting: 'Error deleting item',
  errorFetching: 'Error fetching items',
  errorFetchingUser: 'Error fetching user items',
  errorFetchingOne: 'Error fetching item',
  errorListing: 'Error listing item',
  linkCopied: 'Link copied to clipboard!',
  loading: 'Loading items...',
  empty: 'No items found',
} as const;

/**
 * True when `text` is a SQL statement (docs/product-spec.md §5 "looks like a database command", narrowed by
 * docs/design.md §8): a statement keyword sequence such as `DROP TABLE`, `DELETE FROM`, `INSERT INTO`,
 * `UPDATE x SET`, `SELECT … FROM`, `ALTER TABLE`, `TRUNCATE` at the start of the text or of a
 * `;`-separated segment (so `'); DROP TABLE users; --` counts). Ordinary words ("update", "select",
 * "drop-off") do not.
 */
export function isSqlStatement(text: string): boolean {
  const statement =
    /^(?:drop\s+(?:table|database|schema|view|index|user|role)\b|delete\s+from\s|insert\s+into\s|update\s+[\w."]+\s+set\s|select\s+(?:\*|distinct\s|count\s*\(|[\w."]+(?:\s*,\s*[\w."]+)*)\s*from\s+[\w."]+\s*(?:$|;|where\b|limit\b|order\b)|alter\s+(?:table|database|user|role)\s|truncate\s+(?:table\s+)?[\w."]+|create\s+(?:table|database|user|role)\s|grant\s+\w+.*\bto\s|exec(?:ute)?\s+xp_)/i;
  return text.split(';').some((segment) => statement.test(segment.replace(/^[\s'"`)(-]+/, '')));
}

/** Replaces a description that is a SQL statement with `[removed]` (docs/product-spec.md §5, docs/design.md §8). */
export function sanitizeDescription(text: string): string {
  return isSqlStatement(text) ? REMOVED_DESCRIPTION : text;
}
