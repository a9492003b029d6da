/**
 * The ride dialog, also the deep link /rides/{id} (docs/product-spec.md §2): photo, date, time, seats, cost per
 * head, direction, creator, description and participants; Join Ride / Cancel Join for others, and
 * the card's actions (`RideActions`: Report, Edit for the creator, Delete also for an admin). Once joined (or as the creator), the
 * creator's phone as a `tel:` link and WhatsApp. Failures show the docs/product-spec.md §8 alerts as toasts (declared in rides-api.ts).
 */
import { LogIn, LogOut, Phone } from 'lucide-react';
import type { Ride } from '@campus/contract/rides';
import { RIDE_MESSAGES as R, rideRoute } from '@campus/contract/rides-ui';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { WhatsAppLink } from '../../../components/ui/whatsapp-link';
import { toApiError } from '../../../lib/api';
import { DEFAULT_AVATAR } from '../../../lib/avatar';
import { useGetRideQuery, useJoinRideMutation, useLeaveRideMutation } from '../rides-api';
import { RideActions } from './ride-card';
import { CostLine, DirectionBadge, SeatsLine, rideDate, rideTime } from './ride-facts';

export interface RideDetailModalProps {
  id: string;
  onClose: () => void;
  viewerId: string | undefined;
  admin: boolean;
  onEdit: (ride: Ride) => void;
  onDelete: (ride: Ride) => void;
}

/** Join Ride / Cancel Join with the docs/product-spec.md §8 failure alerts; the seats follow the server. */
export function JoinButtons({ ride }: { ride: Ride }) {
  const [join, joining] = useJoinRideMutation();
  const [leave, leaving] = useLeaveRideMutation();
  const run = (action: 'join' | 'leave') => (action === 'join' ? join(ride.id) : leave(ride.id));
  if (ride.hasDeparted) return null;
  if (ride.isJoined)
    return (
      <Button variant="secondary" loading={leaving.isLoading} onClick={() => void run('leave')}>
        <LogOut aria-hidden="true" size={18} />
        Cancel Join
      </Button>
    );
  return (
    <Button loading={joining.isLoading} disabled={ride.isFull} onClick={() => void run('join')}>
      <LogIn aria-hidden="true" size={18} />
      {ride.isFull ? 'Ride Full' : 'Join Ride'}
    </Button>
  );
}

export function RideDetailModal({ id, onClose, viewerId, admin, onEdit, onDelete }: RideDetailModalProps) {
  const { data: ride, isLoading, error } = useGetRideQuery(id);
  const mine = !!ride && ride.creatorId === viewerId;
  return (
    <Modal
      open
      inline
      onOpenChange={(o) => !o && onClose()}
      title={ride ? rideRoute(ride) : 'Ride details'}
      className="max-w-2xl"
    >
      {isLoading ? (
        <div className="flex items-center gap-2 py-8 text-muted">
          <Spinner label="" /> Loading ride...
        </div>
      ) : error || !ride ? (
        <Alert tone="error" title={R.errorLoading}>
          {toApiError(error).message}
        </Alert>
      ) : (
        <div className="space-y-4">
          {ride.imageUrl ? (
            <img
              src={ride.imageUrl}
              alt={`Photo for ${rideRoute(ride)}`}
              className="max-h-72 w-full rounded-xl object-contain"
            />
          ) : null}
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
            <dt className="text-muted">Date</dt>
            <dd>{rideDate(ride.departureDateTime)}</dd>
            <dt className="text-muted">Time</dt>
            <dd>{rideTime(ride.departureDateTime)}</dd>
            <dt className="text-muted">Seats</dt>
            <dd>
              <SeatsLine ride={ride} />
            </dd>
            <dt className="text-muted">Cost</dt>
            <dd>
              <CostLine ride={ride} />
            </dd>
            <dt className="text-muted">Offered by</dt>
            <dd className="flex items-center gap-2">
              <img src={ride.creator.avatar ?? DEFAULT_AVATAR} alt="" className="size-6 rounded-full object-cover" />
              {ride.creator.name ?? 'A student'}
              {mine ? <span className="text-muted">(you)</span> : null}
            </dd>
          </dl>
          <DirectionBadge ride={ride} />
          {ride.description ? <p className="whitespace-pre-line text-sm">{ride.description}</p> : null}

          <section aria-labelledby="ride-participants" className="space-y-2">
            <h3 id="ride-participants" className="text-sm font-semibold text-fg">
              Participants ({ride.participants.length})
            </h3>
            {ride.participants.length ? (
              <ul className="flex flex-wrap gap-2">
                {ride.participants.map((p) => (
                  <li
                    key={p.id}
                    className="inline-flex items-center gap-2 rounded-full border border-line px-2 py-1 text-sm"
                  >
                    <img
                      src={p.participant.avatar ?? DEFAULT_AVATAR}
                      alt=""
                      className="size-6 rounded-full object-cover"
                    />
                    {p.participant.name ?? 'A student'}
                    {p.userId === viewerId ? <span className="text-muted">(you)</span> : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted">Nobody has joined yet.</p>
            )}
          </section>

          {ride.phoneNumber ? (
            <div className="flex flex-wrap items-center gap-2">
              <a
                href={`tel:+91${ride.phoneNumber}`}
                className={buttonClasses('secondary', 'sm')}
                aria-label={`Call ${ride.phoneNumber}`}
              >
                <Phone aria-hidden="true" size={16} />
                {ride.phoneNumber}
              </a>
              <WhatsAppLink number={ride.phoneNumber} />
            </div>
          ) : ride.hasPhone && !mine ? (
            <p className="text-sm text-muted">Join the ride to see the creator’s phone number.</p>
          ) : null}

          <div className="flex flex-wrap gap-2 border-t border-line pt-4">
            {mine ? null : <JoinButtons ride={ride} />}
            <RideActions ride={ride} canEdit={mine} canDelete={mine || admin} onEdit={onEdit} onDelete={onDelete} />
          </div>
        </div>
      )}
    </Modal>
  );
}
