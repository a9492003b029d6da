/**
 * Administrator area (docs/product-spec.md §2 Admin area, §4, §5, §6, §9; docs/design.md §5, §8): user management schemas,
 * constants and texts shared by the API and the web app.
 */
import { z } from 'zod';
import { pagination, paginationQuery } from './envelope.ts';
import { ADMIN_ROLE, USER_MESSAGES, publicUser, updateProfileBody } from './users.ts';

/** Sorts of the admin user list (docs/product-spec.md §5): createdAt desc, createdAt asc, name with locale order. */
export const ADMIN_USER_SORTS = ['newest', 'oldest', 'name'] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];

/** Labels of the sort selector (docs/product-spec.md §2). */
export const ADMIN_SORT_LABELS: Record<AdminUserSort, string> = {
  newest: 'Newest First',
  oldest: 'Oldest First',
  name: 'Name (A-Z)',
};

/** Roles an administrator can grant from the UI. */
export const ASSIGNABLE_ROLES = [ADMIN_ROLE] as const;

/** "New This Week" window in days (docs/product-spec.md §9), counted in the institute's time zone. */
export const NEW_USER_WINDOW_DAYS = 7;

/** Admin sidebar breakpoint in px (docs/product-spec.md §9). */
export const ADMIN_SIDEBAR_BREAKPOINT = 768;

/** Server messages of admin user management. */
export const ADMIN_MESSAGES = {
  searchTooLong: 'Search must be at most 200 characters.',
  sortInvalid: 'Sort must be one of: newest, oldest, name.',
  roleInvalid: 'Roles may only contain: admin.',
  userNotFound: USER_MESSAGES.userNotFound,
  userUpdated: 'User updated.',
  userDeactivated: 'User deactivated.',
  userReactivated: 'User reactivated.',
  cannotDemoteSelf: 'You cannot remove your own admin role.',
  cannotDemoteConfigured: 'This administrator is set by ADMIN_EMAILS and cannot be demoted.',
  cannotDeactivateSelf: 'You cannot deactivate your own account.',
  cannotDeactivateConfigured: 'This administrator is set by ADMIN_EMAILS and cannot be deactivated.',
} as const;

/** Texts of the admin screens (docs/product-spec.md §2, §8). */
export const ADMIN_UI = {
  panel: 'Admin Panel',
  dashboard: 'Dashboard',
  notifications: 'Notifications',
  toggleMenu: 'Toggle menu',
  heading: 'Admin User Control Center',
  subtitle: 'Supervise, filter, and act on all users in your system',
  totalUsers: 'Total Users',
  newThisWeek: 'New This Week',
  searchPlaceholder: 'Search users by name, email or ID...',
  anonymous: 'Anonymous',
  fetchInvalid: 'Failed to fetch users: Invalid server response.',
  fetchError: 'An error occurred while fetching users.',
  confirmDeactivate: (who: string) =>
    `Deactivate ${who}? They are signed out everywhere and cannot log in until reactivated.`,
} as const;

/** GET /api/users/admin/all query: server-side search and sort (docs/product-spec.md §5), paginated (docs/design.md §4). */
export const adminUsersQuery = paginationQuery.extend({
  search: z.string().trim().max(200, ADMIN_MESSAGES.searchTooLong).optional().default(''),
  sort: z.enum(ADMIN_USER_SORTS, { error: ADMIN_MESSAGES.sortInvalid }).default('newest'),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuery>;

/** Counts over all users (not the filtered page). */
export const adminStats = z.object({
  total: z.number().int(),
  newThisWeek: z.number().int(),
  active: z.number().int(),
  deactivated: z.number().int(),
});
export type AdminStats = z.infer<typeof adminStats>;

/** `data` of GET /api/users/admin/all (docs/product-spec.md §7 reads `data.users`). */
export const adminUsersData = z.object({ users: z.array(publicUser), pagination, stats: adminStats });
export type AdminUsersData = z.infer<typeof adminUsersData>;

/** PUT /api/users/admin/users/{id}: profile fields (checked against the institute config) and roles. */
export const adminUpdateUserBody = updateProfileBody.extend({
  roles: z
    .array(z.enum(ASSIGNABLE_ROLES, { error: ADMIN_MESSAGES.roleInvalid }), { error: ADMIN_MESSAGES.roleInvalid })
    .max(ASSIGNABLE_ROLES.length, ADMIN_MESSAGES.roleInvalid)
    .optional(),
});
export type AdminUpdateUserBody = z.infer<typeof adminUpdateUserBody>;

/** `data` of the user-changing admin routes. */
export const adminUserData = z.object({ user: publicUser });
