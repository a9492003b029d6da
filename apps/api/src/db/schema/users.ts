/**
 * Users, sessions and e-mail tokens (docs/product-spec.md §3, docs/design.md §5).
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, timestamps, tstz } from './columns.ts';
import { files } from './files.ts';

export const users = pgTable(
  'users',
  {
    id: idColumn(),
    /** Lower-cased institute address (docs/design.md §5). */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name'),
    username: text('username').notNull(),
    branch: text('branch'),
    semester: text('semester'),
    hostel: text('hostel'),
    graduationYear: integer('graduation_year').notNull().default(2025),
    registrationNumber: text('registration_number'),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    avatarFileId: uuid('avatar_file_id').references(() => files.id, { onDelete: 'set null' }),
    emailVerifiedAt: tstz('email_verified_at'),
    deactivatedAt: tstz('deactivated_at'),
    /**
     * When the first profile save of a branch and semester enrolled the student in the catalogue's
     * subjects of both; set once, so a later save never enrols again.
     */
    defaultEnrolledAt: tstz('default_enrolled_at'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email),
    uniqueIndex('users_username_uq').on(t.username),
    index('users_created_at_idx').on(t.createdAt),
  ],
);

/** Server-side sessions: only the SHA-256 of the cookie token is stored (docs/design.md §5). */
export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 hex of the 256-bit session token. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
    lastSeenAt: tstz('last_seen_at').notNull().defaultNow(),
    /** Absolute expiry (60 days after creation). */
    expiresAt: tstz('expires_at').notNull(),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Single-use e-mail tokens for verification and password reset, stored hashed (docs/design.md §5). */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `reset`: a password-reset link; `signin`: a step-up sign-in link; `verify`: legacy. */
    purpose: text('purpose', { enum: ['verify', 'reset', 'signin'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_tokens_hash_uq').on(t.tokenHash), index('user_tokens_user_idx').on(t.userId)],
);

/**
 * One row per sign-up attempt for an unverified address (docs/design.md §5 "no squatting, no takeover"):
 * the password chosen in that attempt (argon2id hash) and the SHA-256 of its own 24-hour link
 * token. Verifying needs the token and that same password; it then copies the hash to the user,
 * and `used_at` ends this attempt's and every other attempt's link. A sign-up never touches
 * `users.password_hash` of an existing account. A row without `password_hash` is a link sent by
 * `resend-verification`: whoever opens it chooses the password on verifying.
 */
export const signupAttempts = pgTable(
  'signup_attempts',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    passwordHash: text('password_hash'),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    /** Set when this attempt was verified, or ended because another one was (or a reset verified the address). */
    usedAt: tstz('used_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('signup_attempts_token_hash_uq').on(t.tokenHash), index('signup_attempts_user_idx').on(t.userId)],
);

/**
 * Server-side secrets created on first use and shared by every instance: `signing` signs
 * the device cookies and sign-in links (a key derived per use). Deleting a row rotates that secret
 * (every device becomes untrusted, every sign-in link invalid).
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
});
