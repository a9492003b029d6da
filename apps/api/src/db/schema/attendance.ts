/**
 * Attendance and enrollment (docs/product-spec.md §3). `subjects` is the catalogue (unique code; a
 * subject with enrollments cannot be removed: the enrollment FK restricts); its ids are integers
 * (an identity column: the catalogue exception to UUIDv7 ids, docs/design.md §4). `enrollments` holds one
 * row per (user, subject). `attendance_records` may hold several rows per subject per day (labs,
 * extra classes; docs/design.md §8) and references its enrollment by (user, subject), so a record can only
 * exist for an enrolled subject (unenrolling deletes the records and the enrollment in one
 * transaction; the FK cascades as a backstop, e.g. when a user is deleted).
 * `attendance_targets` stores a student's own target (75–95) when it differs from the institute's.
 * Indexes serve the per-student aggregates (user, subject, status), the day's records and the
 * catalogue filters.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ATTENDANCE_STATUSES, CLASS_CHANGE_KINDS } from '@campus/contract/attendance';
import { idColumn, timestamps, tstz } from './columns.ts';
import { users } from './users.ts';

export const subjects = pgTable(
  'subjects',
  {
    /** Integer identity: clients of the spec compare subject ids as numbers. */
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** Upper-case course code, unique: `CS201`. */
    code: text('code').notNull(),
    /** One of the institute config's branches. */
    branch: text('branch').notNull(),
    /** One of the institute config's semesters (`First` … `Eighth`). */
    semester: text('semester').notNull(),
    credits: integer('credits').notNull().default(4),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('subjects_code_uq').on(t.code),
    index('subjects_branch_semester_idx').on(t.branch, t.semester, t.code),
    index('subjects_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

export const enrollments = pgTable(
  'enrollments',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'restrict' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('enrollments_user_subject_unique').on(t.userId, t.subjectId),
    index('enrollments_subject_idx').on(t.subjectId),
  ],
);

export const attendanceRecords = pgTable(
  'attendance_records',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subjectId: integer('subject_id').notNull(),
    /** The class day, in the institute's time zone. */
    date: date('date', { mode: 'string' }).notNull(),
    /** Present | Absent. */
    status: text('status', { enum: ATTENDANCE_STATUSES }).notNull(),
    markedAt: tstz('marked_at').notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    check('attendance_records_status_check', sql`${t.status} IN ('Present', 'Absent')`),
    foreignKey({
      name: 'attendance_records_enrollment_fk',
      columns: [t.userId, t.subjectId],
      foreignColumns: [enrollments.userId, enrollments.subjectId],
    }).onDelete('cascade'),
    index('attendance_records_user_subject_status_idx').on(t.userId, t.subjectId, t.status),
    index('attendance_records_user_subject_date_idx').on(t.userId, t.subjectId, t.date, t.markedAt),
  ],
);

export const attendanceTargets = pgTable('attendance_targets', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  target: smallint('target').notNull(),
  ...timestamps,
});

/**
 * A student's changes to their week (docs/attendance-outlook.md): an `extra` class of an enrolled
 * subject on a date (start and end), or a timetable class `cancelled` on a date (named by its
 * start). They count in that student's own schedule only. One row per (user, subject, date, start).
 */
export const classChanges = pgTable(
  'class_changes',
  {
    id: idColumn(),
    userId: uuid('user_id').notNull(),
    subjectId: integer('subject_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: CLASS_CHANGE_KINDS }).notNull(),
    /** `HH:mm` in the institute's time zone. */
    startsAt: text('starts_at').notNull(),
    /** `HH:mm`; null for a cancelled class (the timetable's end applies). */
    endsAt: text('ends_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('class_changes_kind_check', sql`${t.kind} IN ('extra', 'cancelled')`),
    foreignKey({
      name: 'class_changes_enrollment_fk',
      columns: [t.userId, t.subjectId],
      foreignColumns: [enrollments.userId, enrollments.subjectId],
    }).onDelete('cascade'),
    uniqueIndex('class_changes_user_subject_date_start_uq').on(t.userId, t.subjectId, t.date, t.startsAt),
    index('class_changes_user_date_idx').on(t.userId, t.date),
  ],
);

/**
 * The timetable as administrators saved it (docs/attendance-outlook.md): one row per setting,
 * `terms`, `days-off` or `classes:<branch>|<semester>`, whose JSON `value` overrides the institute
 * config's default of that setting; the config file stays the default for every key without a row.
 */
export const timetableSettings = pgTable('timetable_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/** The audit trail of the timetable: one row per administrator's save, with the value before and after. */
export const timetableAudit = pgTable(
  'timetable_audit',
  {
    id: idColumn(),
    key: text('key').notNull(),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    before: jsonb('before'),
    after: jsonb('after').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('timetable_audit_created_idx').on(t.createdAt)],
);
