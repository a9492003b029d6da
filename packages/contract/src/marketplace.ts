/**
 * Marketplace ("buy and sell", docs/product-spec.md §2, §3, §5, §7, §8; docs/design.md §4, §8): constants, messages, the
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
  partialFields,
  requiredText,
  rupees,
  searchText,
  tenDigitContact,
} from './fields.ts';
import {
  MARKETPLACE_CATEGORIES,
  ITEM_CONDITIONS,
  MARKETPLACE_SORTS,
  ITEM_NAME_MAX,
  ITEM_DESCRIPTION_MAX,
  PRICE_MAX,
  MARKETPLACE_MESSAGES,
} from './marketplace-ui.ts';
import { moderationField } from './reports.ts';

export * from './marketplace-ui.ts';

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
 * POST /api/buy-and-sell/items fields (multipart text parts or JSON; docs/product-spec.md §3, §5). Every field is
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
 * PUT /api/buy-and-sell/items/{id} fields: partial (docs/design.md §4). `remove_image=true` deletes the
 * photo; `is_sold` marks the item sold (or back on sale).
 */
export const updateItemBody = partialFields(createItemBody).extend({
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
 * GET /api/buy-and-sell/items query (docs/product-spec.md §2, docs/design.md §4): `category` (absent or 'All' = every
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
/** The list's filters as a client sends them: any of the query's fields. */
export type ItemFilters = Partial<ListItemsQuery>;

/** A marketplace item as the API returns it (docs/product-spec.md §3 plus sold/expiry state). */
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
  /** Shown to the owner and admins only: hidden after reports or removed. */
  moderation: moderationField,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MarketplaceItem = z.infer<typeof marketplaceItem>;

/** Paginated list envelope: `data` array with `pagination` beside it (docs/design.md §4). */
export const marketplaceList = apiPage(marketplaceItem);
export type MarketplaceList = z.infer<typeof marketplaceList>;
