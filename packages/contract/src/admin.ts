/**
 * Administrator area (docs/product-spec.md §2 Admin area, §4, §5, §6, §9; docs/design.md §5, §8): user management schemas
 * shared by the API and the web app; the constants and texts are in `admin-ui.ts`, re-exported here.
 */
import { z } from 'zod';
import { pagination, paginationQuery } from './envelope.ts';
import { ADMIN_MESSAGES, ADMIN_USER_SORTS, ASSIGNABLE_ROLES } from './admin-ui.ts';
import { publicUser, updateProfileBody } from './users.ts';

export * from './admin-ui.ts';

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
