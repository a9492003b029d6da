/**
 * Skill exchange rules and queries (spec §2, §3, §4, §5, §7, §8; DESIGN §3, §4, §5, §7; issue 13).
 *
 * - Every call acts on the signed-in student (DESIGN §5); nobody acts for anyone else.
 * - Skill names resolve to one canonical skill: by alias key first (`js` → JavaScript), then by the
 *   name's key (`python` → Python); an unknown name becomes a new skill. Duplicates in the same
 *   mode are refused with the spec's text (409), race-safe through the unique (user, skill, type).
 * - Matches: who teaches what I want to learn, never myself, never a deactivated student; ranked
 *   reciprocal first, then my branch, then the most recently active (latest session activity).
 * - Requests: one pending request per (sender, recipient, skill) (partial unique index → 409); only
 *   the recipient accepts or declines, only the sender cancels (403 for the other party, 404 for
 *   anyone else); a request that is no longer pending → 409 (a conditional UPDATE, race-safe).
 *   The recipient is notified of a request, the sender of the answer, linking to the inbox.
 *   Contacts (e-mail, optional WhatsApp number) are revealed to both only once accepted.
 */
import { and, asc, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  MATCHES_MAX,
  SKILL_INBOX_LINK,
  SKILL_MESSAGES as M,
  skillDisplayName,
  skillKey,
  type AcceptRequestBody,
  type AddSkillBody,
  type ListRequestsQuery,
  type Match,
  type SendRequestBody,
  type Skill,
  type SkillPerson,
  type SkillRequest,
  type SkillRequestStatus,
  type UserSkill,
} from '@campus/contract/skill-exchange';
import type { Db } from '../../db/client.ts';
import { skillAliases, skillRequests, skills, userSkills } from '../../db/schema/skill-exchange.ts';
import { sessions, users } from '../../db/schema/users.ts';
import { allowChange, type Changeable } from '../../lib/access.ts';
import type { SessionUser } from '../../lib/auth.ts';
import { fileUrl } from '../../lib/blob-store.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { pageOffset } from '../../lib/envelope.ts';
import { badRequest, notFound, refuse } from '../../lib/errors.ts';
import { notify } from '../notifications/notifications.service.ts';

type UserSkillRow = typeof userSkills.$inferSelect;
type RequestRow = typeof skillRequests.$inferSelect;

const toUserSkill = (row: UserSkillRow, s: Skill): UserSkill => ({
  id: row.id,
  type: row.type,
  skillId: row.skillId,
  Skill: s,
  skill: s,
  createdAt: row.createdAt.toISOString(),
});

/** GET /skill-exchange/skills: every skill (seeded and added), by name (spec §2 learn dropdown). */
export async function listSkills(ctx: ServiceContext): Promise<Skill[]> {
  return ctx.db.select({ id: skills.id, name: skills.name }).from(skills).orderBy(asc(skills.nameKey));
}

/** GET /skill-exchange/my-skills: `user`'s teach and learn lists, oldest first. */
export async function mySkills(
  ctx: ServiceContext,
  user: SessionUser,
): Promise<{ teach: UserSkill[]; learn: UserSkill[] }> {
  const rows = await ctx.db
    .select({ us: userSkills, id: skills.id, name: skills.name })
    .from(userSkills)
    .innerJoin(skills, eq(skills.id, userSkills.skillId))
    .where(eq(userSkills.userId, user.id))
    .orderBy(asc(userSkills.createdAt), asc(userSkills.id));
  const all = rows.map((r) => toUserSkill(r.us, { id: r.id, name: r.name }));
  return { teach: all.filter((s) => s.type === 'teach'), learn: all.filter((s) => s.type === 'learn') };
}

/**
 * The canonical skill for a typed name (issue 13): an alias's skill, else the skill with the same
 * key, else a new skill named as typed (trimmed, spaces collapsed). Safe against a concurrent add
 * of the same new name (ON CONFLICT on the key).
 */
export async function resolveSkill(db: Db, rawName: string): Promise<Skill> {
  const key = skillKey(rawName);
  const [aliased] = await db
    .select({ id: skills.id, name: skills.name })
    .from(skillAliases)
    .innerJoin(skills, eq(skills.id, skillAliases.skillId))
    .where(eq(skillAliases.aliasKey, key));
  if (aliased) return aliased;
  await db
    .insert(skills)
    .values({ name: skillDisplayName(rawName), nameKey: key })
    .onConflictDoNothing({ target: skills.nameKey });
  const [found] = await db.select({ id: skills.id, name: skills.name }).from(skills).where(eq(skills.nameKey, key));
  return found!;
}

/**
 * POST /skill-exchange/add-skill: adds the canonical skill of `skillName` to `user`'s `type` list.
 * 409 with the spec's duplicate text (naming the canonical skill) when it is already there. One
 * transaction.
 */
export async function addSkill(ctx: ServiceContext, user: SessionUser, body: AddSkillBody): Promise<UserSkill> {
  return ctx.db.transaction(async (tx) => {
    const s = await resolveSkill(tx, body.skillName);
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

const person = (
  ctx: ServiceContext,
  u: { id: string; name: string | null; avatarFileId: string | null; branch: string | null; semester: string | null },
): SkillPerson => ({
  id: u.id,
  name: u.name,
  avatar: fileUrl(ctx.config.appUrl, u.avatarFileId),
  branch: u.branch,
  semester: u.semester,
});

/**
 * GET /skill-exchange/matches: up to {@link MATCHES_MAX} user skills of active students (not
 * `user`) teaching a skill `user` wants to learn, ranked: reciprocal (they want to learn something
 * `user` teaches) first, then `user`'s branch, then the most recently active (latest session
 * activity, else sign-up), then the newest user skill. Each with the status of `user`'s live
 * (pending or accepted) request to them for that skill, or `accepted` when they asked `user`
 * for it and were accepted (connected either way; null when none), and their e-mail only when a
 * request between the two (any skill, either way) was accepted — else null (issue 21 item 8; the
 * README's "once accepted"). Two queries, three when some match is connected.
 */
export async function matches(ctx: ServiceContext, user: SessionUser): Promise<Match[]> {
  // Aliased user skills inside raw subqueries: FROM names the table, then the alias.
  const mine = alias(userSkills, 'mine');
  const myTeach = alias(userSkills, 'my_teach');
  const theirLearn = alias(userSkills, 'their_learn');
  const reciprocal = sql<boolean>`EXISTS (SELECT 1 FROM ${userSkills} ${sql.identifier('my_teach')} JOIN ${userSkills} ${sql.identifier('their_learn')} ON ${theirLearn.skillId} = ${myTeach.skillId}
    WHERE ${myTeach.userId} = ${user.id} AND ${myTeach.type} = 'teach'
      AND ${theirLearn.userId} = ${users.id} AND ${theirLearn.type} = 'learn')`;
  // Without a branch of my own, nobody is "same branch" (PostgreSQL refuses a constant in ORDER BY).
  const sameBranch: SQL[] = user.branch ? [sql`(${users.branch} = ${user.branch}) DESC NULLS LAST`] : [];
  const lastActive = sql`coalesce((SELECT max(${sessions.lastSeenAt}) FROM ${sessions} WHERE ${sessions.userId} = ${users.id}), ${users.createdAt})`;
  const rows = await ctx.db
    .select({
      id: userSkills.id,
      skillId: skills.id,
      skillName: skills.name,
      user: {
        id: users.id,
        name: users.name,
        avatarFileId: users.avatarFileId,
        branch: users.branch,
        semester: users.semester,
      },
      reciprocal,
    })
    .from(userSkills)
    .innerJoin(users, eq(users.id, userSkills.userId))
    .innerJoin(skills, eq(skills.id, userSkills.skillId))
    .where(
      and(
        eq(userSkills.type, 'teach'),
        ne(userSkills.userId, user.id),
        isNull(users.deactivatedAt),
        sql`EXISTS (SELECT 1 FROM ${userSkills} ${sql.identifier('mine')} WHERE ${mine.userId} = ${user.id} AND ${mine.type} = 'learn' AND ${mine.skillId} = ${userSkills.skillId})`,
      ),
    )
    .orderBy(desc(reciprocal), ...sameBranch, sql`${lastActive} DESC`, desc(userSkills.createdAt), asc(userSkills.id))
    .limit(MATCHES_MAX);
  // My pending or accepted requests to them, and their accepted requests to me (connected either way).
  const them = rows.map((r) => r.user.id);
  const live = rows.length
    ? await ctx.db
        .select({
          senderId: skillRequests.senderId,
          recipientId: skillRequests.recipientId,
          skillId: skillRequests.skillId,
          status: skillRequests.status,
        })
        .from(skillRequests)
        .where(
          or(
            and(
              eq(skillRequests.senderId, user.id),
              inArray(skillRequests.recipientId, them),
              inArray(skillRequests.status, ['pending', 'accepted']),
            ),
            and(
              eq(skillRequests.recipientId, user.id),
              inArray(skillRequests.senderId, them),
              eq(skillRequests.status, 'accepted'),
            ),
          ),
        )
    : [];
  const statusOf = new Map<string, 'pending' | 'accepted'>();
  const connected = new Set<string>();
  for (const r of live) {
    const other = r.senderId === user.id ? r.recipientId : r.senderId;
    const k = `${other}:${r.skillId}`;
    if (statusOf.get(k) !== 'accepted') statusOf.set(k, r.status as 'pending' | 'accepted');
    if (r.status === 'accepted') connected.add(other);
  }
  // E-mails are read only for the students `user` is connected with (issue 21 item 8).
  const emails = new Map<string, string>();
  if (connected.size) {
    const found = await ctx.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.id, [...connected]));
    for (const u of found) emails.set(u.id, u.email);
  }
  return rows.map((r) => ({
    id: r.id,
    user: { ...person(ctx, r.user), email: emails.get(r.user.id) ?? null },
    Skill: { id: r.skillId, name: r.skillName },
    reciprocal: Boolean(r.reciprocal),
    requestStatus: statusOf.get(`${r.user.id}:${r.skillId}`) ?? null,
  }));
}

const senders = alias(users, 'sender');
const recipients = alias(users, 'recipient');
const personColumns = (u: typeof senders | typeof recipients) => ({
  id: u.id,
  name: u.name,
  avatarFileId: u.avatarFileId,
  branch: u.branch,
  semester: u.semester,
  email: u.email,
  deactivatedAt: u.deactivatedAt,
});

/** Requests with both students and the skill. */
function requestQuery(db: Db) {
  return db
    .select({
      r: skillRequests,
      skillName: skills.name,
      sender: personColumns(senders),
      recipient: personColumns(recipients),
    })
    .from(skillRequests)
    .innerJoin(skills, eq(skills.id, skillRequests.skillId))
    .innerJoin(senders, eq(senders.id, skillRequests.senderId))
    .innerJoin(recipients, eq(recipients.id, skillRequests.recipientId));
}
type RequestWithPeople = Awaited<ReturnType<ReturnType<typeof requestQuery>['where']>>[number];

/** The API shape for `viewer` (sender or recipient): the other's contact only once accepted. */
function toApiRequest(ctx: ServiceContext, viewer: SessionUser, x: RequestWithPeople): SkillRequest {
  const { r } = x;
  const viewerIsSender = r.senderId === viewer.id;
  const other = viewerIsSender ? x.recipient : x.sender;
  const otherPhone = viewerIsSender ? r.recipientPhone : r.senderPhone;
  return {
    id: r.id,
    senderId: r.senderId,
    recipientId: r.recipientId,
    skillId: r.skillId,
    message: r.message,
    status: r.status,
    Skill: { id: r.skillId, name: x.skillName },
    sender: person(ctx, x.sender),
    recipient: person(ctx, x.recipient),
    contact: r.status === 'accepted' ? { email: other.email, phone: otherPhone } : null,
    createdAt: r.createdAt.toISOString(),
    respondedAt: r.respondedAt?.toISOString() ?? null,
  };
}

/** One request as `viewer` sees it; 404 unless `viewer` is a party and the other party is active. */
async function visibleRequest(
  ctx: ServiceContext,
  db: Db,
  viewer: SessionUser,
  id: string,
): Promise<RequestWithPeople> {
  const [x] = await requestQuery(db).where(eq(skillRequests.id, id));
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
 * other party (DESIGN §4: visible but not changeable) — the recipient answers, the sender cancels.
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
      });
    }
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
    if (!recipient) refuse(404, M.userNotFound);
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
    });
    return toApiRequest(ctx, user, await visibleRequest(ctx, tx, user, row.id));
  });
}

/**
 * GET /skill-exchange/requests: `user`'s received or sent requests (`box`), newest first,
 * paginated; requests whose other party is deactivated are left out.
 */
export async function listRequests(
  ctx: ServiceContext,
  user: SessionUser,
  q: ListRequestsQuery,
): Promise<{ items: SkillRequest[]; total: number }> {
  const where =
    q.box === 'sent'
      ? and(eq(skillRequests.senderId, user.id), isNull(recipients.deactivatedAt))
      : and(eq(skillRequests.recipientId, user.id), isNull(senders.deactivatedAt));
  const [rows, [count]] = await Promise.all([
    requestQuery(ctx.db)
      .where(where)
      .orderBy(desc(skillRequests.createdAt), desc(skillRequests.id))
      .limit(q.limit)
      .offset(pageOffset(q)),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(skillRequests)
      .innerJoin(senders, eq(senders.id, skillRequests.senderId))
      .innerJoin(recipients, eq(recipients.id, skillRequests.recipientId))
      .where(where),
  ]);
  return { items: rows.map((x) => toApiRequest(ctx, user, x)), total: Number(count?.n ?? 0) };
}

/**
 * Demo skills (issue 3 seeder hook): each demo student teaches and learns a few common skills
 * (resolved like typed names, so aliases apply), so matches exist at once, including reciprocal
 * ones; the first student has asked the second for a skill (pending) and the third is connected
 * with the first (accepted). No notifications: they would be noise in a fresh demo.
 */
export async function seedSkillExchangeDemo(
  ctx: ServiceContext,
  demo: { students: Array<{ id: string }> },
): Promise<void> {
  const s = demo.students;
  if (s.length < 3) return;
  const plan: Array<{ teach: string[]; learn: string[] }> = [
    { teach: ['Python', 'Guitar'], learn: ['JS', 'UI/UX Design'] },
    { teach: ['JavaScript', 'React'], learn: ['python', 'Chess'] },
    { teach: ['Machine Learning', 'Chess'], learn: ['Guitar', 'React'] },
    { teach: ['UI/UX Design', 'Photography'], learn: ['ML', 'Python'] },
  ];
  await ctx.db.transaction(async (tx) => {
    const ids = new Map<string, string>();
    for (const [i, student] of s.entries()) {
      const p = plan[i % plan.length]!;
      for (const [type, names] of [
        ['teach', p.teach],
        ['learn', p.learn],
      ] as const) {
        for (const name of names) {
          const skill = await resolveSkill(tx, name);
          ids.set(skill.name, skill.id);
          await tx.insert(userSkills).values({ userId: student.id, skillId: skill.id, type }).onConflictDoNothing();
        }
      }
    }
    await tx.insert(skillRequests).values([
      {
        senderId: s[0]!.id,
        recipientId: s[1]!.id,
        skillId: ids.get('JavaScript')!,
        message: 'Could you walk me through closures this week?',
      },
      {
        senderId: s[2]!.id,
        recipientId: s[0]!.id,
        skillId: ids.get('Guitar')!,
        message: 'I have my own guitar, just need the basics.',
        status: 'accepted',
        respondedAt: new Date(),
      },
    ]);
  });
}
