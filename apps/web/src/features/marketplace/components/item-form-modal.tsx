/**
 * Sell / edit modal (docs/product-spec.md §2, §5, §8): the docs/product-spec.md §3 fields validated with the contract's
 * `createItemBody` (same messages as the server), a photo with preview (downscaled in the browser
 * before upload, docs/design.md §6; "Remove photo" when editing one), and upload progress. Sends multipart
 * (text parts + file part `image`). Success: "Item listed successfully!" / "Item updated
 * successfully!"; failure: field messages under the fields and the 5 s toast "Error creating item"
 * / "Error updating item" (docs/product-spec.md §8, §9).
 */
import {
  ITEM_CONDITIONS,
  MARKETPLACE_CATEGORIES,
  MARKETPLACE_MESSAGES as M,
  REMOVED_DESCRIPTION,
  createItemBody,
  type MarketplaceItem,
} from '@campus/contract/marketplace';
import { Input } from '../../../components/ui/input';
import { ListingFormModal, useListingForm } from '../../../components/ui/listing-form';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { useSaveItem } from '../marketplace-api';

const FIELDS = ['item_name', 'price', 'category', 'item_condition', 'description', 'owner_contact'] as const;
type Field = (typeof FIELDS)[number];
type FormValues = Record<Field, string>;

function valuesOf(item: MarketplaceItem | null): FormValues {
  if (!item) return { item_name: '', price: '', category: '', item_condition: '', description: '', owner_contact: '' };
  return {
    item_name: item.item_name,
    price: String(item.price),
    category: item.category,
    item_condition: item.item_condition,
    description: item.description === REMOVED_DESCRIPTION ? '' : item.description,
    owner_contact: item.owner_contact,
  };
}

export interface ItemFormModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The item being edited, or null to sell a new one. */
  item: MarketplaceItem | null;
  onSaved?: (item: MarketplaceItem) => void;
}

export function ItemFormModal({ open, onOpenChange, item, onSaved }: ItemFormModalProps) {
  const { save, progress } = useSaveItem();
  const state = useListingForm<FormValues, MarketplaceItem>({
    open,
    onOpenChange,
    item,
    schema: createItemBody,
    fields: FIELDS,
    valuesOf,
    save,
    progress,
    imageTooLarge: M.imageTooLarge,
    onSaved,
  });
  const { field } = state;

  return (
    <ListingFormModal
      state={state}
      open={open}
      onOpenChange={onOpenChange}
      title={item ? 'Edit Item' : 'Sell Item'}
      submitLabel={item ? 'Save Changes' : 'List Item'}
    >
      <Input label="Item name" maxLength={100} {...field('item_name')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Input label="Price (₹)" inputMode="numeric" placeholder="e.g. 1500" {...field('price')} />
        <Input
          label="Contact number"
          type="tel"
          inputMode="tel"
          placeholder="10-digit mobile"
          {...field('owner_contact')}
        />
        <Select
          label="Category"
          placeholder="Select category"
          options={MARKETPLACE_CATEGORIES}
          {...field('category')}
        />
        <Select
          label="Condition"
          placeholder="Select condition"
          options={ITEM_CONDITIONS}
          {...field('item_condition')}
        />
      </div>
      <Textarea label="Description" rows={4} maxLength={1000} {...field('description')} />
    </ListingFormModal>
  );
}
