/**
 * The private calendar feed (docs/decisions/0701-icalendar-feeds.md) in a dialog opened from the
 * events page: the secret address to subscribe to in Google Calendar or any calendar app, Copy
 * address, the two options (the student's timetable classes, the rides they joined; each saves at
 * once) and Get a new address after a confirmation (the old one then answers 404). Loading and
 * error states as every dialog that reads.
 */
import { useState } from 'react';
import { CALENDAR_FEED_UI as F } from '@campus/contract/events-ui';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { Input } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { toApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useCalendarFeedQuery, useRotateFeedMutation, useSetFeedOptionsMutation } from '../events-api';

export interface CalendarFeedModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function CalendarFeedModal({ open, onOpenChange }: CalendarFeedModalProps) {
  const feed = useCalendarFeedQuery(undefined, { skip: !open });
  const [setOptions, saving] = useSetFeedOptionsMutation();
  const [rotate, rotating] = useRotateFeedMutation();
  const [confirming, setConfirming] = useState(false);
  const data = feed.data;
  const copy = async () => {
    if (!data) return;
    await navigator.clipboard.writeText(data.url);
    toast.success(F.copied);
  };

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={F.title} description={F.intro}>
      {feed.isLoading ? <Spinner label="Loading the calendar feed" /> : null}
      {feed.isError ? (
        <Alert tone="error" title={F.loadFailed}>
          <p>{toApiError(feed.error).message}</p>
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => void feed.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {data ? (
        <div className="space-y-4">
          <Input label={F.url} value={data.url} readOnly onFocus={(e) => e.currentTarget.select()} />
          <Button variant="secondary" onClick={() => void copy()}>
            {F.copy}
          </Button>
          <fieldset className="space-y-1" disabled={saving.isLoading}>
            <Checkbox
              label={F.includeClasses}
              checked={data.includeClasses}
              onChange={(e) => void setOptions({ includeClasses: e.target.checked })}
            />
            <Checkbox
              label={F.includeRides}
              checked={data.includeRides}
              onChange={(e) => void setOptions({ includeRides: e.target.checked })}
            />
          </fieldset>
          <div className="flex flex-wrap justify-between gap-2">
            <Button variant="ghost" onClick={() => setConfirming(true)}>
              {F.rotate}
            </Button>
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Done
            </Button>
          </div>
        </div>
      ) : null}
      <ConfirmModal
        open={confirming}
        onOpenChange={setConfirming}
        title={F.rotate}
        description={F.rotateConfirm}
        confirmLabel={F.rotate}
        cancelLabel="Keep"
        busy={rotating.isLoading}
        onConfirm={async () => {
          if (!(await rotate()).error) setConfirming(false);
        }}
      />
    </Modal>
  );
}
