/**
 * Lost and found: the categories, limits and texts the web app shows (docs/product-spec.md §2, §5,
 * §8, §9), with no zod, so the lost & found page does not load the schema library at start
 * (docs/decisions/0001-hydration-at-load.md). The schemas are in `./lost-found.ts`, which
 * re-exports everything here.
 */

/** Report categories (docs/product-spec.md §5). */
export const LOST_FOUND_CATEGORIES = [
  'Electronics',
  'Documents',
  'Keys',
  'Wallets/Purses',
  'Clothing',
  'Accessories',
  'Books/Notes',
  'Cards',
  'Other',
] as const;
export type LostFoundCategory = (typeof LOST_FOUND_CATEGORIES)[number];

/** Length limits (docs/product-spec.md §5, §9). */
export const LOST_FOUND_NAME_MAX = 100;
export const LOST_FOUND_LOCATION_MAX = 100;
export const LOST_FOUND_DESCRIPTION_MAX = 500;

/** How many reports the "Recently Reported" list shows (docs/product-spec.md §2, §9). */
export const RECENT_LOST_FOUND_ITEMS = 5;

/** Messages of lost and found (docs/product-spec.md §5, §8). Error toasts last 4 s (docs/product-spec.md §9). */
export const LOST_FOUND_MESSAGES = {
  required: 'Please fill in all required fields.',
  contactInvalid: 'Please enter a valid 10-digit Indian mobile number.',
  nameLong: `Item name must be at most ${LOST_FOUND_NAME_MAX} characters.`,
  locationLong: `Location must be at most ${LOST_FOUND_LOCATION_MAX} characters.`,
  descriptionLong: `Description must be at most ${LOST_FOUND_DESCRIPTION_MAX} characters.`,
  categoryInvalid: 'Please choose a category from the list.',
  dateInvalid: 'Please enter a valid date (yyyy-MM-dd).',
  dateFuture: 'The date cannot be in the future.',
  imageTooLarge: 'Image size should be less than 5MB',
  notFound: 'Item not found',
  forbidden: 'You can only change your own reports.',
  reported: 'Item reported successfully!',
  updated: 'Item updated successfully!',
  deleted: 'Item deleted successfully!',
  markedReturned: 'Item marked as returned.',
  adminDeleted: (name: string) => `An administrator removed your lost & found report "${name}".`,
  // Client texts (docs/product-spec.md §2, §8).
  errorFetching: 'Failed to fetch lost items',
  errorAdding: 'Error adding lost item',
  errorUpdating: 'Error updating lost item',
  errorDeleting: 'Error deleting lost item',
  errorFetchingOne: 'Error fetching lost item',
  errorReporting: 'Error reporting item',
  notProvided: 'Not provided',
  reportTitle: 'Report Found Item',
  editTitle: 'Edit Reported Item',
} as const;
