/**
 * Dashboard tab (docs/product-spec.md §2 Admin area, §5, §9): "Admin User Control Center" with its subtitle, the
 * Total Users and New This Week cards, search (placeholder "Search users by name, email or ID..."),
 * sort (Newest First, Oldest First, Name (A-Z)), grid (1/2/3/4 columns by width) or list table
 * (Name, Email, Created), a spinner while loading and nothing listed when loading fails.
 * Search and sort run on the server (debounced); the docs/product-spec.md §5 rules also filter the loaded page at
 * once so typing feels instant.
 */
import { useEffect, useMemo, useState } from 'react';
import { LayoutGrid, List } from 'lucide-react';
import { ADMIN_SORT_LABELS, ADMIN_UI, ADMIN_USER_SORTS, type AdminUserSort } from '@campus/contract/admin-ui';
import { Alert } from '../../../components/ui/alert';
import { Card } from '../../../components/ui/card';
import { DataTable, cell } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { PagedList } from '../../../components/ui/paged-list';
import { Select } from '../../../components/ui/select';
import { SearchField } from '../../../components/ui/search-field';
import { cn } from '../../../lib/cn';
import { formatDateIN } from '../../../lib/format';
import { useAppSelector } from '../../../lib/store';
import { useAdminUsersQuery } from '../admin-api';
import { filterAndSortUsers } from '../user-filters';
import { UserCard } from './user-card';

const PAGE_SIZE = 24;
const SEARCH_DEBOUNCE_MS = 300;

const SORT_OPTIONS = ADMIN_USER_SORTS.map((s) => ({ value: s, label: ADMIN_SORT_LABELS[s] }));

export function UsersDashboard() {
  const me = useAppSelector((s) => s.auth.user);
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<AdminUserSort>('newest');
  const [view, setView] = useState<'grid' | 'list'>('grid');
  const [page, setPage] = useState(1);

  useEffect(() => {
    const id = setTimeout(() => {
      setSearch(searchInput.trim());
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [searchInput]);

  const { data, isLoading, isFetching, isError } = useAdminUsersQuery({ search, sort, page, limit: PAGE_SIZE });
  const users = useMemo(
    () => (data ? filterAndSortUsers(data.users, searchInput, sort) : []),
    [data, searchInput, sort],
  );

  return (
    <section aria-labelledby="admin-dashboard-title" className="space-y-6">
      <div>
        <h2 id="admin-dashboard-title" className="text-xl font-semibold text-fg sm:text-2xl">
          {ADMIN_UI.heading}
        </h2>
        <p className="mt-1 text-muted">{ADMIN_UI.subtitle}</p>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <Card as="div" className="sm:p-5">
          <p className="text-sm text-muted">{ADMIN_UI.totalUsers}</p>
          <p className="mt-1 text-3xl font-bold text-fg" data-testid="stat-total">
            {data ? data.stats.total : '–'}
          </p>
        </Card>
        <Card as="div" className="sm:p-5">
          <p className="text-sm text-muted">{ADMIN_UI.newThisWeek}</p>
          <p className="mt-1 text-3xl font-bold text-fg" data-testid="stat-new">
            {data ? data.stats.newThisWeek : '–'}
          </p>
        </Card>
      </div>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SearchField
          label="Search users"
          value={searchInput}
          onChange={setSearchInput}
          placeholder={ADMIN_UI.searchPlaceholder}
          maxLength={200}
          className="flex-1"
        />
        <div className="flex items-end gap-2">
          <Select
            label="Sort users"
            hideLabel
            id="admin-user-sort"
            value={sort}
            onChange={(e) => {
              setSort(e.target.value as AdminUserSort);
              setPage(1);
            }}
            options={SORT_OPTIONS}
          />
          <div className="flex rounded-lg border border-line p-0.5" role="group" aria-label="View">
            <button
              type="button"
              aria-pressed={view === 'grid'}
              onClick={() => setView('grid')}
              className={cn('rounded-md p-2.5', view === 'grid' ? 'bg-accent-soft text-accent' : 'text-muted')}
            >
              <LayoutGrid aria-hidden="true" size={18} />
              <span className="sr-only">Grid view</span>
            </button>
            <button
              type="button"
              aria-pressed={view === 'list'}
              onClick={() => setView('list')}
              className={cn('rounded-md p-2.5', view === 'list' ? 'bg-accent-soft text-accent' : 'text-muted')}
            >
              <List aria-hidden="true" size={18} />
              <span className="sr-only">List view</span>
            </button>
          </div>
        </div>
      </div>

      <PagedList
        loading={isLoading}
        loadingLabel="Loading users"
        error={isError ? <Alert tone="error">{ADMIN_UI.fetchError}</Alert> : null}
        empty={users.length === 0 ? <EmptyState title="No users match your search." /> : null}
        pager={
          data
            ? {
                page,
                limit: PAGE_SIZE,
                total: data.pagination.total,
                totalCapped: data.pagination.totalCapped,
                onPageChange: setPage,
                label: 'Users pages',
              }
            : null
        }
      >
        {view === 'grid' ? (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-busy={isFetching}>
            {users.map((u) => (
              <li key={u.id}>
                <UserCard user={u} isSelf={u.id === me?.id} />
              </li>
            ))}
          </ul>
        ) : (
          <DataTable busy={isFetching} columns={['Name', 'Email', 'Created']}>
            {users.map((u) => (
              <tr key={u.id}>
                <td className={cn(cell, 'text-fg')}>{u.name || ADMIN_UI.anonymous}</td>
                <td className={cn(cell, 'break-all')}>{u.email}</td>
                <td className={cn(cell, 'whitespace-nowrap')}>{formatDateIN(u.createdAt)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </PagedList>
    </section>
  );
}
