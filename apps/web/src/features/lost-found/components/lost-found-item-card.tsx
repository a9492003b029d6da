/**
 * One lost & found item (docs/product-spec.md §2): Lost or Found label, name (a link to /lost-found/{id}), date,
 * location, image or placeholder, "Contact Owner", and for the reporter or an admin: Mark returned,
 * Edit and Delete.
 */
import { memo } from 'react';
import { Link } from 'react-router';
import { CalendarDays, CheckCircle2, ImageOff, MapPin, Phone } from 'lucide-react';
import type { LostFoundItem } from '@campus/contract/lost-found';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EditDeleteButtons } from '../../../components/ui/edit-delete-buttons';
import { formatDateIN } from '../../../lib/format';
import { BlockButton } from '../../../components/block-button';
import { ModerationBadge, ReportButton } from '../../../components/report-button';

/** What {@link LostFoundItemActions} offers and whom it asks to do it. */
export interface LostFoundItemActionsProps {
  item: LostFoundItem;
  canManage: boolean;
  onContact: (item: LostFoundItem) => void;
  onEdit: (item: LostFoundItem) => void;
  onDelete: (item: LostFoundItem) => void;
  onToggleReturned: (item: LostFoundItem) => void;
  busy?: boolean;
}

/**
 * An item's actions, on its card and in its dialog (docs/web-patterns.md "Detail = card"): Contact
 * Owner, Report (not shown to its reporter), and for the reporter or an admin Mark returned, Edit
 * and Delete (the page confirms a deletion).
 */
export function LostFoundItemActions({
  item,
  canManage,
  onContact,
  onEdit,
  onDelete,
  onToggleReturned,
  busy,
}: LostFoundItemActionsProps) {
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => onContact(item)}
        aria-label={`Contact Owner of ${item.item_name}`}
      >
        <Phone aria-hidden="true" size={16} />
        Contact Owner
      </Button>
      <ReportButton targetType="lost-found" targetId={item.id} ownerId={item.userId} name={item.item_name} />
      <BlockButton userId={item.userId} name={item.reporter_name} />
      {canManage ? (
        <>
          <Button variant="secondary" size="sm" disabled={busy} onClick={() => onToggleReturned(item)}>
            <CheckCircle2 aria-hidden="true" size={16} />
            {item.is_returned ? 'Mark not returned' : 'Mark returned'}
          </Button>
          <EditDeleteButtons onEdit={() => onEdit(item)} onDelete={() => onDelete(item)} name={item.item_name} />
        </>
      ) : null}
    </>
  );
}

export interface LostFoundItemCardProps extends LostFoundItemActionsProps {
  /** The list's URL query (`?view=all…`), kept by the name's link so closing the dialog returns to it. */
  listSearch: string;
}

/**
 * Memoised, like the marketplace's cards: opening an item's dialog re-renders the page, not its
 * unchanged cards (docs/performance.md, "The listing tap"). The page passes stable callbacks.
 */
export const LostFoundItemCard = memo(function LostFoundItemCard({
  item,
  canManage,
  onContact,
  onEdit,
  onDelete,
  onToggleReturned,
  busy,
  listSearch,
}: LostFoundItemCardProps) {
  return (
    <li className="flex gap-3 rounded-2xl border border-line bg-surface p-3 shadow-sm sm:gap-4 sm:p-4">
      <div className="h-20 w-20 shrink-0 overflow-hidden rounded-xl bg-surface-muted sm:h-24 sm:w-24">
        {item.image_thumb_url ? (
          <img src={item.image_thumb_url} alt={item.item_name} loading="lazy" className="h-full w-full object-cover" />
        ) : (
          <div className="flex h-full w-full items-center justify-center text-muted" aria-hidden="true">
            <ImageOff size={28} />
          </div>
        )}
      </div>
      <div className="min-w-0 flex-1 space-y-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={item.is_found ? 'success' : 'danger'}>{item.is_found ? 'Found' : 'Lost'}</Badge>
          {item.is_returned ? <Badge tone="neutral">Returned</Badge> : null}
          <ModerationBadge moderation={item.moderation} />
          <h3 className="min-w-0 truncate text-base font-semibold text-fg">
            <Link
              to={{ pathname: `/lost-found/${item.id}`, search: listSearch }}
              className="hover:text-accent hover:underline"
            >
              {item.item_name}
            </Link>
          </h3>
        </div>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
          <span className="inline-flex items-center gap-1">
            <CalendarDays aria-hidden="true" size={14} />
            {formatDateIN(`${item.date_found}T00:00:00`)}
          </span>
          <span className="inline-flex items-center gap-1">
            <MapPin aria-hidden="true" size={14} />
            {item.location_found}
          </span>
          <span>{item.category}</span>
        </p>
        {item.description ? <p className="line-clamp-2 text-sm text-fg">{item.description}</p> : null}
        <div className="flex flex-wrap gap-2 pt-1">
          <LostFoundItemActions
            item={item}
            canManage={canManage}
            onContact={onContact}
            onEdit={onEdit}
            onDelete={onDelete}
            onToggleReturned={onToggleReturned}
            busy={busy}
          />
        </div>
      </div>
    </li>
  );
});
