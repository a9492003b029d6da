/**
 * Where a saved alert's list lives (docs/alerts.md): the list page with the alert's filters in
 * its URL, as the list reads them (marketplace and rides filters by name; lost & found on its
 * "all reports" view; a ride window as custom dates).
 */
import { ALERT_KIND_PATHS } from '@campus/contract/alerts-ui';
import type { Alert } from '@campus/contract/alerts';

/** The path and query of the list an alert watches, filtered as the alert is. */
export function alertListHref(alert: Pick<Alert, 'kind' | 'filters'>): string {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(alert.filters)) q.set(key, String(value));
  if (alert.kind === 'rides' && (q.has('startDate') || q.has('endDate'))) q.set('dateRange', 'custom');
  if (alert.kind === 'lost-found') q.set('view', 'all');
  const path = ALERT_KIND_PATHS[alert.kind];
  const query = q.toString();
  return query ? `${path}?${query}` : path;
}
