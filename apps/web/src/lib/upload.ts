/**
 * Multipart uploads with progress (docs/design.md §4, §6). `fetch` cannot report upload progress, so forms
 * that send a photo use XMLHttpRequest: same cookies (same origin), same envelope rules as the RTK
 * Query base query (the one parser, `readEnvelope` in `lib/api.ts`) — success resolves
 * `{ data, message }`, failure rejects an {@link ApiError} (`status`, `message`, per-field `errors`). {@link useMultipartSave} wraps it for
 * create/update forms.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  IDEMPOTENCY_HEADER,
  NETWORK_MESSAGE,
  newIdempotencyKey,
  NOT_JSON,
  readEnvelope,
  TIMEOUT_MESSAGE,
  toApiError,
  type ApiError,
} from './api';
import { showOutcomeToast, type MutationToasts } from './mutation-toast';

/** What a save was called with: the multipart body, and the record's id for an update. */
export interface SaveArgs {
  form: FormData;
  id?: string;
}

export interface UploadOptions {
  method: 'POST' | 'PUT' | 'PATCH';
  /** Path under /api, e.g. `buy-and-sell/items`. */
  url: string;
  form: FormData;
  /** Called with 0–100 while the body is sent. */
  onProgress?: (percent: number) => void;
  /** Time-out in ms (default 120 s). */
  timeout?: number;
}

/** The reply text as JSON: null when empty, {@link NOT_JSON} when it does not parse. */
function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
}

/** Sends `form` (a POST with a fresh `Idempotency-Key`) and resolves the envelope's `data` and `message`; rejects an {@link ApiError}. */
export function sendMultipart<T>({ method, url, form, onProgress, timeout = 120_000 }: UploadOptions): Promise<{
  data: T;
  message: string;
}> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `/api/${url}`);
    xhr.withCredentials = true;
    // One submission, one key: a create the network repeats is stored once.
    if (method === 'POST') xhr.setRequestHeader(IDEMPOTENCY_HEADER, newIdempotencyKey());
    xhr.timeout = timeout;
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      const result = readEnvelope(xhr.status, parseBody(xhr.responseText));
      if ('error' in result) reject(result.error);
      else resolve({ data: result.data as T, message: result.meta.message ?? '' });
    };
    xhr.onerror = () => reject({ status: 'NETWORK', message: NETWORK_MESSAGE } satisfies ApiError);
    xhr.ontimeout = () => reject({ status: 'TIMEOUT', message: TIMEOUT_MESSAGE } satisfies ApiError);
    xhr.send(form);
  });
}

/**
 * Create (POST `path`) or update (`update`, PUT by default, `path/{id}` when `id` is given) from a FormData of text
 * parts and an optional file, with `progress` 0–100 while sending (null otherwise). `save`
 * resolves the saved record after calling `onSaved` with it (to invalidate caches) and showing
 * `toasts.success`; it shows `toasts.error` and rejects an {@link ApiError} on failure. The toasts are
 * declared with the feature's endpoints, like an RTK Query mutation's (lib/mutation-toast.ts).
 */
export function useMultipartSave<T>(
  path: string,
  onSaved: (saved: T) => void,
  toasts: MutationToasts<SaveArgs, T> = {},
  update: 'PUT' | 'PATCH' = 'PUT',
) {
  const [progress, setProgress] = useState<number | null>(null);
  const latest = useRef({ onSaved, toasts });
  useEffect(() => {
    latest.current = { onSaved, toasts };
  });
  const save = useCallback(
    async (form: FormData, id?: string): Promise<T> => {
      setProgress(0);
      try {
        const { data } = await sendMultipart<T>({
          method: id ? update : 'POST',
          url: id ? `${path}/${id}` : path,
          form,
          onProgress: setProgress,
        });
        latest.current.onSaved(data);
        showOutcomeToast(latest.current.toasts, { form, id }, { data });
        return data;
      } catch (err) {
        showOutcomeToast(latest.current.toasts, { form, id }, { error: toApiError(err) });
        throw err;
      } finally {
        setProgress(null);
      }
    },
    [path, update],
  );
  return { save, progress };
}
