/**
 * "Next bus" on the home dashboard (docs/architecture.md "Features in detail": Transport): the next
 * departure from the student's pinned stop (`lib/pinned-stop.ts`, pinned on the stop's page of the
 * campus map) — its route, where it goes, its time in the institute's zone and a live "in 12 min" —
 * with a link to all of the stop's departures. States: loading, an error with Retry, a stop no
 * longer on the map (Unpin), no bus in the coming week, and no stop pinned yet (for a signed-in
 * student: a link to the map's transport stops; nothing for a guest). Rendered once the page runs:
 * the pin is kept on the device, which the server cannot read. The answer is kept by the service
 * worker, so the card shows offline too.
 */
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Bus } from 'lucide-react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { toApiError } from '../../../lib/api';
import { formatTime, inMinutes } from '../../../lib/format';
import { pinStop, usePinnedStop } from '../../../lib/pinned-stop';
import { useAppSelector } from '../../../lib/store';
import { useNextDeparturesQuery } from '../../../lib/transport-api';
import { useNow } from '../../../lib/use-now';

/** Where the student picks a stop to pin: the campus map's transport stops. */
export const STOPS_PATH = '/map?category=transport';

export function NextBusCard() {
  const signedIn = useAppSelector((s) => s.auth.status === 'authenticated');
  const pinned = usePinnedStop();
  const next = useNextDeparturesQuery(pinned?.slug ?? '', { skip: !pinned });
  const now = useNow(30_000);
  const first = next.data?.[0];
  const { refetch } = next;
  // The bus has left: ask again for the next one.
  useEffect(() => {
    if (first && Date.parse(first.departsAt) < now.getTime()) void refetch();
  }, [first, now, refetch]);

  if (pinned === undefined || (!pinned && !signedIn)) return null;
  return (
    <section
      aria-labelledby="home-next-bus-heading"
      className="rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="home-next-bus-heading" className="flex items-center gap-2 text-lg font-semibold text-fg">
          <Bus aria-hidden="true" size={20} className="text-accent" />
          Next bus
        </h2>
        {pinned ? (
          <Link to={`/map/${encodeURIComponent(pinned.slug)}`} className={buttonClasses('secondary', 'sm')}>
            All departures
          </Link>
        ) : null}
      </div>
      {!pinned ? (
        <p className="mt-2 text-sm text-muted">
          Pin your stop on the campus map to see its next bus here.{' '}
          <Link to={STOPS_PATH} className="font-medium text-accent underline underline-offset-2">
            Choose a stop
          </Link>
        </p>
      ) : next.isLoading ? (
        <p role="status" className="mt-2 text-sm text-muted">
          Loading the next bus from {pinned.name}…
        </p>
      ) : next.isError && toApiError(next.error).status === 404 ? (
        <div className="mt-2 text-sm text-muted">
          <p>{pinned.name} is no longer on the campus map.</p>
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => pinStop(null)}>
            Unpin
          </Button>
        </div>
      ) : next.isError ? (
        <div className="mt-2">
          <LoadError title="Could not load the bus times" error={next.error} onRetry={() => void refetch()} />
        </div>
      ) : !first ? (
        <p className="mt-2 text-sm text-muted">No buses leave from {pinned.name} in the coming week.</p>
      ) : (
        <p className="mt-2 flex flex-wrap items-baseline justify-between gap-2 text-sm">
          <span className="min-w-0 break-words">
            <span className="font-medium text-fg">{first.route.name}</span>
            <span className="block text-xs text-muted">
              from {pinned.name} to {first.toward}
            </span>
          </span>
          <span className="text-right">
            <span className="font-semibold text-fg">{formatTime(first.departsAt)}</span>{' '}
            <span className="text-muted">{inMinutes(first.departsAt, now)}</span>
          </span>
        </p>
      )}
    </section>
  );
}
