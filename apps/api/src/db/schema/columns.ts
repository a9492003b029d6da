/**
 * Column helpers shared by every table: UUIDv7 ids generated in code (docs/design.md §4), timestamptz
 * columns as Date, and bytea as Uint8Array (PGlite returns Uint8Array, node-postgres a Buffer).
 */
import { customType, timestamp, uuid } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';

/** Primary key column `id uuid` defaulting to a fresh UUIDv7 generated in code. */
export const idColumn = () =>
  uuid('id')
    .primaryKey()
    .$defaultFn(() => uuidv7());

/** `timestamptz` column mapped to a JS Date. */
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** `created_at`/`updated_at` pair; `updated_at` changes on every update through Drizzle. */
export const timestamps = {
  createdAt: tstz('created_at').notNull().defaultNow(),
  updatedAt: tstz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdateFn(() => new Date()),
};

/**
 * `tsvector` column (full-text search), read as its text form. Declared with
 * `.generatedAlwaysAs(…)`: the database computes it from the searched fields, so no insert or update
 * writes it.
 */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** `bytea` column read as Uint8Array on both drivers. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (v instanceof Uint8Array ? v : new Uint8Array(v as ArrayBuffer)),
  toDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength)),
});
