/**
 * Ride sharing (docs/product-spec.md §2 "Ride share", §3, §4, §5, §7, §8, §9; docs/design.md §4, §7): constants,
 * messages (declared once), the offer/edit form schemas (JSON or multipart text parts; the photo is
 * the file part `image`), the list query with the spec's filters and sorts, and the ride as the API
 * returns it. Costs are whole rupees (₹); times are ISO 8601 instants; days are the institute's.
 */
import { z } from 'zod';
import {
  absent,
  choice,
  choiceFilter,
  formBoolean,
  isoDate,
  isoDateTime,
  optionalField,
  partialFields,
  requiredText,
  searchText,
  tenDigitContact,
  textInput,
} from './fields.ts';
import { apiPage, apiSuccess, paginationQuery } from './envelope.ts';
import { moderationField } from './reports.ts';
import {
  RIDE_COST_MAX,
  RIDE_DATE_RANGES,
  RIDE_DESCRIPTION_MAX,
  RIDE_DIRECTIONS,
  RIDE_MESSAGES,
  RIDE_PLACE_MAX,
  RIDE_SEATS_MAX,
  RIDE_SEATS_MIN,
  RIDE_SORTS,
  RIDE_STATUSES,
  RIDE_TIME_FRAMES,
  latestDeparture,
} from './rides-ui.ts';

export * from './rides-ui.ts';

const pickupLocation = requiredText(RIDE_PLACE_MAX, {
  required: RIDE_MESSAGES.pickupRequired,
  tooLong: RIDE_MESSAGES.pickupLong,
});
const dropLocation = requiredText(RIDE_PLACE_MAX, {
  required: RIDE_MESSAGES.dropRequired,
  tooLong: RIDE_MESSAGES.dropLong,
});

/**
 * Departure: an ISO 8601 date-time, with an offset (`2026-11-24T14:30:00+05:30` or `…Z`) or without
 * one (`2026-11-24T14:30`, a `datetime-local` value: the API reads it in the institute's time zone
 * before this check); not in the past and at most {@link RIDE_MAX_DAYS_AHEAD} days
 * ahead (checked against the clock of whoever validates: the browser for the form, the
 * server for the request, which decides).
 */
const departureDateTime = isoDateTime({
  required: RIDE_MESSAGES.departureRequired,
  invalid: RIDE_MESSAGES.departureInvalid,
})
  .refine((v) => Date.parse(v) > Date.now(), RIDE_MESSAGES.departurePast)
  .refine((v) => Date.parse(v) <= latestDeparture(), RIDE_MESSAGES.departureTooFar);

/** A whole number from a JSON number or a decimal string (multipart parts, queries); NaN otherwise. */
const wholeInput = (v: unknown) => {
  const t = textInput(v);
  if (typeof t === 'string') return /^-?\d{1,12}(\.\d+)?$/.test(t) ? Number(t) : Number.NaN;
  return t;
};

/** Seats 1–8 (docs/product-spec.md §5, §9). */
const totalSeats = z.preprocess(
  wholeInput,
  z
    .number({ error: RIDE_MESSAGES.seatsMin })
    .int(RIDE_MESSAGES.seatsWhole)
    .min(RIDE_SEATS_MIN, RIDE_MESSAGES.seatsMin)
    .max(RIDE_SEATS_MAX, RIDE_MESSAGES.seatsMax),
);

/** Whole rupees ≥ 0 (docs/product-spec.md §5 "Cost cannot be negative"); empty means no cost. */
const estimatedCost = z.preprocess(
  wholeInput,
  z
    .number({ error: RIDE_MESSAGES.costWhole })
    .min(0, RIDE_MESSAGES.costNegative)
    .int(RIDE_MESSAGES.costWhole)
    .max(RIDE_COST_MAX, RIDE_MESSAGES.costTooHigh),
);

const description = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : absent(v)),
  z.string({ error: RIDE_MESSAGES.descriptionLong }).max(RIDE_DESCRIPTION_MAX, RIDE_MESSAGES.descriptionLong),
);

const phoneNumber = tenDigitContact({ required: RIDE_MESSAGES.phoneRequired, invalid: RIDE_MESSAGES.phoneInvalid });

const direction = choice(RIDE_DIRECTIONS, {
  required: RIDE_MESSAGES.directionInvalid,
  invalid: RIDE_MESSAGES.directionInvalid,
});

/** The fields of the offer form, before the cross-field rule. */
const rideFields = z.object({
  pickupLocation,
  dropLocation,
  departureDateTime,
  totalSeats,
  estimatedCost: optionalField(estimatedCost),
  description: optionalField(description),
  phoneNumber,
  direction: optionalField(direction),
});

/**
 * POST /api/rides fields (docs/product-spec.md §3, §5): pickup, drop, departure (future), seats 1–8, optional cost
 * (₹ ≥ 0), optional description, 10-digit phone, direction (default `other`). A `creatorId` in the
 * body is ignored: the creator is always the caller.
 */
export const createRideBody = rideFields.refine(
  (b) => b.pickupLocation.toLowerCase() !== b.dropLocation.toLowerCase(),
  { message: RIDE_MESSAGES.samePlaces, path: ['dropLocation'] },
);
export type CreateRideBody = z.infer<typeof createRideBody>;

/**
 * PUT /api/rides/{id} fields: partial (docs/design.md §4). `remove_cost=true` clears the cost,
 * `remove_image=true` the photo. Lowering `totalSeats` below the joined students is refused (400).
 * Derived from the offer form's fields, not from `createRideBody`: the same-places rule is on
 * purpose not here, as one of the two places may be the stored one — the API checks it against
 * the merged ride.
 */
export const updateRideBody = partialFields(rideFields).extend({
  remove_cost: optionalField(formBoolean),
  remove_image: optionalField(formBoolean),
});
export type UpdateRideBody = z.infer<typeof updateRideBody>;

const filterChoice = <const T extends readonly [string, ...string[]]>(values: T) =>
  choiceFilter(values, RIDE_MESSAGES.filterInvalid, 'all');

/**
 * GET /api/rides query (docs/product-spec.md §3, §4, §9): `search` (pickup or drop, case-insensitive),
 * `dateRange` (today | tomorrow | week | nextWeek | custom with `startDate`/`endDate` inclusive,
 * `yyyy-MM-dd` in the institute's time zone), `timeFrame` (today | tomorrow), `minSeats` (seats
 * still available), `maxPrice` (₹, rides without a cost do not match), `direction`, `status`
 * (all | open | full), `sortBy` (default dateAsc), `page`/`limit`. `all` or empty means no filter.
 */
export const listRidesQuery = paginationQuery
  .extend({
    search: searchText(),
    dateRange: filterChoice(RIDE_DATE_RANGES),
    startDate: optionalField(isoDate(RIDE_MESSAGES.dateInvalid)),
    endDate: optionalField(isoDate(RIDE_MESSAGES.dateInvalid)),
    timeFrame: filterChoice(RIDE_TIME_FRAMES),
    minSeats: optionalField(
      z.preprocess(
        wholeInput,
        z
          .number({ error: RIDE_MESSAGES.minSeatsInvalid })
          .int(RIDE_MESSAGES.minSeatsInvalid)
          .min(RIDE_SEATS_MIN, RIDE_MESSAGES.minSeatsInvalid)
          .max(RIDE_SEATS_MAX, RIDE_MESSAGES.minSeatsInvalid),
      ),
    ),
    maxPrice: optionalField(
      z.preprocess(
        wholeInput,
        z
          .number({ error: RIDE_MESSAGES.maxPriceInvalid })
          .int(RIDE_MESSAGES.maxPriceInvalid)
          .min(0, RIDE_MESSAGES.maxPriceInvalid)
          .max(RIDE_COST_MAX, RIDE_MESSAGES.costTooHigh),
      ),
    ),
    direction: filterChoice(RIDE_DIRECTIONS),
    status: z.preprocess(
      (v) => absent(v),
      z.enum(RIDE_STATUSES, { error: RIDE_MESSAGES.filterInvalid }).default('all'),
    ),
    sortBy: z.preprocess(
      (v) => absent(v),
      z.enum(RIDE_SORTS, { error: RIDE_MESSAGES.filterInvalid }).default('dateAsc'),
    ),
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
    message: RIDE_MESSAGES.dateOrder,
    path: ['startDate'],
  });
export type ListRidesQuery = z.infer<typeof listRidesQuery>;
/** The query as a client builds it (every key optional). */
export type RideFilters = Partial<ListRidesQuery>;

/** A person on a ride: id, display name (null when the profile has none), absolute avatar URL. */
export const ridePerson = z.object({ id: z.string(), name: z.string().nullable(), avatar: z.string().nullable() });
export type RidePerson = z.infer<typeof ridePerson>;

/** A joined student (docs/product-spec.md §3: "each has a participant object with id"). */
export const rideParticipant = z.object({
  id: z.string(),
  rideId: z.string(),
  userId: z.string(),
  joinedAt: z.string(),
  participant: ridePerson,
});
export type RideParticipant = z.infer<typeof rideParticipant>;

/**
 * A ride as the API returns it (docs/product-spec.md §3 plus the creator): `availableSeats` is derived by the
 * server; `phoneNumber` is the creator's phone for the creator, participants and admins, null for
 * everyone else (`hasPhone` says one exists); `imageUrl` absolute or null; `estimatedCost` ₹ or
 * null; `departureDateTime` ISO 8601 (UTC).
 */
export const ride = z.object({
  id: z.string(),
  creatorId: z.string(),
  pickupLocation: z.string(),
  dropLocation: z.string(),
  departureDateTime: z.string(),
  totalSeats: z.number().int(),
  availableSeats: z.number().int(),
  estimatedCost: z.number().int().nullable(),
  description: z.string(),
  phoneNumber: z.string().nullable(),
  hasPhone: z.boolean(),
  imageUrl: z.string().nullable(),
  imageThumbUrl: z.string().nullable(),
  direction: z.enum(RIDE_DIRECTIONS),
  participants: z.array(rideParticipant),
  /** The creator's display name and avatar (also in `creator`). */
  name: z.string().nullable(),
  avatar: z.string().nullable(),
  creator: ridePerson,
  isFull: z.boolean(),
  hasDeparted: z.boolean(),
  /** Whether the caller has joined. */
  isJoined: z.boolean(),
  /** Shown to the owner and admins only: hidden after reports or removed. */
  moderation: moderationField,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Ride = z.infer<typeof ride>;

export const rideResponse = apiSuccess(ride);
export const rideList = apiPage(ride);
/** Join and cancel answer `data` = the participants (docs/product-spec.md §7). */
export const participantsResponse = apiSuccess(z.array(rideParticipant));

/** Query of GET /api/rides/user/rides: pagination only. */
export const userRidesQuery = paginationQuery;
