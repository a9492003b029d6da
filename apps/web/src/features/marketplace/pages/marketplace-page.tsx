/**
 * /marketplace (docs/product-spec.md §2): title, Sell Item, category chips (All, Books, Electronics,
 * Furniture, Clothing), search (name or description), min/max price and sort, a card grid with
 * "Loading items..." / "No items found", pagination, the sell/edit modal, Edit/Delete (with a
 * confirmation) for the owner or an admin, and a "My listings" view (`?view=mine`) with Mark as
 * sold and Renew. Filters and page live in the URL (`category`, `search`, `minPrice`, `maxPrice`,
 * `sort`, `page`), so a search survives a reload and can be shared. /marketplace/{id} opens the
 * item's dialog (the link Share copies).
 */
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import * as Tabs from '@radix-ui/react-tabs';
import { PackageOpen, Plus } from 'lucide-react';
import {
  MARKETPLACE_MESSAGES as M,
  MARKETPLACE_SORTS,
  type MarketplaceCategory,
} from '@campus/contract/marketplace-ui';
import type { ItemFilters, MarketplaceItem, MarketplaceSort } from '@campus/contract/marketplace';
import { useAppSelector } from '../../../lib/store';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { PagedList } from '../../../components/ui/paged-list';
import { totalLabel } from '../../../components/ui/pagination';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { useUrlParams } from '../../../lib/url-params';
import { isAdmin } from '../../../lib/roles';
import { ItemCard } from '../components/item-card';
import { MarketplaceFilters } from '../components/marketplace-filters';
import { ItemDetailModal } from '../components/item-detail-modal';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import {
  MARKETPLACE_TOAST_MS,
  useDeleteItemMutation,
  useListItemsQuery,
  useRenewItemMutation,
  useSetSoldMutation,
  useUserItemsQuery,
} from '../marketplace-api';

// The form (react-hook-form, the contract's zod schemas) loads on first opening.
const ItemFormModal = lazy(() => import('../components/item-form-modal').then((m) => ({ default: m.ItemFormModal })));

/** The two views (tab value, label); `mine` is `?view=mine`. */
const VIEWS = [
  ['browse', 'Browse'],
  ['mine', 'My listings'],
] as const;

/** Items per page. */
export const PAGE_SIZE = 12;

const intParam = (v: string | null): number | undefined => (v && /^\d{1,9}$/.test(v) ? Number(v) : undefined);

/** Reads the browse filters from the URL, ignoring malformed values. */
export function filtersFromParams(params: URLSearchParams): ItemFilters {
  const category = params.get('category') ?? undefined;
  const sort = params.get('sort') as MarketplaceSort | null;
  return {
    // Not checked here: the server answers an unknown category with its message, as before.
    category: category && category !== 'All' ? (category as MarketplaceCategory) : undefined,
    search: params.get('search')?.trim() || undefined,
    minPrice: intParam(params.get('minPrice')),
    maxPrice: intParam(params.get('maxPrice')),
    sort: sort && MARKETPLACE_SORTS.includes(sort) ? sort : undefined,
    page: Math.max(1, intParam(params.get('page')) ?? 1),
    limit: PAGE_SIZE,
  };
}

export default function MarketplacePage() {
  const { id: openId } = useParams();
  const navigate = useNavigate();
  const { params, update, replaceAll } = useUrlParams();
  const listSearch = useLocation().search;
  const user = useAppSelector((s) => s.auth.user);
  const roles = useAppSelector((s) => s.auth.roles);
  const admin = isAdmin(roles);
  const view = params.get('view') === 'mine' ? 'mine' : 'browse';
  const filters = useMemo(() => filtersFromParams(params), [params]);

  const browse = useListItemsQuery(filters, { skip: view !== 'browse' });
  const mine = useUserItemsQuery({ page: filters.page, limit: PAGE_SIZE }, { skip: view !== 'mine' });
  const current = view === 'mine' ? mine : browse;

  useEffect(() => {
    if (current.isError) {
      toast.error(view === 'mine' ? M.errorFetchingUser : M.errorFetching, {
        autoClose: MARKETPLACE_TOAST_MS,
        toastId: `marketplace-load-${view}`,
      });
    }
  }, [current.isError, view]);

  const [formOpen, setFormOpen] = useState(false);
  const formMounted = useOpenedOnce(formOpen);
  const [editing, setEditing] = useState<MarketplaceItem | null>(null);
  const [deleting, setDeleting] = useState<MarketplaceItem | null>(null);
  const [deleteItem, { isLoading: deletingBusy }] = useDeleteItemMutation();
  const [setSold, { isLoading: soldBusy }] = useSetSoldMutation();
  const [renew, { isLoading: renewBusy }] = useRenewItemMutation();

  const canManage = (item: MarketplaceItem) => item.userId === user?.id || admin;
  const closeDetail = () => navigate({ pathname: '/marketplace', search: params.toString() });
  const openSell = () => {
    setEditing(null);
    setFormOpen(true);
  };
  // Stable callbacks, so the memoised cards skip re-rendering when a dialog opens.
  const openEdit = useCallback((item: MarketplaceItem) => {
    // Opens on top of the item's dialog (if any); closing that one now would hand focus back to the
    // page, which the new dialog takes as a click outside and closes.
    setEditing(item);
    setFormOpen(true);
  }, []);

  // The mutations show their own toasts (marketplace-api.ts); here only what follows a success.
  const confirmDelete = async () => {
    if (!deleting || (await deleteItem(deleting.id)).error) return;
    if (openId === deleting.id) closeDetail();
    setDeleting(null);
  };
  const mineActions = useMemo(
    () =>
      view === 'mine'
        ? {
            onToggleSold: (item: MarketplaceItem) => void setSold({ id: item.id, is_sold: !item.is_sold }),
            onRenew: (item: MarketplaceItem) => void renew(item.id),
            busy: soldBusy || renewBusy,
          }
        : undefined,
    [view, setSold, renew, soldBusy, renewBusy],
  );

  // A page of cards renders as a transition, in short slices, once it arrives (Total
  // Blocking Time); the loading state stays meanwhile.
  const page = useDeferredValue(current.data);

  // The active view's content; only the active tab's content is mounted, so leaving Browse drops a
  // search still being typed (lib/url-params.ts).
  const viewBody = (
    <>
      {view === 'browse' ? <MarketplaceFilters filters={filters} params={params} update={update} /> : null}

      <PagedList
        loading={!page && (current.isFetching || !!current.data)}
        loadingLabel={M.loading}
        showLoadingLabel
        error={
          current.isError ? (
            <LoadError
              title={view === 'mine' ? M.errorFetchingUser : M.errorFetching}
              error={current.error}
              onRetry={() => void current.refetch()}
            />
          ) : null
        }
        empty={
          page?.items.length ? null : (
            <EmptyState
              icon={<PackageOpen size={40} />}
              title={M.empty}
              description={view === 'mine' ? 'You have not listed anything yet.' : 'Try another category or search.'}
              action={view === 'mine' ? <Button onClick={openSell}>Sell Item</Button> : undefined}
            />
          )
        }
        pager={
          !current.isError && page?.items.length
            ? {
                ...page.pagination,
                onPageChange: (p) => update({ page: p > 1 ? String(p) : '' }),
                label: 'Marketplace pages',
              }
            : null
        }
      >
        {page ? (
          <>
            <p className="sr-only" aria-live="polite">
              {totalLabel(page.pagination.total, page.pagination.totalCapped)} items
            </p>
            <div
              className={cn(
                'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4',
                current.isFetching && 'opacity-60',
              )}
            >
              {/* Each card is its own Suspense boundary: React hydrates them one by one, in short tasks. */}
              {page.items.map((item, index) => (
                <Suspense key={item.id} fallback={null}>
                  <ItemCard
                    item={item}
                    priority={index === 0}
                    canManage={canManage(item)}
                    onEdit={openEdit}
                    onDelete={setDeleting}
                    mine={mineActions}
                    listSearch={listSearch}
                  />
                </Suspense>
              ))}
            </div>
          </>
        ) : null}
      </PagedList>
    </>
  );

  return (
    <>
      {/* First in the page: a node added after the list would make the browser restyle all of it. */}
      {openId ? (
        <ItemDetailModal
          id={openId}
          onClose={closeDetail}
          canManage={canManage}
          onEdit={openEdit}
          onDelete={setDeleting}
        />
      ) : null}
      <PageHeader
        title="Marketplace"
        subtitle="Buy and sell within campus."
        actions={
          <Button onClick={openSell}>
            <Plus aria-hidden="true" size={18} />
            Sell Item
          </Button>
        }
      />

      <Tabs.Root value={view} onValueChange={(v) => replaceAll(v === 'mine' ? { view: 'mine' } : {})}>
        <Tabs.List aria-label="Marketplace views" className="mb-4 flex gap-2 border-b border-line">
          {VIEWS.map(([v, label]) => (
            <Tabs.Trigger
              key={v}
              value={v}
              className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted hover:text-fg data-[state=active]:border-accent data-[state=active]:text-accent"
            >
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {VIEWS.map(([v]) => (
          <Tabs.Content key={v} value={v} className="rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4">
            {viewBody}
          </Tabs.Content>
        ))}
      </Tabs.Root>

      {formMounted ? (
        <Suspense fallback={null}>
          <ItemFormModal open={formOpen} onOpenChange={setFormOpen} item={editing} />
        </Suspense>
      ) : null}
      <ConfirmModal
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete this listing?"
        description={deleting ? `"${deleting.item_name}" will be removed permanently.` : undefined}
        busy={deletingBusy}
        onConfirm={confirmDelete}
      />
    </>
  );
}
