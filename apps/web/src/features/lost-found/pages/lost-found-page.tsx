/**
 * /lost-found (docs/product-spec.md §2): "Recently Reported" (the first 5, each with a Lost/Found label,
 * name, date, location and image or placeholder), Contact Owner (the contact or "Not provided"),
 * Report Item (modal "Report Found Item" / "Edit Reported Item" with a Lost/Found choice), a load
 * error with Retry, and "View all" (`?view=all`) with filters (`type`, `category`, `search`,
 * returned, mine) and pages in the URL. The reporter or an admin may mark returned, edit and delete
 * (with a confirmation). /lost-found/{id} opens one item.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ArrowLeft, Plus, SearchX } from 'lucide-react';
import type { LostFoundCategory, LostFoundItem, LostFoundItemFilters } from '@campus/contract/lost-found';
import {
  LOST_FOUND_CATEGORIES,
  LOST_FOUND_MESSAGES as L,
  RECENT_LOST_FOUND_ITEMS,
} from '@campus/contract/lost-found-ui';
import { useAppSelector } from '../../../lib/store';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { PagedList } from '../../../components/ui/paged-list';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { useUrlParams } from '../../../lib/url-params';
import { isAdmin } from '../../../lib/roles';
import { ContactModal } from '../components/contact-modal';
import { LostFoundItemCard } from '../components/lost-found-item-card';
import { LostFoundFilters } from '../components/lost-found-filters';
import { LostFoundItemDetailModal } from '../components/lost-found-item-detail-modal';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import {
  LOST_FOUND_TOAST_MS,
  useDeleteLostFoundItemMutation,
  useListLostFoundItemsQuery,
  useSetReturnedMutation,
} from '../lost-found-api';

// The form (react-hook-form, the contract's zod schemas) loads on first opening.
const LostFoundItemFormModal = lazy(() =>
  import('../components/lost-found-item-form-modal').then((m) => ({ default: m.LostFoundItemFormModal })),
);

/** Items per page in "View all". */
export const PAGE_SIZE = 10;

/** Reads the "View all" filters from the URL, ignoring malformed values. */
export function lostFoundFiltersFromParams(params: URLSearchParams): LostFoundItemFilters {
  const type = params.get('type');
  const category = params.get('category');
  const page = params.get('page');
  return {
    type: type === 'lost' || type === 'found' ? type : undefined,
    category:
      category && (LOST_FOUND_CATEGORIES as readonly string[]).includes(category)
        ? (category as LostFoundCategory)
        : undefined,
    search: params.get('search')?.trim() || undefined,
    includeReturned: params.get('returned') === '1' || undefined,
    mine: params.get('mine') === '1' || undefined,
    page: page && /^\d{1,6}$/.test(page) ? Math.max(1, Number(page)) : 1,
    limit: PAGE_SIZE,
  };
}

export default function LostFoundPage() {
  const { id: openId } = useParams();
  const navigate = useNavigate();
  const { params, update } = useUrlParams();
  const listSearch = useLocation().search;
  const user = useAppSelector((s) => s.auth.user);
  const admin = isAdmin(useAppSelector((s) => s.auth.roles));
  const all = params.get('view') === 'all';
  const filters = useMemo(
    () => (all ? lostFoundFiltersFromParams(params) : { limit: RECENT_LOST_FOUND_ITEMS, page: 1 }),
    [all, params],
  );
  const list = useListLostFoundItemsQuery(filters);

  useEffect(() => {
    if (list.isError) toast.error(L.errorFetching, { autoClose: LOST_FOUND_TOAST_MS, toastId: 'lost-found-load' });
  }, [list.isError]);

  const [formOpen, setFormOpen] = useState(false);
  const formMounted = useOpenedOnce(formOpen);
  const [editing, setEditing] = useState<LostFoundItem | null>(null);
  const [contact, setContact] = useState<LostFoundItem | null>(null);
  const [deleting, setDeleting] = useState<LostFoundItem | null>(null);
  const [deleteLostFoundItem, { isLoading: deleteBusy }] = useDeleteLostFoundItemMutation();
  const [setReturned, { isLoading: returnBusy }] = useSetReturnedMutation();

  const canManage = (item: LostFoundItem) => item.userId === user?.id || admin;
  const closeDetail = () => navigate({ pathname: '/lost-found', search: params.toString() });
  // Stable callbacks, so the memoised cards skip re-rendering when a dialog opens.
  const openEdit = useCallback((item: LostFoundItem) => {
    // Opens on top of the item's dialog (if any); closing that one now would hand focus back to the
    // page, which the new dialog takes as a click outside and closes.
    setEditing(item);
    setFormOpen(true);
  }, []);
  // The mutations show their own toasts (lost-found-api.ts); here only what follows a success.
  const toggleReturned = useCallback(
    (item: LostFoundItem) => void setReturned({ id: item.id, is_returned: !item.is_returned }),
    [setReturned],
  );
  const confirmDelete = async () => {
    if (!deleting || (await deleteLostFoundItem(deleting.id)).error) return;
    if (openId === deleting.id) closeDetail();
    setDeleting(null);
  };

  const page = list.data;
  const heading = all ? 'All reports' : 'Recently Reported';

  return (
    <>
      {/* First in the page: a node added after the list would make the browser restyle all of it. */}
      {openId ? (
        <LostFoundItemDetailModal
          id={openId}
          onClose={closeDetail}
          canManage={canManage}
          onContact={setContact}
          onEdit={openEdit}
          onDelete={setDeleting}
          onToggleReturned={toggleReturned}
        />
      ) : null}
      <PageHeader
        title="Lost and Found"
        subtitle="Report what you found or lost on campus."
        actions={
          <Button
            onClick={() => {
              setEditing(null);
              setFormOpen(true);
            }}
          >
            <Plus aria-hidden="true" size={18} />
            Report Item
          </Button>
        }
      />

      <section aria-labelledby="lf-list-heading">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
          <h2 id="lf-list-heading" className="text-xl font-semibold text-fg">
            {heading}
          </h2>
          {all ? (
            <Link to="/lost-found" className={buttonClasses('ghost', 'sm')}>
              <ArrowLeft aria-hidden="true" size={16} />
              Recently Reported
            </Link>
          ) : (
            <Link to="/lost-found?view=all" className={buttonClasses('secondary', 'sm')}>
              View all
            </Link>
          )}
        </div>

        {all ? <LostFoundFilters filters={filters} params={params} update={update} /> : null}

        <PagedList
          loading={list.isLoading || (list.isFetching && !page)}
          loadingLabel="Loading reports..."
          showLoadingLabel
          error={
            list.isError ? (
              <LoadError title={L.errorFetching} error={list.error} onRetry={() => void list.refetch()} />
            ) : null
          }
          empty={
            page?.items.length ? null : (
              <EmptyState
                icon={<SearchX size={40} />}
                title="No items reported yet"
                description="Found something? Report it."
              />
            )
          }
          pager={
            all && !list.isError && page?.items.length
              ? {
                  ...page.pagination,
                  onPageChange: (p) => update({ page: p > 1 ? String(p) : '' }),
                  label: 'Lost and found pages',
                }
              : null
          }
        >
          <ul className={cn('space-y-3', list.isFetching && 'opacity-60')}>
            {/* Each card is its own Suspense boundary: React hydrates them one by one, in short tasks. */}
            {page?.items.map((item) => (
              <Suspense key={item.id} fallback={null}>
                <LostFoundItemCard
                  item={item}
                  canManage={canManage(item)}
                  onContact={setContact}
                  onEdit={openEdit}
                  onDelete={setDeleting}
                  onToggleReturned={toggleReturned}
                  busy={returnBusy}
                  listSearch={listSearch}
                />
              </Suspense>
            ))}
          </ul>
        </PagedList>
      </section>

      {formMounted ? (
        <Suspense fallback={null}>
          <LostFoundItemFormModal open={formOpen} onOpenChange={setFormOpen} item={editing} />
        </Suspense>
      ) : null}
      <ContactModal item={contact} onClose={() => setContact(null)} />
      <ConfirmModal
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete this report?"
        description={deleting ? `"${deleting.item_name}" will be removed permanently.` : undefined}
        busy={deleteBusy}
        onConfirm={confirmDelete}
      />
    </>
  );
}
