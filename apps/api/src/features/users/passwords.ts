/**
 * New-password rules beyond length (ASVS V6.2, NIST SP 800-63B §5.1.1.2): a
 * password is refused when zxcvbn-ts (with its common dictionary: the ~49,000 most used passwords
 * and common words) estimates it can be guessed in at most {@link COMMON_PASSWORD_GUESSES} tries —
 * every password of that list used as is (`password`, `12345678`, `Password1`), and trivial
 * patterns (`aaaaaaaa`, `abcdefgh`, `qwertyuiop`). The message is the contract's
 * `USER_MESSAGES.passwordCommon`, so the web app and the API say the same. Also the one password
 * hash ({@link hashPassword}, argon2id).
 */
import { hash } from '@node-rs/argon2';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { USER_MESSAGES } from '@campus/contract/users';
import { validationError } from '../../lib/errors.ts';

/**
 * Estimated guesses at or below which a password counts as common: above the size of the whole
 * common list (49,233 entries), so each of them is refused even unchanged, and far above the
 * issue's floor of the top 10,000.
 */
export const COMMON_PASSWORD_GUESSES = 50_000;

let factory: ZxcvbnFactory | undefined;

/** True when `password` is a common password or a trivial pattern (built lazily: ~50 ms once). */
export function isCommonPassword(password: string): boolean {
  factory ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return factory.check(password).guesses <= COMMON_PASSWORD_GUESSES;
}

/**
 * Throws 400 with `errors[field]` = "This password is too common…" when `password` is common
 * (sign-up, reset and change call it before hashing).
 */
export function assertUncommonPassword(password: string, field = 'password'): void {
  if (isCommonPassword(password)) throw validationError({ [field]: USER_MESSAGES.passwordCommon });
}

/** argon2id (`Algorithm.Argon2id` is 2; the const enum cannot be imported under isolatedModules). */
const ARGON2 = { algorithm: 2 } as const;

/** Hashes a password with argon2id (docs/design.md §5); resolves to the PHC string stored in `password_hash`. */
export const hashPassword = (password: string) => hash(password, ARGON2);
