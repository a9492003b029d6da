/**
 * Build-time budget of the SPA's initial JavaScript (docs/design.md §9), measured as transferred
 * (brotli, quality 11, as the server sends it). Two figures are printed:
 * - the entry: the entry chunk and every chunk it imports statically — all the JavaScript a
 *   server-rendered page loads and evaluates before the visitor interacts;
 * - the app's start: the entry plus the start module it imports dynamically and the steps that
 *   module imports (React DOM; `app-shell`: the router, the store, the layout), each with the chunk
 *   that holds it and that chunk's static imports — what the plain shell downloads before anything renders, and what a server-rendered
 *   page preloads and evaluates at load, before its page module. The budget `maxBytes` holds for
 *   this one: over it the build fails with the list of chunks.
 */
import { brotliCompressSync, constants } from 'node:zlib';
import type { Plugin } from 'vite';

/** Vite plugin: fails `vite build` when the initial JS exceeds `maxBytes` (brotli bytes). */
export function initialJsBudget(maxBytes: number): Plugin {
  return {
    name: 'initial-js-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle)
          .filter((c) => c.type === 'chunk')
          .map((c) => [c.fileName, c]),
      );
      const closure = (roots: string[], into = new Set<string>()) => {
        const visit = (name: string) => {
          const chunk = chunks.get(name);
          if (!chunk || into.has(name)) return;
          into.add(name);
          chunk.imports.forEach(visit);
        };
        roots.forEach(visit);
        return into;
      };
      const entries = [...chunks.values()].filter((chunk) => chunk.isEntry);
      const initial = closure(entries.map((chunk) => chunk.fileName));
      // The start module and the steps it imports (React DOM, the app's shell), each in the chunk
      // that holds it (the start's own chunks, start-chunks.ts), with that chunk's imports. Read
      // from the modules, not the chunks: the start's chunk also holds the lazy imports of the
      // shell's modules (the pages), which are not part of the start.
      const chunkOf = new Map(
        [...chunks.values()].flatMap((chunk) => chunk.moduleIds.map((id) => [id, chunk.fileName] as const)),
      );
      const lazyOf = (id: string) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? [];
      const startModules = entries.flatMap((chunk) => chunk.moduleIds.flatMap(lazyOf));
      const steps = startModules.flatMap(lazyOf);
      const start = closure(
        [...startModules, ...steps].flatMap((id) => chunkOf.get(id) ?? []),
        new Set(initial),
      );
      const brotli = (name: string) =>
        brotliCompressSync(chunks.get(name)!.code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
      const sizes = [...start].map((name) => ({ name, br: brotli(name) }));
      const sum = (names: Set<string>) => sizes.filter((s) => names.has(s.name)).reduce((t, s) => t + s.br, 0);
      const total = sum(start);
      const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
      const report = sizes.map((s) => `  ${s.name} ${kb(s.br)}`).join('\n');
      if (total > maxBytes) {
        this.error(
          `The app's start JS is ${kb(total)} as transferred (brotli), over the ${kb(maxBytes)} budget:\n${report}`,
        );
      }
      this.info(
        `initial JS ${kb(sum(initial))} (the entry), ${kb(total)} with the app's start (evaluated at load before the page's module), as transferred (brotli), budget ${kb(maxBytes)}`,
      );
    },
  };
}
