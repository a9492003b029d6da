/**
 * Random tokens and their stored hashes (DESIGN §5): 32 random bytes, base64url on the wire,
 * SHA-256 hex in the database; and server secrets kept in the database (issue 21).
 */
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { appSecrets } from '../db/schema/users.ts';

/** A fresh 256-bit token as base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 hex of a token or of any bytes. */
export function sha256Hex(value: string | Uint8Array): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Secrets already read, per database handle and name. */
const secrets = new WeakMap<object, Map<string, Promise<string>>>();

/**
 * The server secret named `name` (issue 21: `device-cookie` signs device cookies): 32 random bytes
 * as base64url, created on first use in `app_secrets` (INSERT … ON CONFLICT DO NOTHING, so
 * instances racing to create it all read the one that won) and cached per database handle.
 */
export function appSecret(db: Db, name: string): Promise<string> {
  let byName = secrets.get(db);
  if (!byName) secrets.set(db, (byName = new Map()));
  let secret = byName.get(name);
  if (!secret) {
    secret = (async () => {
      await db.insert(appSecrets).values({ name, value: newToken() }).onConflictDoNothing();
      const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
      return row!.value;
    })();
    secret.catch(() => byName.delete(name));
    byName.set(name, secret);
  }
  return secret;
}
