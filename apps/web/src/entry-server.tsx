/**
 * Server entry (Decision 1): renders the first screen of a page in the API's
 * process, built by `vite build --ssr` into `dist-server/entry-server.js` and loaded by the API
 * (apps/api/src/lib/ssr.ts), which wraps the markup into index.html and sends it.
 *
 * `render({ url, fetch })`:
 * 1. asks the API (through `fetch`, in-process with the visitor's cookie) who is signed in
 *    (`GET /api/users/current`) and the institute (its time zone formats every date);
 * 2. loads the page's module (pages are lazy chunks) so nothing suspends;
 * 3. renders to a string with RTK Query's documented server flow: the hooks start the page's
 *    queries during render (`unstable__sideEffectsInRender`, lib/api.ts), `getRunningQueriesThunk`
 *    waits for them, and the page renders again with their data (a query that depends on another's
 *    answer takes one more pass; at most {@link MAX_PASSES}). A pass that met a lazy module not yet
 *    loaded (a suspended boundary) waits for it ({@link loadLazyModules}) and renders again, so the
 *    markup has no client-only holes and no inline script;
 * 4. answers a redirect when a guard asked for one (a guest on a protected page → 302
 *    `/login?from=…`, a signed-in student on /login → 302 to `from` or `/`, a non-admin on /admin →
 *    302 `/`), else the markup, the status (404 for the not-found page) and the state the
 *    client hydrates from ({@link SsrState}).
 * Rejects on any render error (the API then answers the plain shell).
 */
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import type { SsrRequest, SsrResult, SsrState } from '@campus/contract/ssr';
import type { UserData } from '@campus/contract/users';
import { App } from './app/app';
import { preloadPage } from './app/routes';
import { api } from './lib/api';
import { sessionEnded, userUpdated } from './lib/auth-slice';
import { DEFAULT_TIME_ZONE, setDisplayTimeZone } from './lib/format';
import { instituteApi } from './lib/institute-query';
import { ServerRenderContext, type ServerRenderRecord } from './lib/ssr';
import { makeStore, type AppStore } from './lib/store';

/** Render passes at most: the first collects queries, later ones show their answers. */
export const MAX_PASSES = 4;

const ORIGIN = 'http://ssr.internal';

/** How long a render waits for lazy modules before giving up (the API then sends the plain shell). */
const LAZY_LOAD_TIMEOUT_MS = 5000;

/** Who the cookie belongs to: the user's data, or null for a guest. Rejects on any other answer. */
async function currentUser(fetch: SsrRequest['fetch']): Promise<UserData | null> {
  const res = await fetch(new Request(`${ORIGIN}/api/users/current`, { headers: { accept: 'application/json' } }));
  if (res.status === 401) {
    await res.body?.cancel();
    return null;
  }
  if (!res.ok) throw new Error(`GET /api/users/current answered ${res.status}`);
  const body = (await res.json()) as { data?: UserData };
  if (!body.data?.user) throw new Error('GET /api/users/current answered no user');
  return body.data;
}

/** The app at `url` for the server, with `record` collecting its redirect and status. */
function appTree(store: AppStore, url: string, record: ServerRenderRecord): ReactNode {
  return (
    <StrictMode>
      <ServerRenderContext value={record}>
        <App store={store} location={url} ready />
      </ServerRenderContext>
    </StrictMode>
  );
}

/** What `renderToString` writes for a Suspense boundary that suspended (its fallback, client-rendered). */
const SUSPENDED_BOUNDARY = '<!--$!-->';

/**
 * Waits until every lazy module the app meets at `url` is in: `prerender` resolves only then (its
 * markup is dropped — it would need inline scripts to reveal late parts, which the CSP forbids).
 * Modules stay loaded for the process's life, so this runs once per page and server start.
 */
async function loadLazyModules(tree: ReactNode): Promise<void> {
  const { prelude } = await prerender(tree, { signal: AbortSignal.timeout(LAZY_LOAD_TIMEOUT_MS) });
  await prelude.cancel();
}
/** The cache entries worth handing over (the shape `extractRehydrationInfo` reads): answered queries and their tags. */
function apiStateOf(store: AppStore): SsrState['api'] {
  const state = store.getState().api;
  if (!state) return undefined;
  const queries = Object.fromEntries(
    Object.entries(state.queries).filter(([, entry]) => entry?.status === 'fulfilled'),
  );
  return Object.keys(queries).length ? { queries, mutations: {}, provided: state.provided } : undefined;
}

/** Renders `request.url`; see the module comment. */
export async function render(request: SsrRequest): Promise<SsrResult> {
  const url = new URL(request.url, ORIGIN);
  const reads: string[] = [];
  const serverFetch = async (input: Request) => {
    const res = await request.fetch(input);
    const { pathname, search } = new URL(input.url);
    if (res.status === 200 && input.method === 'GET') reads.push(pathname + search);
    return res;
  };
  const store = makeStore(undefined, { serverFetch });
  const [user] = await Promise.all([currentUser(serverFetch), preloadPage(url.pathname)]);
  store.dispatch(user ? userUpdated(user) : sessionEnded());

  const instituteQuery = store.dispatch(instituteApi.endpoints.getInstitute.initiate());
  const institute = await instituteQuery;
  const timeZone = institute.data?.timezone ?? DEFAULT_TIME_ZONE;
  setDisplayTimeZone(timeZone);

  const location = url.pathname + url.search;
  let record: ServerRenderRecord = {};
  let html = '';
  for (let pass = 1; pass <= MAX_PASSES; pass += 1) {
    record = {};
    html = renderToString(appTree(store, location, record));
    if (record.redirect) break;
    const running = store.dispatch(api.util.getRunningQueriesThunk());
    const suspended = html.includes(SUSPENDED_BOUNDARY);
    if (running.length === 0 && !suspended) break;
    await Promise.all(running);
    if (suspended) await loadLazyModules(appTree(store, location, {}));
    // After the last pass, queries it started are not shown: the client fetches them.
  }
  instituteQuery.unsubscribe();

  if (record.redirect) {
    const { to, from } = record.redirect;
    const target = from === undefined ? to : `${to}?${new URLSearchParams({ from }).toString()}`;
    return { kind: 'redirect', status: 302, location: target };
  }
  return {
    kind: 'page',
    status: record.status === 404 ? 404 : 200,
    html,
    state: { auth: store.getState().auth, api: apiStateOf(store), timeZone, reads },
  };
}
