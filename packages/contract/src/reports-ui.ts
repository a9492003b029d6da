/**
 * Reports and moderation: the constants and texts the web app shows (reasons, labels, limits,
 * messages), with no zod, so a page that only shows a "Report" button does not load the schema
 * library at start (docs/decisions/0001-hydration-at-load.md). The schemas are in `./reports.ts`,
 * which re-exports everything here.
 */
import { RECORD_KIND_DECLARATIONS, REPORTABLE_KINDS, nonEmpty, orList, type ReportableKind } from './record-kinds.ts';

/** What can be reported: the record kinds that take part in reports (`record-kinds.ts`), then a user. */
export type ReportTargetType = ReportableKind | 'user';
export const REPORT_TARGET_TYPES = nonEmpty<ReportTargetType>([...REPORTABLE_KINDS, 'user']);

/** Why: `other` needs details. */
export const REPORT_REASONS = ['spam', 'scam', 'prohibited', 'offensive', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** Labels of the reasons (the dialog's radio group, the admin tab). */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  scam: 'Scam or fraud',
  prohibited: 'Prohibited item',
  offensive: 'Offensive or abusive',
  other: 'Other',
};

/** Labels of the target types (the admin tab): each kind's label, then `User`. */
export const REPORT_TARGET_LABELS = Object.fromEntries(
  REPORT_TARGET_TYPES.map((type) => [type, type === 'user' ? 'User' : RECORD_KIND_DECLARATIONS[type].label]),
) as Record<ReportTargetType, string>;

/** Longest details text, in characters. */
export const REPORT_DETAILS_MAX = 500;

/** A report: open until its case is resolved. */
export const REPORT_STATUSES = ['open', 'resolved'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/**
 * A moderation case (one per reported target while open): `open` (reported, visible), `hidden`
 * (auto-hidden after `reportsToHide` reporters, pending review), `dismissed` (restored), `removed`
 * (hidden for good), `deactivated` (the owner's account was deactivated).
 */
export const CASE_STATES = ['open', 'hidden', 'dismissed', 'removed', 'deactivated'] as const;
export type CaseState = (typeof CASE_STATES)[number];
/** The states still waiting for an administrator. */
export const PENDING_CASE_STATES = ['open', 'hidden'] as const satisfies readonly CaseState[];

/** An administrator's resolution of a case. */
export const RESOLVE_ACTIONS = ['dismiss', 'remove', 'deactivate'] as const;
export type ResolveAction = (typeof RESOLVE_ACTIONS)[number];

/** Labels of the actions (buttons, audit trail). */
export const RESOLVE_ACTION_LABELS: Record<ResolveAction, string> = {
  dismiss: 'Dismiss',
  remove: 'Remove',
  deactivate: 'Deactivate owner',
};

/** Longest note of an administrator's action. */
export const RESOLVE_NOTE_MAX = 500;

/**
 * What an item's owner (and an admin) sees of its moderation: `hidden` after
 * reports, pending review, or `removed` by an administrator; absent when neither. Part of the
 * marketplace, lost & found and ride shapes.
 */
export const MODERATION_STATES = ['hidden', 'removed'] as const;
export type ModerationState = (typeof MODERATION_STATES)[number];

/** Default number of different students whose open reports hide an item (institute `reportsToHide`). */
export const DEFAULT_REPORTS_TO_HIDE = 3;

export const REPORT_MESSAGES = {
  targetTypeRequired: 'Please choose what you are reporting.',
  targetTypeInvalid: `What you report must be one of ${orList(REPORT_TARGET_TYPES)}.`,
  targetIdInvalid: 'Please choose what you are reporting.',
  reasonRequired: 'Please choose a reason.',
  reasonInvalid: 'Reason must be one of spam, scam, prohibited, offensive or other.',
  detailsRequired: 'Please describe the problem.',
  detailsTooLong: `Details must be at most ${REPORT_DETAILS_MAX} characters.`,
  /** The reporter's answer. */
  thanks: 'Thanks — an administrator will review this report.',
  duplicate: 'You have already reported this. An administrator will review it.',
  ownContent: 'You cannot report your own content.',
  ownAccount: 'You cannot report yourself.',
  targetNotFound: 'What you reported was not found.',
  caseNotFound: 'Report not found.',
  alreadyResolved: 'This report has already been resolved.',
  actionRequired: 'Please choose an action.',
  actionInvalid: 'Action must be one of dismiss, remove or deactivate.',
  noteTooLong: `The note must be at most ${RESOLVE_NOTE_MAX} characters.`,
  removeUser: 'A user cannot be removed — deactivate the account instead.',
  statusInvalid: 'Status must be one of open or closed.',
  typeInvalid: `Type must be one of ${orList(REPORT_TARGET_TYPES)}.`,
  dismissed: 'Report dismissed.',
  removed: 'Removed. The owner was told why.',
  deactivated: 'Owner deactivated.',
  /** The badge an owner sees on a hidden item. */
  hiddenBadge: 'Hidden after reports — under review',
  removedBadge: 'Removed by an administrator',
  /** To the owner when reports hide their item. */
  noticeHidden: (title: string, reasons: string) =>
    `“${title}” is hidden after reports (${reasons}) while an administrator reviews it.`,
  /** To the owner when an administrator removes it. */
  noticeRemoved: (title: string, reasons: string, note?: string) =>
    `An administrator removed “${title}” after reports (${reasons}).${note ? ` Note: ${note}` : ''}`,
  /** To the owner when a dismissal restores their hidden item. */
  noticeRestored: (title: string) => `“${title}” was reviewed and is visible again.`,
  /** To each administrator when a report arrives (notified live). */
  noticeNewReport: (what: string, title: string, reason: string) => `New report: ${what} “${title}” (${reason}).`,
} as const;
