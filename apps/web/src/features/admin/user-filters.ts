/**
 * The admin user search and sort rules of docs/product-spec.md §5, applied on the client to the loaded page while
 * the server query (same rules, in SQL) is on its way:
 * - search is case-insensitive and matches text contained in the name, the e-mail or the id as
 *   text; an empty search shows all;
 * - newest = createdAt descending, oldest = createdAt ascending, name = by name with locale
 *   comparison (a missing name counts as empty).
 */
import type { AdminUserSort } from '@campus/contract/admin-ui';

/** The fields the rules read. */
export interface SortableUser {
  id: string | number;
  name: string | null | undefined;
  email: string;
  createdAt: string;
}

/** True when `user` matches `search` (docs/product-spec.md §5). */
export function matchesUserSearch(user: SortableUser, search: string): boolean {
  const term = search.trim().toLowerCase();
  if (!term) return true;
  return [user.name ?? '', user.email, String(user.id)].some((field) => field.toLowerCase().includes(term));
}

/** Comparator of the sort `sort` (docs/product-spec.md §5). */
export function compareUsers(sort: AdminUserSort): (a: SortableUser, b: SortableUser) => number {
  if (sort === 'name') return (a, b) => (a.name ?? '').localeCompare(b.name ?? '');
  const sign = sort === 'oldest' ? 1 : -1;
  return (a, b) => sign * (Date.parse(a.createdAt) - Date.parse(b.createdAt));
}

/** Filters then sorts (a new array). */
export function filterAndSortUsers<T extends SortableUser>(
  users: readonly T[],
  search: string,
  sort: AdminUserSort,
): T[] {
  return users.filter((u) => matchesUserSearch(u, search)).sort(compareUsers(sort));
}
