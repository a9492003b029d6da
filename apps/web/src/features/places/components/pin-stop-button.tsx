/**
 * "Pin to home" on a transport stop's page (docs/decisions/0901-transport-timetables.md): a toggle
 * that makes this stop the one whose next bus the home dashboard shows (`lib/pinned-stop.ts`, kept
 * on this device); pressed, it reads "Pinned to home" and unpins. Shown once the page runs (the
 * server cannot know the device's pin, and without JavaScript a pin could not be kept).
 */
import { Pin, PinOff } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { pinStop, usePinnedStop, type PinnedStop } from '../../../lib/pinned-stop';

export function PinStopButton({ stop }: { stop: PinnedStop }) {
  const pinned = usePinnedStop();
  if (pinned === undefined) return null;
  const on = pinned?.slug === stop.slug;
  return (
    <Button variant="secondary" size="sm" aria-pressed={on} onClick={() => pinStop(on ? null : stop)}>
      {on ? <PinOff aria-hidden="true" size={16} /> : <Pin aria-hidden="true" size={16} />}
      {on ? 'Pinned to home' : 'Pin to home'}
    </Button>
  );
}
