/**
 * Demo data of skill exchange (`src/seed.ts` calls it through the service).
 */
import { skillRequests, userSkills } from '../../db/schema/skill-exchange.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { resolveSkill } from './skill-exchange.queries.ts';

/**
 * Demo skills: each demo student teaches and learns a few common skills
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
