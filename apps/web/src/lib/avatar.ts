/** Public path of the default avatar picture (docs/product-spec.md §2: shown when the user has none). */
export const DEFAULT_AVATAR = '/default-avatar.svg';
