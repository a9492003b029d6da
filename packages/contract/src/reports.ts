/**
 * Reports and moderation (issue 24 items 5–8): a signed-in student reports a marketplace listing, a
 * lost & found item, a ride or a user (`POST /api/reports`); reports from enough different students
 * hide an item pending review (institute config `reportsToHide`, default 3); administrators work one
 * moderation case per reported target under `/api/admin/reports` (dismiss, remove, deactivate owner),
 * each action kept in an audit trail. Schemas, constants and texts, declared once for the API and the
 * web app.
 */
import { z } from 'zod';
import { apiPage, apiSuccess, paginationQuery } from './envelope.ts';
import { choice, choiceFilter, optionalField } from './fields.ts';

/** What can be reported (issue 24 item 5). */
export const REPORT_TARGET_TYPES = ['listing', 'lost-found', 'ride', 'user'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

/** Why (issue 24 item 5); `other` needs details. */
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

/** Labels of the target types (the admin tab). */
export const REPORT_TARGET_LABELS: Record<ReportTargetType, string> = {
  listing: 'Marketplace listing',
  'lost-found': 'Lost & found item',
  ride: 'Ride',
  user: 'User',
};

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

/** An administrator's resolution of a case (issue 24 item 7). */
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
 * What an item's owner (and an admin) sees of its moderation (issue 24 item 8): `hidden` after
 * reports, pending review, or `removed` by an administrator; absent when neither. Part of the
 * marketplace, lost & found and ride shapes.
 */
export const MODERATION_STATES = ['hidden', 'removed'] as const;
export type ModerationState = (typeof MODERATION_STATES)[number];
export const moderationField = z.enum(MODERATION_STATES).optional();

/** Default number of different students whose open reports hide an item (institute `reportsToHide`). */
export const DEFAULT_REPORTS_TO_HIDE = 3;

export const REPORT_MESSAGES = {
  targetTypeRequired: 'Please choose what you are reporting.',
  targetTypeInvalid: 'What you report must be one of listing, lost-found, ride or user.',
  targetIdInvalid: 'Please choose what you are reporting.',
  reasonRequired: 'Please choose a reason.',
  reasonInvalid: 'Reason must be one of spam, scam, prohibited, offensive or other.',
  detailsRequired: 'Please describe the problem.',
  detailsTooLong: `Details must be at most ${REPORT_DETAILS_MAX} characters.`,
  /** The reporter's answer (issue 24 item 5). */
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
  typeInvalid: 'Type must be one of listing, lost-found, ride or user.',
  dismissed: 'Report dismissed.',
  removed: 'Removed. The owner was told why.',
  deactivated: 'Owner deactivated.',
  /** The badge an owner sees on a hidden item (issue 24 item 8). */
  hiddenBadge: 'Hidden after reports — under review',
  removedBadge: 'Removed by an administrator',
  /** To the owner when reports hide their item (issue 24 item 6). */
  noticeHidden: (title: string, reasons: string) =>
    `“${title}” is hidden after reports (${reasons}) while an administrator reviews it.`,
  /** To the owner when an administrator removes it (issue 24 item 7). */
  noticeRemoved: (title: string, reasons: string, note?: string) =>
    `An administrator removed “${title}” after reports (${reasons}).${note ? ` Note: ${note}` : ''}`,
  /** To the owner when a dismissal restores their hidden item. */
  noticeRestored: (title: string) => `“${title}” was reviewed and is visible again.`,
  /** To each administrator when a report arrives (issue 24 item 7: notified live). */
  noticeNewReport: (what: string, title: string, reason: string) => `New report: ${what} “${title}” (${reason}).`,
} as const;

/** POST /api/reports body (issue 24 item 5): details required for `other`, at most 500 characters. */
export const createReportBody = z
  .object({
    targetType: choice(REPORT_TARGET_TYPES, {
      required: REPORT_MESSAGES.targetTypeRequired,
      invalid: REPORT_MESSAGES.targetTypeInvalid,
    }),
    targetId: z.uuid({ error: REPORT_MESSAGES.targetIdInvalid }),
    reason: choice(REPORT_REASONS, {
      required: REPORT_MESSAGES.reasonRequired,
      invalid: REPORT_MESSAGES.reasonInvalid,
    }),
    details: optionalField(z.string().trim().max(REPORT_DETAILS_MAX, REPORT_MESSAGES.detailsTooLong)),
  })
  .superRefine((b, ctx) => {
    if (b.reason === 'other' && !b.details)
      ctx.addIssue({ code: 'custom', path: ['details'], message: REPORT_MESSAGES.detailsRequired });
  });
export type CreateReportBody = z.input<typeof createReportBody>;

/** The answer to a report: its id and the case it joined. */
export const createdReport = z.object({ id: z.string(), caseId: z.string() });
export const createReportResponse = apiSuccess(createdReport);

/** GET /api/admin/reports query: `status` open (pending, default) or closed, optional `type`. */
export const listCasesQuery = paginationQuery.extend({
  status: z.enum(['open', 'closed'], { error: REPORT_MESSAGES.statusInvalid }).default('open'),
  type: choiceFilter(REPORT_TARGET_TYPES, REPORT_MESSAGES.typeInvalid),
});
export type ListCasesQuery = z.infer<typeof listCasesQuery>;
export type CaseFilters = Partial<z.input<typeof listCasesQuery>>;

/** One report inside a case. */
export const caseReport = z.object({
  id: z.string(),
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  reporter: z.object({ id: z.string(), name: z.string().nullable() }),
  createdAt: z.string(),
});

/** One audit row: who did what, when, with which note. */
export const caseAction = z.object({
  id: z.string(),
  action: z.enum(RESOLVE_ACTIONS),
  note: z.string().nullable(),
  admin: z.object({ id: z.string().nullable(), name: z.string().nullable() }),
  createdAt: z.string(),
});

/** One moderation case (one entry per reported target), as the admin tab shows it. */
export const moderationCase = z.object({
  id: z.string(),
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.string(),
  state: z.enum(CASE_STATES),
  /** What it is: the item's name, the ride's route, the user's name (null when it no longer exists). */
  title: z.string().nullable(),
  /** The page that opens it, for an item. */
  link: z.string().nullable(),
  owner: z.object({ id: z.string(), name: z.string().nullable(), email: z.string(), deactivated: z.boolean() }),
  /** Open reports, and the different reasons given. */
  openReports: z.number().int(),
  reasons: z.array(z.enum(REPORT_REASONS)),
  reports: z.array(caseReport),
  actions: z.array(caseAction),
  createdAt: z.string(),
  lastReportAt: z.string(),
});
export type ModerationCase = z.infer<typeof moderationCase>;
export const moderationCaseList = apiPage(moderationCase);

/** POST /api/admin/reports/{id}/resolve body. */
export const resolveCaseBody = z.object({
  action: choice(RESOLVE_ACTIONS, { required: REPORT_MESSAGES.actionRequired, invalid: REPORT_MESSAGES.actionInvalid }),
  note: optionalField(z.string().trim().max(RESOLVE_NOTE_MAX, REPORT_MESSAGES.noteTooLong)),
});
export type ResolveCaseBody = z.input<typeof resolveCaseBody>;
export const resolveCaseResponse = apiSuccess(moderationCase);
