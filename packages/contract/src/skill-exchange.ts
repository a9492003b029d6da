/**
 * Peer-to-peer skill exchange (docs/product-spec.md §2 "Skill exchange", §3, §4, §5, §7, §8, §9; docs/design.md §4, §5, §7):
 * the bodies of adding a skill and sending, accepting a connect request, and the shapes the API
 * returns; the constants and messages are in `skill-exchange-ui.ts`, re-exported here. The spec's five routes read
 * top-level keys (`skills`; `teach`, `learn`; `matches`; `userSkill`; `request`, docs/design.md §4); the
 * requests inbox (our addition) reads `data` like everything else.
 */
import { z } from 'zod';
import { apiPage, apiSuccess, paginationQuery } from './envelope.ts';
import { choice, indianMobile, optionalField, requiredText, textInput } from './fields.ts';
import {
  SKILL_MESSAGES,
  SKILL_NAME_MAX,
  SKILL_REQUEST_BOXES,
  SKILL_REQUEST_MESSAGE_MAX,
  SKILL_REQUEST_STATUSES,
  SKILL_TYPES,
} from './skill-exchange-ui.ts';

export * from './skill-exchange-ui.ts';

/**
 * POST /api/skill-exchange/add-skill body (docs/product-spec.md §5, §7): `skillName` (trimmed, 1–100 characters)
 * and `type` teach | learn.
 */
export const addSkillBody = z.object({
  skillName: requiredText(SKILL_NAME_MAX, { required: SKILL_MESSAGES.nameEmpty, tooLong: SKILL_MESSAGES.nameTooLong }),
  type: choice(SKILL_TYPES, { required: SKILL_MESSAGES.typeInvalid, invalid: SKILL_MESSAGES.typeInvalid }),
});
export type AddSkillBody = z.infer<typeof addSkillBody>;

/** An optional Indian mobile number to reach the caller on WhatsApp once connected. */
const phone = optionalField(
  indianMobile({ required: SKILL_MESSAGES.phoneInvalid, invalid: SKILL_MESSAGES.phoneInvalid }),
);

/**
 * POST /api/skill-exchange/request body (docs/product-spec.md §3, §7): `recipientId` (a user id), `skillId` (a
 * skill the recipient teaches), optional `message` (≤ 500 characters) and optional `phone` (the
 * sender's WhatsApp number, shown to the recipient only after acceptance).
 */
export const sendRequestBody = z.object({
  recipientId: z.preprocess(textInput, z.uuid({ error: SKILL_MESSAGES.recipientInvalid })),
  skillId: z.preprocess(textInput, z.uuid({ error: SKILL_MESSAGES.skillInvalid })),
  message: optionalField(
    z.preprocess(
      textInput,
      z.string({ error: SKILL_MESSAGES.messageTooLong }).max(SKILL_REQUEST_MESSAGE_MAX, SKILL_MESSAGES.messageTooLong),
    ),
  ),
  phone,
});
export type SendRequestBody = z.infer<typeof sendRequestBody>;

/** POST /api/skill-exchange/requests/{id}/accept body: optional `phone` (the recipient's WhatsApp number). */
export const acceptRequestBody = z.object({ phone });
export type AcceptRequestBody = z.infer<typeof acceptRequestBody>;

/** GET /api/skill-exchange/requests query: `box` received (default) | sent, `page`/`limit`; newest first. */
export const listRequestsQuery = paginationQuery.extend({
  box: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(SKILL_REQUEST_BOXES, { error: SKILL_MESSAGES.boxInvalid }).default('received'),
  ),
});
export type ListRequestsQuery = z.infer<typeof listRequestsQuery>;

/** A skill (docs/product-spec.md §3). */
export const skill = z.object({ id: z.string(), name: z.string() });
export type Skill = z.infer<typeof skill>;

/** A user skill (docs/product-spec.md §3): `type`, the nested skill as `Skill` and `skill` (docs/product-spec.md §3). */
export const userSkill = z.object({
  id: z.string(),
  type: z.enum(SKILL_TYPES),
  skillId: z.string(),
  Skill: skill,
  skill,
  createdAt: z.string(),
});
export type UserSkill = z.infer<typeof userSkill>;

/** A student as a match card or the inbox shows them (docs/product-spec.md §3 match user); `avatar` absolute or null. */
export const skillPerson = z.object({
  id: z.string(),
  name: z.string().nullable(),
  avatar: z.string().nullable(),
  branch: z.string().nullable(),
  semester: z.string().nullable(),
});
export type SkillPerson = z.infer<typeof skillPerson>;

/**
 * A match (docs/product-spec.md §3): someone who teaches a skill the caller wants to learn. `id` is their user
 * skill; `user` with name, branch and semester, and their e-mail only once the two are connected (a
 * request between them, either way, was accepted), else `email: null` (a stranger
 * sees no address); `Skill` the skill they teach;
 * `reciprocal` when they also want to learn something the caller teaches; `requestStatus` of the
 * caller's pending or accepted request to them for this skill, or `accepted` when they asked the
 * caller and were accepted (null when none).
 */
export const match = z.object({
  id: z.string(),
  user: skillPerson.extend({ email: z.string().nullable() }),
  Skill: skill,
  reciprocal: z.boolean(),
  requestStatus: z.enum(['pending', 'accepted']).nullable(),
});
export type Match = z.infer<typeof match>;

/** The other student's contact, revealed to both once a request is accepted. */
export const skillContact = z.object({ email: z.string(), phone: z.string().nullable() });
export type SkillContact = z.infer<typeof skillContact>;

/**
 * A connect request (docs/product-spec.md §3: recipientId, skillId, message) with its state, both students, the
 * skill and — only when accepted — `contact`, the other student's e-mail and phone (null otherwise).
 * Times are ISO 8601; `respondedAt` is when it left `pending`.
 */
export const skillRequest = z.object({
  id: z.string(),
  senderId: z.string(),
  recipientId: z.string(),
  skillId: z.string(),
  message: z.string(),
  status: z.enum(SKILL_REQUEST_STATUSES),
  Skill: skill,
  sender: skillPerson,
  recipient: skillPerson,
  contact: skillContact.nullable(),
  createdAt: z.string(),
  respondedAt: z.string().nullable(),
});
export type SkillRequest = z.infer<typeof skillRequest>;

const topLevel = <T extends z.ZodRawShape>(shape: T) =>
  z.object({ success: z.literal(true), message: z.string(), ...shape });

/** GET /skill-exchange/skills: `skills` at the top level, by name. */
export const skillsResponse = topLevel({ skills: z.array(skill) });
/** GET /skill-exchange/my-skills: `teach` and `learn` at the top level, oldest first. */
export const mySkillsResponse = topLevel({ teach: z.array(userSkill), learn: z.array(userSkill) });
/** GET /skill-exchange/matches: `matches` at the top level, best first. */
export const matchesResponse = topLevel({ matches: z.array(match) });
/** POST /skill-exchange/add-skill: `userSkill` at the top level. */
export const addSkillResponse = topLevel({ userSkill });
/** POST /skill-exchange/request: `request` at the top level. */
export const sendRequestResponse = topLevel({ request: skillRequest });
/** GET /skill-exchange/requests: a page of requests in `data`. */
export const requestList = apiPage(skillRequest);
/** POST /skill-exchange/requests/{id}/accept | decline | cancel: the request in `data`. */
export const requestResponse = apiSuccess(skillRequest);
