/**
 * Deleting an account, the zod-free part (docs/privacy.md "Delete my account"): the typed
 * confirmation and the messages, read by the sign-in page without zod
 * (docs/decisions/0001-hydration-at-load.md); `privacy.ts` re-exports everything here.
 */

/** What a student types to confirm deleting their account. */
export const DELETION_CONFIRMATION = 'DELETE';

/** Messages of deleting an account (docs/privacy.md "Delete my account"). */
export const DELETION_MESSAGES = {
  passwordRequired: 'Please enter your password.',
  wrongPassword: 'Incorrect password.',
  confirmationMismatch: `Please type ${DELETION_CONFIRMATION} to confirm.`,
  closed: 'Your account is closed.',
  kept: 'Your account is back.',
  notClosed: 'This account is not closed.',
  /** Signing in to a closed account: the erasure date (`date`, e.g. 13 Dec 2026). */
  closedSignIn: (date: string) => `This account is closed and will be erased on ${date}.`,
  adminClosed: 'Account closed.',
  tooManyTries: 'Too many tries. Please try again later.',
} as const;

/** Notifications are kept this many days (docs/privacy.md "Retention"). */
export const NOTIFICATION_RETENTION_DAYS = 90;

/** The privacy notice at `/privacy` (docs/privacy.md): its figures and whom to write to. */
export interface PrivacyNotice {
  /** Days a sold or expired listing and a returned lost & found item are kept after they closed (`RETENTION_DAYS`). */
  retentionDays: number;
  /** Days between closing an account and erasing it (`ACCOUNT_DELETION_GRACE_DAYS`; 0 = at once). */
  accountDeletionGraceDays: number;
  /** Days notifications are kept ({@link NOTIFICATION_RETENTION_DAYS}). */
  notificationRetentionDays: number;
  /** The grievance officer (`GRIEVANCE_OFFICER_NAME`, `GRIEVANCE_OFFICER_EMAIL`). */
  grievanceOfficer: { name: string; email: string };
}

/** Shown in place of a reporter or an administrator whose account was erased (docs/privacy.md). */
export const DELETED_ACCOUNT = 'a deleted account';
