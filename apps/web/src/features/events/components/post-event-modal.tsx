/**
 * The "Post event" dialog: club (those the caller coordinates; every club for an admin), title,
 * start and end (`datetime-local`, read by the API in the institute’s zone), venue (the campus map’s places suggested), description,
 * registration link, capacity and poster. The API validates (the contract's schemas); its field
 * messages show under each field. Posted → the event's page.
 */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { Club } from '@campus/contract/events';
import { eventPath } from '@campus/contract/events-ui';
import { PlaceSuggestions } from '../../../components/place-suggestions';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { UploadProgress } from '../../../components/ui/image-field';
import { toApiError } from '../../../lib/api';
import { usePostEvent } from '../events-api';

export interface PostEventModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  clubs: Club[];
}

export function PostEventModal({ open, onOpenChange, clubs }: PostEventModalProps) {
  const navigate = useNavigate();
  const { save, progress } = usePostEvent();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);

  const submit = async (ev: FormEvent<HTMLFormElement>) => {
    ev.preventDefault();
    const form = new FormData(ev.currentTarget);
    const poster = form.get('image');
    if (poster instanceof File && !poster.size) form.delete('image');
    setErrors({});
    setMessage(null);
    try {
      const saved = await save(form);
      onOpenChange(false);
      navigate(eventPath(saved.id));
    } catch (err) {
      const e = toApiError(err);
      setErrors(e.errors ?? {});
      setMessage(e.errors ? null : e.message);
    }
  };

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Post event">
      <form onSubmit={(e) => void submit(e)} className="space-y-3" noValidate>
        <Select
          label="Club"
          name="clubId"
          required
          options={clubs.map((c) => ({ value: c.id, label: c.name }))}
          defaultValue={clubs[0]?.id}
          error={errors.clubId}
        />
        <Input label="Title" name="title" required maxLength={120} error={errors.title} />
        <div className="grid gap-3 sm:grid-cols-2">
          <Input label="Starts" name="startsAt" type="datetime-local" required error={errors.startsAt} />
          <Input label="Ends" name="endsAt" type="datetime-local" required error={errors.endsAt} />
        </div>
        <Input
          label="Venue"
          name="venue"
          required
          maxLength={120}
          list="event-place-names"
          hint="A place of the campus map links the event to it."
          error={errors.venue}
        />
        <PlaceSuggestions id="event-place-names" enabled={open} />
        <Textarea label="Description" name="description" rows={4} maxLength={4000} error={errors.description} />
        <Input
          label="Registration link (optional)"
          name="registrationUrl"
          type="url"
          placeholder="https://"
          error={errors.registrationUrl}
        />
        <Input
          label="Capacity (optional)"
          name="capacity"
          type="number"
          min={1}
          inputMode="numeric"
          error={errors.capacity}
        />
        <Input label="Poster (optional)" name="image" type="file" accept="image/*" error={errors.image} />
        <UploadProgress progress={progress} />
        {message ? (
          <p role="alert" className="text-sm text-danger">
            {message}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={progress !== null}>
            Post
          </Button>
        </div>
      </form>
    </Modal>
  );
}
