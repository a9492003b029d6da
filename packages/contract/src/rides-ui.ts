/**
 * Ride sharing: the constants, labels, texts and small helpers the web app shows (docs/product-spec.md
 * §2 "Ride share", §3, §4, §9), with no zod, so the rides page does not load the schema library at
 * start (docs/decisions/0001-hydration-at-load.md). The schemas are in `./rides.ts`, which
 * re-exports everything here.
 */
import type { RideFilters } from './rides.ts';

/** Seats a ride may offer (docs/product-spec.md §9). */
export const RIDE_SEATS_MIN = 1;
export const RIDE_SEATS_MAX = 8;
/** Rides shown on the page before "Show all" (docs/product-spec.md §9 "Recent lists"). */
export const RECENT_RIDES = 5;
/** Length limits (characters) and the cost cap (₹, a typo guard). */
export const RIDE_PLACE_MAX = 100;
export const RIDE_DESCRIPTION_MAX = 500;
export const RIDE_COST_MAX = 100_000;

/** Which way a ride goes. */
export const RIDE_DIRECTIONS = ['toCollege', 'fromCollege', 'other'] as const;
export type RideDirection = (typeof RIDE_DIRECTIONS)[number];
export const RIDE_DIRECTION_LABELS: Record<RideDirection, string> = {
  toCollege: 'To College',
  fromCollege: 'From College',
  other: 'Other',
};

/** Date filters (docs/product-spec.md §9): `week` = today to the coming Sunday; `nextWeek` = next Monday–Sunday. */
export const RIDE_DATE_RANGES = ['today', 'tomorrow', 'week', 'nextWeek', 'custom'] as const;
export type RideDateRange = (typeof RIDE_DATE_RANGES)[number];
export const RIDE_DATE_RANGE_LABELS: Record<RideDateRange, string> = {
  today: 'Today',
  tomorrow: 'Tomorrow',
  week: 'This Week',
  nextWeek: 'Next Week',
  custom: 'Custom dates',
};
/** The timeFrame filter (docs/product-spec.md §9). */
export const RIDE_TIME_FRAMES = ['today', 'tomorrow'] as const;
export type RideTimeFrame = (typeof RIDE_TIME_FRAMES)[number];
/** Seat status filter; `all` is the default. Full rides stay visible. */
export const RIDE_STATUSES = ['all', 'open', 'full'] as const;
export type RideStatus = (typeof RIDE_STATUSES)[number];
/** Sorts (docs/product-spec.md §9); `dateAsc` (soonest first) is the default. */
export const RIDE_SORTS = ['dateAsc', 'dateDesc', 'priceAsc', 'priceDesc', 'seatsDesc'] as const;
export type RideSort = (typeof RIDE_SORTS)[number];
export const RIDE_SORT_LABELS: Record<RideSort, string> = {
  dateAsc: 'Soonest first',
  dateDesc: 'Latest first',
  priceAsc: 'Cheapest first',
  priceDesc: 'Costliest first',
  seatsDesc: 'Most seats free',
};

/** Rides a list answers when the request names neither `page` nor `limit` (the spec's source returned 50). */
export const RIDES_UNPAGED_LIMIT = 50;

/** How far ahead a departure may be, in days (from now to 1 year ahead). */
export const RIDE_MAX_DAYS_AHEAD = 365;

/** The latest departure instant (ms since the epoch) accepted at `now`: {@link RIDE_MAX_DAYS_AHEAD} days on. */
export function latestDeparture(now: number = Date.now()): number {
  return now + RIDE_MAX_DAYS_AHEAD * 86_400_000;
}

/** Messages of ride sharing: the spec's form texts (§5) and alerts (§8) verbatim, and ours. */
export const RIDE_MESSAGES = {
  // Spec §5 form messages.
  pickupRequired: 'Pickup location is required',
  dropRequired: 'Drop location is required',
  departureRequired: 'Departure time is required',
  departurePast: 'Departure time cannot be in the past',
  seatsMin: 'Total seats must be at least 1',
  seatsMax: 'Maximum 8 seats allowed',
  costNegative: 'Cost cannot be negative',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Please enter a valid 10-digit phone number.',
  // Ours.
  pickupLong: `Pickup location must be at most ${RIDE_PLACE_MAX} characters.`,
  dropLong: `Drop location must be at most ${RIDE_PLACE_MAX} characters.`,
  samePlaces: 'Pickup and drop locations must be different.',
  departureInvalid: 'Please enter a valid departure date and time.',
  departureTooFar: 'Departure time cannot be more than 1 year ahead',
  seatsWhole: 'Total seats must be a whole number.',
  costWhole: 'Cost must be a whole number of rupees.',
  // RIDE_COST_MAX as en-IN prints it (written out, as priceTooHigh in marketplace-ui.ts).
  costTooHigh: 'Cost must be at most ₹1,00,000.',
  descriptionLong: `Description must be at most ${RIDE_DESCRIPTION_MAX} characters.`,
  directionInvalid: 'Please choose To College, From College or Other.',
  filterInvalid: 'Invalid filter value.',
  dateInvalid: 'Please enter a date in yyyy-MM-dd format.',
  dateOrder: 'The start date cannot be after the end date.',
  minSeatsInvalid: `Minimum seats must be a whole number from ${RIDE_SEATS_MIN} to ${RIDE_SEATS_MAX}.`,
  maxPriceInvalid: 'Maximum cost must be a whole number of rupees, 0 or more.',
  seatsBelowJoined: (joined: number) =>
    `Total seats cannot be fewer than the ${joined} ${joined === 1 ? 'student who has' : 'students who have'} joined.`,
  notFound: 'Ride not found',
  forbidden: 'Only the ride’s creator can change this ride.',
  full: 'This ride is full.',
  alreadyJoined: 'You have already joined this ride.',
  ownRide: 'You cannot join your own ride.',
  creatorCannotLeave: 'You created this ride: delete it instead of leaving.',
  notJoined: 'You have not joined this ride.',
  departed: 'This ride has already departed.',
  created: 'Ride offered successfully!',
  updated: 'Ride updated successfully!',
  deleted: 'Ride deleted successfully!',
  joined: 'You joined the ride!',
  left: 'You left the ride.',
  // Spec §8 alerts and load failure.
  failedJoin: 'Failed to join ride.',
  failedCancel: 'Failed to cancel join.',
  failedDelete: 'Failed to delete ride.',
  failedSave: 'Failed to save ride.',
  errorLoading: 'Error Loading Rides',
  tryAgain: 'Try Again',
  loading: 'Loading rides...',
  empty: 'No rides found',
  // Notifications (docs/design.md §7); `route` is e.g. "Railway Station → IIIT Sonepat Campus", `when` a local time.
  noticeJoined: (name: string, route: string, when: string) => `${name} joined your ride ${route} on ${when}.`,
  noticeLeft: (name: string, route: string, when: string) => `${name} left your ride ${route} on ${when}.`,
  noticeChanged: (route: string, when: string) => `A ride you joined changed: now ${route} on ${when}.`,
  noticeDeleted: (route: string, when: string) =>
    `The ride ${route} on ${when} you joined was cancelled by its creator.`,
  adminDeleted: (route: string) => `An administrator removed your ride ${route}.`,
} as const;

/** "A → B", the title of a ride everywhere (cards, dialogs, notifications). */
export const rideRoute = (ride: { pickupLocation: string; dropLocation: string }) =>
  `${ride.pickupLocation} → ${ride.dropLocation}`;

/**
 * Cost per head in whole rupees (rounded up) when the ride is full: the creator plus every seat
 * share `estimatedCost`. Null when the ride has no cost.
 */
export function costPerHead(ride: { estimatedCost: number | null; totalSeats: number }): number | null {
  return ride.estimatedCost === null ? null : Math.ceil(ride.estimatedCost / (ride.totalSeats + 1));
}

/**
 * The active-filter count (docs/product-spec.md §4, read literally): every filter of docs/product-spec.md §3 other than `sortBy`
 * that is set and not `all` (so a custom range's `startDate` and `endDate` count too), plus one for
 * a search term.
 */
export function activeRideFilterCount(filters: RideFilters): number {
  let n = 0;
  const keys = [
    'status',
    'timeFrame',
    'dateRange',
    'minSeats',
    'maxPrice',
    'direction',
    'startDate',
    'endDate',
  ] as const;
  for (const key of keys) {
    const v = filters[key];
    if (v !== undefined && v !== null && v !== '' && v !== 'all') n += 1;
  }
  if (typeof filters.search === 'string' && filters.search.trim()) n += 1;
  return n;
}
