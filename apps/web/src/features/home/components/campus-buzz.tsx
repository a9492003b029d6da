/**
 * Campus Buzz (docs/product-spec.md §1): for a signed-in student the next three real events (each
 * card opens its page; lib/next-events-api.ts), otherwise — or when none are coming — the config's
 * event cards (a flagship fest, an AI workshop, a debate).
 */
import { CalendarDays, Clock, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import type { BuzzItem } from '../../../lib/next-events-api';
import { formatEventDates } from '../event-dates';

export function CampusBuzz({ events }: { events: readonly BuzzItem[] }) {
  return (
    <section aria-labelledby="campus-buzz-heading">
      <h2 id="campus-buzz-heading" className="mb-4 text-xl font-bold text-fg sm:text-2xl">
        Campus Buzz
      </h2>
      <ul className="grid grid-cols-1 gap-4 md:grid-cols-3">
        {events.map((event) => (
          <li key={`${event.date}-${event.title}`}>
            <article className="flex h-full flex-col gap-3 rounded-2xl border border-line bg-surface p-5 shadow-sm">
              <Badge tone="accent" className="w-fit">
                {event.tag}
              </Badge>
              <h3 className="text-lg leading-snug font-semibold text-fg">
                {event.href ? (
                  <Link to={event.href} className="hover:underline focus-visible:underline">
                    {event.title}
                  </Link>
                ) : (
                  event.title
                )}
              </h3>
              <dl className="space-y-1.5 text-sm text-muted">
                <div className="flex items-start gap-2">
                  <dt>
                    <CalendarDays aria-hidden="true" size={16} className="mt-0.5" />
                    <span className="sr-only">Date</span>
                  </dt>
                  <dd>
                    <time dateTime={event.date}>{formatEventDates(event.date, event.endDate)}</time>
                  </dd>
                </div>
                {event.time ? (
                  <div className="flex items-start gap-2">
                    <dt>
                      <Clock aria-hidden="true" size={16} className="mt-0.5" />
                      <span className="sr-only">Time</span>
                    </dt>
                    <dd>{event.time}</dd>
                  </div>
                ) : null}
                <div className="flex items-start gap-2">
                  <dt>
                    <MapPin aria-hidden="true" size={16} className="mt-0.5" />
                    <span className="sr-only">Venue</span>
                  </dt>
                  <dd>{event.venue}</dd>
                </div>
              </dl>
              <p className="text-sm text-fg">{event.description}</p>
              {event.registrationUrl ? (
                <a
                  href={event.registrationUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="mt-auto text-sm font-medium text-accent underline"
                >
                  Register<span className="sr-only"> for {event.title} (opens in a new tab)</span>
                </a>
              ) : null}
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
