/**
 * The push control (docs/decisions/0501-web-push.md), in the bell's menu and on the profile: says
 * whether this device gets push notifications and turns them on or off. The browser's permission
 * prompt comes only from the "Turn on" click, never at load; a browser without push support, or
 * one that refuses, gets a clear message instead.
 */
import { useEffect, useState } from 'react';
import { BellOff, BellRing } from 'lucide-react';
import { PUSH_CATEGORIES, PUSH_CATEGORY_LABELS, PUSH_UI, type PushCategory } from '@campus/contract/push-ui';
import { Checkbox } from './ui/checkbox';
import { cn } from '../lib/cn';
import { pushState, turnOffPush, turnOnPush, type PushState } from '../lib/push';
import { usePushPreferencesQuery, useUpdatePushPreferencesMutation } from '../lib/push-api';
import { useAppDispatch } from '../lib/store';
import { toast } from '../lib/toast';
import { Button } from './ui/button';

export interface PushControlProps {
  /** Smaller, for the bell's menu. */
  compact?: boolean;
  className?: string;
}

/** The device's push state and the button that changes it. */
export function PushControl({ compact = false, className }: PushControlProps) {
  const dispatch = useAppDispatch();
  const [state, setState] = useState<PushState | 'checking'>('checking');
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void pushState().then((s) => live && setState(s));
    return () => {
      live = false;
    };
  }, []);

  const turnOn = async () => {
    setBusy(true);
    setFailed(false);
    const result = await turnOnPush(dispatch);
    setBusy(false);
    if (result === 'failed') setFailed(true);
    else setState(result);
    if (result === 'on') toast.success(PUSH_UI.turnedOn);
  };
  const turnOff = async () => {
    setBusy(true);
    const done = await turnOffPush(dispatch);
    setBusy(false);
    if (done) {
      setState('off');
      toast.success(PUSH_UI.turnedOff);
    } else setFailed(true);
  };

  const text =
    state === 'unsupported'
      ? PUSH_UI.unsupported
      : state === 'denied'
        ? PUSH_UI.denied
        : state === 'on'
          ? PUSH_UI.on
          : PUSH_UI.off;
  return (
    <div className={cn('space-y-2', compact ? 'text-xs' : 'text-sm', className)} data-testid="push-control">
      <p className="text-muted" role="status">
        {state === 'checking' ? null : text}
      </p>
      {failed ? (
        <p className="text-danger" role="alert">
          {PUSH_UI.failed}
        </p>
      ) : null}
      {state === 'off' || state === 'checking' ? (
        <Button
          size="sm"
          variant="secondary"
          loading={busy}
          disabled={state === 'checking'}
          onClick={() => void turnOn()}
        >
          <BellRing aria-hidden="true" size={16} />
          {PUSH_UI.turnOn}
        </Button>
      ) : state === 'on' ? (
        <Button size="sm" variant="secondary" loading={busy} onClick={() => void turnOff()}>
          <BellOff aria-hidden="true" size={16} />
          {PUSH_UI.turnOff}
        </Button>
      ) : null}
    </div>
  );
}

/** The categories a student may switch off (every device of theirs), as checkboxes saved at once. */
export function PushCategories() {
  const { data } = usePushPreferencesQuery();
  const [save, { isLoading }] = useUpdatePushPreferencesMutation();
  if (!data) return null;
  const toggle = (category: PushCategory, on: boolean) => void save({ [category]: on });
  return (
    <fieldset className="space-y-2" disabled={isLoading}>
      <legend className="mb-1 text-sm font-medium text-fg">{PUSH_UI.categoriesLegend}</legend>
      {PUSH_CATEGORIES.map((category) => (
        <Checkbox
          key={category}
          className="flex"
          label={PUSH_CATEGORY_LABELS[category]}
          checked={data[category]}
          onChange={(e) => toggle(category, e.target.checked)}
        />
      ))}
    </fieldset>
  );
}
