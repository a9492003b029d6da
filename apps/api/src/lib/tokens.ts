/**
 * Random tokens and their stored hashes (DESIGN §5): 32 random bytes, base64url on the wire,
 * SHA-256 hex in the database.
 */
import { createHash, randomBytes } from 'node:crypto';

/** A fresh 256-bit token as base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 hex of a token or of any bytes. */
export function sha256Hex(value: string | Uint8Array): string {
  return createHash('sha256').update(value).digest('hex');
}
