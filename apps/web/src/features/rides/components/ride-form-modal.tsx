/**
 * Offer / edit modal (docs/product-spec.md §2, §5): pickup and drop with the institute's common places as
 * quick picks, departure (date and time, not in the past nor over a year ahead: the contract's
 * bound, also the input's min/max), seats 1–8, optional total cost (₹),
 * 10-digit phone, direction, optional description and photo. Validated with the contract's
 * `createRideBody` (the spec's exact messages, same as the server); the form keeps its input on
 * error and shows the server's field messages under the fields. Sends multipart (text parts + the
 * photo `image`); an edit that clears the cost sends `remove_cost=true`. The shared listing form
 * (`components/ui/listing-form.tsx`) does all that, with {@link rideMapper} for the ride's fields.
 */
import { useMemo } from 'react';
import { format } from 'date-fns';
import {
  RIDE_DIRECTIONS,
  RIDE_DIRECTION_LABELS,
  RIDE_SEATS_MAX,
  createRideBody,
  latestDeparture,
  type Ride,
} from '@campus/contract/rides';
import { PlaceSuggestions } from '../../../components/place-suggestions';
import type { SavedImage } from '../../../components/ui/image-field';
import { Input } from '../../../components/ui/input';
import {
  ListingFormModal,
  mappedResolver,
  useListingForm,
  type FieldMapper,
} from '../../../components/ui/listing-form';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { cn } from '../../../lib/cn';
import { useSaveRide } from '../rides-api';

/** The form's values: all text, as the inputs hold them (`departure` is a datetime-local value). */
export interface RideFormValues {
  pickupLocation: string;
  dropLocation: string;
  departure: string;
  totalSeats: string;
  estimatedCost: string;
  phoneNumber: string;
  direction: string;
  description: string;
}
type Field = keyof RideFormValues;
const FIELDS: Field[] = [
  'pickupLocation',
  'dropLocation',
  'departure',
  'totalSeats',
  'estimatedCost',
  'phoneNumber',
  'direction',
  'description',
];
/** A datetime-local value (browser time) as an ISO instant, or '' when empty or invalid. */
export function toIsoInstant(local: string): string {
  const at = local ? new Date(local) : null;
  return at && !Number.isNaN(at.getTime()) ? at.toISOString() : '';
}

/** The request fields of the form's values (what is validated and sent). */
export function toRequestFields(v: RideFormValues): Record<string, string> {
  return {
    pickupLocation: v.pickupLocation,
    dropLocation: v.dropLocation,
    departureDateTime: toIsoInstant(v.departure),
    totalSeats: v.totalSeats,
    estimatedCost: v.estimatedCost,
    phoneNumber: v.phoneNumber,
    direction: v.direction,
    description: v.description,
  };
}

/** A ride with its photo under the names the shared form reads. */
type RideItem = Ride & SavedImage;

/** The ride as the shared form reads it (its photo as `image_url` / `image_thumb_url`). */
const withSavedImage = (ride: Ride): RideItem => ({
  ...ride,
  image_url: ride.imageUrl,
  image_thumb_url: ride.imageThumbUrl,
});

/**
 * The ride form's {@link FieldMapper}: the request fields of the values, plus `remove_cost=true`
 * when an edit clears the cost; the departure's messages go under the Departure field.
 */
const rideMapper: FieldMapper<RideFormValues, RideItem> = {
  toRequest: (values, ride) => ({
    ...toRequestFields(values),
    ...(ride && ride.estimatedCost !== null && !values.estimatedCost.trim() ? { remove_cost: 'true' } : {}),
  }),
  renamed: { departureDateTime: 'departure' },
};

/** react-hook-form resolver: the contract's schema over the request fields, errors mapped back. */
export const rideFormResolver = mappedResolver(createRideBody, FIELDS, rideMapper, null);

function valuesOf(ride: RideItem | null): RideFormValues {
  if (!ride)
    return {
      pickupLocation: '',
      dropLocation: '',
      departure: '',
      totalSeats: '3',
      estimatedCost: '',
      phoneNumber: '',
      direction: 'other',
      description: '',
    };
  return {
    pickupLocation: ride.pickupLocation,
    dropLocation: ride.dropLocation,
    departure: format(new Date(ride.departureDateTime), "yyyy-MM-dd'T'HH:mm"),
    totalSeats: String(ride.totalSeats),
    estimatedCost: ride.estimatedCost === null ? '' : String(ride.estimatedCost),
    phoneNumber: ride.phoneNumber ?? '',
    direction: ride.direction,
    description: ride.description,
  };
}

/** Quick-pick chips of the common places; picking one fills the field. */
function PlacePicks({
  places,
  label,
  onPick,
  current,
}: {
  places: string[];
  label: string;
  onPick: (p: string) => void;
  current: string;
}) {
  if (!places.length) return null;
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-1.5">
      {places.map((p) => (
        <button
          key={p}
          type="button"
          aria-pressed={current === p}
          onClick={() => onPick(p)}
          className={cn(
            'min-h-8 rounded-full border px-3 text-xs font-medium',
            current === p
              ? 'border-accent bg-accent text-on-accent'
              : 'border-line bg-surface text-fg hover:bg-surface-muted',
          )}
        >
          {p}
        </button>
      ))}
    </div>
  );
}

export interface RideFormModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The ride being edited, or null to offer a new one. */
  ride: Ride | null;
  /** The institute's common places (config `ridePlaces`); the first is the campus. */
  places: string[];
}

export function RideFormModal({ open, onOpenChange, ride, places }: RideFormModalProps) {
  const { save, progress } = useSaveRide();
  const item = useMemo(() => ride && withSavedImage(ride), [ride]);
  const state = useListingForm<RideFormValues, RideItem>({
    open,
    onOpenChange,
    item,
    schema: createRideBody,
    fields: FIELDS,
    valuesOf,
    save: async (form, id) => withSavedImage(await save(form, id)),
    progress,
    imageTooLarge: 'Image size should be less than 5MB',
    mapper: rideMapper,
  });
  const { field } = state;
  const { setValue, watch, formState } = state.form;

  const campus = places[0];
  const pick = (field: 'pickupLocation' | 'dropLocation', place: string) => {
    setValue(field, place, { shouldValidate: formState.isSubmitted });
    // Picking the campus as one end suggests the direction, unless one was chosen already.
    if (place === campus && watch('direction') === 'other')
      setValue('direction', field === 'dropLocation' ? 'toCollege' : 'fromCollege');
  };

  const seatOptions = Array.from({ length: RIDE_SEATS_MAX }, (_, i) => String(i + 1));
  return (
    <ListingFormModal
      state={state}
      open={open}
      onOpenChange={onOpenChange}
      title={ride ? 'Edit Ride' : 'Offer Ride'}
      submitLabel={ride ? 'Save Changes' : 'Offer Ride'}
    >
      <div className="space-y-2">
        <Input
          label="Pickup location"
          maxLength={100}
          placeholder="Where from?"
          list="ride-place-names"
          {...field('pickupLocation')}
        />
        {/* The campus directory's places as suggestions for both ends; free text is still allowed. */}
        <PlaceSuggestions id="ride-place-names" enabled={open} />
        <PlacePicks
          places={places}
          label="Common pickup places"
          current={watch('pickupLocation')}
          onPick={(p) => pick('pickupLocation', p)}
        />
      </div>
      <div className="space-y-2">
        <Input
          label="Drop location"
          maxLength={100}
          placeholder="Where to?"
          list="ride-place-names"
          {...field('dropLocation')}
        />
        <PlacePicks
          places={places}
          label="Common drop places"
          current={watch('dropLocation')}
          onPick={(p) => pick('dropLocation', p)}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label="Departure time"
          type="datetime-local"
          min={format(new Date(), "yyyy-MM-dd'T'HH:mm")}
          max={format(new Date(latestDeparture()), "yyyy-MM-dd'T'HH:mm")}
          {...field('departure')}
        />
        <Select label="Total seats" options={seatOptions} {...field('totalSeats')} />
        <Input
          label="Estimated total cost (₹, optional)"
          inputMode="numeric"
          placeholder="e.g. 600"
          {...field('estimatedCost')}
        />
        <Input
          label="Phone number"
          type="tel"
          inputMode="tel"
          placeholder="10-digit mobile"
          {...field('phoneNumber')}
        />
      </div>
      <Select
        label="Direction"
        options={RIDE_DIRECTIONS.map((d) => ({ value: d, label: RIDE_DIRECTION_LABELS[d] }))}
        {...field('direction')}
      />
      <Textarea label="Description (optional)" rows={3} maxLength={500} {...field('description')} />
    </ListingFormModal>
  );
}
