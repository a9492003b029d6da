/**
 * Data rights (docs/privacy.md): downloading one's data, blocking another student, deleting one's
 * account. Routes under `/api/users` (`/me/export`, `/blocks`, `/me/deletion`).
 */
import { z } from 'zod';
import { apiSuccess } from './envelope.ts';
import { DELETION_CONFIRMATION, DELETION_MESSAGES, PRIVACY_MESSAGES, type PrivacyNotice } from './privacy-ui.ts';

export * from './privacy-ui.ts';

/** `POST /api/users/me/deletion`: the password and the typed confirmation. */
export const deletionBody = z.object({
  password: z.string({ error: DELETION_MESSAGES.passwordRequired }).min(1, DELETION_MESSAGES.passwordRequired).max(128),
  confirmation: z.literal(DELETION_CONFIRMATION, { error: DELETION_MESSAGES.confirmationMismatch }),
});
export type DeletionBody = z.infer<typeof deletionBody>;

/** `DELETE /api/users/me/deletion` (no session: it was revoked): the account's e-mail and password. */
export const keepAccountBody = z.object({
  email: z.string({ error: DELETION_MESSAGES.notClosed }).max(254),
  password: z.string({ error: DELETION_MESSAGES.passwordRequired }).min(1, DELETION_MESSAGES.passwordRequired).max(128),
});
export type KeepAccountBody = z.infer<typeof keepAccountBody>;

/** The answer of closing: when the account will be erased (ISO date-time). */
export const closedAccount = z.object({ eraseAfter: z.string() });
export const closedResponse = apiSuccess(closedAccount);

/** `POST /api/users/blocks`: whom to block. */
export const blockBody = z.object({
  userId: z.uuid({ error: PRIVACY_MESSAGES.userIdInvalid }),
});
export type BlockBody = z.infer<typeof blockBody>;

/** One student the caller blocked (`GET /api/users/blocks`). */
export const blockedUser = z.object({
  userId: z.uuid(),
  name: z.string().nullable(),
  blockedAt: z.string(),
});
export type BlockedUser = z.infer<typeof blockedUser>;

/** `DELETE /api/users/blocks/:userId`: a malformed id answers 404 like an unknown one. */
export const blockParams = z.object({ userId: z.uuid({ error: PRIVACY_MESSAGES.userNotFound }) });

/** The answer of `POST /api/users/blocks` and of `GET /api/users/blocks` (a list). */
export const blockResponse = apiSuccess(blockedUser);
export const blocksResponse = apiSuccess(z.array(blockedUser));

/** `GET /api/users/privacy-notice` (open): the figures and the grievance officer of the privacy notice. */
export const privacyNotice = z.object({
  retentionDays: z.number().int(),
  accountDeletionGraceDays: z.number().int(),
  notificationRetentionDays: z.number().int(),
  grievanceOfficer: z.object({ name: z.string(), email: z.string() }),
}) satisfies z.ZodType<PrivacyNotice>;
export const privacyNoticeResponse = apiSuccess(privacyNotice);
