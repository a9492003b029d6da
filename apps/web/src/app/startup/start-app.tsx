/**
 * The app's start, loaded by the tiny browser entry (main.tsx) as its own chunk.
 * - {@link hydrateApp}: a server-rendered page. It evaluates the app in steps, each a task of its
 *   own with a yield to the browser between them, instead of one long task (Total Blocking Time;
 *   docs/decisions/0001-hydration-at-load.md): each module the server listed, one per task, then
 *   React DOM, the app's shell (app-shell.tsx: router, store, layout) and the page's module (each
 *   already run when the server listed it), the first formatters of a page that shows records,
 *   the store, then hydration; while a tap made before is held, without yielding ({@link nextStep});
 *   The auth state, the institute's time zone and the page's RTK Query cache come from the server's
 *   state; no health check, no session check at start;
 * - {@link mountApp}: the plain shell (dev server, or the server fell back) — the start-up health
 *   check, the first session check and the page's download start at once, then the app mounts.
 * Both render as a transition, which renders in slices that yield to the browser every few ms.
 */
import { startTransition } from 'react';
import type { SsrState } from '@campus/contract/ssr';
import { nextTask } from '../../lib/next-task';
import { tapHeld } from './early-taps';

/**
 * Yields to the browser between two steps of the start ({@link nextTask}), unless a tap made before
 * the app listens is held ({@link tapHeld}): that tap waits for `hydrateRoot`, so the start then runs
 * its remaining steps back to back (docs/decisions/0009-start-in-few-chunks.md).
 */
export function nextStep(): Promise<void> {
  return tapHeld() ? Promise.resolve() : nextTask();
}

/**
 * Evaluates the JavaScript modules at the URL paths `modules`, given each after the modules it
 * imports, one per task: importing a module whose imports have all run runs that module alone, so
 * no task runs more than one module's top level ({@link nextStep}: while a tap is held, one after
 * another). A module that fails to load is skipped here; the
 * app's own import of it fails as before.
 */
export async function evaluateInSteps(modules: readonly string[]): Promise<void> {
  for (const href of modules) {
    await import(/* @vite-ignore */ href).catch(() => undefined);
    await nextStep();
  }
}

/**
 * True when the server's render of the page read records, not only the institute every page
 * reads (its name and time zone): a query other than `getInstitute` in `ssr.api`. Such a page shows
 * counts, prices or dates, whose first `Intl` formatter costs 20–30 ms at 1× CPU (about 100 ms at
 * 4×) once per page load, so {@link hydrateApp} builds them first, each in a task of its own; on a
 * page without records that would be work for nothing (docs/performance.md, "Every server-rendered
 * page").
 */
export function showsRecords(ssr: Pick<SsrState, 'api'>): boolean {
  const queries = (ssr.api as { queries?: Record<string, unknown> } | undefined)?.queries ?? {};
  return Object.keys(queries).some((key) => !key.startsWith('getInstitute('));
}

/**
 * Hydrates the server's markup in `root` from `ssr`, the state it was rendered with, once the
 * `modules` it hydrates with (URL paths in dependency order, from `#ssr-modules`) have run, one per
 * task. Resolves once `hydrateRoot` has been called (the commit follows in a transition;
 * `<html data-hydrated>` marks it).
 */
export async function hydrateApp(root: HTMLElement, ssr: SsrState, modules: readonly string[] = []): Promise<void> {
  await evaluateInSteps(modules);
  const { hydrateRoot } = await import('react-dom/client');
  await nextStep();
  const shell = await import('./app-shell');
  await nextStep();
  await shell.preloadServerPage(window.location.pathname, ssr);
  await nextStep();
  if (showsRecords(ssr)) {
    // Their counts, prices and dates would build the first formatters inside a slice of the hydration.
    for (const warm of shell.FORMATTER_WARMUPS) {
      warm();
      await nextStep();
    }
  }
  const app = shell.serverApp(ssr);
  await nextStep();
  startTransition(() => {
    hydrateRoot(root, app);
  });
}

/** Mounts the app into the empty `root` of the plain shell, with the start-up checks. */
export async function mountApp(root: HTMLElement): Promise<void> {
  const [{ createRoot }, shell] = await Promise.all([import('react-dom/client'), import('./app-shell')]);
  const app = shell.shellApp(window.location.pathname);
  startTransition(() => {
    createRoot(root).render(app);
  });
}
