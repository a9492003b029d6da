/**
 * One marketplace listing as a card (docs/product-spec.md §2): photo or placeholder, name (a link to its deep link
 * /marketplace/{id}), ₹ price in en-IN grouping, category and condition, en-IN date, description
 * (or "No description available" for `[removed]`), and actions: like (local), share, reveal
 * contact, and Edit/Delete for the owner or an admin. In "My listings" it also shows the sold and
 * expiry state with Mark as sold / Mark as available and Renew.
 */
import { memo } from 'react';
import { Link } from 'react-router';
import { Heart, ImageOff, RefreshCw, Share2, Tag } from 'lucide-react';
import { NO_DESCRIPTION, REMOVED_DESCRIPTION } from '@campus/contract/marketplace-ui';
import type { MarketplaceItem } from '@campus/contract/marketplace';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EditDeleteButtons } from '../../../components/ui/edit-delete-buttons';
import { cn } from '../../../lib/cn';
import { formatDateIN, formatRupees } from '../../../lib/format';
import { useLike } from '../likes';
import { itemLink, shareLink } from '../share';
import { ContactReveal } from './contact-reveal';
import { BlockButton } from '../../../components/block-button';
import { ModerationBadge, ReportButton } from '../../../components/report-button';

/** The text shown for a description (docs/product-spec.md §5: `[removed]` → "No description available"). */
export function shownDescription(description: string): string {
  return !description.trim() || description === REMOVED_DESCRIPTION ? NO_DESCRIPTION : description;
}

export interface ItemCardProps {
  item: MarketplaceItem;
  canManage: boolean;
  onEdit: (item: MarketplaceItem) => void;
  onDelete: (item: MarketplaceItem) => void;
  /** The list's URL query (`?category=…`), kept by the name's link so closing the dialog returns to it. */
  listSearch: string;
  /** "My listings" extras. */
  mine?: { onToggleSold: (item: MarketplaceItem) => void; onRenew: (item: MarketplaceItem) => void; busy?: boolean };
  /**
   * The first card of the page: its photo is the largest image above the fold, so it loads at
   * once with `fetchpriority="high"` instead of lazily (LCP). The photo is the
   * 320 px thumbnail, the card's width on a phone.
   */
  priority?: boolean;
}

/**
 * What anyone may do with a listing, on its card and in its dialog (docs/web-patterns.md "Detail =
 * card"): Like (kept in the browser), Share, reveal the seller's contact (not in "My listings":
 * `contact` false) and Report (not shown to its owner).
 */
export function ItemActions({ item, contact = true }: { item: MarketplaceItem; contact?: boolean }) {
  const [liked, toggleLike] = useLike(item.id);
  return (
    <>
      <Button variant="ghost" size="sm" onClick={toggleLike} aria-pressed={liked}>
        <Heart aria-hidden="true" size={16} className={liked ? 'fill-current text-danger' : ''} />
        {liked ? 'Liked' : 'Like'}
        <span className="sr-only"> {item.item_name}</span>
      </Button>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => void shareLink(item.item_name, itemLink(item.id))}
        aria-label={`Share ${item.item_name}`}
      >
        <Share2 aria-hidden="true" size={16} />
        Share
      </Button>
      {contact ? <ContactReveal contact={item.owner_contact} name={item.item_name} /> : null}
      <ReportButton targetType="listing" targetId={item.id} ownerId={item.userId} name={item.item_name} />
      <BlockButton userId={item.userId} name={item.owner_name} />
    </>
  );
}

/**
 * Memoised: opening a listing's dialog navigates (`/marketplace/{id}`) and re-renders the page, but
 * not its unchanged cards, so the dialog shows sooner (docs/performance.md, "The listing tap").
 * The page passes stable callbacks for that.
 */
export const ItemCard = memo(function ItemCard({
  item,
  canManage,
  onEdit,
  onDelete,
  mine,
  listSearch,
  priority = false,
}: ItemCardProps) {
  const description = shownDescription(item.description);
  return (
    <article
      className="flex flex-col overflow-hidden rounded-2xl border border-line bg-surface shadow-sm"
      aria-labelledby={`item-${item.id}-name`}
    >
      <div className="relative aspect-[4/3] bg-surface-muted">
        {item.image_thumb_url ? (
          <img
            src={item.image_thumb_url}
            alt={item.item_name}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            className="h-full w-full object-cover"
          />
        ) : (
          <div className="flex h-full w-full items-center justify-center text-muted" aria-hidden="true">
            <ImageOff size={36} />
          </div>
        )}
        <div className="absolute left-2 top-2 flex gap-1">
          {item.is_sold ? <Badge tone="success">Sold</Badge> : null}
          {item.is_expired ? <Badge tone="warning">Expired</Badge> : null}
          <ModerationBadge moderation={item.moderation} />
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 id={`item-${item.id}-name`} className="text-base font-semibold text-fg">
            <Link
              to={{ pathname: `/marketplace/${item.id}`, search: listSearch }}
              className="hover:text-accent hover:underline"
            >
              {item.item_name}
            </Link>
          </h3>
          <p className="shrink-0 text-lg font-bold text-accent">{formatRupees(item.price)}</p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          <Badge tone="accent">{item.category}</Badge>
          <Badge>{item.item_condition}</Badge>
        </div>
        <p className={cn('line-clamp-3 text-sm', description === NO_DESCRIPTION ? 'italic text-muted' : 'text-fg')}>
          {description}
        </p>
        <p className="text-xs text-muted">
          Listed on {formatDateIN(item.createdAt)}
          {item.owner_name ? ` by ${item.owner_name}` : ''}
          {mine ? ` · ${item.is_expired ? 'Expired' : 'Expires'} on ${formatDateIN(item.expires_at)}` : ''}
        </p>
        <div className="mt-auto flex flex-wrap items-center gap-2 pt-2">
          <ItemActions item={item} contact={!mine} />
        </div>
        {canManage || mine ? (
          <div className="flex flex-wrap gap-2 border-t border-line pt-3">
            {mine ? (
              <>
                <Button variant="secondary" size="sm" disabled={mine.busy} onClick={() => mine.onToggleSold(item)}>
                  <Tag aria-hidden="true" size={16} />
                  {item.is_sold ? 'Mark as available' : 'Mark as sold'}
                </Button>
                <Button variant="secondary" size="sm" disabled={mine.busy} onClick={() => mine.onRenew(item)}>
                  <RefreshCw aria-hidden="true" size={16} />
                  Renew
                </Button>
              </>
            ) : null}
            <EditDeleteButtons onEdit={() => onEdit(item)} onDelete={() => onDelete(item)} name={item.item_name} />
          </div>
        ) : null}
      </div>
    </article>
  );
});
