/**
 * Random tokens and their stored hashes (docs/design.md §5): 32 random bytes, base64url on the wire,
 * SHA-256 hex in the database; and server secrets kept in the database.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
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
const secrets = new WeakMap<object, Map<string, string>>();

function cached(db: Db): Map<string, string> {
  let byName = secrets.get(db);
  if (!byName) secrets.set(db, (byName = new Map()));
  return byName;
}

/**
 * The server secret named `name` (`signing`, for device cookies and sign-in links; `vapid`, the Web
 * Push key pair): `create()` (default 32 random bytes as base64url), created on first use in
 * `app_secrets` (INSERT … ON CONFLICT DO NOTHING, so instances racing to create it all read the one
 * that won) and cached per database handle.
 */
export async function appSecret(db: Db, name: string, create: () => string = newToken): Promise<string> {
  const known = await existingAppSecret(db, name);
  if (known) return known;
  await db.insert(appSecrets).values({ name, value: create() }).onConflictDoNothing();
  return (await existingAppSecret(db, name))!;
}

/**
 * The server secret named `name` if it was ever created, else null — for checking a signature,
 * which never creates one (a refused request writes nothing; nothing can be signed without it).
 */
export async function existingAppSecret(db: Db, name: string): Promise<string | null> {
  const byName = cached(db);
  const hit = byName.get(name);
  if (hit) return hit;
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  if (row) byName.set(name, row.value);
  return row?.value ?? null;
}

/** A key for one `purpose` derived from a secret (HMAC-SHA256, base64url): one secret, separate keys. */
export function subkey(secret: string, purpose: string): string {
  return createHmac('sha256', secret).update(purpose).digest('base64url');
}
