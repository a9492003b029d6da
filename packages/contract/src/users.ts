/**
 * Users and session (docs/product-spec.md §3, §5, §7, §8; docs/design.md §5): request/response schemas, constants and
 * messages shared by the API and the web app.
 */
import { z } from 'zod';
import { PASSWORD_MIN, PASSWORD_MAX, USER_MESSAGES } from './users-ui.ts';

export * from './users-ui.ts';

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

/** POST /api/users/login body (docs/product-spec.md §5 messages). */
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
 * POST /api/users/verify-email body (docs/design.md §5): the link's token and the password chosen in that
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

/**
 * POST /api/users/signin-link body: the mailed one-time sign-in link's token and
 * the account's password, checked only here (the step-up never checks it on the login form).
 */
export const signinLinkBody = tokenBody.extend({
  password: z
    .string({ error: USER_MESSAGES.passwordRequired })
    .min(1, USER_MESSAGES.passwordRequired)
    .max(PASSWORD_MAX, USER_MESSAGES.signinLinkPasswordWrong),
});
export type SigninLinkBody = z.infer<typeof signinLinkBody>;
export const changePasswordBody = z.object({
  currentPassword: z
    .string({ error: USER_MESSAGES.currentPasswordRequired })
    .min(1, USER_MESSAGES.currentPasswordRequired)
    .max(PASSWORD_MAX, USER_MESSAGES.currentPasswordWrong),
  newPassword,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/**
 * PUT /api/users/update body: only name, branch, semester and hostel (docs/product-spec.md §5). Values are checked
 * against the institute config by the service; unknown keys are dropped, never stored.
 */
export const updateProfileBody = z.object({
  name: z.string().trim().min(1, USER_MESSAGES.nameInvalid).max(100, USER_MESSAGES.nameInvalid).optional(),
  branch: z.string().trim().max(200, USER_MESSAGES.branchInvalid).optional(),
  semester: z.string().trim().max(50, USER_MESSAGES.semesterInvalid).optional(),
  hostel: z.string().trim().max(100, USER_MESSAGES.hostelInvalid).optional(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

/** The user as the API returns it (docs/product-spec.md §3). `avatar` is an absolute URL or null. */
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

/** `data` of current / login / update: the user and its roles (docs/product-spec.md §7). */
export const userData = z.object({ user: publicUser, roles: z.array(z.string()) });
export type UserData = z.infer<typeof userData>;
