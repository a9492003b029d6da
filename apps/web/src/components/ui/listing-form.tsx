/**
 * The create/edit form of a listing with a photo (marketplace items, lost & found items):
 * {@link useListingForm} runs react-hook-form with the contract's zod schema (so the client shows
 * the server's messages, docs/product-spec.md §5), resets when the modal opens, sends every field as a text part
 * plus the photo (docs/design.md §4, §6), and on failure puts the server's field messages under the fields,
 * the general one in an alert (the feature's toasts come with its `save`, docs/product-spec.md §8). A form whose
 * values are not the request's fields (a ride's local departure time) passes a {@link FieldMapper}.
 * {@link ListingFormModal} shows the feature's fields with the photo picker, upload progress, that
 * alert and Cancel / submit.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useForm, type FieldErrors, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ZodType } from 'zod';
import { toApiError } from '../../lib/api';
import { Alert } from './alert';
import { Button } from './button';
import { ImageField, UploadProgress, useImageField, type SavedImage } from './image-field';
import { Modal } from './modal';

/**
 * How a form's values become the request's fields when they differ: `toRequest` gives the text
 * parts that the schema checks and the form sends; `renamed` names the form field that shows a
 * request field's message (the others share their name).
 */
export interface FieldMapper<V extends FieldValues, T> {
  toRequest: (values: V, item: T | null) => Record<string, string>;
  renamed?: Partial<Record<string, Path<V>>>;
}

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
  /** Maps the values to the request's fields when they differ (default: `fields` as they are). */
  mapper?: FieldMapper<V, T>;
}

/** The form field that shows the message of request field `name`, if any. */
function formFieldOf<V extends FieldValues>(
  name: string,
  fields: readonly Path<V>[],
  renamed: FieldMapper<V, never>['renamed'],
) {
  return renamed?.[name] ?? fields.find((field) => field === name);
}

/** A resolver that checks the mapped request fields with `schema` and puts each message under its form field. */
export function mappedResolver<V extends FieldValues, T>(
  schema: ZodType,
  fields: readonly Path<V>[],
  mapper: FieldMapper<V, T>,
  item: T | null,
): Resolver<V> {
  return async (values) => {
    const result = schema.safeParse(mapper.toRequest(values, item));
    if (result.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const field = formFieldOf(String(issue.path[0] ?? ''), fields, mapper.renamed) ?? fields[0];
      errors[field] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<V> };
  };
}

/** Form state and submit handler of a listing form; see the module docstring. */
export function useListingForm<V extends FieldValues, T extends SavedImage & { id: string }>(
  opts: ListingFormOptions<V, T>,
) {
  const { open, onOpenChange, item, schema, fields, valuesOf, save, progress, imageTooLarge, onSaved, mapper } = opts;
  const [formError, setFormError] = useState<string | null>(null);
  const image = useImageField(item, imageTooLarge, setFormError);
  const resetImage = image.reset;
  const form = useForm<V>({
    resolver: mapper
      ? mappedResolver(schema, fields, mapper, item)
      : (zodResolver(schema as never) as unknown as Resolver<V>),
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
    const parts = mapper ? mapper.toRequest(values, item) : Object.fromEntries(fields.map((f) => [f, values[f]]));
    for (const [name, value] of Object.entries(parts)) body.append(name, String(value ?? '').trim());
    image.appendTo(body);
    try {
      const saved = await save(body, item?.id);
      onSaved?.(saved);
      onOpenChange(false);
    } catch (err) {
      const apiError = toApiError(err);
      for (const [name, message] of Object.entries(apiError.errors ?? {})) {
        const field = formFieldOf(name, fields, mapper?.renamed);
        if (field) setError(field, { message });
      }
      setFormError(apiError.errors?.image ?? apiError.message);
    }
  });

  const busy = form.formState.isSubmitting || progress !== null;
  /** A field's registration and its message, for `<Input {...field('name')} />`. */
  const field = (name: Path<V>) => ({
    ...form.register(name),
    error: form.formState.errors[name]?.message as string | undefined,
  });
  return { form, field, onSubmit, image, formError, busy, progress };
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
