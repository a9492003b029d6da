/**
 * Where a saved alert's list lives (docs/alerts.md): the list page with the alert's filters in
 * its URL, as the list reads them (marketplace and rides filters by name; lost & found on its
 * "all reports" view; a ride window as custom dates).
 */
import type { Alert } from '@campus/contract/alerts';

/** The kinds' names as the pages' titles say them. */
export const ALERT_KIND_LABELS: Record<Alert['kind'], string> = {
  marketplace: 'Marketplace',
  rides: 'Rides',
  'lost-found': 'Lost & Found',
};

/** The path and query of the list an alert watches, filtered as the alert is. */
export function alertListHref(alert: Pick<Alert, 'kind' | 'filters'>): string {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(alert.filters)) q.set(key, String(value));
  if (alert.kind === 'rides' && (q.has('startDate') || q.has('endDate'))) q.set('dateRange', 'custom');
  if (alert.kind === 'lost-found') q.set('view', 'all');
  const path = alert.kind === 'lost-found' ? '/lost-found' : `/${alert.kind}`;
  const query = q.toString();
  return query ? `${path}?${query}` : path;
}
