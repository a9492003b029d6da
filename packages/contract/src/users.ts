/**
 * Users and session (spec §3, §5, §7, §8; DESIGN §5): request/response schemas, constants and
 * messages shared by the API and the web app.
 */
import { z } from 'zod';

/** Password length bounds (DESIGN/issue 2: 8–128 characters). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Roll number: 8 digits (spec §9). */
export const ROLL_NUMBER_LENGTH = 8;

/** Default graduation year when the roll number does not read as a year (spec §3, DESIGN §5). */
export const DEFAULT_GRADUATION_YEAR = 2025;

/** Token lifetimes in ms (DESIGN §5). */
export const VERIFY_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** Session lifetimes in ms (DESIGN §5). */
export const SESSION_IDLE_MS = 14 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 60 * 24 * 60 * 60 * 1000;
export const SESSION_TOUCH_MS = 10 * 60 * 1000;

/** Name of the session cookie. */
export const SESSION_COOKIE = 'cc_session';

/** Role that grants the admin area (spec §6, DESIGN §5). */
export const ADMIN_ROLE = 'admin';

/** Messages of the users area (spec §5, §8; DESIGN §5). */
export const USER_MESSAGES = {
  emailRequired: 'Please enter your email.',
  passwordRequired: 'Please enter your password.',
  emailInvalid: 'Please enter a valid email address.',
  emailDomain: (domain: string) =>
    `Please use your institute email: name.rollno@${domain} (rollno is your 8-digit roll number).`,
  passwordShort: `Password must be at least ${PASSWORD_MIN} characters.`,
  passwordLong: `Password must be at most ${PASSWORD_MAX} characters.`,
  signupOk: 'Account created! Please check your email for a verification link.',
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
} as const;

/** Client-side texts of the login screen and errors (spec §2, §8). */
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
} as const;

const email = z
  .string({ error: USER_MESSAGES.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, USER_MESSAGES.emailRequired)
  .max(254, USER_MESSAGES.emailInvalid)
  .pipe(z.email({ error: USER_MESSAGES.emailInvalid }));

const newPassword = z
  .string({ error: USER_MESSAGES.passwordRequired })
  .min(1, USER_MESSAGES.passwordRequired)
  .min(PASSWORD_MIN, USER_MESSAGES.passwordShort)
  .max(PASSWORD_MAX, USER_MESSAGES.passwordLong);

/** POST /api/users/signup body. The institute domain rule is checked by the service (config). */
export const signupBody = z.object({ email, password: newPassword });
export type SignupBody = z.infer<typeof signupBody>;

/** POST /api/users/login body (spec §5 messages). */
export const loginBody = z.object({
  email,
  password: z
    .string({ error: USER_MESSAGES.passwordRequired })
    .min(1, USER_MESSAGES.passwordRequired)
    .max(PASSWORD_MAX, USER_MESSAGES.invalidCredentials),
});
export type LoginBody = z.infer<typeof loginBody>;

/** POST /api/users/verify-email and reset token bodies. */
export const tokenBody = z.object({
  token: z
    .string({ error: USER_MESSAGES.tokenInvalid })
    .trim()
    .min(1, USER_MESSAGES.tokenInvalid)
    .max(200, USER_MESSAGES.tokenInvalid),
});
export const emailOnlyBody = z.object({ email });

/**
 * POST /api/users/verify-email body (DESIGN §5): the link's token and the password chosen in that
 * same sign-up attempt. Missing → 400 "Please enter the password you chose."
 */
export const verifyEmailBody = tokenBody.extend({
  password: z
    .string({ error: USER_MESSAGES.verifyPasswordRequired })
    .min(1, USER_MESSAGES.verifyPasswordRequired)
    .max(PASSWORD_MAX, USER_MESSAGES.verifyPasswordMismatch),
});
export type VerifyEmailBody = z.infer<typeof verifyEmailBody>;
export const resetPasswordBody = tokenBody.extend({ password: newPassword });
export const changePasswordBody = z.object({
  currentPassword: z
    .string({ error: USER_MESSAGES.currentPasswordRequired })
    .min(1, USER_MESSAGES.currentPasswordRequired)
    .max(PASSWORD_MAX, USER_MESSAGES.currentPasswordWrong),
  newPassword,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/**
 * PUT /api/users/update body: only name, branch, semester and hostel (spec §5). Values are checked
 * against the institute config by the service; unknown keys are dropped, never stored.
 */
export const updateProfileBody = z.object({
  name: z.string().trim().min(1, USER_MESSAGES.nameInvalid).max(100, USER_MESSAGES.nameInvalid).optional(),
  branch: z.string().trim().max(200, USER_MESSAGES.branchInvalid).optional(),
  semester: z.string().trim().max(50, USER_MESSAGES.semesterInvalid).optional(),
  hostel: z.string().trim().max(100, USER_MESSAGES.hostelInvalid).optional(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

/** The user as the API returns it (spec §3). `avatar` is an absolute URL or null. */
export const publicUser = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  username: z.string(),
  branch: z.string().nullable(),
  semester: z.string().nullable(),
  hostel: z.string().nullable(),
  graduation_year: z.number().int(),
  registration_number: z.string().nullable(),
  roles: z.array(z.string()),
  avatar: z.string().nullable(),
  avatarThumb: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUser>;

/** `data` of current / login / update: the user and its roles (spec §7). */
export const userData = z.object({ user: publicUser, roles: z.array(z.string()) });
export type UserData = z.infer<typeof userData>;

/** True when the profile still lacks the fields the first-login prompt asks for. */
export function isProfileIncomplete(user: Pick<PublicUser, 'name' | 'branch' | 'semester' | 'hostel'>): boolean {
  return !user.name || !user.branch || !user.semester || !user.hostel;
}
