/**
 * One place as the map page shows it (docs/architecture.md "Features in detail": Places and the
 * map): name, category, floor or room, "Open now" from its hours in the institute's zone, the hours
 * per day, the description and "Directions" (a `geo:` link the phone's maps app opens, and the same
 * point on OpenStreetMap). Plain markup: it reads the same without JavaScript.
 */
import { Navigation } from 'lucide-react';
import type { Place } from '@campus/contract/places';
import { PLACE_CATEGORY_LABELS, directionsLinks, isOpenAt } from '@campus/contract/places-ui';
import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { displayTimeZone } from '../../../lib/format';

/** "Open now" / "Closed now", or nothing when no hours are listed. */
export function OpenBadge({ place, now }: { place: Place; now: Date }) {
  const open = isOpenAt(place.hours, now, displayTimeZone());
  if (open === null) return null;
  return <Badge tone={open ? 'success' : 'neutral'}>{open ? 'Open now' : 'Closed now'}</Badge>;
}

export function PlaceDetails({ place, now }: { place: Place; now: Date }) {
  const links = directionsLinks(place);
  return (
    <article aria-labelledby="place-name" className="rounded-2xl border border-line bg-surface p-4 shadow-sm">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="place-name" className="text-xl font-semibold break-words text-fg">
          {place.name}
        </h2>
        <Badge tone="accent">{PLACE_CATEGORY_LABELS[place.category]}</Badge>
        <OpenBadge place={place} now={now} />
      </div>
      {place.aliases.length ? <p className="mt-1 text-sm text-muted">Also called {place.aliases.join(', ')}</p> : null}
      <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-[8rem_1fr]">
        <dt className="font-medium text-fg">Hours</dt>
        <dd className="text-muted">{place.hoursText || 'Not listed'}</dd>
        {place.floor ? (
          <>
            <dt className="font-medium text-fg">Floor or room</dt>
            <dd className="text-muted">{place.floor}</dd>
          </>
        ) : null}
      </dl>
      {place.description ? <p className="mt-3 text-sm text-fg">{place.description}</p> : null}
      <div className="mt-4 flex flex-wrap gap-2">
        <a href={links.geo} className={buttonClasses('primary', 'sm')}>
          <Navigation aria-hidden="true" size={16} />
          Directions
        </a>
        <a href={links.mapsUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses('secondary', 'sm')}>
          Open in OpenStreetMap
        </a>
      </div>
    </article>
  );
}
