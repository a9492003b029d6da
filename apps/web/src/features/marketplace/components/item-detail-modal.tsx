/**
 * The deep link /marketplace/{id} (what Share copies): the listing in a dialog over the page, with
 * its photo, all fields, seller, the card's actions (Like, Share, Contact, Report: `ItemActions`)
 * and the owner's or an admin's Edit/Delete (the page confirms a deletion, as for a card). Unknown,
 * removed or meanwhile deleted items show "Error fetching item" with the server's reason.
 */
import { MARKETPLACE_MESSAGES as M, NO_DESCRIPTION } from '@campus/contract/marketplace-ui';
import type { MarketplaceItem } from '@campus/contract/marketplace';
import { Badge } from '../../../components/ui/badge';
import { DetailModal } from '../../../components/ui/detail-modal';
import { EditDeleteButtons } from '../../../components/ui/edit-delete-buttons';
import { formatDateIN, formatRupees } from '../../../lib/format';
import { useGetItemQuery } from '../marketplace-api';
import { ItemActions, shownDescription } from './item-card';

export interface ItemDetailModalProps {
  id: string;
  onClose: () => void;
  canManage: (item: MarketplaceItem) => boolean;
  onEdit: (item: MarketplaceItem) => void;
  onDelete: (item: MarketplaceItem) => void;
}

export function ItemDetailModal({ id, onClose, canManage, onEdit, onDelete }: ItemDetailModalProps) {
  const { data: item, isLoading, error } = useGetItemQuery(id);
  return (
    <DetailModal
      item={item}
      isLoading={isLoading}
      error={error}
      fallbackTitle="Item"
      errorTitle={M.errorFetchingOne}
      onClose={onClose}
    >
      {(item) => (
        <>
          <div className="flex flex-wrap items-center gap-2">
            <p className="text-2xl font-bold text-accent">{formatRupees(item.price)}</p>
            <Badge tone="accent">{item.category}</Badge>
            <Badge>{item.item_condition}</Badge>
            {item.is_sold ? <Badge tone="success">Sold</Badge> : null}
            {item.is_expired ? <Badge tone="warning">Expired</Badge> : null}
          </div>
          <p
            className={
              shownDescription(item.description) === NO_DESCRIPTION ? 'italic text-muted' : 'whitespace-pre-line'
            }
          >
            {shownDescription(item.description)}
          </p>
          <p className="text-sm text-muted">
            Listed on {formatDateIN(item.createdAt)}
            {item.owner_name ? ` by ${item.owner_name}` : ''}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <ItemActions item={item} />
            {canManage(item) ? <EditDeleteButtons onEdit={() => onEdit(item)} onDelete={() => onDelete(item)} /> : null}
          </div>
        </>
      )}
    </DetailModal>
  );
}
