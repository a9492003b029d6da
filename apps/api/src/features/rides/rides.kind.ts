/**
 * Rides as a record kind (lib/record-kinds.ts; docs/architecture.md "Building blocks"): named by
 * their route ("Campus → Airport"), soonest first, reported as `ride`, searched in pickup, drop and
 * description; the list shows the ones not yet departed (docs/product-spec.md §5). The rides service builds its
 * owned records on it; search, reports and file access read it from `src/record-kinds.ts`.
 */
import { gt, sql } from 'drizzle-orm';
import { RIDE_MESSAGES, rideRoute } from '@campus/contract/rides';
import { rides } from '../../db/schema/rides.ts';
import { recordKind } from '../../lib/record-kinds.ts';
import { notify } from '../notifications/notifications.service.ts';

/** The rides' kind of record. */
export const rideKind = recordKind({
  kind: 'ride',
  table: rides,
  titleColumns: { pickupLocation: rides.pickupLocation, dropLocation: rides.dropLocation },
  title: (ride) => rideRoute(ride),
  time: rides.departureAt,
  order: 'soonest',
  messages: RIDE_MESSAGES,
  notify,
  browse: (t) => gt(t.departureAt, sql`now()`),
  search: {
    fields: [rides.pickupLocation, rides.dropLocation, rides.description],
    ranked: [rides.pickupLocation, rides.dropLocation],
    shown: { description: rides.description },
    snippet: (hit) => [hit.description, rideRoute(hit)],
  },
});
