/**
 * The JavaScript each server-rendered page loads at start, read from web builds (no browser, no
 * timing: deterministic, so it holds on a loaded host where Lighthouse figures would not;
 * docs/performance.md "What a first visit downloads"). For every page of the build's page map
 * (`dist/.vite/page-modules.json`, apps/web/page-modules.ts) the page's start is the entry with
 * every chunk it imports statically (the `<script>` of index.html) plus the modules the server
 * preloads for the page's path (`modulesToPreload` of apps/api/src/lib/ssr.ts: the app's start and
 * shell, the page's module and its first-screen lazy parts, each with its static imports, from
 * Vite's `dist/.vite/manifest.json`). Prints per page and build the number of files, their bytes
 * raw, gzip (level 9) and brotli (quality 11), and which chunks (names without their hash) of
 * the second build differ from the first build's: new, gone, or a size change of the code read with
 * every chunk file name unhashed (a chunk's hash changes whenever a chunk it imports changes); chunks
 * of the same size whose code differs are counted (minified import bindings renamed).
 *
 * Run: `npx tsx scripts/page-start-js.ts <label>=<apps/web/dist> …`, e.g. two builds of two commits.
 * `e2e/page-start.spec.ts` reads the current build with {@link startChunks}.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { modulesToPreload, type BuildManifest, type PageModules } from '../apps/api/src/lib/ssr.ts';

/** One page's start in one build: its JavaScript files and their total bytes. */
interface PageStart {
  keys: string[];
  files: string[];
  raw: number;
  gzip: number;
  brotli: number;
}

/**
 * The chunks (manifest keys: source paths, or `_name-hash.js` for shared chunks) the page at
 * `pathname` loads at start: the entry's static closure and what the server preloads.
 */
export function startChunks(manifest: BuildManifest, pages: PageModules, pathname: string): string[] {
  const keys = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || keys.has(key)) return;
    keys.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [`/${chunk.file}`, key]));
  for (const file of modulesToPreload(manifest, pages, pathname)) keys.add(keyOfFile.get(file)!);
  return [...keys].filter((key) => manifest[key]!.file.endsWith('.js'));
}

/** A chunk's name without Vite's content hash (`/assets/rides-page-B1x2.js` → `rides-page`). */
const chunkName = (file: string) => path.basename(file).replace(/-[\w-]{8}\.js$/, '');

const signed = (n: number) => (n > 0 ? `+${n}` : `${n}`);

/** A chunk's code with every chunk file name in it written without its hash. */
function normalized(dist: string, file: string): string {
  let code = fs.readFileSync(path.join(dist, file), 'utf8');
  for (const name of fs.readdirSync(path.join(dist, 'assets')))
    if (name.endsWith('.js') && code.includes(name)) code = code.replaceAll(name, `${chunkName(name)}.js`);
  return code;
}

/** The build's manifest and page map, read from `dist/.vite`. */
export function readBuild(dist: string) {
  const read = <T>(name: string) => JSON.parse(fs.readFileSync(path.join(dist, '.vite', name), 'utf8')) as T;
  return { manifest: read<BuildManifest>('manifest.json'), pages: read<PageModules>('page-modules.json') };
}

function measure(dist: string, manifest: BuildManifest, keys: string[]): PageStart {
  const files = keys.map((key) => `/${manifest[key]!.file}`);
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const file of files) {
    const code = fs.readFileSync(path.join(dist, file));
    raw += code.length;
    gzip += gzipSync(code, { level: 9 }).length;
    brotli += brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return { keys, files, raw, gzip, brotli };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const builds = process.argv.slice(2).map((arg) => {
    const [label, dist] = arg.split('=') as [string, string];
    return { label, dist, ...readBuild(dist) };
  });
  if (builds.length === 0) throw new Error('usage: npx tsx scripts/page-start-js.ts <label>=<apps/web/dist> …');
  const segments = [...new Set(builds.flatMap((b) => Object.keys(b.pages)))].sort();
  const kb = (n: number) => (n / 1024).toFixed(1);
  console.log(
    `| page | ${builds.map((b) => `${b.label}: files, raw / gzip / brotli KB`).join(' | ')} | ${builds[1]?.label ?? ''} vs ${builds[0]!.label}: chunks whose size changed (raw bytes) |`,
  );
  console.log(`|---|${builds.map(() => '---|').join('')}---|`);
  for (const segment of segments) {
    const pathname = `/${segment}`;
    const starts = builds.map((b) =>
      Object.hasOwn(b.pages, segment)
        ? measure(b.dist, b.manifest, startChunks(b.manifest, b.pages, pathname))
        : undefined,
    );
    // A chunk changed when its code differs with every chunk file name read without its hash (a
    // chunk's hash changes when only a chunk it imports changed).
    const changed: string[] = [];
    // Chunks grouped by name (two shared chunks may share one, e.g. `zod`), each group's codes by size.
    const codesOf = (start: PageStart, dist: string) => {
      const byName = new Map<string, string[]>();
      for (const file of start.files)
        byName.set(chunkName(file), [...(byName.get(chunkName(file)) ?? []), normalized(dist, file)]);
      for (const codes of byName.values()) codes.sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
      return byName;
    };
    const before = starts[0] ? codesOf(starts[0], builds[0]!.dist) : new Map<string, string[]>();
    for (const [i, start] of starts.entries()) {
      if (i !== 1 || !start) continue;
      const label = '';
      const now = codesOf(start, builds[i]!.dist);
      let sameSize = 0;
      for (const [name, codes] of now) {
        const old = before.get(name) ?? [];
        codes.forEach((code, k) => {
          if (old[k] === undefined) changed.push(`${label}${name} new (${code.length} B)`);
          else if (code.length !== old[k].length)
            changed.push(`${label}${name} ${signed(code.length - old[k].length)} B`);
          else if (code !== old[k]) sameSize++;
        });
        for (let k = codes.length; k < old.length; k++) changed.push(`${label}${name} gone`);
      }
      for (const name of before.keys()) if (!now.has(name)) changed.push(`${label}${name} gone`);
      if (sameSize && starts[0]) changed.push(`${label}${sameSize} of the same size (renamed bindings)`);
    }
    const cells = starts.map((s) =>
      s ? `${s.files.length}, ${kb(s.raw)} / ${kb(s.gzip)} / ${kb(s.brotli)}` : '— (no such page)',
    );
    console.log(`| \`${pathname}\` | ${cells.join(' | ')} | ${changed.join('; ') || 'none'} |`);
  }
}
