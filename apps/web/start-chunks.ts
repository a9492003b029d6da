/**
 * The app's start in three chunks (docs/decisions/0009-start-in-few-chunks.md). Left to the bundler,
 * the modules the start shares with some of the lazy pages were split by the set of pages sharing
 * them: a page's start was ~40 files, each its own request, evaluation task and compile catch-up,
 * and the server's preload list (apps/api/src/lib/ssr.ts `modulesToPreload`) went out over ~0.8 s at
 * 4× CPU (docs/performance.md "Start-up"). Now:
 * - `start-vendor` and `start`: what the start module (`src/app/startup/start-app.tsx`) imports —
 *   React, and dynamically React DOM and the app's shell (router, store, layout) — each with all it
 *   imports statically, from `node_modules` and from the app (and the contract) respectively;
 * - `start-lazy`: the shell's lazy parts that are neither pages nor dialogs (the API slice, the
 *   header's search box, the toasts, the notifications' dropdown), with all they import statically
 *   and the start does not — the parts the server preloads with the start on every page;
 * - left out: the tiny entry (`src/main.tsx`) and what it imports (loaded before the start), the
 *   start module itself (a chunk of its own, so the build's manifest names it), virtual modules,
 *   and everything else — the pages, dialogs, forms' schemas, the search's combobox — which the
 *   bundler keeps splitting by route.
 */
import path from 'node:path';

/** The part of the bundler's module info read here (Rolldown's `ModuleInfo`). */
export interface ModuleEdges {
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
}

/** The module graph as the bundler's chunking sees it: a module's edges by id, null when unknown. */
export type ModuleGraph = (id: string) => ModuleEdges | null;

/** The browser entry and the start module, relative to the web app's root. */
export const ENTRY_MODULE = 'src/main.tsx';
export const START_MODULE = 'src/app/startup/start-app.tsx';

/** The names of the start's chunks (file names `assets/<name>-<hash>.js`). */
export const START_VENDOR_CHUNK = 'start-vendor';
export const START_APP_CHUNK = 'start';
export const START_LAZY_CHUNK = 'start-lazy';

/** Every module reachable from `roots` by static imports in `graph`. */
function staticClosure(graph: ModuleGraph, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    const edges = graph(id);
    if (!edges) continue;
    seen.add(id);
    stack.push(...edges.importedIds);
  }
  return seen;
}

/** A lazy part the server preloads with the start: not a page, not a dialog (apps/api/src/lib/ssr.ts). */
const preloadedWithStart = (id: string) => !/[\\/]pages[\\/]/.test(id) && !/-modal\.tsx$/.test(id);

/**
 * The start's chunk of each module ({@link START_VENDOR_CHUNK}, {@link START_APP_CHUNK} or
 * {@link START_LAZY_CHUNK}, as described above), read from `graph` with the entry `entry` and the
 * start module `start` (the bundler's ids: absolute paths). Empty when `start` is not in the graph.
 */
export function startChunksOf(graph: ModuleGraph, entry: string, start: string): Map<string, string> {
  const chunks = new Map<string, string>();
  const startEdges = graph(start);
  if (!startEdges) return chunks;
  const outside = staticClosure(graph, [entry]).add(start);
  const movable = (id: string) => !outside.has(id) && !id.startsWith('\0');
  const core = [...staticClosure(graph, [start, ...startEdges.dynamicallyImportedIds])].filter(movable);
  for (const id of core) chunks.set(id, /[\\/]node_modules[\\/]/.test(id) ? START_VENDOR_CHUNK : START_APP_CHUNK);
  const lazyParts = core.flatMap((id) => graph(id)?.dynamicallyImportedIds ?? []).filter(preloadedWithStart);
  for (const id of staticClosure(graph, lazyParts))
    if (movable(id) && !chunks.has(id)) chunks.set(id, START_LAZY_CHUNK);
  return chunks;
}

/** The part of Rolldown's chunking context read here. */
interface ChunkingContext {
  getModuleInfo(id: string): ModuleEdges | null;
}

/**
 * Rolldown's `output.codeSplitting.groups` entry that puts the start of the app rooted at `root`
 * (the web app's folder) into its chunks ({@link startChunksOf}). The chunks are computed once per
 * chunking pass (keyed by the entry's module info, which the pass reuses). Each chunk's set already
 * holds the static imports it needs but for the entry's modules and the chunks before it, so the
 * group pulls in no dependencies itself (`includeDependenciesRecursively: false`: the entry's
 * modules stay out, and the entry never imports the start).
 */
export function startChunkGroup(root: string) {
  const entry = path.join(root, ENTRY_MODULE);
  const start = path.join(root, START_MODULE);
  const passes = new WeakMap<object, Map<string, string>>();
  return {
    name: (id: string, ctx: ChunkingContext): string | null => {
      const key = ctx.getModuleInfo(entry);
      if (!key) return null;
      let chunks = passes.get(key);
      if (!chunks) {
        chunks = startChunksOf((m) => ctx.getModuleInfo(m), entry, start);
        passes.set(key, chunks);
      }
      return chunks.get(id) ?? null;
    },
    debugName: 'start',
    includeDependenciesRecursively: false,
  };
}
