/**
 * Maps failed sign-in / sign-up calls to the texts of docs/product-spec.md §8 (general rule: the server's message,
 * else the network message, else the listed default).
 */
import { AUTH_UI, USER_MESSAGES } from '@campus/contract/users-ui';
import type { ApiError } from '../../lib/api';

function isTransport(err: ApiError): boolean {
  return err.status === 'NETWORK' || err.status === 'TIMEOUT';
}

/** Sign-in failure → text (docs/product-spec.md §8 "Sign-in" table). */
export function loginErrorMessage(err: ApiError): string {
  if (isTransport(err)) return AUTH_UI.network;
  if (err.status === 403) return err.serverMessage ?? USER_MESSAGES.verifyFirst;
  if (err.status === 401 || err.status === 400) return USER_MESSAGES.invalidCredentials;
  if (err.status === 500) return AUTH_UI.loginServerError;
  return err.serverMessage ?? AUTH_UI.loginOther;
}

/** Sign-up failure → text (docs/product-spec.md §8 "Sign-up"). */
export function signupErrorMessage(err: ApiError): string {
  if (isTransport(err)) return AUTH_UI.network;
  if (err.status === 400) return err.serverMessage ?? AUTH_UI.signup400;
  if (err.status === 403) return err.serverMessage ?? AUTH_UI.signup403;
  if (err.status === 500) return AUTH_UI.loginServerError;
  return err.serverMessage ?? AUTH_UI.signupOther;
}

/** True when a 403 on login means "verify your e-mail first" (so the screen offers Resend link). */
export function isVerifyFirst(err: ApiError): boolean {
  return err.status === 403 && (err.serverMessage ?? USER_MESSAGES.verifyFirst) === USER_MESSAGES.verifyFirst;
}
