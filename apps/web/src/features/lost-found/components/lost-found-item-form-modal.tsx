/**
 * The item's report / edit modal (docs/product-spec.md §2, §5, §8): titled "Report Found Item" (or "Edit Reported Item"), a
 * Lost/Found choice, the docs/product-spec.md §3 fields validated with the contract's `createLostFoundItemBody` (required
 * fields → "Please fill in all required fields.", Indian mobile 6–9 + 9 digits, length limits), the
 * date (not in the future), the location with the campus directory's places as suggestions (free
 * text still allowed), a photo with preview (downscaled in the browser) and upload progress.
 * Success: "Item reported successfully!" / "Item updated successfully!"; failure: field messages and
 * the 4 s toast "Error reporting item" / "Error updating lost item" (docs/product-spec.md §8, §9).
 */
import {
  LOST_FOUND_CATEGORIES,
  LOST_FOUND_MESSAGES as L,
  createLostFoundItemBody,
  type LostFoundItem,
} from '@campus/contract/lost-found';
import { PlaceSuggestions } from '../../../components/place-suggestions';
import { Input } from '../../../components/ui/input';
import { ListingFormModal, useListingForm } from '../../../components/ui/listing-form';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { formatIsoDate } from '../../../lib/format';
import { useSaveLostFoundItem } from '../lost-found-api';

const FIELDS = [
  'item_name',
  'category',
  'location_found',
  'owner_contact',
  'description',
  'date_found',
  'is_found',
] as const;
type FormValues = Record<Exclude<(typeof FIELDS)[number], 'is_found'>, string> & { is_found: 'true' | 'false' };

function valuesOf(item: LostFoundItem | null): FormValues {
  if (!item) {
    return {
      item_name: '',
      category: '',
      location_found: '',
      owner_contact: '',
      description: '',
      date_found: formatIsoDate(new Date()),
      is_found: 'true',
    };
  }
  return {
    item_name: item.item_name,
    category: item.category,
    location_found: item.location_found,
    owner_contact: item.owner_contact ?? '',
    description: item.description ?? '',
    date_found: item.date_found,
    is_found: item.is_found ? 'true' : 'false',
  };
}

export interface LostFoundItemFormModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  item: LostFoundItem | null;
}

export function LostFoundItemFormModal({ open, onOpenChange, item }: LostFoundItemFormModalProps) {
  const { save, progress } = useSaveLostFoundItem();
  const state = useListingForm<FormValues, LostFoundItem>({
    open,
    onOpenChange,
    item,
    schema: createLostFoundItemBody,
    fields: FIELDS,
    valuesOf,
    save,
    progress,
    imageTooLarge: L.imageTooLarge,
  });
  const { field } = state;
  const { register } = state.form;

  return (
    <ListingFormModal
      state={state}
      open={open}
      onOpenChange={onOpenChange}
      title={item ? L.editTitle : L.reportTitle}
      submitLabel={item ? 'Save Changes' : 'Report Item'}
    >
      <fieldset className="flex gap-4">
        <legend className="mb-1.5 text-sm font-medium text-fg">I have</legend>
        <label className="inline-flex min-h-9 items-center gap-2 text-sm">
          <input type="radio" value="true" {...register('is_found')} />
          Found an item
        </label>
        <label className="inline-flex min-h-9 items-center gap-2 text-sm">
          <input type="radio" value="false" {...register('is_found')} />
          Lost an item
        </label>
      </fieldset>
      <Input label="Item name" maxLength={100} {...field('item_name')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Select label="Category" placeholder="Select category" options={LOST_FOUND_CATEGORIES} {...field('category')} />
        <Input label="Date" type="date" max={formatIsoDate(new Date())} {...field('date_found')} />
        <Input
          label="Location"
          maxLength={100}
          placeholder="Where was it found or lost?"
          list="lost-found-place-names"
          {...field('location_found')}
        />
        {/* The campus directory's places as suggestions; free text is still allowed. */}
        <PlaceSuggestions id="lost-found-place-names" enabled={open} />
        <Input
          label="Contact number"
          type="tel"
          inputMode="tel"
          placeholder="10-digit mobile"
          {...field('owner_contact')}
        />
      </div>
      <Textarea label="Description (optional)" rows={3} maxLength={500} {...field('description')} />
    </ListingFormModal>
  );
}
