/**
 * When the page has hydrated (docs/decisions/0001-hydration-at-load.md): the app marks it once its
 * first render, or the hydration of the server's markup, is committed, and work that can wait for
 * it (a module a later tap will need) runs once the page has hydrated and the browser is idle.
 * Before that, an idle moment is usually hydration waiting for a module, not a quiet page.
 */

/** The `performance` mark set when the page has hydrated; `npm run perf:web` reads it too. */
export const HYDRATED_MARK = 'hydrated';

/** True once {@link markHydrated} has run on this page. */
const isHydrated = (): boolean => 'hydrated' in document.documentElement.dataset;

/**
 * Marks the page hydrated, once per page load: `<html data-hydrated>` and {@link HYDRATED_MARK}.
 * Called when the page's own region has committed (app/layouts/root-layout.tsx), not the app's
 * shell: React hydrates the header and the page, each a Suspense boundary, after the shell.
 */
export function markHydrated(): void {
  if (isHydrated()) return;
  document.documentElement.dataset.hydrated = '';
  performance.mark(HYDRATED_MARK);
}

/**
 * Runs `task` once the page has hydrated and then the browser is idle (`requestIdleCallback`;
 * where that is missing, `fallbackMs` after hydration). Returns a function that cancels it.
 */
export function whenHydratedAndIdle(task: () => void, fallbackMs = 1000): () => void {
  let cancelIdle = () => {};
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(task);
      cancelIdle = () => window.cancelIdleCallback(handle);
    } else {
      const timer = window.setTimeout(task, fallbackMs);
      cancelIdle = () => window.clearTimeout(timer);
    }
  };
  if (isHydrated()) {
    idle();
    return () => cancelIdle();
  }
  const observer = new MutationObserver(() => {
    if (!isHydrated()) return;
    observer.disconnect();
    idle();
  });
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-hydrated'] });
  return () => {
    observer.disconnect();
    cancelIdle();
  };
}
