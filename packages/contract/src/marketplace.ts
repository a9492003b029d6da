/**
 * Marketplace ("buy and sell", spec §2, §3, §5, §7, §8; DESIGN §4, §8): constants, messages, the
 * form/request schemas (used by the API on multipart text parts and JSON, and by the web form), the
 * list query and the item as the API returns it.
 */
import { z } from 'zod';
import { apiPage, paginationQuery } from './envelope.ts';
import {
  absent,
  choice,
  choiceFilter,
  formBoolean,
  optionalField,
  requiredText,
  rupees,
  searchText,
  tenDigitContact,
} from './fields.ts';

/** Item categories (spec §5). */
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

/** The category chips of the marketplace page (spec §2); 'All' means no filter. */
export const MARKETPLACE_CHIPS = ['All', 'Books', 'Electronics', 'Furniture', 'Clothing'] as const;

/** Item conditions (spec §5). */
export const ITEM_CONDITIONS = ['New', 'Like New', 'Good', 'Fair', 'Poor'] as const;
export type ItemCondition = (typeof ITEM_CONDITIONS)[number];

/** List sorts (spec §2); `newest` is the default. */
export const MARKETPLACE_SORTS = ['newest', 'oldest', 'priceLowToHigh', 'priceHighToLow'] as const;
export type MarketplaceSort = (typeof MARKETPLACE_SORTS)[number];

/** Labels of the sorts for the page's select. */
export const MARKETPLACE_SORT_LABELS: Record<MarketplaceSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  priceLowToHigh: 'Price: low to high',
  priceHighToLow: 'Price: high to low',
};

/** A listing leaves browse this many days after it was listed or last renewed (issue 5). */
export const LISTING_TTL_DAYS = 60;

/** Length limits of the text fields (characters). */
export const ITEM_NAME_MAX = 100;
export const ITEM_DESCRIPTION_MAX = 1000;
/** Highest accepted price in rupees (a typo guard, ₹1 crore). */
export const PRICE_MAX = 10_000_000;

/** What a description that is a SQL statement is replaced with (spec §5, DESIGN §8). */
export const REMOVED_DESCRIPTION = '[removed]';
/** What the page shows for a `[removed]` (or empty) description (spec §5). */
export const NO_DESCRIPTION = 'No description available';

/** Messages of the marketplace (spec §5, §8). Toast durations: errors 5 s (spec §9). */
export const MARKETPLACE_MESSAGES = {
  itemNameRequired: 'Item name is required.',
  itemNameLong: `Item name must be at most ${ITEM_NAME_MAX} characters.`,
  priceRequired: 'Price is required.',
  priceInvalid: 'Price must be a whole number of rupees, 0 or more.',
  priceTooHigh: `Price must be at most ₹${PRICE_MAX.toLocaleString('en-IN')}.`,
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
  // Client toasts (spec §8).
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
 * True when `text` is a SQL statement (spec §5 "looks like a database command", narrowed by
 * DESIGN §8): a statement keyword sequence such as `DROP TABLE`, `DELETE FROM`, `INSERT INTO`,
 * `UPDATE x SET`, `SELECT … FROM`, `ALTER TABLE`, `TRUNCATE` at the start of the text or of a
 * `;`-separated segment (so `'); DROP TABLE users; --` counts). Ordinary words ("update", "select",
 * "drop-off") do not.
 */
export function isSqlStatement(text: string): boolean {
  const statement =
    /^(?:drop\s+(?:table|database|schema|view|index|user|role)\b|delete\s+from\s|insert\s+into\s|update\s+[\w."]+\s+set\s|select\s+(?:\*|distinct\s|count\s*\(|[\w."]+(?:\s*,\s*[\w."]+)*)\s*from\s+[\w."]+\s*(?:$|;|where\b|limit\b|order\b)|alter\s+(?:table|database|user|role)\s|truncate\s+(?:table\s+)?[\w."]+|create\s+(?:table|database|user|role)\s|grant\s+\w+.*\bto\s|exec(?:ute)?\s+xp_)/i;
  return text.split(';').some((segment) => statement.test(segment.replace(/^[\s'"`)(-]+/, '')));
}

/** Replaces a description that is a SQL statement with `[removed]` (spec §5, DESIGN §8). */
export function sanitizeDescription(text: string): string {
  return isSqlStatement(text) ? REMOVED_DESCRIPTION : text;
}

const itemName = requiredText(ITEM_NAME_MAX, {
  required: MARKETPLACE_MESSAGES.itemNameRequired,
  tooLong: MARKETPLACE_MESSAGES.itemNameLong,
});

/** Whole rupees ≥ 0, sent as a JSON number or a decimal string (multipart, forms). */
const price = rupees(PRICE_MAX, {
  required: MARKETPLACE_MESSAGES.priceRequired,
  invalid: MARKETPLACE_MESSAGES.priceInvalid,
  tooHigh: MARKETPLACE_MESSAGES.priceTooHigh,
});

const category = choice(MARKETPLACE_CATEGORIES, {
  required: MARKETPLACE_MESSAGES.categoryRequired,
  invalid: MARKETPLACE_MESSAGES.categoryInvalid,
});

const condition = choice(ITEM_CONDITIONS, {
  required: MARKETPLACE_MESSAGES.conditionRequired,
  invalid: MARKETPLACE_MESSAGES.conditionInvalid,
});

const description = requiredText(ITEM_DESCRIPTION_MAX, {
  required: MARKETPLACE_MESSAGES.descriptionRequired,
  tooLong: MARKETPLACE_MESSAGES.descriptionLong,
});

/** The spec's 10-digit contact rule; spaces, dashes and a leading +91 are tolerated and stripped. */
const contact = tenDigitContact({
  required: MARKETPLACE_MESSAGES.contactRequired,
  invalid: MARKETPLACE_MESSAGES.contactInvalid,
});

/**
 * POST /api/buy-and-sell/items fields (multipart text parts or JSON; spec §3, §5). Every field is
 * required; `price` is whole rupees. The photo is the file part `image`.
 */
export const createItemBody = z.object({
  item_name: itemName,
  price,
  category,
  item_condition: condition,
  description,
  owner_contact: contact,
});
export type CreateItemBody = z.infer<typeof createItemBody>;

/**
 * PUT /api/buy-and-sell/items/{id} fields: partial (DESIGN §4). `remove_image=true` deletes the
 * photo; `is_sold` marks the item sold (or back on sale).
 */
export const updateItemBody = z.object({
  item_name: optionalField(itemName),
  price: optionalField(price),
  category: optionalField(category),
  item_condition: optionalField(condition),
  description: optionalField(description),
  owner_contact: optionalField(contact),
  is_sold: optionalField(formBoolean),
  remove_image: optionalField(formBoolean),
});
export type UpdateItemBody = z.infer<typeof updateItemBody>;

/** A price bound of the list: whole rupees within the price cap (never beyond PostgreSQL's integer). */
const priceBound = optionalField(
  rupees(PRICE_MAX, {
    required: MARKETPLACE_MESSAGES.priceInvalid,
    invalid: MARKETPLACE_MESSAGES.priceInvalid,
    tooHigh: MARKETPLACE_MESSAGES.priceTooHigh,
  }),
);

/**
 * GET /api/buy-and-sell/items query (spec §2, DESIGN §4): `category` (absent or 'All' = every
 * category), `search` (name or description, case-insensitive), `minPrice`/`maxPrice` (inclusive,
 * rupees), `sort` (default newest), `page`/`limit`.
 */
export const listItemsQuery = paginationQuery
  .extend({
    category: choiceFilter(MARKETPLACE_CATEGORIES, MARKETPLACE_MESSAGES.categoryInvalid),
    search: searchText(),
    minPrice: priceBound,
    maxPrice: priceBound,
    sort: z.preprocess((v) => absent(v), z.enum(MARKETPLACE_SORTS).default('newest')),
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    message: MARKETPLACE_MESSAGES.priceRange,
    path: ['minPrice'],
  });
export type ListItemsQuery = z.infer<typeof listItemsQuery>;

/** A marketplace item as the API returns it (spec §3 plus sold/expiry state). */
export const marketplaceItem = z.object({
  id: z.string(),
  userId: z.string(),
  item_name: z.string(),
  price: z.number().int(),
  category: z.string(),
  description: z.string(),
  item_condition: z.string(),
  owner_contact: z.string(),
  /** Absolute URL of the photo, or null. */
  image_url: z.string().nullable(),
  image_thumb_url: z.string().nullable(),
  /** The seller's display name (null when the profile has none). */
  owner_name: z.string().nullable(),
  is_sold: z.boolean(),
  /** When the listing leaves browse unless renewed (ISO 8601). */
  expires_at: z.string(),
  is_expired: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MarketplaceItem = z.infer<typeof marketplaceItem>;

/** Paginated list envelope: `data` array with `pagination` beside it (DESIGN §4). */
export const marketplaceList = apiPage(marketplaceItem);
export type MarketplaceList = z.infer<typeof marketplaceList>;
