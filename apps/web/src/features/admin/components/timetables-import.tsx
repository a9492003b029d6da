/**
 * Bus timetables for administrators, in the admin area's Places tab (docs/architecture.md
 * "Features in detail": Transport): the routes in force, and the CSV import (`route,stop,day_type,
 * times`, one line per route, stop and day type, times separated by spaces) — "Check" lists each
 * route it would save and each bad line with its number and reason; "Import" saves all or none.
 */
import { useState } from 'react';
import type { ImportRoutesResult } from '@campus/contract/transport';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/textarea';
import { toApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useImportRoutesMutation, useListRoutesQuery } from '../../../lib/transport-api';

export function TimetablesImport() {
  const routes = useListRoutesQuery();
  const [csv, setCsv] = useState('');
  const [result, setResult] = useState<ImportRoutesResult | null>(null);
  const [run, state] = useImportRoutesMutation();
  const send = async (dryRun: boolean) => {
    const res = await run({ csv, dryRun });
    if ('data' in res && res.data) {
      setResult(res.data);
      if (res.data.saved) toast.success(`Imported ${res.data.routes.length} routes`);
      return;
    }
    toast.error(toApiError(res.error).message);
  };
  return (
    <section aria-labelledby="timetables-heading" className="space-y-3 rounded-2xl border border-line bg-surface p-4">
      <h3 id="timetables-heading" className="text-lg font-semibold text-fg">
        Bus timetables
      </h3>
      {routes.isLoading ? (
        <p role="status" className="text-sm text-muted">
          Loading routes…
        </p>
      ) : routes.isError ? (
        <p className="text-sm text-danger">{toApiError(routes.error).message}</p>
      ) : routes.data?.length ? (
        <ul className="list-disc pl-5 text-sm text-fg">
          {routes.data.map((r) => (
            <li key={r.slug}>
              {r.name} — {r.stops.length} stops, {r.trips.length} trips
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">No routes yet.</p>
      )}
      <p className="text-sm text-muted">
        First line: <code>route,stop,day_type,times</code>. One line per route, stop (a place’s slug) and day type
        (weekdays, saturday, sunday, holidays), the departures separated by spaces, e.g.{' '}
        <code className="break-all">campus-to-city,campus-bus-stop,sunday,09:00 12:00</code>. A route replaces the one
        with its slug.
      </p>
      <Textarea label="Timetable CSV" rows={5} value={csv} onChange={(e) => setCsv(e.target.value)} />
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" disabled={!csv.trim()} loading={state.isLoading} onClick={() => void send(true)}>
          Check timetables
        </Button>
        <Button
          disabled={!csv.trim() || !result || result.saved || result.errors.length > 0}
          loading={state.isLoading}
          onClick={() => void send(false)}
        >
          Import timetables
        </Button>
      </div>
      {result ? (
        <div role="status" className="space-y-1 text-sm">
          {result.errors.length ? (
            <>
              <p className="text-fg">{result.errors.length} lines have errors — nothing was saved.</p>
              <ul className="list-disc pl-5 text-danger">
                {result.errors.map((e) => (
                  <li key={e.line}>
                    Line {e.line}: {e.message}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p className="text-fg">
              {result.saved ? 'Saved' : 'Ready to import'}:{' '}
              {result.routes.map((r) => `${r.slug} (${r.stops} stops, ${r.trips} trips)`).join(', ')}
            </p>
          )}
        </div>
      ) : null}
    </section>
  );
}
