/**
 * Drizzle queries of the mess menu (docs/mess.md) and the API shapes built from their rows. The
 * messes are a handful of rows, read whole; a day's menu is the cycle in force (the latest
 * `valid_from` on or before it, over the unique (mess, valid_from) index) with the day's override.
 */
import { and, asc, between, desc, eq, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Dish, MessBody, MessComment, MessDay, MessMeal, MessNotice, RatingSummary } from '@campus/contract/mess';
import {
  messAudit,
  messChoices,
  messDays,
  messDishDays,
  messes,
  messManagers,
  messMealDays,
  messMenus,
  messNotices,
  messRatings,
  type WeekMenu,
} from '../../db/schema/mess.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { addDays, isoWeekday } from '../../lib/dates.ts';
import { preparedStatements } from '../../lib/prepared.ts';

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

/** An average of `sum` over `count` ratings, one decimal (null without ratings). */
export const summary = (sum: number, count: number): RatingSummary => ({
  average: count > 0 ? Math.round((sum / count) * 10) / 10 : null,
  count,
});

/**
 * The per-dish averages of `dishes` of `messId` over the days `from` … `to`: at most one
 * aggregate row per dish and day (the primary key's range), never the ratings themselves.
 */
export async function dishAverages(
  db: Db,
  messId: string,
  dishes: string[],
  from: string,
  to: string,
): Promise<Map<string, RatingSummary>> {
  if (dishes.length === 0) return new Map();
  const rows = await db
    .select({
      dish: messDishDays.dish,
      sum: sql<number>`sum(${messDishDays.starsSum})::int`,
      count: sql<number>`sum(${messDishDays.count})::int`,
    })
    .from(messDishDays)
    .where(
      and(eq(messDishDays.messId, messId), inArray(messDishDays.dish, dishes), between(messDishDays.date, from, to)),
    )
    .groupBy(messDishDays.dish);
  return new Map(rows.map((r) => [r.dish, summary(Number(r.sum), Number(r.count))]));
}

/** Each meal's sum and count of `messId` on the days `from` … `to` (newest first). */
export const mealDays = (db: Db, messId: string, from: string, to: string) =>
  db
    .select({ date: messMealDays.date, meal: messMealDays.meal, sum: messMealDays.starsSum, count: messMealDays.count })
    .from(messMealDays)
    .where(and(eq(messMealDays.messId, messId), between(messMealDays.date, from, to)))
    .orderBy(desc(messMealDays.date));

/**
 * The mess a viewer's `GET /api/mess/today` shows, as SQL: `named`, the mess of the query (null
 * when it does not exist); `own`, the viewer's pick, else the mess serving their profile's hostel
 * (the first by name), else null — the service's "a student's own mess" (docs/mess.md).
 */
const viewerMess = (shape: 'named' | 'own') =>
  shape === 'named'
    ? sql`(SELECT m.id FROM ${messes} m WHERE m.id = ${sql.placeholder('mess')}::uuid)`
    : sql`coalesce(${messChoices.messId}, (SELECT m.id FROM ${messes} m
        WHERE m.hostels @> jsonb_build_array(${users.hostel}) ORDER BY m.name LIMIT 1))`;

/** {@link viewerDay}'s statement, prepared once per database and shape. */
const viewerDayStatement = preparedStatements('mess_viewer_day', (db, name, shape: 'named' | 'own') => {
  const mess = viewerMess(shape);
  return db
    .select({
      messId: sql<string | null>`${mess}`,
      meal: messRatings.meal,
      stars: messRatings.stars,
      comment: messRatings.comment,
    })
    .from(users)
    .leftJoin(messChoices, eq(messChoices.userId, users.id))
    .leftJoin(
      messRatings,
      and(
        eq(messRatings.userId, users.id),
        eq(messRatings.messId, mess),
        eq(messRatings.date, sql.placeholder('date')),
      ),
    )
    .where(eq(users.id, sql.placeholder('user')))
    .prepare(name);
});

/** A viewer's own part of a mess's day: which mess, and their ratings of its meals that day. */
export interface ViewerDay {
  /** The mess shown: `named` if it exists, else the viewer's own (null: none). */
  messId: string | null;
  ratings: Map<MessMeal, { stars: number; comment: string | null }>;
}

/**
 * The personal part of `GET /api/mess/today` in one statement: the mess shown (`named`, else
 * `userId`'s pick, else their hostel's — read from the database, not the session's copy, so a
 * hostel just saved counts at once) and `userId`'s ratings of it on `date` (over the unique
 * (user, mess, date, meal) index).
 */
export async function viewerDay(db: Db, userId: string, date: string, named: string | undefined): Promise<ViewerDay> {
  const rows = await viewerDayStatement(db, named ? 'named' : 'own').execute({
    user: userId,
    date,
    ...(named ? { mess: named } : {}),
  });
  const ratings: ViewerDay['ratings'] = new Map();
  for (const r of rows) if (r.meal && r.stars !== null) ratings.set(r.meal, { stars: r.stars, comment: r.comment });
  return { messId: rows[0]?.messId ?? null, ratings };
}

type RatingKey = { userId: string; messId: string; date: string; meal: MessMeal };
const ratingWhere = (k: RatingKey) =>
  and(
    eq(messRatings.userId, k.userId),
    eq(messRatings.messId, k.messId),
    eq(messRatings.date, k.date),
    eq(messRatings.meal, k.meal),
  );

/**
 * Stores one rating and moves the aggregates with it, inside `tx`: the old rating (locked) is taken
 * off its dishes and meal, the new one added — a first rating adds one to each count, a change
 * only moves the sums. A concurrent first rating of the same key is met by the unique index and
 * handled as a change.
 */
export async function storeRating(
  tx: Db,
  k: RatingKey,
  value: { stars: number; comment: string | null; dishes: string[] },
): Promise<void> {
  const lock = () => tx.select().from(messRatings).where(ratingWhere(k)).for('update');
  let [old] = await lock();
  if (!old) {
    const made = await tx
      .insert(messRatings)
      .values({ ...k, ...value })
      .onConflictDoNothing()
      .returning({ id: messRatings.id });
    if (made.length === 0) [old] = await lock();
  }
  if (old) {
    await tx.update(messRatings).set(value).where(eq(messRatings.id, old.id));
    await addToAggregates(tx, k, old.dishes, -old.stars, -1);
  }
  await addToAggregates(tx, k, value.dishes, value.stars, 1);
}

/** Adds `stars` and `count` (negative to take off) to each dish's and the meal's row of the day. */
async function addToAggregates(tx: Db, k: RatingKey, dishes: string[], stars: number, count: number): Promise<void> {
  if (dishes.length > 0)
    await tx
      .insert(messDishDays)
      .values(dishes.map((dish) => ({ messId: k.messId, dish, date: k.date, starsSum: stars, count })))
      .onConflictDoUpdate({
        target: [messDishDays.messId, messDishDays.dish, messDishDays.date],
        set: {
          starsSum: sql`${messDishDays.starsSum} + excluded.stars_sum`,
          count: sql`${messDishDays.count} + excluded.count`,
        },
      });
  await tx
    .insert(messMealDays)
    .values({ messId: k.messId, date: k.date, meal: k.meal, starsSum: stars, count })
    .onConflictDoUpdate({
      target: [messMealDays.messId, messMealDays.date, messMealDays.meal],
      set: {
        starsSum: sql`${messMealDays.starsSum} + excluded.stars_sum`,
        count: sql`${messMealDays.count} + excluded.count`,
      },
    });
}

/** The comments of `messId`, newest first (for `listPage`). */
export const commentList = (messId: string) => ({
  from: messRatings,
  where: and(eq(messRatings.messId, messId), isNotNull(messRatings.comment)),
  orderBy: [desc(messRatings.updatedAt), desc(messRatings.id)],
  map: (r: {
    id: string;
    date: string;
    meal: MessMeal;
    stars: number;
    comment: string | null;
    updatedAt: Date;
  }): MessComment => ({
    id: r.id,
    date: r.date,
    meal: r.meal,
    stars: r.stars,
    comment: r.comment ?? '',
    updatedAt: r.updatedAt.toISOString(),
  }),
});

/** The columns {@link commentList} reads. */
export const commentColumns = {
  id: messRatings.id,
  date: messRatings.date,
  meal: messRatings.meal,
  stars: messRatings.stars,
  comment: messRatings.comment,
  updatedAt: messRatings.updatedAt,
};

/** Whether `userId` manages `messId`. */
export async function isManager(db: Db, messId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(messManagers)
    .where(and(eq(messManagers.messId, messId), eq(messManagers.userId, userId)));
  return !!row;
}

/** The messes `userId` manages. */
export async function managedBy(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db
    .select({ messId: messManagers.messId })
    .from(messManagers)
    .where(eq(messManagers.userId, userId));
  return new Set(rows.map((r) => r.messId));
}

/** Every mess's managers (for administrators). */
export const allManagers = (db: Db) =>
  db
    .select({ messId: messManagers.messId, id: users.id, name: users.name, email: users.email })
    .from(messManagers)
    .innerJoin(users, eq(users.id, messManagers.userId))
    .orderBy(asc(users.email));

/** The accounts of `emails` (lower-case). */
export const usersByEmail = (db: Db, emails: string[]) =>
  emails.length === 0
    ? Promise.resolve([])
    : db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));

/** Replaces `messId`'s managers with `userIds`. */
export async function setManagers(tx: Db, messId: string, userIds: string[]): Promise<void> {
  await tx.delete(messManagers).where(eq(messManagers.messId, messId));
  if (userIds.length) await tx.insert(messManagers).values(userIds.map((userId) => ({ messId, userId })));
}

/** Stores `week` as `messId`'s cycle from `validFrom` (replacing one of that date), by `userId`. */
export async function saveCycle(
  tx: Db,
  messId: string,
  validFrom: string,
  week: WeekMenu,
  userId: string,
): Promise<void> {
  await tx
    .insert(messMenus)
    .values({ messId, validFrom, week, updatedBy: userId })
    .onConflictDoUpdate({
      target: [messMenus.messId, messMenus.validFrom],
      set: { week, updatedBy: userId, updatedAt: new Date() },
    });
}

/** Stores the override of `messId` on `date` (replacing one of that day). */
export async function saveDay(
  tx: Db,
  row: {
    messId: string;
    date: string;
    closed: boolean;
    note: string | null;
    meals: Partial<Record<MessMeal, Dish[]>> | null;
  },
): Promise<void> {
  await tx
    .insert(messDays)
    .values(row)
    .onConflictDoUpdate({
      target: [messDays.messId, messDays.date],
      set: { closed: row.closed, note: row.note, meals: row.meals, updatedAt: new Date() },
    });
}

/**
 * The students of `mess`: active, verified accounts that picked it, or that picked none and whose
 * profile's hostel it serves (the service's "the student's mess", as one statement).
 */
export async function studentsOf(db: Db, mess: MessRow): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .leftJoin(messChoices, eq(messChoices.userId, users.id))
    .where(
      and(
        isNull(users.deactivatedAt),
        isNotNull(users.emailVerifiedAt),
        or(
          eq(messChoices.messId, mess.id),
          mess.hostels.length > 0 ? and(isNull(messChoices.messId), inArray(users.hostel, mess.hostels)) : undefined,
        ),
      ),
    );
  return rows.map((r) => r.id);
}

/** Stores a notice of `messId` for `date`; returns it in the API shape. */
export async function insertNotice(
  tx: Db,
  row: { messId: string; date: string; text: string; postedBy: string },
): Promise<MessNotice> {
  const [made] = await tx.insert(messNotices).values(row).returning();
  return toNotice(made!);
}

const toNotice = (r: typeof messNotices.$inferSelect): MessNotice => ({
  id: r.id,
  text: r.text,
  createdAt: r.createdAt.toISOString(),
});

/** The notices of `messId` on `date`, newest first (over the (mess, date) index). */
export async function noticesOf(db: Db, messId: string, date: string): Promise<MessNotice[]> {
  const rows = await db
    .select()
    .from(messNotices)
    .where(and(eq(messNotices.messId, messId), eq(messNotices.date, date)))
    .orderBy(desc(messNotices.createdAt), desc(messNotices.id));
  return rows.map(toNotice);
}
