/**
 * One event's page (`/events/:id`): poster, title, club, time, venue, description, registration
 * link, the answer counts with Going and Interested (pressed when chosen; a full event refuses
 * Going with the server's message), "Add to calendar" (the `.ics` download), Report; for its
 * club's coordinators and admins also the Going list, Edit (the post form, filled), Cancel event
 * and Delete.
 */
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ArrowLeft, CalendarPlus, ExternalLink, MapPin, CalendarClock } from 'lucide-react';
import type { CampusEvent, RsvpStatus } from '@campus/contract/events';
import { EVENTS_UI as U, EVENT_MESSAGES as E, clubPath } from '@campus/contract/events-ui';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { Spinner } from '../../../components/ui/spinner';
import { ModerationBadge, ReportButton } from '../../../components/report-button';
import { toApiError } from '../../../lib/api';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  useDeleteEventMutation,
  useGetEventQuery,
  useGoingListQuery,
  useRsvpMutation,
  useUpdateEventMutation,
} from '../events-api';
import { Venue, eventWhen, isFull } from './event-card';

const EventFormModal = lazy(() => import('./event-form-modal').then((m) => ({ default: m.EventFormModal })));

export function EventDetail({ id }: { id: string }) {
  const q = useGetEventQuery(id);
  useDocumentTitle(q.data?.title ?? U.title);
  if (q.isLoading) return <Spinner label="Loading event" />;
  if (q.isError || !q.data)
    return (
      <Alert tone="error" title={EVENT_NOT_FOUND(q.error)}>
        <Link to="/events" className={buttonClasses('secondary', 'sm', 'mt-2')}>
          Back to events
        </Link>
      </Alert>
    );
  return <EventBody event={q.data} />;
}

const EVENT_NOT_FOUND = (error: unknown) => toApiError(error, E.notFound).message;

function EventBody({ event: e }: { event: CampusEvent }) {
  const navigate = useNavigate();
  const [rsvp, { isLoading: answering }] = useRsvpMutation();
  const [update, { isLoading: cancelling }] = useUpdateEventMutation();
  const [remove, { isLoading: deleting }] = useDeleteEventMutation();
  const [confirm, setConfirm] = useState<'cancel' | 'delete' | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const editMounted = useOpenedOnce(editing);
  const over = e.group === 'past';
  const closed = Boolean(e.cancelledAt) || over;

  const answer = async (status: RsvpStatus) => {
    setRefused(null);
    const res = await rsvp({ id: e.id, status: e.myRsvp === status ? 'none' : status });
    if (res.error) setRefused(toApiError(res.error).message);
  };
  const onConfirm = async () => {
    if (confirm === 'cancel') {
      if (!(await update({ id: e.id, body: { cancelled: true } })).error) setConfirm(null);
    } else if (confirm === 'delete') {
      if (!(await remove(e.id)).error) navigate('/events');
    }
  };

  return (
    <article aria-labelledby="event-title" className="mx-auto max-w-3xl space-y-4">
      <Link to="/events" className={buttonClasses('ghost', 'sm')}>
        <ArrowLeft aria-hidden="true" size={16} />
        All events
      </Link>
      <div className="flex flex-col gap-4 sm:flex-row">
        {e.imageUrl ? (
          <img
            src={e.imageUrl}
            alt={`Poster of ${e.title}`}
            className="w-full rounded-lg border border-line object-cover sm:w-56"
          />
        ) : null}
        <div className="min-w-0 flex-1 space-y-2">
          <h1 id="event-title" className="text-2xl font-bold break-words text-fg">
            {e.title}
          </h1>
          <p>
            <Link to={clubPath(e.club.slug)} className="font-medium text-accent hover:underline">
              {e.club.name}
            </Link>
          </p>
          <p className="inline-flex items-center gap-1.5 text-sm text-muted">
            <CalendarClock aria-hidden="true" size={16} />
            {eventWhen(e)}
          </p>
          <p className="flex items-center gap-1.5 text-sm break-words text-muted">
            <MapPin aria-hidden="true" size={16} />
            <Venue event={e} />
          </p>
          <p className="flex flex-wrap gap-2">
            {e.cancelledAt ? <Badge tone="danger">{U.cancelled}</Badge> : null}
            {!e.cancelledAt && isFull(e) ? <Badge tone="warning">{U.full}</Badge> : null}
            <ModerationBadge moderation={e.moderation} />
          </p>
          <p className="text-sm text-fg" aria-live="polite">
            {U.goingCount(e.goingCount)} · {U.interestedCount(e.interestedCount)}
            {e.capacity !== null && !isFull(e) ? ` · ${U.spotsLeft(e.capacity - e.goingCount)}` : ''}
          </p>
        </div>
      </div>

      <div className="flex flex-wrap gap-2">
        <Button
          aria-pressed={e.myRsvp === 'going'}
          variant={e.myRsvp === 'going' ? 'primary' : 'secondary'}
          disabled={answering || closed}
          onClick={() => void answer('going')}
        >
          {U.going}
        </Button>
        <Button
          aria-pressed={e.myRsvp === 'interested'}
          variant={e.myRsvp === 'interested' ? 'primary' : 'secondary'}
          disabled={answering || closed}
          onClick={() => void answer('interested')}
        >
          {U.interested}
        </Button>
        <a href={`/api/events/${e.id}/ics`} download className={buttonClasses('secondary')}>
          <CalendarPlus aria-hidden="true" size={18} />
          {U.addToCalendar}
        </a>
        {e.registrationUrl && !closed ? (
          <a href={e.registrationUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses('secondary')}>
            <ExternalLink aria-hidden="true" size={18} />
            {U.register}
          </a>
        ) : null}
        <ReportButton targetType="event" targetId={e.id} ownerId={e.posterId} name={e.title} />
      </div>
      {refused ? <Alert tone="error">{refused}</Alert> : null}

      {e.description ? <p className="whitespace-pre-line break-words text-fg">{e.description}</p> : null}

      {e.canManage ? (
        <section aria-labelledby="manage-heading" className="space-y-3 rounded-lg border border-line p-4">
          <h2 id="manage-heading" className="text-lg font-semibold text-fg">
            {U.goingList}
          </h2>
          <GoingList id={e.id} />
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setEditing(true)}>
              {U.edit}
            </Button>
            {!e.cancelledAt && !over ? (
              <Button variant="secondary" onClick={() => setConfirm('cancel')}>
                {U.cancelEvent}
              </Button>
            ) : null}
            <Button variant="danger" onClick={() => setConfirm('delete')}>
              {U.delete}
            </Button>
          </div>
        </section>
      ) : null}

      <ConfirmModal
        open={confirm !== null}
        onOpenChange={(o) => !o && setConfirm(null)}
        title={confirm === 'cancel' ? U.cancelEvent : U.delete}
        description={confirm === 'cancel' ? U.cancelConfirm : U.deleteConfirm}
        confirmLabel={confirm === 'cancel' ? U.cancelEvent : U.delete}
        cancelLabel="Keep"
        busy={cancelling || deleting}
        onConfirm={onConfirm}
      />
      {editMounted ? (
        <Suspense fallback={null}>
          <EventFormModal open={editing} onOpenChange={setEditing} clubs={[]} event={e} />
        </Suspense>
      ) : null}
    </article>
  );
}

function GoingList({ id }: { id: string }) {
  const q = useGoingListQuery(id);
  if (q.isLoading) return <Spinner label="Loading the Going list" />;
  if (q.isError) return <Alert tone="error">{toApiError(q.error).message}</Alert>;
  if (!q.data?.length) return <p className="text-sm text-muted">{U.noneGoing}</p>;
  return (
    <ul className="space-y-1 text-sm text-fg">
      {q.data.map((a) => (
        <li key={a.userId} className="break-words">
          {a.name ?? a.email} <span className="text-muted">({a.email})</span>
        </li>
      ))}
    </ul>
  );
}
