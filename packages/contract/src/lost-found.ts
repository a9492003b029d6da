/**
 * Lost and found (docs/product-spec.md §2, §3, §5, §7, §8; docs/design.md §4): constants, messages, the report schemas
 * (used by the API on multipart text parts and JSON, and by the web form), the list query and the
 * report as the API returns it.
 */
import { z } from 'zod';
import { COMMON_MESSAGES, apiPage, paginationQuery } from './envelope.ts';
import {
  choice,
  choiceFilter,
  formBoolean,
  indianMobile,
  isoDate,
  optionalField,
  partialFields,
  requiredText,
  searchText,
  textInput,
} from './fields.ts';
import { moderationField } from './reports.ts';
import {
  LOST_FOUND_CATEGORIES,
  LOST_FOUND_DESCRIPTION_MAX,
  LOST_FOUND_LOCATION_MAX,
  LOST_FOUND_MESSAGES,
  LOST_FOUND_NAME_MAX,
} from './lost-found-ui.ts';

export * from './lost-found-ui.ts';

const required = (max: number, tooLong: string) =>
  requiredText(max, { required: LOST_FOUND_MESSAGES.required, tooLong });

/** The spec's Indian-mobile rule; spaces, dashes and a leading +91 are stripped. */
const contact = indianMobile({ required: LOST_FOUND_MESSAGES.required, invalid: LOST_FOUND_MESSAGES.contactInvalid });

const category = choice(LOST_FOUND_CATEGORIES, {
  required: LOST_FOUND_MESSAGES.required,
  invalid: LOST_FOUND_MESSAGES.categoryInvalid,
});

const description = z.preprocess(
  textInput,
  z.string().max(LOST_FOUND_DESCRIPTION_MAX, LOST_FOUND_MESSAGES.descriptionLong),
);

/** `yyyy-MM-dd`, a real calendar date. "Not in the future" is checked by the API in the institute's time zone. */
const dateFound = isoDate(LOST_FOUND_MESSAGES.dateInvalid);

/**
 * POST /api/lost-and-found/lost-items fields (multipart text parts or JSON; docs/product-spec.md §3, §5):
 * `item_name`, `category`, `location_found`, `owner_contact` required; `description` optional
 * (≤ 500); `is_found` defaults to true (found); `date_found` defaults to today (institute time
 * zone). The photo is the file part `image`.
 */
export const createLostFoundItemBody = z.object({
  item_name: required(LOST_FOUND_NAME_MAX, LOST_FOUND_MESSAGES.nameLong),
  category,
  location_found: required(LOST_FOUND_LOCATION_MAX, LOST_FOUND_MESSAGES.locationLong),
  owner_contact: contact,
  description: optionalField(description),
  is_found: optionalField(formBoolean),
  date_found: optionalField(dateFound),
});
export type CreateLostFoundItemBody = z.infer<typeof createLostFoundItemBody>;

/**
 * PUT /api/lost-and-found/lost-items/{id} fields: partial (docs/design.md §4). `remove_image=true` deletes
 * the photo; `is_returned` marks the item returned (it leaves the default list).
 */
export const updateLostFoundItemBody = partialFields(createLostFoundItemBody).extend({
  is_returned: optionalField(formBoolean),
  remove_image: optionalField(formBoolean),
});
export type UpdateLostFoundItemBody = z.infer<typeof updateLostFoundItemBody>;

/**
 * GET /api/lost-and-found/lost-items query: newest first, paginated; `type` lost (`is_found`
 * false) or found; `category`; `search` (name, description or location, case-insensitive);
 * `includeReturned=true` also lists returned items; `mine=true` only the caller's reports.
 */
export const listLostFoundItemsQuery = paginationQuery.extend({
  type: choiceFilter(['lost', 'found'], COMMON_MESSAGES.invalidInput, 'all'),
  category: choiceFilter(LOST_FOUND_CATEGORIES, LOST_FOUND_MESSAGES.categoryInvalid),
  search: searchText(),
  includeReturned: optionalField(formBoolean),
  mine: optionalField(formBoolean),
});
export type ListLostFoundItemsQuery = z.infer<typeof listLostFoundItemsQuery>;
/** The list's filters as a client sends them: any of the query's fields. */
export type LostFoundItemFilters = Partial<ListLostFoundItemsQuery>;

/** A lost/found report as the API returns it (docs/product-spec.md §3 plus owner and returned state). */
export const lostFoundItem = z.object({
  id: z.string(),
  userId: z.string(),
  item_name: z.string(),
  description: z.string().nullable(),
  location_found: z.string(),
  owner_contact: z.string().nullable(),
  category: z.string(),
  /** Absolute URL of the photo, or null. */
  image_url: z.string().nullable(),
  image_thumb_url: z.string().nullable(),
  /** true: someone found it; false: someone lost it. */
  is_found: z.boolean(),
  /** `yyyy-MM-dd` (institute time zone). */
  date_found: z.string(),
  is_returned: z.boolean(),
  reporter_name: z.string().nullable(),
  /** Shown to the owner and admins only: hidden after reports or removed. */
  moderation: moderationField,
  /**
   * Shown to the finder only, on their found report: how many open lost reports may be this item
   * (docs/alerts.md "Lost and found"); who lost them is not shown.
   */
  possible_matches: z.number().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LostFoundItem = z.infer<typeof lostFoundItem>;

/** Paginated list envelope (docs/design.md §4). */
export const lostFoundList = apiPage(lostFoundItem);
export type LostFoundList = z.infer<typeof lostFoundList>;
