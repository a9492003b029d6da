/**
 * The mess menu (docs/mess.md). `messes`: a name, the hostels it serves (names of the institute
 * config, each served by at most one mess — the service checks) and its meals with times.
 * `mess_menus`: a weekly cycle (ISO weekday → meal → dishes) valid from a date; the cycle in force
 * on a day is the one with the latest `valid_from` on or before it. `mess_days`: a one-day
 * override (closed, a note, meals replaced). `mess_choices`: the mess a student picked.
 * `mess_audit`: who changed what. `mess_managers`: who edits a mess besides administrators.
 * `mess_ratings`: one per student, mess, day and meal, with the dishes it was given to;
 * `mess_dish_days` and `mess_meal_days`: per-day sums and counts kept in the rating's transaction,
 * so an average reads at most 30 rows per dish (docs/decisions/0600-mess-rating-aggregate.md).
 * `mess_notices`: the managers' same-day notices to the mess's students.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { MESS_MEALS, type Dish, type MealSlot, type MessMeal } from '@campus/contract/mess';
import { idColumn, timestamps, tstz } from './columns.ts';
import { users } from './users.ts';

/** A week of menus: ISO weekday (`'1'` = Monday … `'7'`) → meal → dishes in serving order. */
export type WeekMenu = Record<string, Partial<Record<MessMeal, Dish[]>>>;

export const messes = pgTable(
  'messes',
  {
    id: idColumn(),
    name: text('name').notNull(),
    hostels: jsonb('hostels').$type<string[]>().notNull(),
    /** The meals in serving order, times `HH:mm` in the institute's zone. */
    meals: jsonb('meals').$type<MealSlot[]>().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('messes_name_uq').on(t.name)],
);

export const messMenus = pgTable(
  'mess_menus',
  {
    id: idColumn(),
    messId: uuid('mess_id')
      .notNull()
      .references(() => messes.id, { onDelete: 'cascade' }),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    week: jsonb('week').$type<WeekMenu>().notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('mess_menus_mess_valid_from_uq').on(t.messId, t.validFrom)],
);

export const messDays = pgTable(
  'mess_days',
  {
    messId: uuid('mess_id')
      .notNull()
      .references(() => messes.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    closed: boolean('closed').notNull().default(false),
    note: text('note'),
    /** Meals replaced on that day (the others follow the cycle); null when only a note or closed. */
    meals: jsonb('meals').$type<Partial<Record<MessMeal, Dish[]>>>(),
    ...timestamps,
  },
  (t) => [primaryKey({ name: 'mess_days_pk', columns: [t.messId, t.date] })],
);

export const messChoices = pgTable('mess_choices', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  messId: uuid('mess_id')
    .notNull()
    .references(() => messes.id, { onDelete: 'cascade' }),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

export const messAudit = pgTable(
  'mess_audit',
  {
    id: idColumn(),
    messId: uuid('mess_id').references(() => messes.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** `create`, `update`, `menu`, `import`, `day`, `managers` … */
    action: text('action').notNull(),
    detail: jsonb('detail'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('mess_audit_mess_created_idx').on(t.messId, t.createdAt)],
);

export const messManagers = pgTable(
  'mess_managers',
  {
    messId: uuid('mess_id')
      .notNull()
      .references(() => messes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'mess_managers_pk', columns: [t.messId, t.userId] }),
    index('mess_managers_user_idx').on(t.userId),
  ],
);

export const messRatings = pgTable(
  'mess_ratings',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messId: uuid('mess_id')
      .notNull()
      .references(() => messes.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    meal: text('meal', { enum: MESS_MEALS }).notNull(),
    stars: smallint('stars').notNull(),
    comment: text('comment'),
    /** The dishes the stars went to (their per-day rows), so a changed rating moves exactly those. */
    dishes: jsonb('dishes').$type<string[]>().notNull(),
    ...timestamps,
  },
  (t) => [
    check('mess_ratings_stars_check', sql`${t.stars} BETWEEN 1 AND 5`),
    uniqueIndex('mess_ratings_user_mess_date_meal_uq').on(t.userId, t.messId, t.date, t.meal),
    index('mess_ratings_comments_idx')
      .on(t.messId, t.updatedAt.desc(), t.id.desc())
      .where(sql`${t.comment} IS NOT NULL`),
  ],
);

/** Per mess, dish (by name) and day: the sum of stars and the number of ratings. */
export const messDishDays = pgTable(
  'mess_dish_days',
  {
    messId: uuid('mess_id')
      .notNull()
      .references(() => messes.id, { onDelete: 'cascade' }),
    dish: text('dish').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    starsSum: integer('stars_sum').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ name: 'mess_dish_days_pk', columns: [t.messId, t.dish, t.date] })],
);

/** Per mess, day and meal: the sum of stars and the number of ratings. */
export const messMealDays = pgTable(
  'mess_meal_days',
  {
    messId: uuid('mess_id')
      .notNull()
      .references(() => messes.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    meal: text('meal', { enum: MESS_MEALS }).notNull(),
    starsSum: integer('stars_sum').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ name: 'mess_meal_days_pk', columns: [t.messId, t.date, t.meal] })],
);

/**
 * A same-day notice of a mess's managers (or an administrator) to its students ("Dinner delayed to
 * 20:30"): shown on `/mess` on the day it was posted (`date`, the institute's), sent to the bell
 * and by push (category `mess`). `posted_by` is kept for the poster's data download and set null
 * when they are erased.
 */
export const messNotices = pgTable(
  'mess_notices',
  {
    id: idColumn(),
    messId: uuid('mess_id')
      .notNull()
      .references(() => messes.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    text: text('text').notNull(),
    postedBy: uuid('posted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('mess_notices_mess_date_idx').on(t.messId, t.date), index('mess_notices_posted_by_idx').on(t.postedBy)],
);
