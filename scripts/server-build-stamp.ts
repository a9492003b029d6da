/**
 * The server bundle's stamp (docs/operations.md "Production build and start"): a SHA-256 over
 * every file the bundle is made of — `apps/api/src` (not tests), `packages/contract/src`, the root
 * `package-lock.json` and the build script. `scripts/build-server.ts` writes it to
 * `apps/api/dist/.build-stamp`; `scripts/serve.ts` compares it with the sources, as it does the web
 * build's (scripts/web-build-stamp.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { filesUnder, hashOfFiles } from './web-build-stamp.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
/** The bundle's folder (gitignored, as every `dist/`). */
export const SERVER_DIST = path.join(ROOT, 'apps/api/dist');
/** The bundle's entry: what `scripts/serve.ts` imports. */
export const SERVER_ENTRY = path.join(SERVER_DIST, 'server.js');
/** Where the stamp lives: inside the build, so deleting `dist/` deletes it too. */
export const SERVER_STAMP_FILE = path.join(SERVER_DIST, '.build-stamp');

/** The hex SHA-256 of the server bundle's inputs (`hashOfFiles`, scripts/web-build-stamp.ts). */
export function serverSourceHash(): string {
  return hashOfFiles([
    ...filesUnder(path.join(ROOT, 'apps/api/src'), []),
    ...filesUnder(path.join(ROOT, 'packages/contract/src'), []),
    path.join(ROOT, 'package-lock.json'),
    path.join(ROOT, 'scripts/build-server.ts'),
  ]);
}

/** `missing` (no bundle or no stamp), `stale` (the sources changed since) or `current`. */
export function serverBuildState(): 'missing' | 'stale' | 'current' {
  if (!existsSync(SERVER_STAMP_FILE) || !existsSync(SERVER_ENTRY)) return 'missing';
  return readFileSync(SERVER_STAMP_FILE, 'utf8').trim() === serverSourceHash() ? 'current' : 'stale';
}
