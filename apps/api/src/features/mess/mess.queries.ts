/**
 * Drizzle queries of the mess menu (docs/mess.md) and the API shapes built from their rows. The
 * messes are a handful of rows, read whole; a day's menu is the cycle in force (the latest
 * `valid_from` on or before it, over the unique (mess, valid_from) index) with the day's override.
 */
import { and, asc, between, desc, eq, lte, ne } from 'drizzle-orm';
import type { Dish, MessBody, MessDay, MessMeal } from '@campus/contract/mess';
import { messAudit, messChoices, messDays, messes, messMenus, type WeekMenu } from '../../db/schema/mess.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { addDays, isoWeekday } from '../../lib/dates.ts';

export type MessRow = typeof messes.$inferSelect;

/** Every mess, by name. */
export const allMesses = (db: Db): Promise<MessRow[]> => db.select().from(messes).orderBy(asc(messes.name));

/** One mess, or undefined. */
export async function messById(db: Db, id: string): Promise<MessRow | undefined> {
  const [row] = await db.select().from(messes).where(eq(messes.id, id));
  return row;
}

/**
 * The mess `userId` picked and their profile's hostel, read from the database (not the session's
 * cached copy, so a hostel just saved counts at once).
 */
export async function choiceAndHostel(
  db: Db,
  userId: string,
): Promise<{ messId: string | null; hostel: string | null }> {
  const [row] = await db
    .select({ messId: messChoices.messId, hostel: users.hostel })
    .from(users)
    .leftJoin(messChoices, eq(messChoices.userId, users.id))
    .where(eq(users.id, userId));
  return { messId: row?.messId ?? null, hostel: row?.hostel ?? null };
}

/** Remembers `messId` as `userId`'s mess. */
export async function saveChoice(db: Db, userId: string, messId: string): Promise<void> {
  await db
    .insert(messChoices)
    .values({ userId, messId })
    .onConflictDoUpdate({ target: messChoices.userId, set: { messId, updatedAt: new Date() } });
}

/** The other messes (than `exceptId`, when given), for the one-mess-per-hostel check. */
export const otherMesses = (tx: Db, exceptId?: string) =>
  tx
    .select({ id: messes.id, name: messes.name, hostels: messes.hostels })
    .from(messes)
    .where(exceptId ? ne(messes.id, exceptId) : undefined);

/** Inserts a mess; returns its row. */
export async function insertMess(tx: Db, body: MessBody): Promise<MessRow> {
  const [row] = await tx.insert(messes).values(body).returning();
  return row!;
}

/** Replaces a mess's name, hostels and meals; returns its row (undefined when gone). */
export async function updateMess(tx: Db, id: string, body: MessBody): Promise<MessRow | undefined> {
  const [row] = await tx.update(messes).set(body).where(eq(messes.id, id)).returning();
  return row;
}

/** One audit row. */
export async function audit(
  tx: Db,
  entry: { messId: string | null; userId: string; action: string; detail?: unknown },
): Promise<void> {
  await tx.insert(messAudit).values({ ...entry, detail: entry.detail ?? null });
}

/**
 * The menu of the days `from` … `from + days − 1` of `mess`: each day's meals (the mess's meal
 * times, the cycle's dishes or the override's), closed days without meals.
 */
export async function menuOfDays(db: Db, mess: MessRow, from: string, days: number): Promise<MessDay[]> {
  const to = addDays(from, days - 1);
  const [cycles, overrides] = await Promise.all([
    db
      .select({ validFrom: messMenus.validFrom, week: messMenus.week })
      .from(messMenus)
      .where(and(eq(messMenus.messId, mess.id), lte(messMenus.validFrom, to)))
      .orderBy(desc(messMenus.validFrom))
      .limit(days + 1),
    db
      .select()
      .from(messDays)
      .where(and(eq(messDays.messId, mess.id), between(messDays.date, from, to))),
  ]);
  const out: MessDay[] = [];
  for (let i = 0; i < days; i++) {
    const date = addDays(from, i);
    const weekday = isoWeekday(date);
    const week: WeekMenu | undefined = cycles.find((c) => c.validFrom <= date)?.week;
    const day = overrides.find((o) => o.date === date);
    const dishesOf = (meal: MessMeal): Dish[] => day?.meals?.[meal] ?? week?.[String(weekday)]?.[meal] ?? [];
    const closed = day?.closed ?? false;
    out.push({
      date,
      weekday,
      closed,
      note: day?.note ?? null,
      meals: closed
        ? []
        : mess.meals.map((slot) => ({ ...slot, dishes: dishesOf(slot.meal) })).filter((m) => m.dishes.length > 0),
    });
  }
  return out;
}
