/**
 * The users area's mails (docs/design.md §5): what each says and where its link points,
 * how many may go out ({@link MAIL_LIMITS}) and the sending. Links open SPA pages that POST the token
 * (a GET never changes state, so mail scanners that prefetch links cannot burn them). Plain text;
 * `appUrl` without trailing slash.
 */
import type { ServiceContext } from '../../lib/context.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import { hit, hitAll, peek } from '../../lib/rate-limit.ts';

const HOUR_MS = 60 * 60 * 1000;

/** Kinds of mail of the users area; each has its own budget (see {@link MAIL_LIMITS}). */
export type UsersMailKind = 'verify' | 'verify-choose' | 'reset' | 'signin' | 'already-registered' | 'password-changed';

/** Inputs of {@link usersMail}: the app's URL, the institute's short name, the link token if any. */
export interface UsersMailInput {
  appUrl: string;
  institute: string;
  token?: string;
}

const link = (appUrl: string, page: string, token = '', extra = '') =>
  `${appUrl}/${page}?token=${encodeURIComponent(token)}${extra}`;

/**
 * Builds the subject and text of one mail of `kind` to `to`. `verify`, `verify-choose`, `reset`
 * and `signin` need `token`; the others carry no token.
 */
export function usersMail(kind: UsersMailKind, to: string, input: UsersMailInput): MailMessage {
  const { appUrl, institute, token } = input;
  switch (kind) {
    case 'verify':
      return {
        to,
        subject: 'Verify your Campus Companion account',
        text: `Welcome to Campus Companion for ${institute}!\n\nOpen this link and enter the password you chose to verify your email address (valid for 24 hours):\n${link(appUrl, 'verify-email', token)}\n\nIf you signed up more than once, use the link of your latest sign-up. If you did not sign up, ignore this message.`,
      };
    case 'verify-choose':
      return {
        to,
        subject: 'Verify your Campus Companion account',
        text: `Open this link to verify your email address and choose your password (valid for 24 hours):\n${link(appUrl, 'verify-email', token, '&choose=1')}\n\nYou asked for a new verification link, so this one does not need the password of an earlier sign-up: whoever opens it sets the password. If you did not sign up, ignore this message.`,
      };
    case 'reset':
      return {
        to,
        subject: 'Reset your Campus Companion password',
        text: `Open this link to choose a new password (valid for 1 hour):\n${link(appUrl, 'reset-password', token)}\n\nIf you did not ask for this, ignore this message; your password stays the same.`,
      };
    case 'signin':
      return {
        to,
        subject: 'Finish signing in to Campus Companion',
        text: `Someone — perhaps you — tried to sign in to your account from a browser it has not been used on, while many failed sign-ins were being made. To keep your account safe we ask for this extra step.\n\nIf it was you, open this link and enter your password to finish signing in (valid for 1 hour, once):\n${link(appUrl, 'signin-link', token)}\n\nIf it was not you, ignore this message: nobody can sign in with this link without your mailbox and your password. If you think someone knows your password, change it.`,
      };
    case 'already-registered':
      return {
        to,
        subject: 'You already have a Campus Companion account',
        text: `Someone — perhaps you — tried to sign up to Campus Companion with this address, but you already have an account. Nothing was changed.\n\nLog in at ${appUrl}/login. Forgot your password? Choose a new one at ${appUrl}/forgot-password.\n\nIf it was not you, ignore this message.`,
      };
    case 'password-changed':
      return {
        to,
        subject: 'Your Campus Companion password was changed',
        text: `Your password was changed, and every other session of your account was signed out.\n\nIf this was you, there is nothing to do.\n\nIf it wasn't you, reset your password now at ${appUrl}/forgot-password (the link goes to this mailbox), then tell an administrator.`,
      };
  }
}

/**
 * Mails per hour and kind. A request from a trusted device of the account (its
 * own browser) has its own budget (`perDevice`) that nobody else can spend. Any other requester
 * gets `perAddressAndIp` per (address, requesting IP); across requesters, each IP's *first* mail to
 * the address draws on `newRequestersPerAddress` and its repeats on `repeatsPerAddress` — so
 * strangers asking again and again cannot spend what a new requester (the owner on a borrowed
 * computer) gets: the 7 addresses × 4 requests of the security test leave the owner's mail sent,
 * and blocking it takes 20 addresses. Links never end each other, so a mail a stranger triggered
 * still works for the mailbox holder. Across every kind and requester, at most
 * `unwantedPerAddress` mails an hour reach one address from anyone but its own trusted browsers
 * (docs/security.md "Mail budgets a stranger cannot spend for the owner").
 */
export const MAIL_LIMITS = {
  perAddressAndIp: 3,
  newRequestersPerAddress: 20,
  repeatsPerAddress: 10,
  unwantedPerAddress: 20,
  perDevice: 3,
} as const;

/** Sends one users-area mail; a transport failure is logged, never thrown (mail goes out after the answer). */
export async function sendUsersMail(
  ctx: ServiceContext,
  kind: UsersMailKind,
  to: string,
  token?: string,
): Promise<void> {
  try {
    await ctx.mailer.send(
      usersMail(kind, to, { appUrl: ctx.config.appUrl, institute: ctx.config.institute.shortName, token }),
    );
  } catch (err) {
    ctx.log.error({ err, to, kind }, 'Sending mail failed');
  }
}

/**
 * True when a `kind` mail to `email` may go out for this requester ({@link MAIL_LIMITS}): with a
 * trusted `device` of the account, against that device's own budget only; else per (address,
 * `ip`) first, then the address's budget for new requesters (this IP's first mail this hour) or
 * for repeats. Counted in `rate_limits` (shared by every instance).
 */
export async function mayMail(
  ctx: ServiceContext,
  kind: UsersMailKind,
  email: string,
  ip: string,
  device: string | null = null,
): Promise<boolean> {
  const window = { windowMs: HOUR_MS };
  let over;
  if (device) {
    over = await hitAll(ctx.db, [{ key: `mail:${kind}:dev:${device}`, max: MAIL_LIMITS.perDevice, ...window }]);
  } else {
    const pair = await hit(ctx.db, `mail:${kind}:${email}|${ip}`, HOUR_MS);
    over =
      pair.count > MAIL_LIMITS.perAddressAndIp
        ? { key: `mail:${kind}:${email}|${ip}` }
        : await hitAll(ctx.db, [
            pair.count === 1
              ? { key: `mail:${kind}:${email}:new`, max: MAIL_LIMITS.newRequestersPerAddress, ...window }
              : { key: `mail:${kind}:${email}:again`, max: MAIL_LIMITS.repeatsPerAddress, ...window },
            { key: `mail:any:${email}`, max: MAIL_LIMITS.unwantedPerAddress, ...window },
          ]);
  }
  if (over) ctx.log.info({ key: over.key }, 'Mail not sent: limit reached');
  return !over;
}

/**
 * The per-address ceiling on sign-up mails to distinct recipients (docs/security.md "Mail budgets
 * a stranger cannot spend for the owner"): the first sign-up of `email` from client address `ip`
 * in an hour counts against that address's `config.signupRecipientsPerAddress`; signing the same
 * address up again does not. The pair is recorded only when let through, so an address refused
 * once counts again when retried. Returns null when the sign-up may go on, else the ms until the
 * address's window ends. Counted in `rate_limits` (every instance sees the same counts).
 */
export async function signupRecipientRefusal(ctx: ServiceContext, email: string, ip: string): Promise<number | null> {
  const pair = `signup-to:${ip}|${email}`;
  if ((await peek(ctx.db, pair, HOUR_MS)).count === 0) {
    const recipients = await hit(ctx.db, `signup-recipients:${ip}`, HOUR_MS);
    if (recipients.count > ctx.config.signupRecipientsPerAddress) {
      ctx.log.info({ ip }, 'Sign-up refused: distinct recipients from this address');
      return recipients.retryAfterMs;
    }
  }
  await hit(ctx.db, pair, HOUR_MS);
  return null;
}
