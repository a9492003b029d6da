/**
 * Small pieces every ride view shares: the route title, the departure date and time (browser's
 * local time, date "Tue, 24 Nov" and time HH:mm per docs/product-spec.md §9), the seats line with a Full badge, and
 * the cost with its per-head share beside it (₹).
 */
import { ArrowRight } from 'lucide-react';
import type { Ride } from '@campus/contract/rides';
import { RIDE_DIRECTION_LABELS, costPerHead } from '@campus/contract/rides-ui';
import { Badge } from '../../../components/ui/badge';
import { formatDayDate, formatRupees, formatTime } from '../../../lib/format';

/** "Railway Station → Campus" with an arrow icon (the arrow is read as "to"). */
export function RouteTitle({ ride }: { ride: Pick<Ride, 'pickupLocation' | 'dropLocation'> }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1.5">
      <span>{ride.pickupLocation}</span>
      <ArrowRight aria-hidden="true" size={16} className="shrink-0 text-muted" />
      <span className="sr-only">to</span>
      <span>{ride.dropLocation}</span>
    </span>
  );
}

/** "Tue, 24 Nov 2026" of an ISO instant. */
export const rideDate = (iso: string) => formatDayDate(iso);
/** "14:30" of an ISO instant (the institute's time zone, as on the server). */
export const rideTime = (iso: string) => formatTime(iso);

/** "2 of 3 seats available", or the Full badge; Departed for past rides. */
export function SeatsLine({ ride }: { ride: Ride }) {
  if (ride.hasDeparted) return <Badge tone="neutral">Departed</Badge>;
  if (ride.isFull) return <Badge tone="danger">Full</Badge>;
  return (
    <span>
      <strong className="font-semibold text-fg">{ride.availableSeats}</strong> of {ride.totalSeats}{' '}
      {ride.totalSeats === 1 ? 'seat' : 'seats'} available
    </span>
  );
}

/** "₹450 total · ₹113 per head", or "Cost not given". */
export function CostLine({ ride }: { ride: Ride }) {
  const perHead = costPerHead(ride);
  if (ride.estimatedCost === null || perHead === null) return <span className="text-muted">Cost not given</span>;
  return (
    <span>
      {formatRupees(ride.estimatedCost)} total <span className="text-muted">· {formatRupees(perHead)} per head</span>
    </span>
  );
}

/** The direction badge (To College / From College); nothing for Other. */
export function DirectionBadge({ ride }: { ride: Ride }) {
  if (ride.direction === 'other') return null;
  return <Badge tone="accent">{RIDE_DIRECTION_LABELS[ride.direction]}</Badge>;
}
