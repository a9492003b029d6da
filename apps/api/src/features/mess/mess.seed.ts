/**
 * The messes an install starts with, and the mess menu's demo data (docs/mess.md). Two messes
 * share the institute config's hostels (the first half and the rest), each with the usual four meals
 * and a full North Indian hostel week, installed at start when no mess exists yet, so a fresh
 * install (and the browser suite) has a menu to show; administrators then edit them.
 */
import {
  MESS_DIETS,
  MESS_FEEDBACK_DAYS,
  type Dish,
  type MealSlot,
  type MessDiet,
  type MessMeal,
} from '@campus/contract/mess';
import { count } from 'drizzle-orm';
import { isDatabaseUnavailable } from '../../db/faults.ts';
import { messes, messMenus, type WeekMenu } from '../../db/schema/mess.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { addDays, isoWeekday, todayIn } from '../../lib/dates.ts';

/**
 * A dish from its CSV text: `Egg Curry (egg)`, `Chicken Biryani (non-veg)`, else veg. Null for
 * an empty name.
 */
export function parseDish(text: string): Dish | null {
  const m = /^(.*?)\s*\((veg|egg|non-veg)\)\s*$/i.exec(text.trim());
  const name = (m ? m[1]! : text).trim();
  if (!name) return null;
  const diet = (m ? m[2]!.toLowerCase() : 'veg') as MessDiet;
  return { name, diet: MESS_DIETS.includes(diet) ? diet : 'veg' };
}

/** `dishes` separated by `;` (the CSV's form), each parsed by {@link parseDish}. */
export const dishesOf = (text: string): Dish[] =>
  text
    .split(';')
    .map(parseDish)
    .filter((d): d is Dish => d !== null);

/** The four meals and their usual times. */
export const DEFAULT_MEALS: MealSlot[] = [
  { meal: 'breakfast', start: '07:30', end: '09:30' },
  { meal: 'lunch', start: '12:30', end: '14:30' },
  { meal: 'snacks', start: '17:00', end: '18:00' },
  { meal: 'dinner', start: '19:30', end: '21:30' },
];

/** A North Indian hostel week, Monday first: breakfast, lunch, snacks, dinner. */
const WEEK: Array<[string, string, string, string]> = [
  [
    'Aloo Paratha; Curd; Mango Pickle; Tea',
    'Rajma; Jeera Rice; Roti; Boondi Raita; Salad',
    'Samosa; Green Chutney; Tea',
    'Dal Makhani; Paneer Butter Masala; Butter Roti; Rice; Gulab Jamun',
  ],
  [
    'Poha; Jalebi; Boiled Eggs (egg); Tea',
    'Kadhi Pakora; Rice; Aloo Gobhi; Roti; Salad',
    'Bread Pakora; Tea',
    'Egg Curry (egg); Mix Veg; Dal Tadka; Roti; Rice',
  ],
  [
    'Idli; Sambar; Coconut Chutney; Coffee',
    'Chole; Bhature; Jeera Rice; Onion Salad',
    'Pav Bhaji; Tea',
    'Chicken Curry (non-veg); Shahi Paneer; Dal; Roti; Rice; Kheer',
  ],
  [
    'Methi Paratha; Curd; Omelette (egg); Tea',
    'Dal Fry; Bhindi Masala; Rice; Roti; Salad',
    'Veg Sandwich; Coffee',
    'Kadai Paneer; Dal Makhani; Roti; Jeera Rice; Suji Halwa',
  ],
  [
    'Upma; Banana; Tea',
    'Rajma; Rice; Aloo Matar; Roti; Raita',
    'Aloo Tikki; Tea',
    'Egg Bhurji (egg); Malai Kofta; Dal; Roti; Rice',
  ],
  [
    'Puri; Aloo Sabzi; Tea',
    'Veg Biryani; Mirchi Salan; Raita; Papad',
    'Maggi; Tea',
    'Chole; Kulcha; Rice; Gajar Halwa',
  ],
  [
    'Aloo Paratha; Butter; Curd; Tea',
    'Chicken Biryani (non-veg); Paneer Biryani; Raita; Salad',
    'Samosa; Jalebi; Tea',
    'Dal Makhani; Matar Paneer; Roti; Rice; Ice Cream',
  ],
];

/** The demo week, rotated by `shift` days (the second mess serves the same dishes on other days). */
export function demoWeek(shift = 0): WeekMenu {
  const meals: MessMeal[] = ['breakfast', 'lunch', 'snacks', 'dinner'];
  const week: WeekMenu = {};
  for (let day = 1; day <= 7; day++) {
    const row = WEEK[(day - 1 + shift) % 7]!;
    week[String(day)] = Object.fromEntries(meals.map((meal, i) => [meal, dishesOf(row[i]!)]));
  }
  return week;
}

/**
 * Installs the two default messes and their weekly menus when the `messes` table is empty; a
 * concurrent start that lost the race meets the unique name and stops. The menus are valid from
 * the Monday of the week {@link MESS_FEEDBACK_DAYS} days ago (docs/mess.md "Messes"), so
 * every day a student may rate (`MESS_RATE_DAYS_BACK`) and every day of the managers' feedback
 * page has a menu, whichever weekday the app first starts on.
 */
export async function ensureDefaultMesses(ctx: ServiceContext): Promise<void> {
  const [row] = await ctx.db.select({ n: count() }).from(messes);
  if (Number(row?.n ?? 0) > 0) return;
  const hostels = ctx.config.institute.hostels;
  const half = Math.ceil(hostels.length / 2);
  const today = todayIn(ctx.config.institute.timezone);
  const earliest = addDays(today, -MESS_FEEDBACK_DAYS);
  const monday = addDays(earliest, 1 - isoWeekday(earliest));
  const plan = [
    { name: 'North Mess', hostels: hostels.slice(0, half), meals: DEFAULT_MEALS, week: demoWeek(0) },
    {
      name: 'South Mess',
      hostels: hostels.slice(half),
      meals: DEFAULT_MEALS.map((m) => ({ ...m, start: later(m.start), end: later(m.end) })),
      week: demoWeek(3),
    },
  ];
  await ctx.db.transaction(async (tx) => {
    const made = await tx
      .insert(messes)
      .values(plan.map(({ name, hostels: h, meals }) => ({ name, hostels: h, meals })))
      .onConflictDoNothing()
      .returning({ id: messes.id, name: messes.name });
    if (made.length !== plan.length) return;
    await tx
      .insert(messMenus)
      .values(made.map((m, i) => ({ messId: m.id, validFrom: monday, week: plan[i]!.week })))
      .onConflictDoNothing();
  });
}

/**
 * {@link ensureDefaultMesses} at start-up. A database that is away does not stop the start (the app
 * serves and recovers without it, docs/operations.md): the messes are then installed at the next
 * start, and a warning says so.
 */
export async function ensureDefaultMessesAtStart(ctx: ServiceContext): Promise<void> {
  try {
    await ensureDefaultMesses(ctx);
  } catch (err) {
    if (!isDatabaseUnavailable(err)) throw err;
    ctx.log.warn('the default messes were not checked: the database is away');
  }
}

/** `HH:mm` a quarter of an hour later (the second mess opens 15 minutes after the first). */
function later(time: string): string {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const t = Math.min(h * 60 + m + 15, 23 * 60 + 59);
  return `${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`;
}

/** Demo data of the mess menu (`src/seed.ts`): the default messes and their week. */
export async function seedMessDemo(ctx: ServiceContext): Promise<void> {
  await ensureDefaultMesses(ctx);
}
