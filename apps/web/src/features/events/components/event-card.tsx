/**
 * One event in a list (the feed, a club's page): its poster, title (the link to its page), club,
 * time, venue, answer counts and marks (Cancelled, Full, the caller's answer).
 */
import { Link } from 'react-router';
import { CalendarClock, MapPin, Users } from 'lucide-react';
import type { CampusEvent } from '@campus/contract/events';
import { EVENTS_UI as U, clubPath, eventPath } from '@campus/contract/events-ui';
import { Badge } from '../../../components/ui/badge';
import { ModerationBadge } from '../../../components/report-button';
import { formatDayDate, formatTime } from '../../../lib/format';

/** "Sat, 5 Dec · 6:00 pm – 8:00 pm" in the institute's zone. */
/**
 * The event's venue: a link to its place on the campus map when the venue names a place of the
 * directory (`venuePlace`), else the text as posted.
 */
export function Venue({ event: e }: { event: CampusEvent }) {
  if (!e.venuePlace) return <>{e.venue}</>;
  return (
    <Link
      to={`/map/${encodeURIComponent(e.venuePlace.slug)}`}
      className="inline-flex min-h-6 items-center text-accent underline-offset-2 hover:underline"
    >
      {e.venue}
    </Link>
  );
}

export function eventWhen(e: Pick<CampusEvent, 'startsAt' | 'endsAt'>): string {
  const sameDay = formatDayDate(e.startsAt) === formatDayDate(e.endsAt);
  return sameDay
    ? `${formatDayDate(e.startsAt)} · ${formatTime(e.startsAt)} – ${formatTime(e.endsAt)}`
    : `${formatDayDate(e.startsAt)} ${formatTime(e.startsAt)} – ${formatDayDate(e.endsAt)} ${formatTime(e.endsAt)}`;
}

/** Whether no more students can say Going. */
export const isFull = (e: CampusEvent) => e.capacity !== null && e.goingCount >= e.capacity;

export function EventCard({ event: e }: { event: CampusEvent }) {
  const headingId = `event-${e.id}-title`;
  return (
    <li
      aria-labelledby={headingId}
      className="flex gap-3 rounded-lg border border-line bg-surface p-3 shadow-sm sm:gap-4 sm:p-4"
    >
      {e.imageThumbUrl ? (
        <img
          src={e.imageThumbUrl}
          alt=""
          width={72}
          height={96}
          loading="lazy"
          className="h-24 w-18 shrink-0 rounded-md object-cover"
        />
      ) : (
        <div
          aria-hidden="true"
          className="flex h-24 w-18 shrink-0 items-center justify-center rounded-md bg-surface-muted"
        >
          <CalendarClock size={28} className="text-muted" />
        </div>
      )}
      <div className="min-w-0 flex-1 space-y-1">
        <h3 id={headingId} className="text-base font-semibold break-words text-fg">
          <Link to={eventPath(e.id)} className="hover:underline focus-visible:underline">
            {e.title}
          </Link>
        </h3>
        <p className="text-sm">
          <Link to={clubPath(e.club.slug)} className="text-accent hover:underline">
            {e.club.name}
          </Link>
        </p>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
          <span className="inline-flex items-center gap-1.5">
            <CalendarClock aria-hidden="true" size={15} />
            {eventWhen(e)}
          </span>
          <span className="inline-flex min-w-0 items-center gap-1.5 break-words">
            <MapPin aria-hidden="true" size={15} />
            <Venue event={e} />
          </span>
          <span className="inline-flex items-center gap-1.5">
            <Users aria-hidden="true" size={15} />
            {U.goingCount(e.goingCount)} · {U.interestedCount(e.interestedCount)}
          </span>
        </p>
        <p className="flex flex-wrap gap-2">
          {e.cancelledAt ? <Badge tone="danger">{U.cancelled}</Badge> : null}
          {!e.cancelledAt && isFull(e) ? <Badge tone="warning">{U.full}</Badge> : null}
          {e.myRsvp === 'going' ? <Badge tone="success">{U.going}</Badge> : null}
          {e.myRsvp === 'interested' ? <Badge tone="accent">{U.interested}</Badge> : null}
          <ModerationBadge moderation={e.moderation} />
        </p>
      </div>
    </li>
  );
}
