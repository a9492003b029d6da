/**
 * /rides (docs/product-spec.md §2 "Ride share"): Offer Ride; the first 5 rides (route, date, time, seats
 * available, cost per head, View Details) and "Show all" (`?all=1`, paginated); the creator's Edit
 * and Delete (an admin's Delete too); quick filters, advanced filters and sort, all in the URL;
 * "My rides" (`?view=mine`, offered and joined, upcoming first); the detail dialog at /rides/{id}
 * with Join Ride / Cancel Join; the Confirm Delete dialog; the offer/edit dialog; loading, empty and
 * "Error Loading Rides" with Try Again states. Failures show docs/product-spec.md §8's alerts as toasts (declared in rides-api.ts).
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ArrowLeft, CarFront, Plus } from 'lucide-react';
import type { Ride } from '@campus/contract/rides';
import { RECENT_RIDES, RIDE_MESSAGES as R, rideRoute } from '@campus/contract/rides-ui';
import { useAppSelector } from '../../../lib/store';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { PagedList } from '../../../components/ui/paged-list';
import { totalLabel } from '../../../components/ui/pagination';
import { toApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { useUrlParams } from '../../../lib/url-params';
import { isAdmin } from '../../../lib/roles';
import { useInstituteInfo } from '../../../lib/institute-query';
import { RideCard } from '../components/ride-card';
import { RideDetailModal } from '../components/ride-detail-modal';
import { RideFiltersBar } from '../components/ride-filters-bar';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import { filtersFromParams } from '../ride-filters';
import { useDeleteRideMutation, useListRidesQuery, useUserRidesQuery } from '../rides-api';

// The form (react-hook-form, the contract's zod schemas) loads on first opening.
const RideFormModal = lazy(() => import('../components/ride-form-modal').then((m) => ({ default: m.RideFormModal })));

/** Rides per page under "Show all" and "My rides". */
export const PAGE_SIZE = 10;

const pageParam = (v: string | null) => (v && /^\d{1,6}$/.test(v) ? Math.max(1, Number(v)) : 1);

export default function RidesPage() {
  const { id: openId } = useParams();
  const navigate = useNavigate();
  const { params, update, replaceAll } = useUrlParams();
  const user = useAppSelector((s) => s.auth.user);
  const admin = isAdmin(useAppSelector((s) => s.auth.roles));
  const places = useInstituteInfo().data?.ridePlaces ?? [];
  const view = params.get('view') === 'mine' ? 'mine' : 'browse';
  const showAll = params.get('all') === '1';
  const page = pageParam(params.get('page'));
  const filters = useMemo(() => filtersFromParams(params), [params]);

  const browse = useListRidesQuery(
    showAll ? { ...filters, page, limit: PAGE_SIZE } : { ...filters, page: 1, limit: RECENT_RIDES },
    { skip: view !== 'browse' },
  );
  const mine = useUserRidesQuery({ page, limit: PAGE_SIZE }, { skip: view !== 'mine' });
  const current = view === 'mine' ? mine : browse;

  const [formOpen, setFormOpen] = useState(false);
  const formMounted = useOpenedOnce(formOpen);
  const [editing, setEditing] = useState<Ride | null>(null);
  const [deleting, setDeleting] = useState<Ride | null>(null);
  const [deleteRide, { isLoading: deleteBusy }] = useDeleteRideMutation();

  const search = params.toString();
  const closeDetail = () => navigate({ pathname: '/rides', search });
  const openOffer = () => {
    setEditing(null);
    setFormOpen(true);
  };
  const openEdit = (ride: Ride) => {
    setEditing(ride);
    setFormOpen(true);
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    if ((await deleteRide(deleting.id)).error) return;
    if (openId === deleting.id) closeDetail();
    setDeleting(null);
  };

  const data = current.data;
  const items = data?.items ?? [];
  const hasMore = !showAll && view === 'browse' && (data?.pagination.total ?? 0) > RECENT_RIDES;

  return (
    <>
      {/* First in the page: a node added after the list would make the browser restyle all of it. */}
      {openId ? (
        <RideDetailModal
          id={openId}
          onClose={closeDetail}
          viewerId={user?.id}
          admin={admin}
          onEdit={openEdit}
          onDelete={setDeleting}
        />
      ) : null}
      <PageHeader
        title="Ride Share"
        subtitle="Share a cab to the station, the airport or home."
        actions={
          <Button onClick={openOffer}>
            <Plus aria-hidden="true" size={18} />
            Offer Ride
          </Button>
        }
      />

      <div role="tablist" aria-label="Ride views" className="mb-4 flex gap-2 border-b border-line">
        {(['browse', 'mine'] as const).map((v) => (
          <button
            key={v}
            role="tab"
            aria-selected={view === v}
            className={cn(
              '-mb-px min-h-11 border-b-2 px-3 py-2 text-sm font-medium',
              view === v ? 'border-accent text-accent' : 'border-transparent text-muted hover:text-fg',
            )}
            onClick={() => replaceAll(v === 'mine' ? { view: 'mine' } : {})}
          >
            {v === 'mine' ? 'My rides' : 'Find a ride'}
          </button>
        ))}
      </div>

      {view === 'browse' ? <RideFiltersBar filters={filters} params={params} update={update} places={places} /> : null}

      <section aria-labelledby="rides-heading">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h2 id="rides-heading" className="text-xl font-semibold text-fg">
            {view === 'mine' ? 'Rides you offered or joined' : showAll ? 'All rides' : 'Upcoming rides'}
          </h2>
          {showAll && view === 'browse' ? (
            <Link to={{ pathname: '/rides', search: withoutAll(params) }} className={buttonClasses('ghost', 'sm')}>
              <ArrowLeft aria-hidden="true" size={16} />
              Show fewer
            </Link>
          ) : null}
        </div>

        <PagedList
          loading={current.isLoading || (current.isFetching && !data)}
          loadingLabel={R.loading}
          showLoadingLabel
          error={
            current.isError ? (
              <Alert tone="error" title={R.errorLoading}>
                <p>{toApiError(current.error).message}</p>
                <Button variant="secondary" size="sm" className="mt-2" onClick={() => void current.refetch()}>
                  {R.tryAgain}
                </Button>
              </Alert>
            ) : null
          }
          empty={
            items.length ? null : (
              <EmptyState
                icon={<CarFront size={40} />}
                title={R.empty}
                description={
                  view === 'mine'
                    ? 'Rides you offer or join show up here.'
                    : 'Try other filters, or offer a ride yourself.'
                }
                action={<Button onClick={openOffer}>Offer Ride</Button>}
              />
            )
          }
          pager={
            (showAll || view === 'mine') && !current.isError && data && items.length
              ? {
                  ...data.pagination,
                  onPageChange: (p) => update({ page: p > 1 ? String(p) : '' }),
                  label: 'Ride pages',
                }
              : null
          }
        >
          {data ? (
            <>
              <p className="sr-only" aria-live="polite">
                {totalLabel(data.pagination.total, data.pagination.totalCapped)}{' '}
                {data.pagination.total === 1 && !data.pagination.totalCapped ? 'ride' : 'rides'}
              </p>
              <ul className={cn('space-y-3', current.isFetching && 'opacity-60')}>
                {/* Each card is its own Suspense boundary: React hydrates them one by one, in short tasks. */}
                {items.map((ride) => (
                  <Suspense key={ride.id} fallback={null}>
                    <RideCard
                      ride={ride}
                      detailsHref={`/rides/${ride.id}${search ? `?${search}` : ''}`}
                      canEdit={ride.creatorId === user?.id}
                      canDelete={ride.creatorId === user?.id || admin}
                      onEdit={openEdit}
                      onDelete={setDeleting}
                    />
                  </Suspense>
                ))}
              </ul>
              {hasMore ? (
                <div className="mt-4 flex justify-center">
                  <Link
                    to={{ pathname: '/rides', search: withParam(params, 'all', '1') }}
                    className={buttonClasses('secondary')}
                  >
                    Show all ({totalLabel(data.pagination.total, data.pagination.totalCapped)})
                  </Link>
                </div>
              ) : null}
            </>
          ) : null}
        </PagedList>
      </section>

      {formMounted ? (
        <Suspense fallback={null}>
          <RideFormModal open={formOpen} onOpenChange={setFormOpen} ride={editing} places={places} />
        </Suspense>
      ) : null}
      <ConfirmModal
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Confirm Delete"
        description={
          deleting
            ? `Delete the ride ${rideRoute(deleting)}? ${deleting.participants.length ? 'Everyone who joined will be told.' : ''}`
            : undefined
        }
        busy={deleteBusy}
        onConfirm={confirmDelete}
      />
    </>
  );
}

function withParam(params: URLSearchParams, key: string, value: string): string {
  const next = new URLSearchParams(params);
  next.set(key, value);
  next.delete('page');
  return next.toString();
}

function withoutAll(params: URLSearchParams): string {
  const next = new URLSearchParams(params);
  next.delete('all');
  next.delete('page');
  return next.toString();
}
