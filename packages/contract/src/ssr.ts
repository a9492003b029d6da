/**
 * Server rendering contract: what the API hands the web app's server bundle
 * (`apps/web/dist-server/entry-server.js`, built by `npm run build -w apps/web`) and what it gets
 * back. The API owns HTTP (headers, compression, the plain-shell fallback); the bundle owns React.
 */

/** Input of one render: the page URL (path + query) and a `fetch` that answers `/api/...` in-process. */
export interface SsrRequest {
  /** Path with query, e.g. `/marketplace?page=2`. */
  url: string;
  /**
   * `fetch` for API reads made while rendering: the URL's path and query are answered by the API
   * itself, with the visitor's cookie (same auth and visibility code as the browser's requests).
   */
  fetch: (input: Request) => Promise<Response>;
}

/**
 * The state the server hands the client, serialized as JSON in
 * `<script type="application/json" id="ssr-state">` (the CSP allows no inline executable script).
 */
export interface SsrState {
  /** The auth slice as the server knew it (status, user, roles). */
  auth: unknown;
  /** RTK Query cache entries the page's first render read (`{ queries, provided }`), if any. */
  api?: unknown;
  /** The institute's IANA time zone, used to format dates on both sides. */
  timeZone: string;
  /**
   * The API reads (path + query) the render answered with 200: the browser did not make them, so
   * it repeats the ones the service worker keeps for offline reading.
   */
  reads: string[];
}

/** Result of one render: a redirect, or the markup of `#root` with its status and state. */
export type SsrResult =
  | { kind: 'redirect'; status: 302; location: string }
  | { kind: 'page'; status: 200 | 404; html: string; state: SsrState };

/** Id of the JSON block carrying {@link SsrState}. */
export const SSR_STATE_ID = 'ssr-state';

/**
 * Id of the JSON block listing the URL paths of the JavaScript modules the page hydrates with:
 * written by the API (apps/api/src/lib/ssr.ts `modulesToPreload`), preloaded by the browser entry
 * right after the first paint (apps/web/src/app/startup/after-first-paint.ts).
 */
export const SSR_MODULES_ID = 'ssr-modules';
