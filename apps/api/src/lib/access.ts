/**
 * Authorization by construction (DESIGN §3, issue 8; the rule and an example are in
 * docs/architecture.md). A service function that changes a record takes a `Changeable<…>`, a type
 * that only the feature's checking loader produces, so a handler that skips the check — or passes
 * what the *visible* loader returned — does not compile.
 */
import { isAdmin, type SessionUser } from './auth.ts';
import { forbidden } from './errors.ts';

declare const checked: unique symbol;

/** A record the viewer was checked to be allowed to change (only a checking loader makes one). */
export type Changeable<T> = T & { readonly [checked]: true };

/** Who may change a record: its owner, or also an administrator (the default). */
export type ChangeRule = 'ownerOrAdmin' | 'ownerOnly';

/**
 * The one place a `Changeable` is made: passes `record` through when `viewer` owns it (`ownerId`)
 * or — under `ownerOrAdmin` — is an admin; otherwise throws 403 with `forbiddenMessage`
 * (DESIGN §4: visible but not changeable → 403). Call it only after the visibility check (404).
 */
export function allowChange<T>(
  viewer: SessionUser,
  ownerId: string,
  record: T,
  forbiddenMessage: string,
  rule: ChangeRule = 'ownerOrAdmin',
): Changeable<T> {
  const allowed = ownerId === viewer.id || (rule === 'ownerOrAdmin' && isAdmin(viewer));
  if (!allowed) throw forbidden(forbiddenMessage);
  return record as Changeable<T>;
}
