/**
 * The "Post event" and "Edit event" dialog (docs/web-patterns.md "Forms"): club (those the caller
 * coordinates, every club for an admin; fixed once posted), title, start and end
 * (`datetime-local`, read by the API in the institute's zone), venue (the campus map's places suggested), description, registration
 * link, capacity and poster. The shared listing form (`components/ui/listing-form.tsx`) runs
 * react-hook-form with the contract's schema — `createEventBody` to post, `updateEventBody` to
 * edit — keeps the input on a refusal and shows the server's field messages under the fields.
 * An edit sends only the times that changed, and `remove_url` / `remove_capacity` when it clears
 * the link or the capacity. Posted → the event's page; edited → the page refetches.
 */
import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import {
  EVENT_DESCRIPTION_MAX,
  EVENT_TITLE_MAX,
  EVENT_VENUE_MAX,
  createEventBody,
  eventPath,
  updateEventBody,
  type CampusEvent,
  type Club,
} from '@campus/contract/events';
import { PlaceSuggestions } from '../../../components/place-suggestions';
import type { SavedImage } from '../../../components/ui/image-field';
import { Input } from '../../../components/ui/input';
import { ListingFormModal, useListingForm, type FieldMapper } from '../../../components/ui/listing-form';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { formatIsoDate, formatTime } from '../../../lib/format';
import { useSaveEvent } from '../events-api';

/** The form's values: all text, as the inputs hold them (the times are `datetime-local` values). */
export interface EventFormValues {
  clubId: string;
  title: string;
  startsAt: string;
  endsAt: string;
  venue: string;
  description: string;
  registrationUrl: string;
  capacity: string;
}
const FIELDS: (keyof EventFormValues)[] = [
  'clubId',
  'title',
  'startsAt',
  'endsAt',
  'venue',
  'description',
  'registrationUrl',
  'capacity',
];

/** An event with its poster under the names the shared form reads. */
type EventItem = CampusEvent & SavedImage;
const withSavedImage = (e: CampusEvent): EventItem => ({
  ...e,
  image_url: e.imageUrl,
  image_thumb_url: e.imageThumbUrl,
});

/** An instant as a `datetime-local` value in the institute's zone (the zone dates are shown in). */
export function toLocalInput(iso: string): string {
  return `${formatIsoDate(iso)}T${formatTime(iso)}`;
}

/**
 * The request fields of the values: all of them to post; to edit, no club, only the times that
 * changed (an unchanged start of an event under way is not "in the past"), and the `remove_…`
 * flags when a link or capacity is cleared.
 */
export const eventMapper: FieldMapper<EventFormValues, EventItem> = {
  toRequest: (v, e) => {
    if (!e) return { ...v };
    const { clubId: _club, startsAt, endsAt, ...rest } = v;
    return {
      ...rest,
      ...(startsAt !== toLocalInput(e.startsAt) && { startsAt }),
      ...(endsAt !== toLocalInput(e.endsAt) && { endsAt }),
      ...(e.registrationUrl && !v.registrationUrl.trim() && { remove_url: 'true' }),
      ...(e.capacity !== null && !v.capacity.trim() && { remove_capacity: 'true' }),
    };
  },
};

export interface EventFormModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The clubs the caller may post for (to post); ignored when editing. */
  clubs: Club[];
  /** The event being edited, or null to post a new one. */
  event?: CampusEvent | null;
}

export function EventFormModal({ open, onOpenChange, clubs, event = null }: EventFormModalProps) {
  const navigate = useNavigate();
  const { save, progress } = useSaveEvent();
  const item = useMemo(() => event && withSavedImage(event), [event]);
  const firstClub = clubs[0]?.id ?? '';
  const valuesOf = useCallback(
    (e: EventItem | null): EventFormValues => ({
      clubId: e?.club.id ?? firstClub,
      title: e?.title ?? '',
      startsAt: e ? toLocalInput(e.startsAt) : '',
      endsAt: e ? toLocalInput(e.endsAt) : '',
      venue: e?.venue ?? '',
      description: e?.description ?? '',
      registrationUrl: e?.registrationUrl ?? '',
      capacity: e?.capacity == null ? '' : String(e.capacity),
    }),
    [firstClub],
  );
  const state = useListingForm<EventFormValues, EventItem>({
    open,
    onOpenChange,
    item,
    schema: item ? updateEventBody : createEventBody,
    fields: FIELDS,
    valuesOf,
    save: async (form, id) => withSavedImage(await save(form, id)),
    progress,
    imageTooLarge: 'Image size should be less than 5MB',
    onSaved: (saved) => {
      if (!item) navigate(eventPath(saved.id));
    },
    mapper: eventMapper,
  });
  const { field } = state;
  const clubOptions = item
    ? [{ value: item.club.id, label: item.club.name }]
    : clubs.map((c) => ({ value: c.id, label: c.name }));

  return (
    <ListingFormModal
      state={state}
      open={open}
      onOpenChange={onOpenChange}
      title={item ? 'Edit event' : 'Post event'}
      submitLabel={item ? 'Save changes' : 'Post'}
    >
      <Select label="Club" options={clubOptions} disabled={Boolean(item)} {...field('clubId')} />
      <Input label="Title" maxLength={EVENT_TITLE_MAX} {...field('title')} />
      <div className="grid gap-3 sm:grid-cols-2">
        <Input label="Starts" type="datetime-local" {...field('startsAt')} />
        <Input label="Ends" type="datetime-local" {...field('endsAt')} />
      </div>
      <Input
        label="Venue"
        maxLength={EVENT_VENUE_MAX}
        list="event-place-names"
        hint="A place of the campus map links the event to it."
        {...field('venue')}
      />
      {/* The campus directory's places as suggestions; free text is still allowed. */}
      <PlaceSuggestions id="event-place-names" enabled={open} />
      <Textarea label="Description" rows={4} maxLength={EVENT_DESCRIPTION_MAX} {...field('description')} />
      <Input label="Registration link (optional)" type="url" placeholder="https://" {...field('registrationUrl')} />
      <Input label="Capacity (optional)" type="number" min={1} inputMode="numeric" {...field('capacity')} />
    </ListingFormModal>
  );
}
