/**
 * Users and session, the zod-free part (docs/product-spec.md §5, §8, §9; docs/design.md §5): limits, session timings, the
 * admin role, the messages and the sign-in screen's texts. Kept free of zod so pages can paint
 * their headings before the form libraries load; `users.ts` re-exports everything here.
 */
import type { PublicUser } from './users.ts';

/** Password length bounds (docs/design.md §5: 8–128 characters). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Roll number: 8 digits (docs/product-spec.md §9). */
export const ROLL_NUMBER_LENGTH = 8;

/** Default graduation year when the roll number does not read as a year (docs/product-spec.md §3, docs/design.md §5). */
export const DEFAULT_GRADUATION_YEAR = 2025;

/** Token lifetimes in ms (docs/design.md §5). */
export const VERIFY_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** A mailed one-time sign-in link (the step-up, docs/security.md) lives 1 hour. */
export const SIGNIN_TOKEN_TTL_MS = 60 * 60 * 1000;

/** Session lifetimes in ms (docs/design.md §5). */
export const SESSION_IDLE_MS = 14 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 60 * 24 * 60 * 60 * 1000;
export const SESSION_TOUCH_MS = 10 * 60 * 1000;

/** Name of the session cookie. */
export const SESSION_COOKIE = 'cc_session';

/**
 * Name and lifetime of the signed device cookie (OWASP "device cookies"): it marks
 * a browser that signed in to an account before; HttpOnly, renewed at every sign-in.
 */
export const DEVICE_COOKIE = 'cc_device';
export const DEVICE_COOKIE_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

/** Role that grants the admin area (docs/product-spec.md §6, docs/design.md §5). */
export const ADMIN_ROLE = 'admin';

/** Messages of the users area (docs/product-spec.md §5, §8; docs/design.md §5). */
export const USER_MESSAGES = {
  emailRequired: 'Please enter your email.',
  passwordRequired: 'Please enter your password.',
  emailInvalid: 'Please enter a valid email address.',
  emailDomain: (domain: string) =>
    `Please use your institute email: name.rollno@${domain} (rollno is your 8-digit roll number).`,
  passwordShort: `Password must be at least ${PASSWORD_MIN} characters.`,
  passwordLong: `Password must be at most ${PASSWORD_MAX} characters.`,
  signupOk: 'Account created! Please check your email for a verification link.',
  signupsFromAddress: 'Too many sign-ups from your network in the last hour. Please try again later.',
  alreadyRegistered: 'An account with this email already exists. Please log in.',
  verifyFirst: 'Please verify your email before logging in.',
  invalidCredentials: 'Invalid email or password.',
  deactivated: 'This account has been deactivated. Please contact an administrator.',
  loginOk: 'Welcome back!',
  logoutOk: 'Logged out.',
  verified: 'Email verified! You are now signed in.',
  verifyPasswordRequired: 'Please enter the password you chose.',
  verifyPasswordMismatch:
    'This is not the password chosen with this link. Use the link in your latest sign-up email, or sign up again.',
  tokenInvalid: 'This link is invalid.',
  tokenUsed: 'This link has already been used.',
  tokenExpired: 'This link has expired. Please request a new one.',
  verificationSent: 'If an unverified account exists for this email, a new verification link has been sent.',
  resetSent: 'If an account exists for this email, a password reset link has been sent.',
  passwordReset: 'Your password has been reset. You can now log in.',
  passwordChanged: 'Password changed. Other sessions have been signed out.',
  currentPasswordWrong: 'Your current password is incorrect.',
  currentPasswordRequired: 'Please enter your current password.',
  profileUpdated: 'Profile updated successfully!',
  avatarUpdated: 'Profile photo updated.',
  branchInvalid: 'Please choose a branch from the list.',
  semesterInvalid: 'Please choose a semester from the list.',
  hostelInvalid: 'Please choose a hostel from the list.',
  nameInvalid: 'Name must be 1 to 100 characters.',
  userNotFound: 'User not found',
  healthy: 'OK',
  unhealthy: 'Database unavailable',
  tooManyLogins: 'Too many failed login attempts. Please try again later.',
  passwordCommon: 'This password is too common. Please choose a less common one.',
  stepUpSent:
    'For your safety, we sent a sign-in link to your institute email. Open it and enter your password to finish signing in.',
  stepUpNotSent:
    'For your safety, signing in from this browser needs a sign-in link, and we have already sent as many as we may this hour. Open a sign-in link we sent you in the last hour, sign in from a browser you used before, or try again later.',
  signinLinkOk: 'Welcome back!',
  signinLinkPasswordWrong: 'Invalid email or password.',
  verifyChoosePasswordRequired: 'Please choose a password.',
  passwordChangedNotice:
    'Your password was changed. If this wasn\'t you, reset your password now with "Forgot password?" on the login page and tell an administrator.',
} as const;

/** Client-side texts of the login screen and errors (docs/product-spec.md §2, §8). */
export const AUTH_UI = {
  loginHeading: 'Welcome back',
  signupHeading: 'Create your account',
  terms: 'By continuing, you agree to our Terms of Service.',
  loginToast: 'Welcome back!',
  signupToast: 'Account created! You can now log in.',
  loginServerError: 'Server error. Please try again later.',
  loginOther: 'Unable to sign in. Please try again later.',
  network: 'Network error. Please check your connection and try again.',
  loginInvalidResponse: 'Login failed: Invalid response from server.',
  signup400: 'Invalid signup data. Please check your information.',
  signup403: 'Access denied. Please check your email domain.',
  signupOther: 'Signup failed. Please try again.',
  logoutFailed: 'Server logout failed, but client session cleared.',
  loadUserFailed: 'Failed to load user',
  updateFailed: 'Update failed',
  verificationNote: (email: string) => `We sent a verification link to ${email}`,
  verifyPasswordLabel: 'Enter the password you chose',
  verifyPasswordHint: 'The password you entered when you signed up with this link.',
  verifyButton: 'Verify and sign in',
  verifyMismatchHelp:
    'Each sign-up sends its own link. Open the link from your latest sign-up email, or sign up again with the password you want.',
  verifyChooseLabel: 'Choose a password',
  verifyChooseHint: 'At least 8 characters. You will sign in with this password.',
  stepUpTitle: 'Check your institute email',
  stepUpHelp:
    'Any sign-in link we sent you in the last hour works. Signing in from a browser you used before needs no link.',
  signinLinkHeading: 'Finish signing in',
  signinLinkPasswordLabel: 'Your password',
  signinLinkButton: 'Sign in',
} as const;

/** True when the profile still lacks the fields the first-login prompt asks for. */
export function isProfileIncomplete(user: Pick<PublicUser, 'name' | 'branch' | 'semester' | 'hostel'>): boolean {
  return !user.name || !user.branch || !user.semester || !user.hostel;
}
