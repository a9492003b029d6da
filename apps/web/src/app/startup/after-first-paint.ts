/**
 * When a server-rendered page starts its app (docs/decisions/0001-hydration-at-load.md): right after
 * the first paint, so the app's modules never share the connection with the page's CSS before it
 * has painted. No React here: this runs in the start-up entry.
 */
import { SSR_MODULES_ID } from '@campus/contract/ssr';
import { nextTask } from '../../lib/next-task';
import { tapHeld } from './early-taps';

/** The longest wait for a first paint (a page opened in a background tab never paints), ms. */
export const FIRST_PAINT_WAIT_MS = 1500;

/**
 * Resolves once the page has painted content (the `first-contentful-paint` entry, which an
 * observer also reports when it came before the call), or after {@link FIRST_PAINT_WAIT_MS} on
 * `win`'s clock where paints are not reported or none comes.
 */
export function afterFirstPaint(win: Window = window): Promise<void> {
  return new Promise((resolve) => {
    const timer = win.setTimeout(resolve, FIRST_PAINT_WAIT_MS);
    const done = () => {
      win.clearTimeout(timer);
      resolve();
    };
    if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint'))
      return;
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      done();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}

/**
 * The URL paths in `doc`'s `#ssr-modules` block (apps/api/src/lib/ssr.ts `modulesToPreload`: the
 * modules the page hydrates with, each after those it imports); empty when the block is missing or
 * malformed, and without entries that are not strings.
 */
export function listedModules(doc: Document = document): string[] {
  try {
    const hrefs: unknown = JSON.parse(doc.getElementById(SSR_MODULES_ID)?.textContent ?? '[]');
    return Array.isArray(hrefs) ? hrefs.filter((href): href is string => typeof href === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Adds `<link rel="modulepreload">` for each of `doc`'s {@link listedModules}, so they all
 * download and compile in parallel instead of one import after another; one link per task (each
 * starts a request, several ms at 4× CPU), so the list never makes one long task (Total Blocking
 * Time) — unless a tap made before the app listens is held ({@link tapHeld}), which waits for them
 * all: the rest are then added at once. Skips paths already linked. Resolves once all are added.
 */
export async function preloadListedModules(doc: Document = document): Promise<void> {
  const linked = new Set([...doc.querySelectorAll('link[href]')].map((link) => link.getAttribute('href')));
  for (const href of listedModules(doc)) {
    if (linked.has(href)) continue;
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    doc.head.append(link);
    if (!tapHeld()) await nextTask();
  }
}
