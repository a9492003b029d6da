/**
 * Bus timetables for administrators, in the admin area's Places tab (docs/architecture.md
 * "Features in detail": Transport): the routes in force, each with Edit, and Add route (a dialog,
 * `RouteFormModal`), and the CSV import (`route,stop,day_type,
 * times`, one line per route, stop and day type, times separated by spaces) — "Check" lists each
 * route it would save and each bad line with its number and reason; "Import" saves all or none.
 */
import { useState } from 'react';
import type { ImportRoutesResult } from '@campus/contract/transport';
import { Pencil, Plus } from 'lucide-react';
import type { TransportRoute } from '@campus/contract/transport';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/textarea';
import { toApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useImportRoutesMutation, useListRoutesQuery } from '../../../lib/transport-api';
import { RouteFormModal } from './route-form-modal';

export function TimetablesImport() {
  const routes = useListRoutesQuery();
  const [csv, setCsv] = useState('');
  const [result, setResult] = useState<ImportRoutesResult | null>(null);
  const [run, state] = useImportRoutesMutation();
  // The route being edited (null: a new one), or undefined while no dialog is open.
  const [editing, setEditing] = useState<TransportRoute | null | undefined>(undefined);
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
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="timetables-heading" className="text-lg font-semibold text-fg">
          Bus timetables
        </h3>
        <Button variant="secondary" size="sm" onClick={() => setEditing(null)}>
          <Plus aria-hidden="true" size={16} /> Add route
        </Button>
      </div>
      {routes.isLoading ? (
        <p role="status" className="text-sm text-muted">
          Loading routes…
        </p>
      ) : routes.isError ? (
        <p className="text-sm text-danger">{toApiError(routes.error).message}</p>
      ) : routes.data?.length ? (
        <ul className="divide-y divide-line text-sm text-fg">
          {routes.data.map((r) => (
            <li key={r.slug} className="flex flex-wrap items-center justify-between gap-2 py-1">
              <span className="min-w-0 break-words">
                {r.name} — {r.stops.length} stops, {r.trips.length} trips
              </span>
              <Button variant="ghost" size="sm" aria-label={`Edit ${r.name}`} onClick={() => setEditing(r)}>
                <Pencil aria-hidden="true" size={16} /> Edit
              </Button>
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
      <RouteFormModal
        open={editing !== undefined}
        onOpenChange={(o) => !o && setEditing(undefined)}
        route={editing ?? null}
      />
    </section>
  );
}
