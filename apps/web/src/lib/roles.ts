/**
 * Role helpers of the web app. `ADMIN_ROLE` mirrors the contract's constant (`@campus/contract/users`)
 * without importing that module into the start-up bundle (it builds zod schemas on load); a test
 * checks that both agree.
 */
export const ADMIN_ROLE = 'admin';

/** True when the roles list grants the admin area. */
export function isAdmin(roles: readonly string[]): boolean {
  return roles.includes(ADMIN_ROLE);
}
