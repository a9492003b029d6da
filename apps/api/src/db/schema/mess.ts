/**
 * The mess menu (docs/mess.md). `messes`: a name, the hostels it serves (names of the institute
 * config, each served by at most one mess — the service checks) and its meals with times.
 * `mess_menus`: a weekly cycle (ISO weekday → meal → dishes) valid from a date; the cycle in force
 * on a day is the one with the latest `valid_from` on or before it. `mess_days`: a one-day
 * override (closed, a note, meals replaced). `mess_choices`: the mess a student picked.
 * `mess_audit`: who changed what.
 */
import { boolean, date, index, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Dish, MealSlot, MessMeal } from '@campus/contract/mess';
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
