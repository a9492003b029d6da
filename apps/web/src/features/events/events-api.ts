/**
 * RTK Query endpoints of events and clubs (docs/architecture.md "Features in detail", Events and
 * clubs), injected into the shared `api`. Lists keep `pagination` ({@link toPage}). An answer,
 * a cancellation and a deletion refetch the event and the lists; a follow refetches the club.
 * Posting and editing (with an optional poster) go through {@link useSaveEvent} (XMLHttpRequest, for
 * upload progress). Toasts are declared here ({@link toastOutcome}).
 */
import type {
  Attendee,
  CalendarFeed,
  CalendarFeedOptionsBody,
  CampusEvent,
  Club,
  ClubDetail,
  EventFilters,
  RsvpStatus,
  UpdateEventBody,
} from '@campus/contract/events';
import { CALENDAR_FEED_UI as F, CLUB_MESSAGES as C, EVENT_MESSAGES as E } from '@campus/contract/events-ui';
import { useAppDispatch } from '../../lib/store';
import { api, toPage, type Page } from '../../lib/api';
import { invalidateOnChange, pageTags } from '../../lib/live-changes';
import { toastOutcome } from '../../lib/mutation-toast';
import { useMultipartSave } from '../../lib/upload';

const TAG = 'Event' as const;
const CLUB = 'Club' as const;
const FEED = 'CalendarFeed' as const;
const withTags = api.enhanceEndpoints({ addTagTypes: [TAG, CLUB, FEED] });
// An event answered, changed, hidden or deleted anywhere refetches what shows it.
invalidateOnChange(withTags, 'event', (id) => [{ type: TAG, id }, { type: TAG, id: 'LIST' }, { type: CLUB }]);
const lists = [{ type: TAG, id: 'LIST' }, { type: CLUB }] as const;

export const eventsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    /** GET /events: the feed (upcoming or past) with filters and page. */
    listEvents: build.query<Page<CampusEvent>, EventFilters>({
      query: (filters) => ({ url: 'events', params: filters }),
      transformResponse: toPage<CampusEvent>,
      providesTags: pageTags(TAG, 'LIST'),
    }),
    /** GET /events/{id}. */
    getEvent: build.query<CampusEvent, string>({
      query: (id) => `events/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: TAG, id }],
    }),
    /** GET /events/{id}/going (coordinators and admins). */
    goingList: build.query<Attendee[], string>({
      query: (id) => `events/${encodeURIComponent(id)}/going`,
      providesTags: (_r, _e, id) => [{ type: TAG, id }],
    }),
    /** PUT /events/{id}/rsvp. */
    rsvp: build.mutation<CampusEvent, { id: string; status: RsvpStatus }>({
      query: ({ id, status }) => ({ url: `events/${id}/rsvp`, method: 'PUT', body: { status } }),
      invalidatesTags: (_r, _e, { id }) => [{ type: TAG, id }, ...lists],
      onQueryStarted: toastOutcome({ success: E.rsvpSaved, error: (e) => e.message }),
    }),
    /** PATCH /events/{id} (JSON: cancel, or a field change). */
    updateEvent: build.mutation<CampusEvent, { id: string; body: UpdateEventBody }>({
      query: ({ id, body }) => ({ url: `events/${id}`, method: 'PATCH', body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: TAG, id }, ...lists],
      onQueryStarted: toastOutcome({
        success: ({ body }) => (body.cancelled ? E.cancelled : E.updated),
        error: (e) => e.message,
      }),
    }),
    /** DELETE /events/{id}. */
    deleteEvent: build.mutation<unknown, string>({
      query: (id) => ({ url: `events/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [{ type: TAG, id }, ...lists],
      onQueryStarted: toastOutcome({ success: E.deleted, error: (e) => e.message }),
    }),
    /** GET /calendar/feed: the caller's private feed URL and options. */
    calendarFeed: build.query<CalendarFeed, void>({
      query: () => 'calendar/feed',
      providesTags: [FEED],
    }),
    /** PATCH /calendar/feed: changes the feed's options. */
    setFeedOptions: build.mutation<CalendarFeed, CalendarFeedOptionsBody>({
      query: (body) => ({ url: 'calendar/feed', method: 'PATCH', body }),
      invalidatesTags: [FEED],
      onQueryStarted: toastOutcome({ success: F.saved, error: (e) => e.message }),
    }),
    /** POST /calendar/feed/rotate: a new secret URL; the old one stops working. */
    rotateFeed: build.mutation<CalendarFeed, void>({
      query: () => ({ url: 'calendar/feed/rotate', method: 'POST' }),
      invalidatesTags: [FEED],
      onQueryStarted: toastOutcome({ success: F.rotated, error: (e) => e.message }),
    }),
    /** GET /clubs (all, for the filter). */
    listClubs: build.query<Page<Club>, { limit?: number }>({
      query: (q) => ({ url: 'clubs', params: q }),
      transformResponse: toPage<Club>,
      providesTags: [{ type: CLUB }],
    }),
    /** GET /clubs/{slug}. */
    getClub: build.query<ClubDetail, string>({
      query: (slug) => `clubs/${encodeURIComponent(slug)}`,
      providesTags: [{ type: CLUB }],
    }),
    /** PUT or DELETE /clubs/{slug}/follow. */
    follow: build.mutation<Club, { slug: string; follow: boolean }>({
      query: ({ slug, follow }) => ({ url: `clubs/${slug}/follow`, method: follow ? 'PUT' : 'DELETE' }),
      invalidatesTags: [{ type: CLUB }],
      onQueryStarted: toastOutcome({
        success: ({ follow }) => (follow ? C.followed : C.unfollowed),
        error: (e) => e.message,
      }),
    }),
  }),
});

export const {
  useListEventsQuery,
  useGetEventQuery,
  useGoingListQuery,
  useRsvpMutation,
  useUpdateEventMutation,
  useDeleteEventMutation,
  useListClubsQuery,
  useGetClubQuery,
  useFollowMutation,
  useCalendarFeedQuery,
  useSetFeedOptionsMutation,
  useRotateFeedMutation,
} = eventsApi;

/**
 * Posts (POST /events) or edits (PATCH /events/{id}) an event from a FormData of text parts and an
 * optional `image` poster, with upload progress; refetches the event and the lists.
 */
export function useSaveEvent() {
  const dispatch = useAppDispatch();
  return useMultipartSave<CampusEvent>(
    'events',
    (saved) => dispatch(eventsApi.util.invalidateTags([{ type: TAG, id: saved.id }, ...lists])),
    { success: ({ id }) => (id ? E.updated : E.created), error: (e) => e.message },
    'PATCH',
  );
}
