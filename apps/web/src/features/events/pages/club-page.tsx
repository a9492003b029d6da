/**
 * /clubs/:slug (docs/architecture.md "Features in detail", Events and clubs): the club's name,
 * category, description, follower count and Follow button (pressed while following), its
 * coordinators and its upcoming events; loading, not-found and error states.
 */
import { Link, useParams } from 'react-router';
import { CalendarDays } from 'lucide-react';
import { CLUB_CATEGORY_LABELS, EVENTS_UI as U } from '@campus/contract/events-ui';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { toApiError } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { EventCard } from '../components/event-card';
import { useFollowMutation, useGetClubQuery } from '../events-api';

export default function ClubPage() {
  const { slug = '' } = useParams();
  const q = useGetClubQuery(slug);
  const [follow, { isLoading: busy }] = useFollowMutation();
  useDocumentTitle(q.data?.name ?? U.clubs);
  if (q.isLoading) return <Spinner label="Loading club" />;
  if (q.isError || !q.data)
    return (
      <Alert tone="error" title={toApiError(q.error).message}>
        <Link to="/events" className={buttonClasses('secondary', 'sm', 'mt-2')}>
          Back to events
        </Link>
      </Alert>
    );
  const c = q.data;
  return (
    <article aria-labelledby="club-title" className="mx-auto max-w-3xl space-y-5">
      <header className="flex flex-wrap items-start gap-4">
        {c.logoUrl ? <img src={c.logoUrl} alt="" width={64} height={64} className="rounded-lg" /> : null}
        <div className="min-w-0 flex-1 space-y-1">
          <h1 id="club-title" className="text-2xl font-bold break-words text-fg">
            {c.name}
          </h1>
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted">
            <Badge>{CLUB_CATEGORY_LABELS[c.category]}</Badge>
            <span>{U.followers(c.followerCount)}</span>
          </p>
        </div>
        <Button
          aria-pressed={c.isFollowing}
          variant={c.isFollowing ? 'secondary' : 'primary'}
          disabled={busy}
          onClick={() => void follow({ slug: c.slug, follow: !c.isFollowing })}
        >
          {c.isFollowing ? U.following : U.follow}
        </Button>
      </header>
      {c.description ? <p className="break-words text-fg">{c.description}</p> : null}
      <section aria-labelledby="coordinators-heading">
        <h2 id="coordinators-heading" className="mb-1 text-lg font-semibold text-fg">
          {U.coordinators}
        </h2>
        <p className="text-sm text-muted">{c.coordinators.map((p) => p.name ?? 'A student').join(', ') || '—'}</p>
      </section>
      <section aria-labelledby="club-events-heading">
        <h2 id="club-events-heading" className="mb-2 text-lg font-semibold text-fg">
          {U.clubEvents}
        </h2>
        {c.upcoming.length ? (
          <ul className="space-y-3">
            {c.upcoming.map((e) => (
              <EventCard key={e.id} event={e} />
            ))}
          </ul>
        ) : (
          <EmptyState icon={<CalendarDays size={40} />} title={U.clubNoEvents} />
        )}
      </section>
    </article>
  );
}
