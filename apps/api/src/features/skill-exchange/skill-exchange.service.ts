/**
 * Skill exchange rules and access (docs/product-spec.md §2, §3, §4, §5, §7, §8; docs/design.md §3, §4, §5, §7): the
 * feature's only export surface. The Drizzle queries and the API shape are in
 * `skill-exchange.queries.ts`, the demo data in `skill-exchange.seed.ts`.
 *
 * - Every call acts on the signed-in student (docs/design.md §5); nobody acts for anyone else.
 * - Skill names resolve to one canonical skill: by alias key first (`js` → JavaScript), then by the
 *   name's key (`python` → Python); an unknown name becomes a new skill. Duplicates in the same
 *   mode are refused with the spec's text (409), race-safe through the unique (user, skill, type).
 * - Matches: who teaches what I want to learn, never myself, never a deactivated student; ranked
 *   reciprocal first, then my branch, then the most recently active (latest session activity).
 * - Requests: one pending request per (sender, recipient, skill) (partial unique index → 409); only
 *   the recipient accepts or declines, only the sender cancels (403 for the other party, 404 for
 *   anyone else); a request that is no longer pending → 409 (a conditional UPDATE, race-safe).
 *   The recipient is notified of a request, the sender of the answer, linking to the inbox; both
 *   parties' open pages are told the request changed (a live `change`, lib/live-changes.ts).
 *   Contacts (e-mail, optional WhatsApp number) are revealed to both only once accepted.
 */
import { blockedEitherWay } from '../../lib/blocks.ts';
import { and, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  SKILL_INBOX_LINK,
  SKILL_MESSAGES as M,
  type AcceptRequestBody,
  type AddSkillBody,
  type ListRequestsQuery,
  type Match,
  type SendRequestBody,
  type Skill,
  type SkillRequest,
  type SkillRequestStatus,
  type UserSkill,
} from '@campus/contract/skill-exchange';
import type { Db } from '../../db/client.ts';
import { skillAliases, skillRequests, skills, userSkills } from '../../db/schema/skill-exchange.ts';
import { users } from '../../db/schema/users.ts';
import { allowChange, type Changeable } from '../../lib/access.ts';
import type { SessionUser } from '../../lib/auth.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { badRequest, notFound, refuse } from '../../lib/errors.ts';
import { publishChanges } from '../../lib/live-changes.ts';
import type { Page } from '../../lib/pages.ts';
import { notify } from '../notifications/notifications.service.ts';
import * as queries from './skill-exchange.queries.ts';
import { toApiRequest, toUserSkill, type RequestRow, type RequestWithPeople } from './skill-exchange.queries.ts';

export { seedSkillExchangeDemo } from './skill-exchange.seed.ts';

/** GET /skill-exchange/skills: every skill (seeded and added), by name (docs/product-spec.md §2 learn dropdown). */
export function listSkills(ctx: ServiceContext): Promise<Skill[]> {
  return queries.allSkills(ctx);
}

/** GET /skill-exchange/my-skills: `user`'s teach and learn lists, oldest first. */
export function mySkills(ctx: ServiceContext, user: SessionUser): Promise<{ teach: UserSkill[]; learn: UserSkill[] }> {
  return queries.skillsOf(ctx, user.id);
}

/**
 * POST /skill-exchange/add-skill: adds the canonical skill of `skillName` to `user`'s `type` list.
 * 409 with the spec's duplicate text (naming the canonical skill) when it is already there. One
 * transaction.
 */
export async function addSkill(ctx: ServiceContext, user: SessionUser, body: AddSkillBody): Promise<UserSkill> {
  return ctx.db.transaction(async (tx) => {
    const s = await queries.resolveSkill(tx, body.skillName);
    const [row] = await tx
      .insert(userSkills)
      .values({ userId: user.id, skillId: s.id, type: body.type })
      .onConflictDoNothing()
      .returning();
    if (!row) refuse(409, M.duplicate(s.name, body.type));
    return toUserSkill(row, s);
  });
}

/** DELETE /skill-exchange/user-skill/{id}: deletes one of `user`'s own skills; anyone else's or none → 404. */
export async function deleteUserSkill(ctx: ServiceContext, user: SessionUser, id: string): Promise<void> {
  const removed = await ctx.db
    .delete(userSkills)
    .where(and(eq(userSkills.id, id), eq(userSkills.userId, user.id)))
    .returning({ id: userSkills.id });
  if (!removed.length) throw notFound(M.notFound);
}

/**
 * GET /skill-exchange/matches: up to {@link MATCHES_MAX} user skills of active students (not
 * `user`) teaching a skill `user` wants to learn, ranked: reciprocal (they want to learn something
 * `user` teaches) first, then `user`'s branch, then the most recently active (latest session
 * activity, else sign-up), then the newest user skill. Each with the status of `user`'s live
 * (pending or accepted) request to them for that skill, or `accepted` when they asked `user`
 * for it and were accepted (connected either way; null when none), and their e-mail only when a
 * request between the two (any skill, either way) was accepted — else null (the
 * README's "once accepted"). Two queries, three when some match is connected.
 */
export function matches(ctx: ServiceContext, user: SessionUser): Promise<Match[]> {
  return queries.findMatches(ctx, user);
}

/** One request as `viewer` sees it; 404 unless `viewer` is a party and the other party is active. */
async function visibleRequest(
  ctx: ServiceContext,
  db: Db,
  viewer: SessionUser,
  id: string,
): Promise<RequestWithPeople> {
  const [x] = await queries.requestQuery(db).where(eq(skillRequests.id, id));
  if (!x || (x.r.senderId !== viewer.id && x.r.recipientId !== viewer.id)) throw notFound(M.requestNotFound);
  const other = x.r.senderId === viewer.id ? x.recipient : x.sender;
  if (other.deactivatedAt) throw notFound(M.requestNotFound);
  return x;
}

/** What may be done to a request: the recipient answers it, the sender cancels it. */
export type RequestAction = 'answer' | 'cancel';
/** Only the party the action belongs to may do it (admins neither answer nor cancel). */
const RULES = { answer: 'ownerOnly', cancel: 'ownerOnly' } as const;

/**
 * Loads a request `viewer` may change by `action` (the only source of `Changeable<RequestRow, …>`):
 * 404 when `viewer` is not a party (or the other party is deactivated), 403 when `viewer` is the
 * other party (docs/design.md §4: visible but not changeable) — the recipient answers, the sender cancels.
 */
async function loadChangeableRequest<A extends RequestAction>(
  ctx: ServiceContext,
  viewer: SessionUser,
  id: string,
  action: A,
): Promise<Changeable<RequestRow, A>> {
  const { r } = await visibleRequest(ctx, ctx.db, viewer, id);
  return action === 'answer'
    ? allowChange(viewer, r.recipientId, r, M.onlyRecipient, RULES, action)
    : allowChange(viewer, r.senderId, r, M.onlySender, RULES, action);
}

/**
 * POST …/requests/{id}/accept and …/decline: the recipient answers a pending request (checked here:
 * 404 / 403 as {@link loadChangeableRequest}); acceptance stores the recipient's phone; the sender
 * is notified. Returns the request as `viewer` sees it.
 */
export async function answer(
  ctx: ServiceContext,
  viewer: SessionUser,
  id: string,
  to: 'accepted' | 'declined',
  body: AcceptRequestBody = {},
): Promise<SkillRequest> {
  return transition(ctx, viewer, await loadChangeableRequest(ctx, viewer, id, 'answer'), to, body);
}

/**
 * POST …/requests/{id}/cancel: the sender withdraws a pending request (checked here: 404 / 403 as
 * {@link loadChangeableRequest}). Returns the request as `viewer` sees it.
 */
export async function cancel(ctx: ServiceContext, viewer: SessionUser, id: string): Promise<SkillRequest> {
  return transition(ctx, viewer, await loadChangeableRequest(ctx, viewer, id, 'cancel'), 'cancelled');
}

/**
 * Moves a checked request from pending to `to` with a conditional UPDATE (409 with the current
 * state when it is no longer pending, even against a concurrent answer), stores the recipient's
 * phone on acceptance and notifies the sender of an answer, in one transaction. Returns the
 * request as `viewer` sees it. An answer needs a request checked for answering, a cancellation one
 * checked for cancelling.
 */
async function transition(
  ctx: ServiceContext,
  viewer: SessionUser,
  request: Changeable<RequestRow, 'answer'> | Changeable<RequestRow, 'cancel'>,
  to: Exclude<SkillRequestStatus, 'pending'>,
  body: AcceptRequestBody = {},
): Promise<SkillRequest> {
  return ctx.db.transaction(async (tx) => {
    const [moved] = await tx
      .update(skillRequests)
      .set({
        status: to,
        respondedAt: new Date(),
        updatedAt: new Date(),
        ...(to === 'accepted' && body.phone ? { recipientPhone: body.phone } : {}),
      })
      .where(and(eq(skillRequests.id, request.id), eq(skillRequests.status, 'pending')))
      .returning({ id: skillRequests.id });
    if (!moved) {
      const [now] = await tx
        .select({ status: skillRequests.status })
        .from(skillRequests)
        .where(eq(skillRequests.id, request.id));
      refuse(409, M.notPending(now?.status ?? request.status));
    }
    const x = await visibleRequest(ctx, tx, viewer, request.id);
    if (to !== 'cancelled') {
      const name = viewer.name ?? viewer.email;
      await notify({ ...ctx, db: tx }, request.senderId, {
        message: to === 'accepted' ? M.noticeAccepted(name, x.skillName) : M.noticeDeclined(name, x.skillName),
        type: 'update',
        link: SKILL_INBOX_LINK,
        push: 'skills',
      });
    }
    await publishChanges(tx, [{ type: 'skill-request', id: request.id }], [request.senderId, request.recipientId]);
    return toApiRequest(ctx, viewer, x);
  });
}

/**
 * POST /skill-exchange/request: `user` asks `recipientId` to teach `skillId`. Refusals: 400 to
 * oneself; 404 unknown or deactivated recipient ("User not found") or unknown skill ("Skill not
 * found"); 400 when the recipient does not teach it; 409 when already connected for it or a
 * request is pending (the partial unique index decides under concurrency). The recipient is
 * notified. One transaction.
 */
export async function sendRequest(
  ctx: ServiceContext,
  user: SessionUser,
  body: SendRequestBody,
): Promise<SkillRequest> {
  if (body.recipientId === user.id) throw badRequest(M.selfRequest, { recipientId: M.selfRequest });
  return ctx.db.transaction(async (tx) => {
    const [recipient] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, body.recipientId), isNull(users.deactivatedAt)));
    // A block either way answers as if the student did not exist (docs/privacy.md "Block").
    if (!recipient || (await blockedEitherWay(tx, user.id, recipient.id))) refuse(404, M.userNotFound);
    const [s] = await tx.select({ id: skills.id, name: skills.name }).from(skills).where(eq(skills.id, body.skillId));
    if (!s) refuse(404, M.notFound);
    const [teaches] = await tx
      .select({ id: userSkills.id })
      .from(userSkills)
      .where(and(eq(userSkills.userId, recipient.id), eq(userSkills.skillId, s.id), eq(userSkills.type, 'teach')));
    if (!teaches) throw badRequest(M.notTaught, { skillId: M.notTaught });
    const pair = (a: string, b: string): SQL =>
      and(eq(skillRequests.senderId, a), eq(skillRequests.recipientId, b), eq(skillRequests.skillId, s.id))!;
    const [connected] = await tx
      .select({ id: skillRequests.id })
      .from(skillRequests)
      .where(and(or(pair(user.id, recipient.id), pair(recipient.id, user.id)), eq(skillRequests.status, 'accepted')));
    if (connected) refuse(409, M.alreadyConnected);
    const [row] = await tx
      .insert(skillRequests)
      .values({
        senderId: user.id,
        recipientId: recipient.id,
        skillId: s.id,
        message: body.message ?? '',
        senderPhone: body.phone ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: skillRequests.id });
    if (!row) refuse(409, M.pendingExists);
    await notify({ ...ctx, db: tx }, recipient.id, {
      message: M.noticeRequest(user.name ?? user.email, s.name),
      type: 'event',
      link: SKILL_INBOX_LINK,
      push: 'skills',
    });
    await publishChanges(tx, [{ type: 'skill-request', id: row.id }], [recipient.id, user.id]);
    return toApiRequest(ctx, user, await visibleRequest(ctx, tx, user, row.id));
  });
}

/**
 * GET /skill-exchange/requests: `user`'s received or sent requests (`box`), newest first,
 * paginated; requests whose other party is deactivated are left out.
 */
export function listRequests(
  ctx: ServiceContext,
  user: SessionUser,
  q: ListRequestsQuery,
): Promise<Page<SkillRequest>> {
  return queries.requestsPage(ctx, user, q);
}

/**
 * What campus search finds of skill exchange (docs/architecture.md "Building blocks"; search
 * matches and ranks, `features/search/search.queries.ts`): students who teach a skill — never the
 * viewer (the placeholder `viewer`), never a deactivated student, as the matches — found by the
 * skill's name, or exactly by one of its aliases (the placeholder `alias` = contract
 * `skillKey(q)`: "js" → JavaScript), ordered by name after relevance. Only the teacher's public
 * profile (name, branch, semester) is shown — never the e-mail.
 */
export function teacherSearch() {
  const byAlias = sql`${skills.id} IN (SELECT ${skillAliases.skillId} FROM ${skillAliases} WHERE ${skillAliases.aliasKey} = (SELECT ${sql.placeholder('alias')}::text))`;
  return {
    from: sql`${userSkills} JOIN ${skills} ON ${skills.id} = ${userSkills.skillId} JOIN ${users} ON ${users.id} = ${userSkills.userId}`,
    id: userSkills.id,
    visible: and(
      eq(userSkills.type, 'teach'),
      and(ne(userSkills.userId, sql.placeholder('viewer')), isNull(users.deactivatedAt)),
    ),
    vector: skills.searchVector,
    alsoExact: byAlias,
    fields: [skills.name],
    ranked: [skills.name],
    tie: { key: users.name, direction: sql.raw('ASC NULLS LAST') },
    shown: { skill: skills.name, name: users.name, branch: users.branch, semester: users.semester },
  };
}
