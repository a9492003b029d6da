/**
 * The web build's stamp (docs/operations.md "Production build and start"): a SHA-256 over every
 * file the web build reads — `apps/web` (its sources, public files and configs; not `dist/`,
 * `dist-server/`, `node_modules/` or `*.test.*`), `packages/contract/src` and the root
 * `package-lock.json` (the versions of everything bundled). `npm run build -w apps/web` writes it to
 * `apps/web/dist/.build-stamp` when the build finished (`node scripts/web-build-stamp.ts write`);
 * `scripts/serve.ts` compares it with the sources to tell a missing or stale build. Content, not
 * modification times: a fresh `git clone` or `touch` does not make a build stale, an edit does.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
/** Where the stamp lives: inside the build, so deleting `dist/` deletes it too. */
export const STAMP_FILE = path.join(ROOT, 'apps/web/dist/.build-stamp');
/** Folders never part of a build's inputs. */
const SKIP_DIRS = new Set(['node_modules', 'dist', 'dist-server', 'test-results', 'coverage']);

/** Appends to `out` every file under `dir` a build reads (not SKIP_DIRS, dot folders or tests). */
export function filesUnder(dir: string, out: string[]): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name) && !entry.name.startsWith('.')) filesUnder(full, out);
    } else if (entry.isFile() && !/\.test\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

/** The hex SHA-256 of `files` in path order: each path relative to the repository, then its contents. */
export function hashOfFiles(files: string[]): string {
  const hash = createHash('sha256');
  for (const file of [...files].sort()) {
    hash.update(path.relative(ROOT, file)).update('\0');
    hash.update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

/** The hex SHA-256 of the web build's inputs ({@link hashOfFiles}). */
export function webSourceHash(): string {
  return hashOfFiles([
    ...filesUnder(path.join(ROOT, 'apps/web'), []),
    ...filesUnder(path.join(ROOT, 'packages/contract/src'), []),
    path.join(ROOT, 'package-lock.json'),
  ]);
}

/** `missing` (no build or no stamp), `stale` (the sources changed since) or `current`. */
export function webBuildState(): 'missing' | 'stale' | 'current' {
  if (!existsSync(STAMP_FILE) || !existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) return 'missing';
  if (!existsSync(path.join(ROOT, 'apps/web/dist-server'))) return 'missing';
  return readFileSync(STAMP_FILE, 'utf8').trim() === webSourceHash() ? 'current' : 'stale';
}

if (import.meta.main && process.argv[2] === 'write') {
  writeFileSync(STAMP_FILE, `${webSourceHash()}\n`);
}
