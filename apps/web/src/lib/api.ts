/**
 * RTK Query base: one `api` slice every feature extends with `api.injectEndpoints` (docs/design.md §3).
 *
 * The base query
 * - sends every request to `/api/...` with cookies (`credentials: 'include'`), same origin, and
 *   every POST with an `Idempotency-Key` ({@link withIdempotencyKey});
 * - unwraps the envelope (docs/design.md §4, {@link readEnvelope}): a success returns `body.data` when the
 *   body has a `data` key, otherwise the whole body (for the few routes whose spec reads top-level
 *   keys), and keeps `message` and `pagination` in `meta`; a paginated list turns them into one
 *   {@link Page} with `transformResponse: toPage` (no second parser for lists);
 * - maps every failure to {@link ApiError} `{ status, message, errors? }` where `status` is the HTTP
 *   status, or `'NETWORK'` (no response) / `'TIMEOUT'` (the per-request `timeout` in ms elapsed) /
 *   `'PARSE'` (a reply that is not JSON). `message` follows docs/product-spec.md §8's general rule: the server's
 *   message, else the network error text, else a generic default.
 */
import type { WithSlice } from '@reduxjs/toolkit';
import type { Pagination } from '@campus/contract/envelope';
import { coreModule } from '@reduxjs/toolkit/query';
import {
  buildCreateApi,
  createApi as createBrowserApi,
  fetchBaseQuery,
  reactHooksModule,
  type BaseQueryFn,
  type FetchArgs,
} from '@reduxjs/toolkit/query/react';
import { v4 as uuidv4 } from 'uuid';
import { ssrHydrated } from './ssr';
import { dynamicMiddleware, rootReducer, type StoreExtra } from './store';

/** A failed request, as every endpoint and component sees it. */
export interface ApiError {
  /** HTTP status, or a transport failure kind. */
  status: number | 'NETWORK' | 'TIMEOUT' | 'PARSE';
  /** Text to show: server message, else network text, else default (docs/product-spec.md §8). */
  message: string;
  /** The server's own `message`, when it sent one (lets callers choose their spec default). */
  serverMessage?: string;
  /** Per-field messages of a 400 (`{ field: message }`), when the server sent them. */
  errors?: Record<string, string>;
}

/** Texts of transport failures (docs/product-spec.md §8). */
export const NETWORK_MESSAGE = 'Network error. Please check your connection and try again.';
export const TIMEOUT_MESSAGE = 'The server took too long to answer. Please try again.';
export const DEFAULT_ERROR_MESSAGE = 'Something went wrong. Please try again.';

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

/** One page of a paginated list (docs/design.md §4): the `data` array and the `pagination` beside it. */
export interface Page<T> {
  items: T[];
  pagination: Pagination;
}

/**
 * Meta of every successful call (the base query's `meta`, handed to `transformResponse`): the
 * envelope's `message`, the HTTP status, and `pagination` when the server put one beside `data`.
 */
export interface EnvelopeMeta {
  message?: string;
  status?: number;
  pagination?: Pagination;
  /**
   * When the server produced this answer (its `Date` header, ms since the epoch): long ago for an
   * answer the service worker served from its cache while offline.
   */
  servedAt?: number;
}

/** Result of reading one reply: RTK Query's `{ data, meta }` or `{ error }` shape. */
export type EnvelopeResult = { data: unknown; meta: EnvelopeMeta } | { error: ApiError };

/** Marks a reply body that was not JSON, for {@link readEnvelope}. */
export const NOT_JSON: unique symbol = Symbol('not JSON');

/**
 * Reads one HTTP reply as the envelope (docs/design.md §4) — the only envelope parser of the web app, used
 * by the RTK Query base query and by multipart uploads (lib/upload.ts).
 * - `status` 2xx and a body that is not `{ success: false }`: `{ data, meta }` with `data` the
 *   body's `data` (or the whole body for the routes whose spec reads top-level keys, or null for an
 *   empty body) and `meta` `{ status, message?, pagination? }`;
 * - otherwise `{ error: ApiError }` with the HTTP status (or `'PARSE'` for a 2xx reply that is not
 *   JSON), the server's message, else {@link DEFAULT_ERROR_MESSAGE} (docs/product-spec.md §8), and its field `errors`.
 * `body` is the parsed JSON, null for an empty body, or {@link NOT_JSON}.
 */
export function readEnvelope(status: number, body: unknown): EnvelopeResult {
  const ok = status >= 200 && status < 300;
  if (ok && body !== NOT_JSON && !(isRecord(body) && body.success === false)) {
    if (!isRecord(body)) return { data: body ?? null, meta: { status } };
    const meta: EnvelopeMeta = {
      status,
      ...(typeof body.message === 'string' ? { message: body.message } : {}),
      ...(isPagination(body.pagination) ? { pagination: body.pagination } : {}),
    };
    return { data: 'data' in body ? body.data : body, meta };
  }
  const record = isRecord(body) ? body : {};
  const serverMessage = typeof record.message === 'string' && record.message ? record.message : undefined;
  return {
    error: {
      status: ok ? 'PARSE' : status,
      message: serverMessage ?? DEFAULT_ERROR_MESSAGE,
      ...(serverMessage ? { serverMessage } : {}),
      ...(isRecord(record.errors) ? { errors: record.errors as Record<string, string> } : {}),
    },
  };
}

function isPagination(value: unknown): value is Pagination {
  return isRecord(value) && ['page', 'limit', 'total'].every((k) => typeof value[k] === 'number');
}

/**
 * `transformResponse` of a paginated list: the `data` array and the `pagination` the base query
 * kept in `meta` as one {@link Page}. A reply without pagination counts as one page holding all.
 */
export function toPage<T>(data: unknown, meta: EnvelopeMeta | undefined): Page<T> {
  const items = Array.isArray(data) ? (data as T[]) : [];
  return { items, pagination: meta?.pagination ?? { page: 1, limit: items.length, total: items.length } };
}

/** Query-string serializer: drops undefined, null and empty values (absent filter = no filter). */
export function toSearchParams(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  return search.toString();
}

/** The header of the IETF HTTP Idempotency-Key draft (the API keeps a creating write's answer 24 h). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** A fresh idempotency key: a random UUID, one per submission. */
export function newIdempotencyKey(): string {
  return uuidv4();
}

/**
 * `args` with an {@link IDEMPOTENCY_HEADER} when it is a POST without one: each call of a creating
 * mutation is one submission, so a repeat the network makes (or a double tap that reaches the
 * server twice with one key) creates one record. A caller that retries a submission (the offline
 * mark queue) sets the header itself, with the key it kept.
 */
export function withIdempotencyKey(args: string | FetchArgs): string | FetchArgs {
  if (typeof args === 'string' || (args.method ?? 'GET').toUpperCase() !== 'POST') return args;
  const headers = new Headers(args.headers as HeadersInit | undefined);
  if (!headers.has(IDEMPOTENCY_HEADER)) headers.set(IDEMPOTENCY_HEADER, newIdempotencyKey());
  return { ...args, headers };
}

const rawBaseQuery = fetchBaseQuery({ baseUrl: '/api', credentials: 'include', paramsSerializer: toSearchParams });

/** Origin of the URLs the server render's in-process fetch receives (only path and query matter). */
const SERVER_ORIGIN = 'http://ssr.internal';

/**
 * The base query of a server render: same URLs and serializer, answered by the
 * store's `serverFetch` (the API in-process, with the visitor's cookie).
 */
function serverBaseQuery(serverFetch: NonNullable<StoreExtra['serverFetch']>) {
  return fetchBaseQuery({
    baseUrl: `${SERVER_ORIGIN}/api`,
    paramsSerializer: toSearchParams,
    fetchFn: (input) => serverFetch(input instanceof Request ? input : new Request(input)),
  });
}

/** Base query: `/api/...` with cookies; envelope in, `data` + {@link EnvelopeMeta} or {@link ApiError} out. */
export const envelopeBaseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError, object, EnvelopeMeta> = async (
  args,
  apiCtx,
  extra,
) => {
  const serverFetch = (apiCtx.extra as StoreExtra | undefined)?.serverFetch;
  const baseQuery = serverFetch ? serverBaseQuery(serverFetch) : rawBaseQuery;
  const result = await baseQuery(withIdempotencyKey(args), apiCtx, extra);
  const err = result.error;
  if (!err) {
    const read = readEnvelope(result.meta?.response?.status ?? 200, result.data);
    const servedAt = Date.parse(result.meta?.response?.headers.get('date') ?? '');
    if ('meta' in read && Number.isFinite(servedAt)) read.meta.servedAt = servedAt;
    return read;
  }
  if (typeof err.status === 'number') return readEnvelope(err.status, err.data);
  if (err.status === 'PARSING_ERROR') return readEnvelope(err.originalStatus, NOT_JSON);
  if (err.status === 'TIMEOUT_ERROR') return { error: { status: 'TIMEOUT', message: TIMEOUT_MESSAGE } };
  return { error: { status: 'NETWORK', message: NETWORK_MESSAGE } };
};

/**
 * `createApi` of this build: in the server bundle (`import.meta.env.SSR`) the hooks start their
 * queries during render — RTK Query's documented server-rendering mode, so a first render collects
 * the page's queries (`api.util.getRunningQueriesThunk()`) and a second one shows their data
 *. The browser build keeps the default hooks.
 */
const createApi = import.meta.env.SSR
  ? buildCreateApi(coreModule(), reactHooksModule({ unstable__sideEffectsInRender: true }))
  : createBrowserApi;

/**
 * The single RTK Query slice (`state.api`). Tags are declared here so features can share them.
 * Importing this module injects the slice and its middleware into the store (lazy, docs/design.md §9).
 * A server-rendered page hands its cache over with {@link ssrHydrated} (`extractRehydrationInfo`).
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: envelopeBaseQuery,
  extractRehydrationInfo: (action, { reducerPath }) =>
    ssrHydrated.match(action) ? (action.payload as Record<string, never>)[reducerPath] : undefined,
  tagTypes: ['CurrentUser', 'Institute'],
  endpoints: () => ({}),
});

declare module './store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging needs an interface
  export interface LazyLoadedSlices extends WithSlice<typeof api> {}
}

rootReducer.inject(api);
dynamicMiddleware.addMiddleware(api.middleware);
