/**
 * Report / edit modal (spec §2, §5, §8): titled "Report Found Item" (or "Edit Reported Item"), a
 * Lost/Found choice, the spec §3 fields validated with the contract's `createReportBody` (required
 * fields → "Please fill in all required fields.", Indian mobile 6–9 + 9 digits, length limits), the
 * date (not in the future), a photo with preview (downscaled in the browser) and upload progress.
 * Success: "Item reported successfully!" / "Item updated successfully!"; failure: field messages and
 * the 4 s toast "Error reporting item" / "Error updating lost item" (spec §8, §9).
 */
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  LOST_FOUND_CATEGORIES,
  LOST_FOUND_MESSAGES as L,
  createReportBody,
  type LostFoundItem,
} from '@campus/contract/lost-found';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ImageField, UploadProgress, useImageField } from '../../../components/ui/image-field';
import { Input } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { showFieldErrors, toApiError } from '../../../lib/api';
import { formatIsoDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useSaveReport } from '../lost-found-api';

/** Lost-and-found toast duration in ms (spec §9). */
export const LOST_FOUND_TOAST_MS = 4000;

const FIELDS = ['item_name', 'category', 'location_found', 'owner_contact', 'description', 'date_found'] as const;
type Field = (typeof FIELDS)[number];
type FormValues = Record<Field, string> & { is_found: 'true' | 'false' };

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

export interface ReportFormModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  item: LostFoundItem | null;
}

export function ReportFormModal({ open, onOpenChange, item }: ReportFormModalProps) {
  const { save, progress } = useSaveReport();
  const [formError, setFormError] = useState<string | null>(null);
  const image = useImageField(item, L.imageTooLarge, setFormError);
  const resetImage = image.reset;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({ resolver: zodResolver(createReportBody) as never, defaultValues: valuesOf(item) });

  useEffect(() => {
    if (!open) return;
    reset(valuesOf(item));
    resetImage();
    setFormError(null);
  }, [open, item, reset, resetImage]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const form = new FormData();
    // The resolver hands over the schema's output (price as a number): send every field as text.
    for (const field of FIELDS) form.append(field, String(values[field] ?? '').trim());
    form.append('is_found', String(values.is_found));
    image.appendTo(form);
    try {
      await save(form, item?.id);
      toast.success(item ? L.updated : L.reported, { autoClose: LOST_FOUND_TOAST_MS });
      onOpenChange(false);
    } catch (err) {
      const apiError = toApiError(err);
      showFieldErrors(apiError, FIELDS, (field, message) => setError(field, { message }));
      setFormError(apiError.errors?.image ?? apiError.message);
      toast.error(item ? L.errorUpdating : L.errorReporting, { autoClose: LOST_FOUND_TOAST_MS });
    }
  });

  const busy = isSubmitting || progress !== null;

  return (
    <Modal open={open} onOpenChange={(o) => !busy && onOpenChange(o)} title={item ? L.editTitle : L.reportTitle}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
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
        <Input label="Item name" maxLength={100} error={errors.item_name?.message} {...register('item_name')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            label="Category"
            placeholder="Select category"
            options={LOST_FOUND_CATEGORIES}
            error={errors.category?.message}
            {...register('category')}
          />
          <Input
            label="Date"
            type="date"
            max={formatIsoDate(new Date())}
            error={errors.date_found?.message}
            {...register('date_found')}
          />
          <Input
            label="Location"
            maxLength={100}
            placeholder="Where was it found or lost?"
            error={errors.location_found?.message}
            {...register('location_found')}
          />
          <Input
            label="Contact number"
            type="tel"
            inputMode="tel"
            placeholder="10-digit mobile"
            error={errors.owner_contact?.message}
            {...register('owner_contact')}
          />
        </div>
        <Textarea
          label="Description (optional)"
          rows={3}
          maxLength={500}
          error={errors.description?.message}
          {...register('description')}
        />
        <ImageField field={image} />
        <UploadProgress progress={progress} />
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy} disabled={image.preparing}>
            {item ? 'Save Changes' : 'Report Item'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
