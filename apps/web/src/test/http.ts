/**
 * HTTP helpers of the web tests: {@link json} builds a JSON reply, and
 * {@link stubFetch} replaces `fetch` with a handler that sees each call as a `Request` with its
 * path, so a test writes only its route table.
 */
import { vi } from 'vitest';

/** A JSON `Response` with this status and body. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** One fetch call as a route table sees it: the request, its URL and the URL's path (`/api/...`). */
export interface StubCall {
  req: Request;
  url: URL;
  path: string;
}

/**
 * Stubs the global `fetch` with `routes`, which answers each call (a relative URL is read against
 * `http://x`); returns the mock. Undo with `vi.unstubAllGlobals()`.
 */
export function stubFetch(routes: (call: StubCall) => Response | Promise<Response>) {
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(new URL(String(input), 'http://x'), init);
    const url = new URL(req.url, 'http://x');
    return routes({ req, url, path: url.pathname });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}
