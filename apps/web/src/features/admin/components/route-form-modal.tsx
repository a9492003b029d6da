/**
 * Add or edit a bus route, in the admin area's Places tab (docs/architecture.md "Features in
 * detail": Transport): its slug (new routes only), name, stops — one place slug per line, in order —
 * and trips — one per line, the day type then one departure per stop, e.g.
 * `weekdays 08:00 08:35`. Saved with `PUT /api/admin/transport/routes/{slug}`, which creates or
 * replaces it; the API's messages (a trip whose departures do not match the stops or run backwards,
 * an unknown stop) show under the field they concern, a trip's with its line number.
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { DayType, TransportRoute } from '@campus/contract/transport';
import { DAY_TYPES } from '@campus/contract/transport-ui';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { Textarea } from '../../../components/ui/textarea';
import { toApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useSaveRouteMutation } from '../../../lib/transport-api';

type Field = 'slug' | 'name' | 'stops' | 'trips';
const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** The form's texts of `route` (empty for a new one). */
function textsOf(route: TransportRoute | null): Record<Field, string> {
  return {
    slug: route?.slug ?? '',
    name: route?.name ?? '',
    stops: route?.stops.map((s) => s.slug).join('\n') ?? '',
    trips: route?.trips.map((t) => [t.days, ...t.departures].join(' ')).join('\n') ?? '',
  };
}

/** The field an API error key (`name`, `stops.1`, `trips.0.departures`) concerns, and its message. */
export function fieldOf(key: string, message: string): [Field, string] | null {
  const [head, index] = key.split('.');
  if (head === 'trips' && index !== undefined && /^\d+$/.test(index))
    return ['trips', `Trip line ${Number(index) + 1}: ${message}`];
  return head === 'name' || head === 'stops' || head === 'trips' ? [head, message] : null;
}

export function RouteFormModal({
  open,
  onOpenChange,
  route,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  route: TransportRoute | null;
}) {
  const [texts, setTexts] = useState(() => textsOf(route));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [save, state] = useSaveRouteMutation();
  useEffect(() => {
    if (open) {
      setTexts(textsOf(route));
      setErrors({});
    }
  }, [open, route]);
  const set = (field: Field) => (e: { target: { value: string } }) =>
    setTexts((t) => ({ ...t, [field]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const slug = texts.slug.trim();
    if (!slug) return setErrors({ slug: 'Slug is required' });
    const trips = lines(texts.trips).map((line) => {
      const [days = '', ...departures] = line.split(/\s+/);
      return { days: days as DayType, departures };
    });
    const res = await save({ slug, body: { name: texts.name, stops: lines(texts.stops), trips } });
    if (!res.error) {
      toast.success('Route saved');
      return onOpenChange(false);
    }
    const error = toApiError(res.error);
    const found: Partial<Record<Field, string>> = {};
    for (const [key, message] of Object.entries(error.errors ?? {})) {
      const hit = fieldOf(key, message);
      if (hit) found[hit[0]] ??= hit[1];
    }
    if (error.status === 404) found.stops = error.message;
    setErrors(found);
    if (!Object.keys(found).length) toast.error(error.message);
  };

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={route ? `Edit ${route.name}` : 'Add route'}>
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-3">
        {route ? null : (
          <Input
            label="Slug"
            hint="Lower-case letters, digits and hyphens, e.g. campus-to-metro"
            value={texts.slug}
            onChange={set('slug')}
            error={errors.slug}
          />
        )}
        <Input label="Name" value={texts.name} onChange={set('name')} error={errors.name} />
        <Textarea
          label="Stops"
          hint="One place slug per line, in the order the bus serves them."
          rows={4}
          value={texts.stops}
          onChange={set('stops')}
          error={errors.stops}
        />
        <Textarea
          label="Trips"
          hint={`One trip per line: the days (${DAY_TYPES.join(', ')}), then one time per stop, e.g. weekdays 08:00 08:35`}
          rows={6}
          value={texts.trips}
          onChange={set('trips')}
          error={errors.trips}
        />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={state.isLoading}>
            {route ? 'Save route' : 'Add route'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
