/**
 * "Next departures" from a transport stop (docs/architecture.md "Features in detail": Transport):
 * each bus with its route, where it goes, its time in the institute's zone and a live "in 12 min"
 * (shown once the page runs, counted again every minute from the departure time; the list is asked again once its first bus
 * has left), and "Pin to home" for the home dashboard's "Next bus" card. Loading, error and empty states.
 */
import { useEffect, useState } from 'react';
import { Bus } from 'lucide-react';
import { DAY_TYPE_LABELS } from '@campus/contract/transport-ui';
import { LoadError } from '../../../components/ui/load-error';
import { formatTime, inMinutes } from '../../../lib/format';
import { useNextDeparturesQuery } from '../../../lib/transport-api';
import { PinStopButton } from './pin-stop-button';

export function NextDepartures({ stop, name, now }: { stop: string; name: string; now: Date }) {
  const next = useNextDeparturesQuery(stop);
  const departures = next.data ?? [];
  const first = departures[0];
  const { refetch } = next;
  // "in N min" only after mount: the server's minute and the browser's may differ.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  useEffect(() => {
    if (first && Date.parse(first.departsAt) < now.getTime()) void refetch();
  }, [first, now, refetch]);
  return (
    <section aria-labelledby="next-departures" className="rounded-2xl border border-line bg-surface p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="next-departures" className="flex items-center gap-2 text-lg font-semibold text-fg">
          <Bus aria-hidden="true" size={20} /> Next departures
        </h2>
        <PinStopButton stop={{ slug: stop, name }} />
      </div>
      {next.isLoading ? (
        <p role="status" className="mt-2 text-sm text-muted">
          Loading bus times…
        </p>
      ) : next.isError ? (
        <LoadError title="Could not load the bus times" error={next.error} onRetry={() => void refetch()} />
      ) : departures.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No buses leave from this stop in the coming week.</p>
      ) : (
        <ul className="mt-2 divide-y divide-line">
          {departures.map((d) => (
            <li
              key={`${d.route.slug}-${d.departsAt}`}
              className="flex flex-wrap items-baseline justify-between gap-2 py-2 text-sm"
            >
              <span className="min-w-0 break-words">
                <span className="font-medium text-fg">{d.route.name}</span>
                <span className="block text-xs text-muted">
                  to {d.toward} · {DAY_TYPE_LABELS[d.days]} timetable
                </span>
              </span>
              <span className="text-right">
                <span className="font-semibold text-fg">{formatTime(d.departsAt)}</span>{' '}
                {mounted ? <span className="text-muted">{inMinutes(d.departsAt, now)}</span> : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
