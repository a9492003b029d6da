/**
 * /alerts, "My alerts" (docs/alerts.md): the student's saved alerts, each named from its filters,
 * with today's matches and the last one, a link to the list it watches, Pause/Resume, the daily
 * e-mail switch and Delete (asked first). Loading, error and empty states; an alert is saved
 * with "Alert me" on Marketplace, Rides or Lost & Found.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { BellRing } from 'lucide-react';
import type { Alert } from '@campus/contract/alerts';
import { ALERTS_MAX, ALERT_KIND_LABELS, ALERT_MATCHES_PER_DAY } from '@campus/contract/alerts-ui';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Card } from '../../../components/ui/card';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { PagedList } from '../../../components/ui/paged-list';
import { PageHeader } from '../../../components/ui/page-header';
import { formatRelative } from '../../../lib/format';
import { useDeleteAlertMutation, useListAlertsQuery, useUpdateAlertMutation } from '../../../lib/alerts-api';
import { alertListHref } from '../alert-links';

function AlertCard({ alert, onDelete }: { alert: Alert; onDelete: (alert: Alert) => void }) {
  const [update, { isLoading }] = useUpdateAlertMutation();
  const matches =
    alert.lastMatchAt === null
      ? 'No matches yet'
      : `${alert.matchesToday} today${alert.matchesToday >= ALERT_MATCHES_PER_DAY ? ' (daily limit reached)' : ''} · last ${formatRelative(alert.lastMatchAt)}`;
  return (
    <Card as="article" aria-label={alert.name}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="text-base font-semibold break-words text-fg">{alert.name}</h2>
          <p className="mt-1 text-sm text-muted">{matches}</p>
        </div>
        <div className="flex gap-2">
          <Badge tone="accent">{ALERT_KIND_LABELS[alert.kind]}</Badge>
          {alert.paused ? <Badge tone="warning">Paused</Badge> : null}
        </div>
      </div>
      <Checkbox
        className="mt-3"
        label="Daily e-mail of new matches"
        checked={alert.emailDigest}
        disabled={isLoading}
        onChange={(e) => void update({ id: alert.id, emailDigest: e.target.checked })}
      />
      <div className="mt-3 flex flex-wrap gap-2">
        <Link to={alertListHref(alert)} className={buttonClasses('secondary', 'sm')}>
          Open list
        </Link>
        <Button
          variant="secondary"
          size="sm"
          loading={isLoading}
          onClick={() => void update({ id: alert.id, paused: !alert.paused })}
        >
          {alert.paused ? 'Resume' : 'Pause'}
        </Button>
        <Button variant="danger" size="sm" onClick={() => onDelete(alert)}>
          Delete
        </Button>
      </div>
    </Card>
  );
}

export default function AlertsPage() {
  const list = useListAlertsQuery();
  const [deleting, setDeleting] = useState<Alert | null>(null);
  const [remove, { isLoading: removing }] = useDeleteAlertMutation();
  const alerts = list.data?.items ?? [];

  const confirmDelete = async () => {
    if (!deleting || (await remove(deleting.id)).error) return;
    setDeleting(null);
  };

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="My alerts"
        subtitle={`We tell you in the bell when a new listing, ride or report matches. Up to ${ALERTS_MAX} alerts.`}
      />
      <PagedList
        loading={list.isLoading}
        loadingLabel="Loading your alerts…"
        showLoadingLabel
        error={
          list.isError ? (
            <LoadError title="Could not load your alerts" error={list.error} onRetry={() => void list.refetch()} />
          ) : null
        }
        empty={
          alerts.length ? null : (
            <EmptyState
              icon={<BellRing aria-hidden="true" size={32} />}
              title="No alerts yet"
              description="Filter a list on Marketplace, Rides or Lost & Found and press “Alert me”: we tell you when something new matches."
              action={
                <Link to="/marketplace" className={buttonClasses('primary', 'sm')}>
                  Go to Marketplace
                </Link>
              }
            />
          )
        }
        pager={null}
      >
        <div className="grid gap-4 md:grid-cols-2">
          {alerts.map((alert) => (
            <AlertCard key={alert.id} alert={alert} onDelete={setDeleting} />
          ))}
        </div>
      </PagedList>
      <ConfirmModal
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this alert?"
        description={deleting ? `“${deleting.name}” will stop telling you about new matches.` : undefined}
        confirmLabel="Delete"
        confirmVariant="danger"
        busy={removing}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
