/**
 * Demo data of notifications. It calls the service, so `src/seed.ts` imports it from here, not through
 * the service (a re-export there would be an import cycle; docs/architecture.md "Layers").
 */
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/users.ts';
import { isAdmin, type Admin } from '../../lib/auth.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { broadcast, markAllRead, notify } from './notifications.service.ts';

/**
 * Demo notifications for the seed (DEMO_SEEDERS): one admin broadcast about the fest, and for each
 * student a welcome note linking to their profile and a reminder; the first student has read theirs.
 */
export async function seedNotificationsDemo(
  ctx: ServiceContext,
  demo: { admin: { id: string }; students: { id: string }[] },
): Promise<void> {
  const [admin] = await ctx.db.select().from(users).where(eq(users.id, demo.admin.id));
  if (!admin) return;
  for (const s of demo.students) {
    await notify(ctx, s.id, {
      message: 'Welcome to Campus Companion! Complete your profile so classmates can find you.',
      type: 'system',
      link: '/profile',
    });
    await notify(ctx, s.id, {
      message: 'Reminder: mark today’s attendance before midnight.',
      type: 'alert',
      link: '/attendance',
    });
  }
  // The seed has no request: it broadcasts as the demo admin it created, checked to hold the role.
  if (isAdmin(admin))
    await broadcast(ctx, admin as Admin, {
      message: 'Annual tech fest registrations are open. See Campus Buzz on the home page for details.',
      type: 'event',
      link: '/',
    });
  const first = demo.students[0];
  if (first) await markAllRead(ctx, first.id);
}
