/**
 * The optional photo of a form (docs/design.md §6): {@link useImageField} keeps the picked file (downscaled
 * in the browser first), its preview URL and whether the saved photo is to be removed;
 * {@link ImageField} shows the preview with "Remove photo" and the picker.
 */
import { useCallback, useEffect, useState } from 'react';
import { ImagePlus, X } from 'lucide-react';
import { MAX_UPLOAD_BYTES } from '@campus/contract/files';
import { prepareImageForUpload } from '../../lib/image';

/** The saved photo of the record being edited. */
export interface SavedImage {
  image_url: string | null;
  image_thumb_url: string | null;
}

/**
 * Photo state of a form editing `saved` (null for a new record). `onError` receives null when a
 * pick starts and `tooLargeMessage` when the prepared file is still over the upload limit.
 */
export function useImageField(
  saved: SavedImage | null,
  tooLargeMessage: string,
  onError: (message: string | null) => void,
) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  const [preparing, setPreparing] = useState(false);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const reset = useCallback(() => {
    setFile(null);
    setRemoveImage(false);
  }, []);

  const pick = async (picked: File | undefined) => {
    onError(null);
    if (!picked) return;
    setPreparing(true);
    try {
      const prepared = await prepareImageForUpload(picked);
      if (prepared.size >= MAX_UPLOAD_BYTES) {
        onError(tooLargeMessage);
        return;
      }
      setFile(prepared);
      setRemoveImage(false);
    } finally {
      setPreparing(false);
    }
  };

  return {
    preparing,
    /** What the preview shows: the picked file, else the saved thumbnail unless removed. */
    current: preview ?? (saved && !removeImage ? saved.image_thumb_url : null),
    pick,
    /** Drops the picked file; marks the saved photo for removal when there is one. */
    remove: () => {
      setFile(null);
      if (saved?.image_url) setRemoveImage(true);
    },
    /** Forgets the pick and the removal (when the form opens again); stable across renders. */
    reset,
    /** Adds the file part `image`, or `remove_image=true` when editing and the photo was removed. */
    appendTo: (form: FormData) => {
      if (file) form.append('image', file, file.name);
      else if (saved && removeImage) form.append('remove_image', 'true');
    },
  };
}

/** "Photo (optional)": the preview with "Remove photo", and the picker. */
export function ImageField({ field }: { field: ReturnType<typeof useImageField> }) {
  const { current, preparing } = field;
  return (
    <div className="space-y-2">
      <p className="block text-sm font-medium text-fg">Photo (optional)</p>
      {current ? (
        <div className="relative w-40">
          <img src={current} alt="Selected photo preview" className="h-32 w-40 rounded-lg object-cover" />
          <button
            type="button"
            className="absolute right-1 top-1 rounded-full bg-black/60 p-1 text-white"
            aria-label="Remove photo"
            onClick={field.remove}
          >
            <X aria-hidden="true" size={16} />
          </button>
        </div>
      ) : null}
      <label className="flex w-fit cursor-pointer items-center gap-2 rounded-lg border border-dashed border-line px-3 py-2 text-sm text-muted hover:text-fg focus-within:ring-2 focus-within:ring-focus">
        <ImagePlus aria-hidden="true" size={18} />
        {preparing ? 'Preparing photo...' : current ? 'Change photo' : 'Choose a photo'}
        <input
          type="file"
          accept="image/*"
          className="sr-only"
          onChange={(e) => {
            void field.pick(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </label>
    </div>
  );
}

/** The upload progress bar and its percentage, shown while `progress` is not null. */
export function UploadProgress({ progress }: { progress: number | null }) {
  if (progress === null) return null;
  return (
    <div className="space-y-1">
      <progress
        className="h-2 w-full accent-[var(--cc-accent)]"
        value={progress}
        max={100}
        aria-label="Upload progress"
      />
      <p className="text-xs text-muted">Uploading... {progress}%</p>
    </div>
  );
}
