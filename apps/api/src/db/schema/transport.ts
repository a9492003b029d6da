/**
 * Campus transport (docs/architecture.md "Features in detail": Transport): a route's stops are
 * place ids in order (GIN-indexed, for the routes that serve a stop); its trips `{ days,
 * departures }` one departure per stop. `transport_audit` keeps each administrator's save.
 */
import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, timestamps, tstz } from './columns.ts';
import { users } from './users.ts';

export const transportRoutes = pgTable(
  'transport_routes',
  {
    id: idColumn(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    stops: uuid('stops').array().notNull(),
    trips: jsonb('trips').$type<Array<{ days: string; departures: string[] }>>().notNull().default([]),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('transport_routes_slug_idx').on(t.slug),
    index('transport_routes_stops_idx').using('gin', t.stops),
  ],
);

export const transportAudit = pgTable(
  'transport_audit',
  {
    id: idColumn(),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    route: text('route').notNull(),
    before: jsonb('before'),
    after: jsonb('after').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('transport_audit_created_idx').on(t.createdAt)],
);
