/**
 * Paginated lists (DESIGN §4): the server puts `pagination: { page, limit, total }` beside the
 * `data` array, which the shared base query (lib/api.ts) drops when it unwraps `data`. Endpoints
 * of paginated lists use {@link fetchPage} as their `queryFn` to keep both.
 */
import type { Pagination } from '@campus/contract/envelope';
import { DEFAULT_ERROR_MESSAGE, NETWORK_MESSAGE, type ApiError } from './api';

/** One page of a list and its pagination. */
export interface Page<T> {
  items: T[];
  pagination: Pagination;
}

/** Builds `?a=1&b=x` from the defined, non-empty values (empty string when none). */
export function toQueryString(params: object): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const s = search.toString();
  return s ? `?${s}` : '';
}

/**
 * GETs `/api/{path}` with cookies; resolves `{ data: Page }` or `{ error: ApiError }` (RTK Query
 * `queryFn` result). Error text follows spec §8: the server's message, else the network text.
 */
export async function fetchPage<T>(
  path: string,
  signal?: AbortSignal,
): Promise<{ data: Page<T> } | { error: ApiError }> {
  let res: Response;
  try {
    res = await fetch(`/api/${path}`, { credentials: 'include', signal, headers: { accept: 'application/json' } });
  } catch {
    return { error: { status: 'NETWORK', message: NETWORK_MESSAGE } };
  }
  let body: { success?: boolean; message?: string; data?: T[]; pagination?: Pagination } | null;
  try {
    body = await res.json();
  } catch {
    body = null;
  }
  if (!res.ok || !body || body.success === false) {
    const serverMessage = body?.message || undefined;
    return {
      error: {
        status: res.ok ? 'PARSE' : res.status,
        message: serverMessage ?? DEFAULT_ERROR_MESSAGE,
        ...(serverMessage ? { serverMessage } : {}),
      },
    };
  }
  const items = Array.isArray(body.data) ? body.data : [];
  return { data: { items, pagination: body.pagination ?? { page: 1, limit: items.length, total: items.length } } };
}
