/**
 * Administrator area, the zod-free part (docs/product-spec.md §2 Admin area, §5, §9): sorts,
 * assignable roles, the windows and breakpoints, the server messages and the screens' texts. Kept
 * free of zod so the admin page does not load the schema library at start
 * (docs/decisions/0001-hydration-at-load.md); `admin.ts` re-exports everything here.
 */
import { ADMIN_ROLE, USER_MESSAGES } from './users-ui.ts';

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
  /** Closing an account (docs/privacy.md "Delete my account"): the confirmation, and the toast with the erasure date. */
  confirmClose: (who: string) =>
    `Close ${who}'s account? They are signed out everywhere, their listings, items and rides are hidden, and the account is erased after the grace period unless they keep it or you reactivate it.`,
  accountClosed: (date: string) => `Account closed. It will be erased on ${date}.`,
} as const;
