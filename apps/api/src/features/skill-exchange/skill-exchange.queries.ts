/**
 * Skill exchange queries and the API shape (docs/product-spec.md §3, §7): the Drizzle reads the service
 * composes (the skill list, a student's skills, the canonical skill of a typed name, the ranked
 * matches, requests with both students, one page of an inbox) and the mapping of rows to
 * `UserSkill`, `Match` and `SkillRequest`. No access rule lives here: the service decides who may
 * see or change what (docs/design.md §4), then calls these with the signed-in student.
 */
import { noBlockBetween } from '../../lib/blocks.ts';
import { and, asc, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  MATCHES_MAX,
  skillDisplayName,
  skillKey,
  type ListRequestsQuery,
  type Match,
  type Skill,
  type SkillPerson,
  type SkillRequest,
  type UserSkill,
} from '@campus/contract/skill-exchange';
import type { Db } from '../../db/client.ts';
import { skillAliases, skillRequests, skills, userSkills } from '../../db/schema/skill-exchange.ts';
import { sessions, users } from '../../db/schema/users.ts';
import type { SessionUser } from '../../lib/auth.ts';
import { fileUrl } from '../../lib/blob-store.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { listPage, type Page } from '../../lib/pages.ts';

type UserSkillRow = typeof userSkills.$inferSelect;
/** A stored skill request. */
export type RequestRow = typeof skillRequests.$inferSelect;

/** A user skill row with its skill, as the API returns it (`Skill` and `skill`: both spellings the spec reads). */
export const toUserSkill = (row: UserSkillRow, s: Skill): UserSkill => ({
  id: row.id,
  type: row.type,
  skillId: row.skillId,
  Skill: s,
  skill: s,
  createdAt: row.createdAt.toISOString(),
});

/** Every skill (seeded and added), by name. */
export function allSkills(ctx: ServiceContext): Promise<Skill[]> {
  return ctx.db.select({ id: skills.id, name: skills.name }).from(skills).orderBy(asc(skills.nameKey));
}

/** `userId`'s teach and learn lists, oldest first. */
export async function skillsOf(
  ctx: ServiceContext,
  userId: string,
): Promise<{ teach: UserSkill[]; learn: UserSkill[] }> {
  const rows = await ctx.db
    .select({ us: userSkills, id: skills.id, name: skills.name })
    .from(userSkills)
    .innerJoin(skills, eq(skills.id, userSkills.skillId))
    .where(eq(userSkills.userId, userId))
    .orderBy(asc(userSkills.createdAt), asc(userSkills.id));
  const all = rows.map((r) => toUserSkill(r.us, { id: r.id, name: r.name }));
  return { teach: all.filter((s) => s.type === 'teach'), learn: all.filter((s) => s.type === 'learn') };
}

/**
 * The canonical skill for a typed name: an alias's skill, else the skill with the same
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

/** A student as a request or a match shows them (avatar as an absolute URL). */
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
 * The matches of `user`: up to {@link MATCHES_MAX} user skills of active students (not
 * `user`) teaching a skill `user` wants to learn, ranked: reciprocal (they want to learn something
 * `user` teaches) first, then `user`'s branch, then the most recently active (latest session
 * activity, else sign-up), then the newest user skill. Each with the status of `user`'s live
 * (pending or accepted) request to them for that skill, or `accepted` when they asked `user`
 * for it and were accepted (connected either way; null when none), and their e-mail only when a
 * request between the two (any skill, either way) was accepted — else null (the
 * README's "once accepted"). Two queries, three when some match is connected.
 */
export async function findMatches(ctx: ServiceContext, user: SessionUser): Promise<Match[]> {
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
  // E-mails are read only for the students `user` is connected with.
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
export function requestQuery(db: Db) {
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
/** A request with both students and the skill's name. */
export type RequestWithPeople = Awaited<ReturnType<ReturnType<typeof requestQuery>['where']>>[number];

/** The API shape for `viewer` (sender or recipient): the other's contact only once accepted. */
export function toApiRequest(ctx: ServiceContext, viewer: SessionUser, x: RequestWithPeople): SkillRequest {
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

/**
 * One page of `user`'s received or sent requests (`box`), newest first; requests whose other party
 * is deactivated, or with a block between the two (docs/privacy.md "Block": contacts included), are
 * left out.
 */
export function requestsPage(
  ctx: ServiceContext,
  user: SessionUser,
  q: ListRequestsQuery,
): Promise<Page<SkillRequest>> {
  const where =
    q.box === 'sent'
      ? and(
          eq(skillRequests.senderId, user.id),
          isNull(recipients.deactivatedAt),
          noBlockBetween(user.id, recipients.id),
        )
      : and(eq(skillRequests.recipientId, user.id), isNull(senders.deactivatedAt), noBlockBetween(user.id, senders.id));
  return listPage(ctx.db, q, {
    from: skillRequests,
    joins: [
      [senders, eq(senders.id, skillRequests.senderId)],
      [recipients, eq(recipients.id, skillRequests.recipientId)],
    ],
    where,
    select: requestQuery(ctx.db),
    orderBy: [desc(skillRequests.createdAt), desc(skillRequests.id)],
    map: (x) => toApiRequest(ctx, user, x),
  });
}
