/**
 * Multipart uploads with progress (DESIGN §4, §6). `fetch` cannot report upload progress, so forms
 * that send a photo use XMLHttpRequest: same cookies (same origin), same envelope rules as the RTK
 * Query base query in `lib/api.ts` — success resolves `{ data, message }`, failure rejects an
 * {@link ApiError} (`status`, `message`, per-field `errors`). {@link useMultipartSave} wraps it for
 * create/update forms.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { DEFAULT_ERROR_MESSAGE, NETWORK_MESSAGE, TIMEOUT_MESSAGE, type ApiError } from './api';

export interface UploadOptions {
  method: 'POST' | 'PUT';
  /** Path under /api, e.g. `buy-and-sell/items`. */
  url: string;
  form: FormData;
  /** Called with 0–100 while the body is sent. */
  onProgress?: (percent: number) => void;
  /** Time-out in ms (default 120 s). */
  timeout?: number;
}

/** Sends `form` and resolves the envelope's `data` and `message`; rejects an {@link ApiError}. */
export function sendMultipart<T>({ method, url, form, onProgress, timeout = 120_000 }: UploadOptions): Promise<{
  data: T;
  message: string;
}> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `/api/${url}`);
    xhr.withCredentials = true;
    xhr.timeout = timeout;
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let body: { success?: boolean; message?: string; data?: T; errors?: Record<string, string> } | null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body?.success !== false) {
        resolve({ data: body?.data as T, message: body?.message ?? '' });
        return;
      }
      const serverMessage = body?.message || undefined;
      const error: ApiError = {
        status: xhr.status,
        message: serverMessage ?? DEFAULT_ERROR_MESSAGE,
        ...(serverMessage ? { serverMessage } : {}),
        ...(body?.errors ? { errors: body.errors } : {}),
      };
      reject(error);
    };
    xhr.onerror = () => reject({ status: 'NETWORK', message: NETWORK_MESSAGE } satisfies ApiError);
    xhr.ontimeout = () => reject({ status: 'TIMEOUT', message: TIMEOUT_MESSAGE } satisfies ApiError);
    xhr.send(form);
  });
}

/**
 * Create (POST `path`) or update (PUT `path/{id}` when `id` is given) from a FormData of text
 * parts and an optional file, with `progress` 0–100 while sending (null otherwise). `save`
 * resolves the saved record after calling `onSaved` with it (to invalidate caches); it rejects an
 * {@link ApiError}.
 */
export function useMultipartSave<T>(path: string, onSaved: (saved: T) => void) {
  const [progress, setProgress] = useState<number | null>(null);
  const onSavedRef = useRef(onSaved);
  useEffect(() => {
    onSavedRef.current = onSaved;
  });
  const save = useCallback(
    async (form: FormData, id?: string): Promise<T> => {
      setProgress(0);
      try {
        const { data } = await sendMultipart<T>({
          method: id ? 'PUT' : 'POST',
          url: id ? `${path}/${id}` : path,
          form,
          onProgress: setProgress,
        });
        onSavedRef.current(data);
        return data;
      } finally {
        setProgress(null);
      }
    },
    [path],
  );
  return { save, progress };
}
