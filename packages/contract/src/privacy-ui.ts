/**
 * Data rights, the zod-free part (docs/privacy.md): the messages of the data download, blocking
 * and deleting an account, and the typed confirmation — read by the sign-in page and by the Block
 * button on every feature's cards without zod (docs/decisions/0001-hydration-at-load.md);
 * `privacy.ts` re-exports everything here.
 */

/** At most this many data downloads per student per hour (docs/privacy.md "Download my data"). */
export const EXPORTS_PER_HOUR = 3;

/** The file name of a student's data download (`campus-companion-data-YYYY-MM-DD.zip`). */
export const exportFileName = (isoDate: string) => `campus-companion-data-${isoDate}.zip`;

/** Messages of the data-rights routes. */
export const PRIVACY_MESSAGES = {
  exportLimit: `You can download your data ${EXPORTS_PER_HOUR} times an hour. Please try again later.`,
  exportFailed: 'Your data could not be downloaded. Please try again.',
  userIdInvalid: 'Please choose a student to block.',
  userNotFound: 'Student not found.',
  blockSelf: 'You cannot block yourself.',
  blocked: 'Student blocked.',
  unblocked: 'Student unblocked.',
  blocksLoaded: 'Blocked students loaded.',
  noticeLoaded: 'Privacy notice loaded.',
} as const;

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
