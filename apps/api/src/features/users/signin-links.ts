/**
 * One-time sign-in links of the step-up. A link is *signed*, not stored: the token
 * is base64url of `<userId>.<expiresAtMs>.<nonce>.<credentialTag>.<hmac>` (HMAC-SHA256 under the
 * a key derived from the `signing` secret of `app_secrets`), so an attacker's attempts that trigger step-ups write no
 * rows. The credential tag binds the link to the account's current password hash: a password change
 * or reset ends every link. Single use: using a link records its SHA-256 in `user_tokens`
 * (purpose `signin`, unique), and a second use finds it there.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { SIGNIN_TOKEN_TTL_MS } from '@campus/contract/users';
import type { Db } from '../../db/client.ts';
import { appSecret, existingAppSecret, newToken, subkey } from '../../lib/tokens.ts';
import type { DeviceAccount } from './devices.ts';

/** The one signing secret of `app_secrets`; this module uses its own key derived from it. */
const SECRET_NAME = 'signing';
const PURPOSE = 'signin-link';

const mac = (secret: string, value: string) => createHmac('sha256', secret).update(value).digest('base64url');
const credentialTag = (secret: string, passwordHash: string) => mac(secret, `credential:${passwordHash}`).slice(0, 16);

/** A fresh sign-in link token for `account`, valid {@link SIGNIN_TOKEN_TTL_MS} (about 180 characters). */
export async function issueSigninToken(db: Db, account: DeviceAccount): Promise<string> {
  const secret = subkey(await appSecret(db, SECRET_NAME), PURPOSE);
  const payload = `${account.id}.${Date.now() + SIGNIN_TOKEN_TTL_MS}.${newToken().slice(0, 16)}.${credentialTag(secret, account.passwordHash)}`;
  return Buffer.from(`${payload}.${mac(secret, payload)}`).toString('base64url');
}

/** What a well-signed token says: the account id and when it expires (ms since the epoch). */
export interface SigninTokenClaims {
  userId: string;
  expiresAt: number;
  credentialTag: string;
}

/** The claims of `token` when its signature is good, else null (never throws on garbage). */
export async function readSigninToken(db: Db, token: string): Promise<SigninTokenClaims | null> {
  const master = await existingAppSecret(db, SECRET_NAME);
  const secret = master && subkey(master, PURPOSE);
  if (!secret) return null;
  const parts = Buffer.from(token, 'base64url').toString('utf8').split('.');
  if (parts.length !== 5) return null;
  const [userId, expiresAt, , tag, signature] = parts as [string, string, string, string, string];
  const expected = Buffer.from(mac(secret, parts.slice(0, 4).join('.')));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, expiresAt: Number(expiresAt), credentialTag: tag };
}

/** True when `claims` were issued under `account`'s current password (a change ends every link). */
export async function isCurrentCredential(db: Db, claims: SigninTokenClaims, account: DeviceAccount): Promise<boolean> {
  const master = await existingAppSecret(db, SECRET_NAME);
  const secret = master && subkey(master, PURPOSE);
  return (
    !!secret && claims.userId === account.id && claims.credentialTag === credentialTag(secret, account.passwordHash)
  );
}
