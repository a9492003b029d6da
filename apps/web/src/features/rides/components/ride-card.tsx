/**
 * One ride in the list (docs/product-spec.md §2): route, date, time, seats available (Full when none), cost with
 * the per-head share, and View Details; the creator (or an admin, for Delete) also sees Edit and
 * Delete. An `article` named by its route.
 */
import { CalendarDays, Clock, Pencil, Trash2, Users } from 'lucide-react';
import { Link } from 'react-router';
import type { Ride } from '@campus/contract/rides';
import { rideRoute } from '@campus/contract/rides-ui';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { CostLine, DirectionBadge, RouteTitle, SeatsLine, rideDate, rideTime } from './ride-facts';
import { BlockButton } from '../../../components/block-button';
import { ModerationBadge, ReportButton } from '../../../components/report-button';

/** What {@link RideActions} offers and whom it asks to do it. */
export interface RideActionsProps {
  ride: Ride;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (ride: Ride) => void;
  onDelete: (ride: Ride) => void;
}

/**
 * A ride's actions, on its card and in its dialog (docs/web-patterns.md "Detail = card"): Report
 * and Block (not shown to its owner), Edit for the owner, Delete for the owner or an admin (the page
 * confirms a deletion). Each button's name says which ride.
 */
export function RideActions({ ride, canEdit, canDelete, onEdit, onDelete }: RideActionsProps) {
  const title = rideRoute(ride);
  return (
    <>
      <ReportButton targetType="ride" targetId={ride.id} ownerId={ride.creatorId} name={title} />
      <BlockButton userId={ride.creatorId} name={ride.creator.name} />
      {canEdit ? (
        <Button variant="secondary" size="sm" onClick={() => onEdit(ride)} aria-label={`Edit ${title}`}>
          <Pencil aria-hidden="true" size={16} />
          Edit
        </Button>
      ) : null}
      {canDelete ? (
        <Button variant="danger" size="sm" onClick={() => onDelete(ride)} aria-label={`Delete ${title}`}>
          <Trash2 aria-hidden="true" size={16} />
          Delete
        </Button>
      ) : null}
    </>
  );
}

export interface RideCardProps extends RideActionsProps {
  /** Where View Details goes (keeps the list's filters in the URL). */
  detailsHref: string;
}

export function RideCard({ ride, detailsHref, canEdit, canDelete, onEdit, onDelete }: RideCardProps) {
  const title = rideRoute(ride);
  const headingId = `ride-${ride.id}-title`;
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className={cn(
          'flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between',
          ride.isFull && 'bg-surface-muted',
        )}
      >
        <div className="min-w-0 space-y-1.5">
          <h3 id={headingId} className="text-base font-semibold text-fg">
            <RouteTitle ride={ride} />
          </h3>
          <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted">
            <span className="inline-flex items-center gap-1.5">
              <CalendarDays aria-hidden="true" size={16} />
              {rideDate(ride.departureDateTime)}
            </span>
            <span className="inline-flex items-center gap-1.5">
              <Clock aria-hidden="true" size={16} />
              {rideTime(ride.departureDateTime)}
            </span>
            <span className="inline-flex items-center gap-1.5">
              <Users aria-hidden="true" size={16} />
              <SeatsLine ride={ride} />
            </span>
          </p>
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <CostLine ride={ride} />
            <DirectionBadge ride={ride} />
            {ride.isJoined ? <Badge tone="success">You joined</Badge> : null}
            <ModerationBadge moderation={ride.moderation} />
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Link to={detailsHref} className={buttonClasses('primary', 'sm')} aria-label={`View details of ${title}`}>
            View Details
          </Link>
          <RideActions ride={ride} canEdit={canEdit} canDelete={canDelete} onEdit={onEdit} onDelete={onDelete} />
        </div>
      </article>
    </li>
  );
}
