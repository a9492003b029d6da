/**
 * The browser build ships zod's English messages only (docs/performance.md "Start-up").
 *
 * zod 4 re-exports all of its ~50 locales as a namespace (`export * as locales` in its classic,
 * core and mini entries). Where the `z` namespace crosses a chunk boundary — the contract's schema
 * modules import it from the shared zod chunk — the bundler keeps that namespace whole, so every
 * form's first validation downloaded and evaluated every language's messages: a zod chunk of 386 KB
 * minified (72 KB as transferred) where a single-chunk build of the same imports is 88 KB. The
 * app's schemas carry their own English messages (docs/product-spec.md), and zod registers English
 * as its default locale by itself. A known zod issue (colinhacks/zod#6050); the plugin resolves
 * zod's own `../locales/index.js` to a module that re-exports `en` alone.
 */
import path from 'node:path';
import type { Plugin } from 'vite';

/** Prefix of the virtual module that stands in for zod's locale index; the rest is zod's `en.js`. */
const ENGLISH_ONLY = '\0zod-locales-en:';

/** Vite plugin: zod's locale index, imported from inside zod 4, becomes `{ en }`. */
export function zodEnglishOnly(): Plugin {
  return {
    name: 'zod-english-only',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '../locales/index.js' || !importer) return null;
      if (!/[\\/]zod[\\/]v4[\\/](classic|core|mini)[\\/][^\\/]+$/.test(importer)) return null;
      return ENGLISH_ONLY + path.join(path.dirname(importer), '..', 'locales', 'en.js');
    },
    load(id) {
      if (!id.startsWith(ENGLISH_ONLY)) return null;
      return `export { default as en } from ${JSON.stringify(id.slice(ENGLISH_ONLY.length))};`;
    },
  };
}
