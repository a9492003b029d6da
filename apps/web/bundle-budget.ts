/**
 * Build-time budget of the SPA's initial JavaScript (issue 10, DESIGN §9): the entry chunk and
 * every chunk it imports statically — what a first visit must download before anything renders —
 * measured as transferred (brotli, quality 11, as the server sends it). Over `maxBytes` the build
 * fails with the list of chunks; under it, the figure is printed.
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
      const initial = new Set<string>();
      const visit = (name: string) => {
        const chunk = chunks.get(name);
        if (!chunk || initial.has(name)) return;
        initial.add(name);
        chunk.imports.forEach(visit);
      };
      for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
      const sizes = [...initial].map((name) => {
        const code = chunks.get(name)!.code;
        const br = brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
        return { name, br };
      });
      const total = sizes.reduce((sum, s) => sum + s.br, 0);
      const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
      const report = sizes.map((s) => `  ${s.name} ${kb(s.br)}`).join('\n');
      if (total > maxBytes) {
        this.error(`Initial JS is ${kb(total)} as transferred (brotli), over the ${kb(maxBytes)} budget:\n${report}`);
      }
      this.info(`initial JS ${kb(total)} as transferred (brotli), budget ${kb(maxBytes)}`);
    },
  };
}
