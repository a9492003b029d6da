/**
 * The production start (docs/operations.md "Production build and start"): runs the API server in
 * this process, with `apps/api` as the working directory, as under `npm run start -w apps/api`:
 * the server bundle `apps/api/dist/server.js` that `npm run build` made (scripts/build-server.ts,
 * docs/decisions/0306-server-bundle.md), else the source `apps/api/src/server.ts` by Node 24's own
 * type stripping — no tsx, no esbuild at run time. A relative
 * `DATA_DIR` or `INSTITUTE_CONFIG` resolves against the directory it was started from (`INIT_CWD`,
 * which npm sets and this sets when run without npm), as under `npm start`.
 *
 * - `npm run serve` (`node scripts/serve.ts`): serves the last `npm run build`; `NODE_ENV` defaults
 *   to `production` (JSON logs). No web build: exit 1 with a message. A web build older than the
 *   sources (scripts/web-build-stamp.ts): served, with a warning. A server bundle older than the
 *   sources (scripts/server-build-stamp.ts): not run — the source is, with a warning (slower start).
 * - `npm start` (`node scripts/serve.ts --build-if-stale`): the newcomer's start. It builds the web
 *   app and the server bundle first when missing or stale, unless `NODE_ENV=production`, where it
 *   behaves as `npm run serve` (a production start never builds).
 *
 * Node's module compile cache is on (V8 code of every module kept between starts): in
 * `$CACHE_DIRECTORY` (systemd's `CacheDirectory=`), else `NODE_COMPILE_CACHE`, else the system's
 * temporary directory.
 *
 * A service manager should run `node_modules/.bin/node scripts/serve.ts` directly: `npm run` keeps
 * an npm process of its own (~60 MB) beside the server for as long as it runs.
 */
import { spawnSync } from 'node:child_process';
import { enableCompileCache } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVER_ENTRY, serverBuildState } from './server-build-stamp.ts';
import { webBuildState } from './web-build-stamp.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const buildIfStale = process.argv.includes('--build-if-stale') && process.env.NODE_ENV !== 'production';
if (!buildIfStale) process.env.NODE_ENV ??= 'production';

/** Runs a build step in the foreground; exits with its status when it fails. */
function run(command: string, args: string[]): void {
  const built = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const state = webBuildState();
if (state !== 'current' && buildIfStale) {
  console.log(`The web build is ${state}: building it (npm run build -w apps/web).`);
  const npm = process.env.npm_execpath
    ? [process.env.npm_node_execpath ?? process.execPath, process.env.npm_execpath]
    : ['npm'];
  run(npm[0]!, [...npm.slice(1), 'run', 'build', '-w', 'apps/web']);
} else if (state === 'missing') {
  console.error('There is no web build (apps/web/dist). Run `npm run build` first, then start again.');
  process.exit(1);
} else if (state === 'stale') {
  console.warn('The web build is older than the sources: serving it anyway. Run `npm run build` to update it.');
}

let serverState = serverBuildState();
if (serverState !== 'current' && buildIfStale) {
  console.log(`The server bundle is ${serverState}: building it (node scripts/build-server.ts).`);
  run(process.execPath, [path.join(ROOT, 'scripts/build-server.ts')]);
  serverState = 'current';
} else if (serverState !== 'current') {
  console.warn(
    `The server bundle is ${serverState}: running the source instead (a slower start). Run \`npm run build\` to update it.`,
  );
}

enableCompileCache(process.env.CACHE_DIRECTORY);
process.env.INIT_CWD ??= process.cwd();
process.chdir(path.join(ROOT, 'apps/api'));
if (serverState === 'current') await import(pathToFileURL(SERVER_ENTRY).href);
else await import('../apps/api/src/server.ts');
