/**
 * What every page loads at start, read from the web build the journeys run (no browser): the app's
 * start comes in its three chunks (docs/decisions/0009-start-in-few-chunks.md), and no page
 * starts with the zod chunk — forms fetch their schema after hydration or at the first focus, and
 * shared components read their texts from the contract's zod-free `*-ui.ts` modules
 * (docs/performance.md "Start-up": no zod at the start of any page). The pages and their start
 * chunks are those of `scripts/page-start-js.ts`: the entry's static imports plus what the server
 * preloads for the path.
 */
import { fileURLToPath } from 'node:url';
import { test, expect } from '@playwright/test';

const DIST = fileURLToPath(new URL('../apps/web/dist', import.meta.url));

/**
 * What this reads of `scripts/page-start-js.ts`, imported by its path at run time: the script's
 * own imports are the API's modules, whose types are not this package's.
 */
interface PageStartScript {
  readBuild(dist: string): { manifest: Record<string, { file: string }>; pages: Record<string, unknown> };
  startChunks(manifest: unknown, pages: unknown, pathname: string): string[];
}
const SCRIPT: string = new URL('../scripts/page-start-js.ts', import.meta.url).href;

test("every page starts with the start's three chunks and without zod", async () => {
  const { readBuild, startChunks } = (await import(SCRIPT)) as PageStartScript;
  const { manifest, pages } = readBuild(DIST);
  expect(Object.keys(pages).length).toBeGreaterThan(15);
  for (const segment of Object.keys(pages)) {
    const files = startChunks(manifest, pages, `/${segment}`).map((key) => manifest[key]!.file);
    // The app's start in its three chunks (apps/web/start-chunks.ts), not ~30 small ones.
    for (const chunk of ['start-vendor', 'start', 'start-lazy'])
      expect(
        files.filter((file) => new RegExp(`(^|/)${chunk}-[\\w-]{8}\\.js$`).test(file)),
        `/${segment}: ${chunk}`,
      ).toHaveLength(1);
    expect(
      files.filter((file) => /(^|\/)zod-[\w-]+\.js$/.test(file)),
      `/${segment} starts with zod`,
    ).toEqual([]);
  }
});
