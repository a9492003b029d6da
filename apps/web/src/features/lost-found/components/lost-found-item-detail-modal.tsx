/**
 * The deep link /lost-found/{id}: one lost & found item in a dialog — photo, Lost/Found, name, date, location,
 * category, description, reporter, Contact Owner, the finder's count of open lost reports that may match
 * (docs/alerts.md), and the card's actions (`LostFoundItemActions`: Contact Owner, Report, and the
 * reporter's or an admin's Mark returned, Edit and Delete).
 */
import type { LostFoundItem } from '@campus/contract/lost-found';
import { LOST_FOUND_MESSAGES as L } from '@campus/contract/lost-found-ui';
import { Badge } from '../../../components/ui/badge';
import { DetailModal } from '../../../components/ui/detail-modal';
import { formatDateIN } from '../../../lib/format';
import { useGetLostFoundItemQuery } from '../lost-found-api';
import { LostFoundItemActions } from './lost-found-item-card';

export interface LostFoundItemDetailModalProps {
  id: string;
  onClose: () => void;
  canManage: (item: LostFoundItem) => boolean;
  onContact: (item: LostFoundItem) => void;
  onEdit: (item: LostFoundItem) => void;
  onDelete: (item: LostFoundItem) => void;
  onToggleReturned: (item: LostFoundItem) => void;
}

export function LostFoundItemDetailModal({
  id,
  onClose,
  canManage,
  onContact,
  onEdit,
  onDelete,
  onToggleReturned,
}: LostFoundItemDetailModalProps) {
  const { data: item, isLoading, error } = useGetLostFoundItemQuery(id);
  return (
    <DetailModal
      item={item}
      isLoading={isLoading}
      error={error}
      fallbackTitle="Reported item"
      errorTitle={L.errorFetchingOne}
      onClose={onClose}
    >
      {(item) => (
        <>
          <div className="flex flex-wrap gap-2">
            <Badge tone={item.is_found ? 'success' : 'danger'}>{item.is_found ? 'Found' : 'Lost'}</Badge>
            <Badge>{item.category}</Badge>
            {item.is_returned ? <Badge tone="neutral">Returned</Badge> : null}
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted">Date</dt>
            <dd>{formatDateIN(`${item.date_found}T00:00:00`)}</dd>
            <dt className="text-muted">Location</dt>
            <dd>{item.location_found}</dd>
            {item.reporter_name ? (
              <>
                <dt className="text-muted">Reported by</dt>
                <dd>{item.reporter_name}</dd>
              </>
            ) : null}
          </dl>
          {item.description ? <p className="whitespace-pre-line">{item.description}</p> : null}
          {item.possible_matches ? (
            <p className="rounded-xl bg-accent-soft px-3 py-2 text-sm text-fg" role="status">
              {item.possible_matches === 1
                ? '1 open lost report may match. Its owner has been told.'
                : `${item.possible_matches} open lost reports may match. Their owners have been told.`}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <LostFoundItemActions
              item={item}
              canManage={canManage(item)}
              onContact={onContact}
              onEdit={onEdit}
              onDelete={onDelete}
              onToggleReturned={onToggleReturned}
            />
          </div>
        </>
      )}
    </DetailModal>
  );
}
