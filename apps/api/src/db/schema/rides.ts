/**
 * Ride sharing (spec §3, issue 11). `rides.available_seats` is maintained by the join and cancel
 * transactions (conditional updates) and kept between 0 and `total_seats` by a CHECK constraint;
 * `ride_participants` has one row per joined student with a unique (ride, user) pair, so neither
 * overbooking nor a double join can be stored. Indexes serve the list (upcoming rides by departure,
 * by direction, by cost, by seats), "my rides" (creator; participant) and the trigram search in
 * pickup and drop.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { RIDE_DIRECTIONS } from '@campus/contract/rides';
import { idColumn, timestamps, tstz } from './columns.ts';
import { files } from './files.ts';
import { users } from './users.ts';

export const rides = pgTable(
  'rides',
  {
    id: idColumn(),
    /** The creator (API `creatorId`); named `userId` here like every owned record (lib/listing.ts). */
    userId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pickupLocation: text('pickup_location').notNull(),
    dropLocation: text('drop_location').notNull(),
    departureAt: tstz('departure_at').notNull(),
    totalSeats: integer('total_seats').notNull(),
    /** `total_seats` minus the participants; changed only by conditional updates. */
    availableSeats: integer('available_seats').notNull(),
    /** Whole rupees ≥ 0, or null when not given. */
    estimatedCost: integer('estimated_cost'),
    description: text('description').notNull().default(''),
    phoneNumber: text('phone_number').notNull(),
    /** toCollege | fromCollege | other. */
    direction: text('direction', { enum: RIDE_DIRECTIONS }).notNull().default('other'),
    imageFileId: uuid('image_file_id').references(() => files.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check('rides_seats_check', sql`${t.availableSeats} >= 0 AND ${t.availableSeats} <= ${t.totalSeats}`),
    index('rides_departure_idx').on(t.departureAt, t.id),
    index('rides_direction_departure_idx').on(t.direction, t.departureAt),
    index('rides_cost_departure_idx').on(t.estimatedCost, t.departureAt),
    index('rides_seats_departure_idx').on(t.availableSeats, t.departureAt),
    index('rides_creator_departure_idx').on(t.userId, t.departureAt),
    index('rides_pickup_trgm_idx').using('gin', t.pickupLocation.op('gin_trgm_ops')),
    index('rides_drop_trgm_idx').using('gin', t.dropLocation.op('gin_trgm_ops')),
  ],
);

export const rideParticipants = pgTable(
  'ride_participants',
  {
    id: idColumn(),
    rideId: uuid('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: tstz('joined_at').notNull().defaultNow(),
  },
  (t) => [
    unique('ride_participants_ride_user_unique').on(t.rideId, t.userId),
    index('ride_participants_user_idx').on(t.userId),
  ],
);
