/**
 * Authorization by construction (docs/design.md §3; the rule and an example are in
 * docs/architecture.md). A service function that changes a record takes a `Changeable<…>`, a type
 * that only the feature's checking loader produces, so a handler that skips the check — or passes
 * what the *visible* loader returned — does not compile.
 */
import { isAdmin, type SessionUser } from './auth.ts';
import { forbidden } from './errors.ts';

declare const checked: unique symbol;

/**
 * A record the viewer was checked to be allowed to change by `Action` (only a checking loader makes
 * one): a ride checked for deletion is a `Changeable<LoadedRide, 'delete'>` and is not
 * accepted where an edit (`'edit'`) is required, since the two may follow different rules.
 */
export type Changeable<T, Action extends string> = T & { readonly [checked]: Action };

/** Who may change a record: its owner, or also an administrator (the default). */
export type ChangeRule = 'ownerOrAdmin' | 'ownerOnly';

/** Each action a feature's records allow, with the rule that decides who may do it. */
export type ChangeRules<Action extends string> = Readonly<Record<Action, ChangeRule>>;

/**
 * The one place a `Changeable` is made: passes `record` through, checked for `action`, when
 * `viewer` owns it (`ownerId`) or — when `rules[action]` is `ownerOrAdmin` — is an admin; otherwise
 * throws 403 with `forbiddenMessage` (docs/design.md §4: visible but not changeable → 403). Call it only
 * after the visibility check (404).
 */
export function allowChange<T, Action extends string>(
  viewer: SessionUser,
  ownerId: string,
  record: T,
  forbiddenMessage: string,
  rules: ChangeRules<Action>,
  action: Action,
): Changeable<T, Action> {
  const allowed = ownerId === viewer.id || (rules[action] === 'ownerOrAdmin' && isAdmin(viewer));
  if (!allowed) throw forbidden(forbiddenMessage);
  return record as Changeable<T, Action>;
}
