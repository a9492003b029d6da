/**
 * RTK Query base: one `api` slice every feature extends with `api.injectEndpoints` (DESIGN §3).
 *
 * The base query
 * - sends every request to `/api/...` with cookies (`credentials: 'include'`), same origin;
 * - unwraps the envelope (DESIGN §4): a success returns `body.data` when the body has a `data` key,
 *   otherwise the whole body (for the few routes whose spec reads top-level keys);
 * - maps every failure to {@link ApiError} `{ status, message, errors? }` where `status` is the HTTP
 *   status, or `'NETWORK'` (no response) / `'TIMEOUT'` (the per-request `timeout` in ms elapsed) /
 *   `'PARSE'` (a reply that is not JSON). `message` follows spec §8's general rule: the server's
 *   message, else the network error text, else a generic default.
 */
import type { WithSlice } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query/react';
import { dynamicMiddleware, rootReducer } from '../app/store';

/** A failed request, as every endpoint and component sees it. */
export interface ApiError {
  /** HTTP status, or a transport failure kind. */
  status: number | 'NETWORK' | 'TIMEOUT' | 'PARSE';
  /** Text to show: server message, else network text, else default (spec §8). */
  message: string;
  /** The server's own `message`, when it sent one (lets callers choose their spec default). */
  serverMessage?: string;
  /** Per-field messages of a 400 (`{ field: message }`), when the server sent them. */
  errors?: Record<string, string>;
}

/** Texts of transport failures (spec §8). */
export const NETWORK_MESSAGE = 'Network error. Please check your connection and try again.';
export const TIMEOUT_MESSAGE = 'The server took too long to answer. Please try again.';
export const DEFAULT_ERROR_MESSAGE = 'Something went wrong. Please try again.';

const rawBaseQuery = fetchBaseQuery({ baseUrl: '/api', credentials: 'include' });

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Converts any thrown/returned error into an {@link ApiError}; `fallback` is the default text. */
export function toApiError(error: unknown, fallback = DEFAULT_ERROR_MESSAGE): ApiError {
  if (isRecord(error) && 'status' in error && typeof error.message === 'string') {
    return error as unknown as ApiError;
  }
  return { status: 'NETWORK', message: fallback };
}

/**
 * Hands each of `fields` that has a message in `error.errors` to `show` (a form puts it under the
 * field); true when any was shown.
 */
export function showFieldErrors<F extends string>(
  error: ApiError,
  fields: readonly F[],
  show: (field: F, message: string) => void,
): boolean {
  let shown = false;
  for (const field of fields) {
    const message = error.errors?.[field];
    if (message) {
      show(field, message);
      shown = true;
    }
  }
  return shown;
}

/** Base query: envelope in, `data` or {@link ApiError} out. See the module doc. */
/** Meta passed to `transformResponse`: the envelope's `message` and the HTTP status. */
export interface EnvelopeMeta {
  message?: string;
  status?: number;
}

export const envelopeBaseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError, object, EnvelopeMeta> = async (
  args,
  apiCtx,
  extra,
) => {
  const result = await rawBaseQuery(args, apiCtx, extra);
  if (result.error) {
    const err = result.error;
    if (typeof err.status === 'number') {
      const body = isRecord(err.data) ? err.data : {};
      const serverMessage = typeof body.message === 'string' && body.message ? body.message : undefined;
      return {
        error: {
          status: err.status,
          message: serverMessage ?? DEFAULT_ERROR_MESSAGE,
          ...(serverMessage ? { serverMessage } : {}),
          ...(isRecord(body.errors) ? { errors: body.errors as Record<string, string> } : {}),
        },
      };
    }
    if (err.status === 'TIMEOUT_ERROR') return { error: { status: 'TIMEOUT', message: TIMEOUT_MESSAGE } };
    if (err.status === 'PARSING_ERROR') {
      // A non-JSON reply (an HTML error page from a proxy, for instance).
      return { error: { status: err.originalStatus, message: DEFAULT_ERROR_MESSAGE } };
    }
    return { error: { status: 'NETWORK', message: NETWORK_MESSAGE } };
  }
  const body = result.data;
  if (isRecord(body)) {
    if (body.success === false) {
      const serverMessage = typeof body.message === 'string' && body.message ? body.message : undefined;
      return {
        error: {
          status: result.meta?.response?.status ?? 'PARSE',
          message: serverMessage ?? DEFAULT_ERROR_MESSAGE,
          ...(serverMessage ? { serverMessage } : {}),
        },
      };
    }
    const meta: EnvelopeMeta = {
      status: result.meta?.response?.status,
      ...(typeof body.message === 'string' ? { message: body.message } : {}),
    };
    return { data: 'data' in body ? body.data : body, meta };
  }
  return { data: body ?? null, meta: { status: result.meta?.response?.status } };
};

/**
 * The single RTK Query slice (`state.api`). Tags are declared here so features can share them.
 * Importing this module injects the slice and its middleware into the store (lazy, DESIGN §9).
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: envelopeBaseQuery,
  tagTypes: ['CurrentUser', 'Institute'],
  endpoints: () => ({}),
});

declare module '../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging needs an interface
  export interface LazyLoadedSlices extends WithSlice<typeof api> {}
}

rootReducer.inject(api);
dynamicMiddleware.addMiddleware(api.middleware);
