/**
 * Server-rendered first screens (Decision 1): the API answers a page navigation
 * with the page already rendered, instead of the empty shell.
 *
 * {@link loadServerRenderer} imports the web app's server bundle
 * (`apps/web/dist-server/entry-server.js`, written by `npm run build -w apps/web`) once at start,
 * and reads the built `index.html` once; without the bundle it returns null and the API serves the
 * plain shell as before. Each page request then:
 * - renders through the bundle's `render({ url, fetch })`, whose `fetch` answers `/api/...` reads
 *   in-process with `app.inject` and the visitor's cookie and address — the same routes, auth,
 *   visibility rules and rate limits as the browser's own requests, and no socket or second port;
 * - answers a guard's redirect with a 302, else `index.html` with the markup inside `#root`, the
 *   state in `<script type="application/json" id="ssr-state">` (data, not script: the CSP is
 *   unchanged) and the status (404 for the not-found page);
 * - per-user HTML: `Cache-Control: no-store` and `Vary: Cookie`; compressed once, whole (brotli or
 *   gzip by `Accept-Encoding`, {@link compressPage});
 * - a render error is logged and answered with the plain shell (status 200), never a 5xx.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SSR_MODULES_ID, SSR_STATE_ID, type SsrRequest, type SsrResult } from '@campus/contract/ssr';
import { logSafeError } from '../db/faults.ts';

/** What the server bundle exports. */
interface ServerEntry {
  render(request: SsrRequest): Promise<SsrResult>;
}

/** Renders one page request into the reply. */
export interface ServerRenderer {
  send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

/** The server bundle beside the web build `webDist` (`apps/web/dist` → `apps/web/dist-server`). */
export function serverEntryPath(webDist: string): string {
  return path.join(path.dirname(webDist), 'dist-server', 'entry-server.js');
}

/**
 * The page's `index.html` with the rendered markup in `#root`, `state` as a JSON data block, and
 * `modules` (URL paths of the JavaScript modules the page hydrates with) as a JSON list in
 * `#ssr-modules`, which the browser entry preloads right after the first paint — not as
 * `modulepreload` links in the head, where they would share a slow connection with the page's CSS
 * and delay its first paint (docs/decisions/0001-hydration-at-load.md). `<` is escaped in the JSON
 * so no text in it can close a block. The "needs JavaScript" notice is dropped: the page reads
 * without it.
 */
export function fillShell(shell: string, html: string, state: unknown, modules: readonly string[] = []): string {
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
  const list = modules.length ? `<script type="application/json" id="${SSR_MODULES_ID}">${json(modules)}</script>` : '';
  return shell
    .replace(/<noscript>[\s\S]*?<\/noscript>/, '')
    .replace(
      '<div id="root"></div>',
      `<div id="root">${html}</div><script type="application/json" id="${SSR_STATE_ID}">${json(state)}</script>${list}`,
    );
}

/** The part of Vite's build manifest (`dist/.vite/manifest.json`) read here: chunks by source path. */
export type BuildManifest = Record<
  string,
  { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }
>;

/**
 * The browser modules that start the app: the start module (dynamically imported by the entry,
 * apps/web/src/main.tsx) and the app's shell it imports in a step of its own.
 */
export const START_MODULE = 'src/app/startup/start-app.tsx';
export const SHELL_MODULE = 'src/app/startup/app-shell.tsx';

/**
 * Each first path segment's page module, as a key of the {@link BuildManifest} (`{ "": "src/features/home/pages/home-page.tsx", "rides": … }`):
 * written by the web build from its route table (`dist/.vite/page-modules.json`,
 * apps/web/page-modules.ts), so the server keeps no copy of the routes.
 */
export type PageModules = Record<string, string>;

/**
 * The URL paths of the JavaScript modules the page at `pathname` needs to hydrate, in dependency
 * order (each after the modules it imports, so the browser can evaluate them one per task), from
 * Vite's build `manifest` and the build's `pages` ({@link PageModules}): the app's start module
 * ({@link START_MODULE}), the app's shell ({@link SHELL_MODULE}), the page's module with its lazy
 * parts that are not dialogs (`*-modal.tsx`, loaded when opened), and the start modules' lazy parts
 * that are neither pages nor dialogs (with those of the start module's steps, where the shell shares
 * the start's chunk: apps/web/start-chunks.ts), each with every chunk it imports statically, minus the
 * entry's own chunks (already loaded). Empty when the manifest has no start module; without the
 * page's module (a path the route table opens no page for) the list has the start module's chunks
 * only, and the app fetches the page's module itself when it starts.
 */
export function modulesToPreload(manifest: BuildManifest, pages: PageModules, pathname: string): string[] {
  if (!manifest[START_MODULE]) return [];
  const loaded = new Set<string>();
  // Depth first, each chunk added after the chunks it imports (a cycle's first chunk after the rest).
  const visit = (key: string, into: Set<string>, visiting = new Set<string>()) => {
    const chunk = manifest[key];
    if (!chunk || into.has(key) || visiting.has(key)) return;
    visiting.add(key);
    for (const imported of chunk.imports ?? []) visit(imported, into, visiting);
    into.add(key);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key, loaded);
  const segment = pathname.split('/')[1] ?? '';
  const pageKey = Object.hasOwn(pages, segment) ? pages[segment] : undefined;
  const wanted = new Set<string>();
  visit(START_MODULE, wanted);
  visit(SHELL_MODULE, wanted);
  if (pageKey && manifest[pageKey]) {
    visit(pageKey, wanted);
    // The page's own lazy components on its first screen (the login page's forms); dialogs load when
    // opened, and what a form loads on submit (a schema, from the contract or a library) then too.
    for (const lazy of manifest[pageKey]!.dynamicImports ?? [])
      if (lazy.startsWith('src/') && !lazy.endsWith('-modal.tsx')) visit(lazy, wanted);
  }
  // The start's other lazy parts (React DOM, the header's search, the API slice…), not the other
  // pages nor dialogs. The shell may share a chunk with the rest of the start, under no key of its
  // own (apps/web/start-chunks.ts): the lazy parts of the start module's steps count as the shell's.
  const lazyParts = (key: string) =>
    (manifest[key]?.dynamicImports ?? []).filter((lazy) => !lazy.includes('/pages/') && !lazy.endsWith('-modal.tsx'));
  for (const start of [START_MODULE, SHELL_MODULE])
    for (const lazy of lazyParts(start)) {
      visit(lazy, wanted);
      if (start === START_MODULE) for (const part of lazyParts(lazy)) visit(part, wanted);
    }
  return [...wanted].filter((key) => !loaded.has(key)).map((key) => `/${manifest[key]!.file}`);
}

/** Reads Vite's build manifest beside `webDist`'s assets; an empty one when missing or unreadable. */
export function readBuildManifest(webDist: string): BuildManifest {
  return readBuildJson<BuildManifest>(webDist, 'manifest.json');
}

/** Reads the web build's page map ({@link PageModules}) in `webDist`; an empty one when missing or unreadable. */
export function readPageModules(webDist: string): PageModules {
  return readBuildJson<PageModules>(webDist, 'page-modules.json');
}

/** A JSON file of `webDist/.vite/`, or `{}` when missing or unreadable. */
function readBuildJson<T extends object>(webDist: string, name: string): T {
  try {
    return JSON.parse(fs.readFileSync(path.join(webDist, '.vite', name), 'utf8')) as T;
  } catch {
    return {} as T;
  }
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Brotli quality for pages: 5 compresses a 50 KB page to within a few % of 11 in about a ms. */
export const PAGE_BROTLI_QUALITY = 5;

/** The encoding to send for `accept` (an `Accept-Encoding` value): br, else gzip, else none. */
export function pageEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  const offered = new Map(
    (accept ?? '').split(',').map((part) => {
      const [name = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return [name.trim(), q ? Number(q.slice(2)) : 1] as const;
    }),
  );
  const ok = (name: string) => (offered.get(name) ?? offered.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

/** `html` compressed for `encoding` (brotli quality {@link PAGE_BROTLI_QUALITY}, gzip level 6). */
export async function compressPage(html: string, encoding: 'br' | 'gzip'): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(html, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html),
        },
      })
    : gzip(html);
}

/** Header values of an injected response, as a Fetch `Headers`. */
function toHeaders(raw: Record<string, string | string[] | number | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, String(v));
  }
  return headers;
}

/**
 * The `fetch` a render uses: the request's path and query answered by `app` in-process with the
 * visitor's cookie and address (reads only; the render sends no writes).
 */
export function inProcessFetch(app: FastifyInstance, visitor: FastifyRequest): SsrRequest['fetch'] {
  return async (input) => {
    const url = new URL(input.url);
    const res = await app.inject({
      method: input.method as 'GET',
      url: url.pathname + url.search,
      remoteAddress: visitor.ip,
      headers: {
        accept: 'application/json',
        host: visitor.headers.host ?? 'localhost',
        ...(visitor.headers.cookie && { cookie: visitor.headers.cookie }),
        ...(visitor.headers['user-agent'] && { 'user-agent': visitor.headers['user-agent'] }),
      },
    });
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : res.rawPayload, { status: res.statusCode, headers: toHeaders(res.headers) });
  };
}

/**
 * Loads the server bundle and the shell of `webDist` once; null when either is missing or cannot be
 * loaded (logged; the API then serves the plain shell). Never rejects.
 */
export async function loadServerRenderer(app: FastifyInstance, webDist: string): Promise<ServerRenderer | null> {
  const entryFile = serverEntryPath(webDist);
  const shellFile = path.join(webDist, 'index.html');
  if (!fs.existsSync(entryFile) || !fs.existsSync(shellFile)) return null;
  let entry: ServerEntry;
  let shell: string;
  try {
    entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
    shell = fs.readFileSync(shellFile, 'utf8');
  } catch (err) {
    // A bundle that cannot be loaded (e.g. half-written by a build running now) must not stop the
    // API: pages are then served as the plain shell.
    app.log.warn({ err: logSafeError(err), entryFile }, 'Server render bundle not loaded; serving the plain shell');
    return null;
  }

  const manifest = readBuildManifest(webDist);
  const pageModules = readPageModules(webDist);
  if (manifest[START_MODULE] && Object.keys(pageModules).length === 0)
    app.log.warn({ webDist }, 'No page map in the web build (.vite/page-modules.json): pages preload no page module');

  return {
    async send(request, reply) {
      reply.header('cache-control', 'no-store').header('vary', 'Cookie, Accept-Encoding');
      let result: SsrResult;
      try {
        result = await entry.render({ url: request.url, fetch: inProcessFetch(app, request) });
      } catch (err) {
        request.log.error({ err: logSafeError(err), url: request.url.split('?')[0] }, 'Server render failed');
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      if (result.kind === 'redirect') return reply.redirect(result.location, result.status);
      const pathname = new URL(request.url, 'http://page.internal').pathname;
      const page = fillShell(shell, result.html, result.state, modulesToPreload(manifest, pageModules, pathname));
      const encoding = pageEncoding(request.headers['accept-encoding']);
      reply.code(result.status).type('text/html; charset=utf-8');
      if (!encoding) return reply.send(page);
      return reply.header('content-encoding', encoding).send(await compressPage(page, encoding));
    },
  };
}
