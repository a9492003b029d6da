/**
 * Reports and moderation: a signed-in student reports a marketplace listing, a
 * lost & found item, a ride or a user (`POST /api/reports`); reports from enough different students
 * hide an item pending review (institute config `reportsToHide`, default 3); administrators work one
 * moderation case per reported target under `/api/admin/reports` (dismiss, remove, deactivate owner),
 * each action kept in an audit trail. Schemas, constants and texts, declared once for the API and the
 * web app.
 */
import { z } from 'zod';
import { apiPage, apiSuccess, paginationQuery } from './envelope.ts';
import { choice, choiceFilter, optionalField } from './fields.ts';
import {
  MODERATION_STATES,
  REPORT_MESSAGES,
  REPORT_REASONS,
  REPORT_TARGET_TYPES,
  REPORT_DETAILS_MAX,
  REPORT_STATUSES,
  CASE_STATES,
  RESOLVE_ACTIONS,
  RESOLVE_NOTE_MAX,
} from './reports-ui.ts';

export * from './reports-ui.ts';

/** Optional `moderation` field of the marketplace, lost & found and ride shapes. */
export const moderationField = z.enum(MODERATION_STATES).optional();

/** POST /api/reports body: details required for `other`, at most 500 characters. */
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
  /** Who filed it; `id` null and `name` "a deleted account" once their account was erased. */
  reporter: z.object({ id: z.string().nullable(), name: z.string().nullable() }),
  createdAt: z.string(),
});

/** One audit row: who did what, when, with which note. */
export const caseAction = z.object({
  id: z.string(),
  action: z.enum(RESOLVE_ACTIONS),
  note: z.string().nullable(),
  /** Who acted; `id` null and `name` "a deleted account" once their account was erased. */
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
