/**
 * The server's production build (docs/operations.md "Production build and start",
 * docs/decisions/0306-server-bundle.md): bundles `apps/api/src/server.ts` and everything it imports
 * into one ES module, `apps/api/dist/server.js` (and the embedded database's worker,
 * `apps/api/dist/pglite-worker.js`), with esbuild at build time only. A start then loads about
 * 200 modules instead of ~2,060: Node's module resolution and compiling were most of the start.
 *
 * Left outside the bundle, loaded from `node_modules` as before: packages with native addons
 * (`@node-rs/argon2`, `sharp`), and those that read files next to their own code (PGlite's
 * WebAssembly and data, pdfkit's fonts, swagger-ui's static files, pino's transport worker).
 *
 * Source files that locate something from their own place (`import.meta.dirname` /
 * `import.meta.filename`: the migrations folder, the web build, the seed's "run as a script" check)
 * get the path of their source file, relative to the bundle, so both run the same from the source
 * and from the bundle.
 *
 * Writes `apps/api/dist/.build-stamp` (the hash of the inputs, `serverSourceHash`) when done.
 * Run: `node scripts/build-server.ts` (part of `npm run build`).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { SERVER_DIST, SERVER_STAMP_FILE, serverSourceHash } from './server-build-stamp.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const API_SRC = path.join(ROOT, 'apps/api/src');

/** Packages loaded from node_modules at run time, and why (see the docstring). */
export const EXTERNAL = [
  '@node-rs/argon2', // native addon
  'sharp', // native addon (libvips)
  '@electric-sql/pglite', // WebAssembly and data files beside its code
  'pdfkit', // font metrics (.afm) read from its own data folder
  '@fastify/swagger-ui', // serves static files from its own folder
  'pino', // transports run lib/worker.js from its own folder in a worker thread
  'pino-pretty', // a pino transport (development logs)
  'pg-native', // pg's optional native binding, not installed
];

/** Rewrites `import.meta.dirname`/`filename` in the API's sources to their source file's place. */
const sourcePaths: Plugin = {
  name: 'source-paths',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (!args.path.startsWith(API_SRC)) return undefined;
      let text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.')) return { contents: text, loader: 'ts' };
      const dir = path.relative(SERVER_DIST, path.dirname(args.path)).split(path.sep).join('/');
      const file = path.relative(SERVER_DIST, args.path).split(path.sep).join('/');
      text = text
        .replaceAll('import.meta.dirname', `(import.meta.dirname + ${JSON.stringify('/' + dir)})`)
        .replaceAll('import.meta.filename', `(import.meta.dirname + ${JSON.stringify('/' + file)})`)
        .replaceAll("new URL('./pglite-worker.ts', import.meta.url)", "new URL('./pglite-worker.js', import.meta.url)");
      return { contents: text, loader: 'ts' };
    });
  },
};

const started = Date.now();
await build({
  entryPoints: { server: path.join(API_SRC, 'server.ts'), 'pglite-worker': path.join(API_SRC, 'db/pglite-worker.ts') },
  outdir: SERVER_DIST,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  // One file per entry, no chunks: `import.meta.dirname` is then the bundle's folder in all its code.
  splitting: false,
  external: EXTERNAL,
  // CommonJS packages inside an ES module bundle call require() for Node's built-ins.
  banner: {
    js: "import { createRequire as __cc_createRequire } from 'node:module'; const require = __cc_createRequire(import.meta.url);",
  },
  plugins: [sourcePaths],
  sourcemap: 'linked',
  legalComments: 'linked',
  logLevel: 'warning',
});
await writeFile(SERVER_STAMP_FILE, `${serverSourceHash()}\n`);
console.log(`Server bundle: ${path.relative(ROOT, SERVER_DIST)}/server.js (${Date.now() - started} ms)`);
