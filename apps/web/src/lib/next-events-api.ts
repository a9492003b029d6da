/**
 * The next three events for the home dashboard's Campus Buzz (docs/architecture.md "Features in
 * detail", Events and clubs): shared here because the home feature may not import the events
 * feature (docs/architecture.md "Layers"). Asks the feed for the first upcoming events and keeps
 * the first three not cancelled, in the shape of the config's buzz cards with a link to the event.
 */
import type { CampusEvent } from '@campus/contract/events';
import type { BuzzEvent } from '@campus/contract/institute';
import { api, toPage } from './api';
import { formatIsoDate, formatTime } from './format';
import { invalidateOnChange } from './live-changes';

/** A Campus Buzz card: the config's shape, and the event's page when it is a real event. */
export type BuzzItem = BuzzEvent & { href?: string };

const TAG = 'Event' as const;
const withTags = api.enhanceEndpoints({ addTagTypes: [TAG] });
invalidateOnChange(withTags, 'event', () => [{ type: TAG, id: 'NEXT' }]);

/** How many upcoming events are asked for, so that three remain after cancelled ones are left out. */
const ASKED = 10;
/** How many the dashboard shows. */
export const BUZZ_EVENTS = 3;

/** A real event as a buzz card. */
export function toBuzzItem(e: CampusEvent): BuzzItem {
  return {
    title: e.title,
    tag: e.club.name,
    date: formatIsoDate(e.startsAt),
    endDate: formatIsoDate(e.endsAt),
    time: `${formatTime(e.startsAt)} – ${formatTime(e.endsAt)}`,
    venue: e.venue,
    description: e.description.length > 160 ? `${e.description.slice(0, 157)}…` : e.description,
    registrationUrl: e.registrationUrl ?? undefined,
    href: `/events/${e.id}`,
  };
}

export const nextEventsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    /** GET /events?limit=10 → the first three upcoming events not cancelled, as buzz cards. */
    nextEvents: build.query<BuzzItem[], void>({
      query: () => ({ url: 'events', params: { limit: ASKED } }),
      transformResponse: (raw: unknown, meta) =>
        toPage<CampusEvent>(raw, meta)
          .items.filter((e) => !e.cancelledAt)
          .slice(0, BUZZ_EVENTS)
          .map(toBuzzItem),
      providesTags: [{ type: TAG, id: 'NEXT' }],
    }),
  }),
});

export const { useNextEventsQuery } = nextEventsApi;
