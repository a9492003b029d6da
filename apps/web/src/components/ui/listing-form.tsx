/**
 * The create/edit form of a listing with a photo (marketplace items, lost & found items):
 * {@link useListingForm} runs react-hook-form with the contract's zod schema (so the client shows
 * the server's messages, spec §5), resets when the modal opens, sends every field as a text part
 * plus the photo (DESIGN §4, §6), and on failure puts the server's field messages under the fields,
 * the general one in an alert (the feature's toasts come with its `save`, spec §8). {@link ListingFormModal}
 * shows the feature's fields with the photo picker, upload progress, that alert and Cancel / submit.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useForm, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ZodType } from 'zod';
import { showFieldErrors, toApiError } from '../../lib/api';
import { Alert } from './alert';
import { Button } from './button';
import { ImageField, UploadProgress, useImageField, type SavedImage } from './image-field';
import { Modal } from './modal';

export interface ListingFormOptions<V extends FieldValues, T extends SavedImage & { id: string }> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The record being edited, or null for a new one. */
  item: T | null;
  /** The contract's create schema; it accepts the form's strings. */
  schema: ZodType;
  /** The fields sent as text parts (and where server field messages are shown). */
  fields: readonly Path<V>[];
  /** The form's values for `item` (empty ones for a new record). */
  valuesOf: (item: T | null) => V;
  /** Sends the multipart body: POST without `id`, PUT with it, showing the feature's toasts; rejects an ApiError. */
  save: (form: FormData, id?: string) => Promise<T>;
  /** Upload progress 0–100 while saving, else null. */
  progress: number | null;
  /** The message when the photo is still over the upload limit after downscaling. */
  imageTooLarge: string;
  onSaved?: (saved: T) => void;
}

/** Form state and submit handler of a listing form; see the module docstring. */
export function useListingForm<V extends FieldValues, T extends SavedImage & { id: string }>(
  opts: ListingFormOptions<V, T>,
) {
  const { open, onOpenChange, item, schema, fields, valuesOf, save, progress, imageTooLarge, onSaved } = opts;
  const [formError, setFormError] = useState<string | null>(null);
  const image = useImageField(item, imageTooLarge, setFormError);
  const resetImage = image.reset;
  const form = useForm<V>({
    resolver: zodResolver(schema as never) as unknown as Resolver<V>,
    defaultValues: valuesOf(item) as never,
  });
  const { reset, setError, handleSubmit } = form;

  useEffect(() => {
    if (!open) return;
    reset(valuesOf(item));
    resetImage();
    setFormError(null);
  }, [open, item, reset, resetImage, valuesOf]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const body = new FormData();
    // The resolver hands over the schema's output (price as a number): send every field as text.
    for (const field of fields) body.append(field, String(values[field] ?? '').trim());
    image.appendTo(body);
    try {
      const saved = await save(body, item?.id);
      onSaved?.(saved);
      onOpenChange(false);
    } catch (err) {
      const apiError = toApiError(err);
      showFieldErrors(apiError, fields, (field, message) => setError(field, { message }));
      setFormError(apiError.errors?.image ?? apiError.message);
    }
  });

  const busy = form.formState.isSubmitting || progress !== null;
  return { form, onSubmit, image, formError, busy, progress };
}

export interface ListingFormModalProps {
  state: Pick<ReturnType<typeof useListingForm>, 'onSubmit' | 'image' | 'formError' | 'busy' | 'progress'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  submitLabel: string;
  /** The feature's fields. */
  children: ReactNode;
}

/**
 * The modal of a listing form: the feature's fields, then the photo picker, upload progress, the
 * form's error and Cancel / submit. It cannot be closed while saving.
 */
export function ListingFormModal({ state, open, onOpenChange, title, submitLabel, children }: ListingFormModalProps) {
  const { onSubmit, image, formError, busy, progress } = state;
  return (
    <Modal open={open} onOpenChange={(o) => !busy && onOpenChange(o)} title={title}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {children}
        <ImageField field={image} />
        <UploadProgress progress={progress} />
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy} disabled={image.preparing}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
