/**
 * /events and /events/:id (docs/architecture.md "Features in detail", Events and clubs). The feed:
 * Upcoming (grouped Today, This week, Later) and Past tabs, club and category filters and a search
 * field, all in the URL, paged; "Post event" for club coordinators and admins; "Calendar feed"
 * (the private feed's address and options, in a dialog); loading, empty and error states. With an id, the event's own page ({@link EventDetail}).
 */
import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import { CalendarDays, Plus, Rss } from 'lucide-react';
import type { CampusEvent, EventGroup } from '@campus/contract/events';
import {
  CLUB_CATEGORIES,
  CLUB_CATEGORY_LABELS,
  EVENT_GROUP_LABELS,
  CALENDAR_FEED_UI as F,
  EVENTS_UI as U,
  type EventWhen,
} from '@campus/contract/events-ui';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { PagedList } from '../../../components/ui/paged-list';
import { SearchField } from '../../../components/ui/search-field';
import { Select } from '../../../components/ui/select';
import { toApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { isAdmin } from '../../../lib/roles';
import { useAppSelector } from '../../../lib/store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import { useDebouncedParam, useUrlParams } from '../../../lib/url-params';
import { EventCard } from '../components/event-card';
import { EventDetail } from '../components/event-detail';
import { useListClubsQuery, useListEventsQuery } from '../events-api';

const EventFormModal = lazy(() =>
  import('../components/event-form-modal').then((m) => ({ default: m.EventFormModal })),
);
const CalendarFeedModal = lazy(() =>
  import('../components/calendar-feed-modal').then((m) => ({ default: m.CalendarFeedModal })),
);

/** Events per page. */
export const PAGE_SIZE = 20;
const pageParam = (v: string | null) => (v && /^\d{1,6}$/.test(v) ? Math.max(1, Number(v)) : 1);

export default function EventsPage() {
  const { id } = useParams();
  return id ? <EventDetail id={id} /> : <EventsFeed />;
}

function EventsFeed() {
  useDocumentTitle(U.title);
  const { params, update, replaceAll } = useUrlParams();
  const admin = isAdmin(useAppSelector((s) => s.auth.roles));
  const when: EventWhen = params.get('when') === 'past' ? 'past' : 'upcoming';
  const club = params.get('club') ?? '';
  const category = params.get('category') ?? '';
  const page = pageParam(params.get('page'));
  const [q, setQ] = useDebouncedParam('q', params, update);
  const list = useListEventsQuery({
    when,
    ...(club && { club }),
    ...(category && { category: category as (typeof CLUB_CATEGORIES)[number] }),
    ...(params.get('q') && { q: params.get('q')! }),
    page,
    limit: PAGE_SIZE,
  });
  const clubs = useListClubsQuery({ limit: 100 }).data?.items ?? [];
  const postable = admin ? clubs : clubs.filter((c) => c.isCoordinator);
  const [posting, setPosting] = useState(false);
  const postMounted = useOpenedOnce(posting);
  const [subscribing, setSubscribing] = useState(false);
  const feedMounted = useOpenedOnce(subscribing);

  const data = list.data;
  const items = data?.items ?? [];
  return (
    <>
      <PageHeader
        title={U.title}
        subtitle={U.subtitle}
        actions={
          <>
            <Button variant="secondary" onClick={() => setSubscribing(true)}>
              <Rss aria-hidden="true" size={18} />
              {F.title}
            </Button>
            {postable.length ? (
              <Button onClick={() => setPosting(true)}>
                <Plus aria-hidden="true" size={18} />
                {U.newEvent}
              </Button>
            ) : null}
          </>
        }
      />
      <div role="tablist" aria-label="Event lists" className="mb-4 flex gap-2 border-b border-line">
        {(['upcoming', 'past'] as const).map((v) => (
          <button
            key={v}
            role="tab"
            aria-selected={when === v}
            className={cn(
              '-mb-px min-h-11 border-b-2 px-3 py-2 text-sm font-medium',
              when === v ? 'border-accent text-accent' : 'border-transparent text-muted hover:text-fg',
            )}
            onClick={() => replaceAll(v === 'past' ? { when: 'past' } : {})}
          >
            {v === 'past' ? U.past : U.upcoming}
          </button>
        ))}
      </div>
      <div className="mb-4 grid gap-3 sm:grid-cols-3">
        <SearchField label={U.search} value={q} onChange={setQ} placeholder={U.search} />
        <Select
          label={U.club}
          hideLabel
          value={club}
          onChange={(e) => update({ club: e.target.value })}
          placeholder={U.allClubs}
          options={clubs.map((c) => ({ value: c.slug, label: c.name }))}
        />
        <Select
          label="Category"
          hideLabel
          value={category}
          onChange={(e) => update({ category: e.target.value })}
          placeholder={U.allCategories}
          options={CLUB_CATEGORIES.map((c) => ({ value: c, label: CLUB_CATEGORY_LABELS[c] }))}
        />
      </div>

      <PagedList
        loading={list.isLoading || (list.isFetching && !data)}
        loadingLabel="Loading events"
        showLoadingLabel
        error={
          list.isError ? (
            <Alert tone="error" title={U.loadFailed}>
              <p>{toApiError(list.error).message}</p>
              <Button variant="secondary" size="sm" className="mt-2" onClick={() => void list.refetch()}>
                Try again
              </Button>
            </Alert>
          ) : null
        }
        empty={
          items.length ? null : (
            <EmptyState icon={<CalendarDays size={40} />} title={when === 'past' ? U.emptyPast : U.empty} />
          )
        }
        pager={
          data && items.length
            ? {
                ...data.pagination,
                onPageChange: (p) => update({ page: p > 1 ? String(p) : '' }),
                label: 'Event pages',
              }
            : null
        }
      >
        <div className={cn('space-y-5', list.isFetching && 'opacity-60')}>
          {groupsOf(items).map(([group, events]) => (
            <section key={group} aria-labelledby={`group-${group}`}>
              <h2 id={`group-${group}`} className="mb-2 text-lg font-semibold text-fg">
                {EVENT_GROUP_LABELS[group]}
              </h2>
              <ul className="space-y-3">
                {events.map((e) => (
                  <EventCard key={e.id} event={e} />
                ))}
              </ul>
            </section>
          ))}
        </div>
      </PagedList>
      {postMounted ? (
        <Suspense fallback={null}>
          <EventFormModal open={posting} onOpenChange={setPosting} clubs={postable} />
        </Suspense>
      ) : null}
      {feedMounted ? (
        <Suspense fallback={null}>
          <CalendarFeedModal open={subscribing} onOpenChange={setSubscribing} />
        </Suspense>
      ) : null}
    </>
  );
}

/** The page's events in their feed groups, in order (a group appears once, where it starts). */
function groupsOf(items: CampusEvent[]): Array<[EventGroup, CampusEvent[]]> {
  const groups: Array<[EventGroup, CampusEvent[]]> = [];
  for (const e of items) {
    const last = groups.at(-1);
    if (last && last[0] === e.group) last[1].push(e);
    else groups.push([e.group, [e]]);
  }
  return groups;
}
