/**
 * Demo data of attendance (`src/seed.ts` calls it through the service).
 */
import { and, asc, eq } from 'drizzle-orm';
import { attendanceRecords, enrollments, subjects } from '../../db/schema/attendance.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { addDays, isoWeekday, todayIn } from '../../lib/dates.ts';

/**
 * Demo attendance: each demo student is enrolled in up to four catalogue
 * subjects of their own branch and semester, with one class per weekday over the last six weeks up
 * to yesterday (institute's calendar); the attendance varies by subject so the dashboard shows
 * green, amber and red subjects.
 */
export async function seedAttendanceDemo(
  ctx: ServiceContext,
  demo: { students: Array<{ id: string; branch: string; semester: string }> },
): Promise<void> {
  const today = todayIn(ctx.config.institute.timezone);
  const days = Array.from({ length: 42 }, (_, i) => addDays(today, -42 + i)).filter((d) => isoWeekday(d) <= 5);
  const rates = [0.92, 0.78, 0.72, 0.6];
  await ctx.db.transaction(async (tx) => {
    for (const [n, student] of demo.students.entries()) {
      const list = await tx
        .select({ id: subjects.id })
        .from(subjects)
        .where(and(eq(subjects.branch, student.branch), eq(subjects.semester, student.semester)))
        .orderBy(asc(subjects.code))
        .limit(4);
      if (!list.length) continue;
      await tx.insert(enrollments).values(list.map((s) => ({ userId: student.id, subjectId: s.id })));
      const rows = list.flatMap((s, k) =>
        days.map((date, d) => {
          const rate = rates[(k + n) % rates.length]!;
          const present = ((d * 37 + k * 11 + n * 7) % 100) / 100 < rate;
          return {
            userId: student.id,
            subjectId: s.id,
            date,
            status: present ? ('Present' as const) : ('Absent' as const),
          };
        }),
      );
      await tx.insert(attendanceRecords).values(rows);
    }
  });
}
