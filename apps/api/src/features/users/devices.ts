/**
 * Device cookies (OWASP Authentication Cheat Sheet, "Device cookies"): a signed,
 * long-lived, HttpOnly cookie that marks a browser which signed in to an account before. Sign-in
 * throttling treats such a browser as trusted, so strangers' failures never lock it out.
 *
 * Value: `<userId>.<issuedAtMs>.<nonce>.<credentialTag>`, signed (HMAC-SHA256, `@fastify/cookie`'s
 * `sign`/`unsign`) with a key derived from the `signing` secret kept in `app_secrets`. The
 * credential tag is an HMAC of the account's password hash, so every device cookie issued before a
 * password change or reset stops being trusted (a thief's browser loses its trust with the old
 * password). The nonce names the device for its own failure counter.
 */
import { createHmac } from 'node:crypto';
import { sign, unsign } from '@fastify/cookie';
import { DEVICE_COOKIE_MAX_AGE_MS } from '@campus/contract/users';
import type { CookieAttributes } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { appSecret, existingAppSecret, newToken, subkey } from '../../lib/tokens.ts';

/** The account fields a device cookie is bound to. */
export interface DeviceAccount {
  id: string;
  passwordHash: string;
}

/** The one signing secret of `app_secrets`; this module uses its own key derived from it. */
const SECRET_NAME = 'signing';
const PURPOSE = 'device-cookie';

const credentialTag = (secret: string, passwordHash: string) =>
  createHmac('sha256', secret).update(`credential:${passwordHash}`).digest('base64url').slice(0, 22);

/** A fresh signed device cookie value for `account` (set at every successful sign-in). */
export async function issueDeviceCookie(db: Db, account: DeviceAccount): Promise<string> {
  const secret = subkey(await appSecret(db, SECRET_NAME), PURPOSE);
  const nonce = newToken().slice(0, 22);
  return sign(`${account.id}.${Date.now()}.${nonce}.${credentialTag(secret, account.passwordHash)}`, secret);
}

/**
 * The device id (nonce) when `raw` is a valid device cookie for `account` — signature good, same
 * account, issued under its current password, younger than a year — else null. Never throws on a
 * malformed value.
 */
export async function trustedDevice(db: Db, raw: string | undefined, account: DeviceAccount): Promise<string | null> {
  if (!raw || raw.length > 400) return null;
  const master = await existingAppSecret(db, SECRET_NAME);
  const secret = master && subkey(master, PURPOSE);
  if (!secret) return null;
  const result = unsign(raw, secret);
  if (!result.valid || !result.value) return null;
  const [userId, issuedAt, nonce, tag] = result.value.split('.');
  if (userId !== account.id || !nonce || tag !== credentialTag(secret, account.passwordHash)) return null;
  const age = Date.now() - Number(issuedAt);
  return age >= 0 && age < DEVICE_COOKIE_MAX_AGE_MS ? nonce : null;
}

/**
 * Cookie options of the device cookie: HttpOnly, the configured `SameSite` and `Secure` (as the
 * session cookie, `config.cookies`), sent only to `/api/users` (sign-in, forgot-password, sign-in
 * links), one year.
 */
export function deviceCookieOptions(cookies: CookieAttributes) {
  return {
    path: '/api/users',
    httpOnly: true,
    ...cookies,
    maxAge: Math.floor(DEVICE_COOKIE_MAX_AGE_MS / 1000),
  };
}
