/**
 * Events and clubs (docs/architecture.md "Features in detail", Events and clubs): the club and
 * event shapes the API returns, the post/edit form schemas (JSON or multipart text parts; the
 * poster is the file part `image`), the feed query, the RSVP body and the administrator's club
 * bodies. Times are ISO 8601 instants; the feed's groups are the institute's days.
 */
import { z } from 'zod';
import {
  absent,
  choice,
  choiceFilter,
  formBoolean,
  isoDateTime,
  optionalField,
  requiredText,
  searchText,
  textInput,
} from './fields.ts';
import { apiPage, apiSuccess, paginationQuery } from './envelope.ts';
import { moderationField } from './reports.ts';
import {
  CLUB_CATEGORIES,
  CLUB_COORDINATORS_MAX,
  CLUB_DESCRIPTION_MAX,
  CLUB_MESSAGES,
  CLUB_NAME_MAX,
  CLUB_SLUG,
  CLUB_SLUG_MAX,
  EVENT_CAPACITY_MAX,
  EVENT_DESCRIPTION_MAX,
  EVENT_GROUPS,
  EVENT_MAX_DAYS_AHEAD,
  EVENT_MESSAGES,
  EVENT_TITLE_MAX,
  EVENT_URL_MAX,
  EVENT_VENUE_MAX,
  EVENT_WHEN,
  RSVP_STATUSES,
} from './events-ui.ts';

export * from './events-ui.ts';

const DAY_MS = 86_400_000;

const title = requiredText(EVENT_TITLE_MAX, {
  required: EVENT_MESSAGES.titleRequired,
  tooLong: EVENT_MESSAGES.titleLong,
});
const venue = requiredText(EVENT_VENUE_MAX, {
  required: EVENT_MESSAGES.venueRequired,
  tooLong: EVENT_MESSAGES.venueLong,
});
const description = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : absent(v)),
  z.string({ error: EVENT_MESSAGES.descriptionLong }).max(EVENT_DESCRIPTION_MAX, EVENT_MESSAGES.descriptionLong),
);
const startsAt = isoDateTime({ required: EVENT_MESSAGES.startRequired, invalid: EVENT_MESSAGES.startInvalid }).refine(
  (v) => Date.parse(v) <= Date.now() + EVENT_MAX_DAYS_AHEAD * DAY_MS,
  EVENT_MESSAGES.startTooFar,
);
const endsAt = isoDateTime({ required: EVENT_MESSAGES.endRequired, invalid: EVENT_MESSAGES.endInvalid }).refine(
  (v) => Date.parse(v) <= Date.now() + (EVENT_MAX_DAYS_AHEAD + 30) * DAY_MS,
  EVENT_MESSAGES.endInvalid,
);

/** A registration link: an absolute `https://` URL (no other scheme), at most {@link EVENT_URL_MAX} characters. */
const registrationUrl = z.preprocess(
  textInput,
  z
    .string({ error: EVENT_MESSAGES.urlInvalid })
    .max(EVENT_URL_MAX, EVENT_MESSAGES.urlInvalid)
    .refine((v) => {
      try {
        const u = new URL(v);
        return u.protocol === 'https:' && u.hostname.length > 0;
      } catch {
        return false;
      }
    }, EVENT_MESSAGES.urlInvalid),
);

/** A whole number 1–{@link EVENT_CAPACITY_MAX} from a JSON number or a decimal string. */
const capacity = z.preprocess(
  (v) => {
    const t = textInput(v);
    return typeof t === 'string' ? (/^\d{1,9}$/.test(t) ? Number(t) : Number.NaN) : t;
  },
  z
    .number({ error: EVENT_MESSAGES.capacityInvalid })
    .int(EVENT_MESSAGES.capacityInvalid)
    .min(1, EVENT_MESSAGES.capacityInvalid)
    .max(EVENT_CAPACITY_MAX, EVENT_MESSAGES.capacityInvalid),
);

const clubId = z.preprocess(textInput, z.uuid({ error: EVENT_MESSAGES.clubRequired }));

/** The fields of the post form, before the cross-field rules. */
const eventFields = z.object({
  clubId,
  title,
  startsAt,
  endsAt,
  venue,
  description: optionalField(description),
  registrationUrl: optionalField(registrationUrl),
  capacity: optionalField(capacity),
});

/**
 * POST /api/events fields: the club (one the caller coordinates, or any for an admin), title,
 * start (in the future) and end (after the start), venue, optional description, https
 * registration link and capacity. The poster is the multipart file part `image`.
 */
export const createEventBody = eventFields
  .refine((b) => Date.parse(b.startsAt) > Date.now(), { message: EVENT_MESSAGES.startPast, path: ['startsAt'] })
  .refine((b) => Date.parse(b.endsAt) > Date.parse(b.startsAt), {
    message: EVENT_MESSAGES.endBeforeStart,
    path: ['endsAt'],
  });
export type CreateEventBody = z.infer<typeof createEventBody>;

/**
 * PATCH /api/events/{id} fields: partial; the club cannot change. `cancelled=true` cancels the event
 * (everyone who answered is told); `remove_image`, `remove_url`, `remove_capacity` clear those. The
 * end-after-start rule is checked by the API against the merged event.
 */
export const updateEventBody = z.object({
  title: optionalField(title),
  startsAt: optionalField(startsAt),
  endsAt: optionalField(endsAt),
  venue: optionalField(venue),
  description: optionalField(description),
  registrationUrl: optionalField(registrationUrl),
  capacity: optionalField(capacity),
  cancelled: optionalField(formBoolean),
  remove_image: optionalField(formBoolean),
  remove_url: optionalField(formBoolean),
  remove_capacity: optionalField(formBoolean),
});
export type UpdateEventBody = z.infer<typeof updateEventBody>;

/** GET /api/events query: `when` (upcoming, the default, or past), `club` (a slug), `category`, `q`, `page`, `limit`. */
export const listEventsQuery = paginationQuery.extend({
  when: z.preprocess((v) => absent(v), z.enum(EVENT_WHEN, { error: EVENT_MESSAGES.filterInvalid }).default('upcoming')),
  club: z.preprocess(textInput, z.string().max(CLUB_SLUG_MAX, EVENT_MESSAGES.filterInvalid).optional()),
  category: choiceFilter(CLUB_CATEGORIES, EVENT_MESSAGES.filterInvalid, 'all'),
  q: searchText(),
});
export type ListEventsQuery = z.infer<typeof listEventsQuery>;
export type EventFilters = Partial<ListEventsQuery>;

/** PUT /api/events/{id}/rsvp body. */
export const rsvpBody = z.object({
  status: choice(RSVP_STATUSES, { required: EVENT_MESSAGES.rsvpInvalid, invalid: EVENT_MESSAGES.rsvpInvalid }),
});
export type RsvpBody = z.infer<typeof rsvpBody>;

/** A club as an event names it. */
export const clubRef = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  category: z.enum(CLUB_CATEGORIES),
});
export type ClubRef = z.infer<typeof clubRef>;

/**
 * An event as the API returns it: `group` is its place in the feed (today, this week, later — the
 * institute's days — or past); `myRsvp` the caller's answer; `canManage` whether the caller may
 * edit, cancel or delete it (a coordinator of its club or an admin); `cancelledAt` set once cancelled.
 */
export const event = z.object({
  id: z.string(),
  /** Who posted it (its owner as a record: a report names them). */
  posterId: z.string(),
  club: clubRef,
  title: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  venue: z.string(),
  /**
   * The campus directory's place the venue names — its name or one of its aliases, case aside —
   * opened on the campus map (`/map/{slug}`); null when the venue is no place of the directory.
   */
  venuePlace: z.object({ slug: z.string(), name: z.string() }).nullable(),
  description: z.string(),
  registrationUrl: z.string().nullable(),
  capacity: z.number().int().nullable(),
  goingCount: z.number().int(),
  interestedCount: z.number().int(),
  imageUrl: z.string().nullable(),
  imageThumbUrl: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  group: z.enum(EVENT_GROUPS),
  myRsvp: z.enum(RSVP_STATUSES),
  canManage: z.boolean(),
  moderation: moderationField,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CampusEvent = z.infer<typeof event>;
export const eventResponse = apiSuccess(event);
export const eventList = apiPage(event);

/** One student on an event's Going list (its coordinators and admins see it). */
export const attendee = z.object({ userId: z.string(), name: z.string().nullable(), email: z.string() });
export type Attendee = z.infer<typeof attendee>;
export const attendeesResponse = apiSuccess(z.array(attendee));
/** The RSVP answer: the event with the new counts. */
export const rsvpResponse = eventResponse;

/** A club in the list. */
export const club = clubRef.extend({
  description: z.string(),
  logoUrl: z.string().nullable(),
  followerCount: z.number().int(),
  isFollowing: z.boolean(),
  /** Whether the caller coordinates it (may post its events). */
  isCoordinator: z.boolean(),
});
export type Club = z.infer<typeof club>;
export const clubList = apiPage(club);

/** A club's page: the club, its coordinators and its upcoming events. */
export const clubDetail = club.extend({
  coordinators: z.array(z.object({ userId: z.string(), name: z.string().nullable() })),
  upcoming: z.array(event),
});
export type ClubDetail = z.infer<typeof clubDetail>;
export const clubDetailResponse = apiSuccess(clubDetail);
export const clubResponse = apiSuccess(club);

/** GET /api/clubs query: `category`, `page`, `limit`. */
export const listClubsQuery = paginationQuery.extend({
  category: choiceFilter(CLUB_CATEGORIES, EVENT_MESSAGES.filterInvalid, 'all'),
});
export type ListClubsQuery = z.infer<typeof listClubsQuery>;

/** The club slug in a path (a malformed one answers 404 like an unknown one). */
export const clubParams = z.object({ slug: z.string().max(200) });

const clubName = requiredText(CLUB_NAME_MAX, { required: CLUB_MESSAGES.nameRequired, tooLong: CLUB_MESSAGES.nameLong });
const clubSlug = z.preprocess(
  textInput,
  z
    .string({ error: CLUB_MESSAGES.slugInvalid })
    .max(CLUB_SLUG_MAX, CLUB_MESSAGES.slugInvalid)
    .regex(CLUB_SLUG, CLUB_MESSAGES.slugInvalid),
);
const clubCategory = choice(CLUB_CATEGORIES, {
  required: CLUB_MESSAGES.categoryInvalid,
  invalid: CLUB_MESSAGES.categoryInvalid,
});
const clubDescription = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : absent(v)),
  z.string({ error: CLUB_MESSAGES.descriptionLong }).max(CLUB_DESCRIPTION_MAX, CLUB_MESSAGES.descriptionLong),
);

/** POST /api/admin/clubs: name, slug, category, description (the logo is the multipart file part `image`). */
export const createClubBody = z.object({
  name: clubName,
  slug: clubSlug,
  category: clubCategory,
  description: optionalField(clubDescription),
});
export type CreateClubBody = z.infer<typeof createClubBody>;

/** PATCH /api/admin/clubs/{slug}: partial; the slug stays. */
export const updateClubBody = z.object({
  name: optionalField(clubName),
  category: optionalField(clubCategory),
  description: optionalField(clubDescription),
  remove_image: optionalField(formBoolean),
});
export type UpdateClubBody = z.infer<typeof updateClubBody>;

/** PUT /api/admin/clubs/{slug}/coordinators: the coordinators' e-mails (replaces the list). */
export const coordinatorsBody = z.object({
  emails: z
    .array(z.string().trim().toLowerCase().max(254), { error: CLUB_MESSAGES.coordinatorUnknown('') })
    .max(CLUB_COORDINATORS_MAX, CLUB_MESSAGES.tooManyCoordinators),
});
export type CoordinatorsBody = z.infer<typeof coordinatorsBody>;

/** A coordinator as an administrator sees it (with the e-mail the coordinators list is saved by). */
export const adminCoordinator = z.object({ userId: z.string(), name: z.string().nullable(), email: z.string() });
export type AdminCoordinator = z.infer<typeof adminCoordinator>;
/** GET and PUT /api/admin/clubs/{slug}/coordinators answer. */
export const adminCoordinatorsResponse = apiSuccess(z.array(adminCoordinator));

/** `POST /api/admin/clubs/import`: the CSV text (header `CLUB_CSV_COLUMNS`) and whether to save. */
export const importClubsBody = z.object({
  csv: z
    .string({ error: CLUB_MESSAGES.csvRequired })
    .min(1, CLUB_MESSAGES.csvRequired)
    .max(500_000, CLUB_MESSAGES.csvTooMany),
  dryRun: z.boolean().default(false),
});
export type ImportClubsBody = z.input<typeof importClubsBody>;

/** One CSV line's outcome: the club it creates or updates, or what is wrong with it. */
export const clubImportLine = z.object({
  line: z.number().int(),
  slug: z.string(),
  action: z.enum(['create', 'update', 'error']),
  message: z.string().optional(),
});
export type ClubImportLine = z.infer<typeof clubImportLine>;

/** The clubs import's answer: every line's outcome; `saved` is false on a dry run. */
export const clubImportResult = z.object({ saved: z.boolean(), lines: z.array(clubImportLine) });
export type ClubImportResult = z.infer<typeof clubImportResult>;
export const clubImportResponse = apiSuccess(clubImportResult);

/**
 * The caller's private calendar feed: its secret URL and options — `includeClasses` adds their
 * timetable classes, `includeRides` the rides they joined.
 */
export const calendarFeed = z.object({ url: z.string(), includeClasses: z.boolean(), includeRides: z.boolean() });
export type CalendarFeed = z.infer<typeof calendarFeed>;
export const calendarFeedResponse = apiSuccess(calendarFeed);

/** `PATCH /api/calendar/feed`: the options to change (the others stay). */
export const calendarFeedOptionsBody = z.object({
  includeClasses: z.boolean({ error: EVENT_MESSAGES.feedOptionInvalid }).optional(),
  includeRides: z.boolean({ error: EVENT_MESSAGES.feedOptionInvalid }).optional(),
});
export type CalendarFeedOptionsBody = z.infer<typeof calendarFeedOptionsBody>;
