/**
 * Skill exchange (docs/product-spec.md §3). `skills` holds one row per canonical skill, unique by its
 * comparison key (`name_key` = trimmed, spaces collapsed, lower-cased; contract `skillKey`), so
 * `Python` and `python` are one skill; `skill_aliases` maps further keys (`js`, `ml`) to a
 * canonical skill (seeded with common skills in their own migration). `user_skills` is one row per
 * (user, skill, type), unique, so a duplicate cannot be stored. `skill_requests` carries the
 * request state machine; a partial unique index allows one *pending* request per (sender,
 * recipient, skill), which makes the 409 race-safe. Indexes serve matching (skill + type), my
 * skills (user) and the inbox (recipient or sender, newest first). `skills.search_vector` (generated
 * by the database, `simple` configuration) and a trigram index on the name serve campus-wide search
 * for teachers of a skill.
 */
import { SKILL_REQUEST_STATUSES, SKILL_TYPES } from '@campus/contract/skill-exchange';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, timestamps, tstz, tsvector } from './columns.ts';
import { users } from './users.ts';

export const skills = pgTable(
  'skills',
  {
    id: idColumn(),
    /** Display name (trimmed, inner spaces collapsed; case as first added or seeded). */
    name: text('name').notNull(),
    /** Comparison key: lower-cased display name (contract `skillKey`). */
    nameKey: text('name_key').notNull(),
    /** Full-text search document of the name, kept by the database. */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, "name")`),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  // The key also orders the dropdown (lower-cased name): one index for lookups and the list.
  (t) => [
    uniqueIndex('skills_name_key_uq').on(t.nameKey),
    index('skills_search_idx').using('gin', t.searchVector),
    index('skills_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

export const skillAliases = pgTable('skill_aliases', {
  /** Comparison key of the alias (`js`, `ml`, `golang`). */
  aliasKey: text('alias_key').primaryKey(),
  skillId: uuid('skill_id')
    .notNull()
    .references(() => skills.id, { onDelete: 'cascade' }),
});

export const userSkills = pgTable(
  'user_skills',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    skillId: uuid('skill_id')
      .notNull()
      .references(() => skills.id, { onDelete: 'cascade' }),
    /** teach | learn. */
    type: text('type', { enum: SKILL_TYPES }).notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('user_skills_type_check', sql`${t.type} IN ('teach', 'learn')`),
    unique('user_skills_user_skill_type_unique').on(t.userId, t.skillId, t.type),
    index('user_skills_skill_type_idx').on(t.skillId, t.type),
  ],
);

export const skillRequests = pgTable(
  'skill_requests',
  {
    id: idColumn(),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    skillId: uuid('skill_id')
      .notNull()
      .references(() => skills.id, { onDelete: 'cascade' }),
    message: text('message').notNull().default(''),
    /** The sender's WhatsApp number, shown to the recipient once accepted. */
    senderPhone: text('sender_phone'),
    /** The recipient's WhatsApp number (given when accepting), shown to the sender. */
    recipientPhone: text('recipient_phone'),
    /** pending | accepted | declined | cancelled. */
    status: text('status', { enum: SKILL_REQUEST_STATUSES }).notNull().default('pending'),
    respondedAt: tstz('responded_at'),
    ...timestamps,
  },
  (t) => [
    check('skill_requests_status_check', sql`${t.status} IN ('pending', 'accepted', 'declined', 'cancelled')`),
    check('skill_requests_not_self_check', sql`${t.senderId} <> ${t.recipientId}`),
    uniqueIndex('skill_requests_pending_uq')
      .on(t.senderId, t.recipientId, t.skillId)
      .where(sql`${t.status} = 'pending'`),
    index('skill_requests_recipient_created_idx').on(t.recipientId, t.createdAt),
    index('skill_requests_sender_created_idx').on(t.senderId, t.createdAt),
  ],
);
