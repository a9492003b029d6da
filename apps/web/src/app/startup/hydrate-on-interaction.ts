/**
 * Hydration on first interaction (issue 23 item 1: Lighthouse ≥ 95, TBT ≤ 200 ms). The
 * server-rendered page is complete as HTML (real links, readable content), so the app — React,
 * the router, the store, the page's module — is evaluated and hydrated only when the visitor first
 * shows intent, as Angular's "hydrate on interaction" and Astro's `client:idle`/`client:visible`
 * islands do. No React here: this module is part of the tiny start-up entry (main.tsx).
 *
 * - {@link onFirstInteraction}: calls `start` once, at the first of {@link INTERACTION_EVENTS}
 *   (capture phase, passive) or when a hidden page becomes visible again;
 * - {@link holdActionsUntil}: until the app has hydrated, a click on a button (or an element with a
 *   button-like role) and a form submission are held (`preventDefault`) and replayed on the same
 *   element afterwards (React keeps the server's DOM nodes), each element once; links, form
 *   fields and other native controls keep working natively meanwhile.
 */
import { SSR_MODULES_ID } from '@campus/contract/ssr';

/**
 * Events that mean "the visitor is about to use the page": a pointer or finger going down, a key,
 * focus moving in, the mouse entering an element (desktop hover precedes a click), wheel and
 * scroll; and a click or submission that came without any of these (assistive technology, a
 * script). `visibilitychange` back to visible is handled apart.
 */
export const INTERACTION_EVENTS = [
  'pointerdown',
  'touchstart',
  'keydown',
  'focusin',
  'mouseover',
  'pointerover',
  'wheel',
  'scroll',
  'click',
  'submit',
] as const;

/**
 * Calls `start` once, at the first interaction with `doc` ({@link INTERACTION_EVENTS}, listened to
 * on the document in the capture phase and passive, so nothing is delayed or blocked) or when
 * `doc` turns visible after being hidden. Every listener is removed when it fires. Returns a
 * function that removes them without starting.
 */
export function onFirstInteraction(start: () => void, doc: Document = document): () => void {
  const options = { capture: true, passive: true } as const;
  const stop = () => {
    for (const type of INTERACTION_EVENTS) doc.removeEventListener(type, fire, options);
    doc.removeEventListener('visibilitychange', onVisibility, options);
  };
  function fire() {
    stop();
    start();
  }
  function onVisibility() {
    if (doc.visibilityState === 'visible') fire();
  }
  for (const type of INTERACTION_EVENTS) doc.addEventListener(type, fire, options);
  doc.addEventListener('visibilitychange', onVisibility, options);
  return stop;
}

/**
 * What a held click acts on: a button that is not disabled, or an element with a button-like role
 * (the app's menus and tabs). Links and native form fields are not held: they work without the app.
 */
export const HELD_CLICK_TARGETS =
  'button:not(:disabled), [role="button"], [role="menuitem"], [role="tab"], [role="switch"]';

/**
 * Holds the clicks on {@link HELD_CLICK_TARGETS} and the form submissions made inside `doc` until
 * `done` settles, then replays them in order on the same elements if they are still in the
 * document: `element.click()` for a click, `form.requestSubmit(submitter)` for a submission. An
 * element (or form) is replayed once however often it was clicked meanwhile (a double click on a
 * "send" button must not send twice). Held events are cancelled (`preventDefault`) and stopped so
 * that the browser does not act natively (a form's native submission would leave the page).
 * Listeners are removed when `done` settles (fulfilled or rejected: after a failed start the
 * events are replayed anyway, to the page's native behaviour).
 */
export function holdActionsUntil(done: Promise<unknown>, doc: Document = document): void {
  const held: Array<
    { kind: 'click'; element: HTMLElement } | { kind: 'submit'; form: HTMLFormElement; submitter: HTMLElement | null }
  > = [];
  const onClick = (event: Event) => {
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>(HELD_CLICK_TARGETS) : null;
    if (!target) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!held.some((h) => h.kind === 'click' && h.element === target)) held.push({ kind: 'click', element: target });
  };
  const onSubmit = (event: Event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const submitter = (event as SubmitEvent).submitter ?? null;
    if (!held.some((h) => h.kind === 'submit' && h.form === form)) held.push({ kind: 'submit', form, submitter });
  };
  doc.addEventListener('click', onClick, true);
  doc.addEventListener('submit', onSubmit, true);
  const replay = () => {
    doc.removeEventListener('click', onClick, true);
    doc.removeEventListener('submit', onSubmit, true);
    for (const action of held) {
      if (action.kind === 'click') {
        if (action.element.isConnected) action.element.click();
      } else if (action.form.isConnected) {
        const { submitter } = action;
        // requestSubmit accepts only a submit button of this form as the submitter.
        if (submitter?.isConnected && (submitter as HTMLButtonElement).form === action.form)
          action.form.requestSubmit(submitter);
        else action.form.requestSubmit();
      }
    }
  };
  done.then(replay, replay);
}

/**
 * Resolves when the app has hydrated the page: `<html data-hydrated>`, set by the app once its
 * first render is committed (app.tsx). Resolves at once if it already is.
 */
export function whenHydrated(doc: Document = document): Promise<void> {
  const html = doc.documentElement;
  if (html.dataset.hydrated !== undefined) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (html.dataset.hydrated === undefined) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(html, { attributes: true, attributeFilter: ['data-hydrated'] });
  });
}

/**
 * Calls `then` once the page has loaded and painted its largest content (the first
 * `largest-contentful-paint` entry, where the browser reports them), in an idle period (at most 2 s
 * later). Where LCP is not reported, after `load` and an idle period.
 */
function afterLoadAndPaint(doc: Document, then: () => void): void {
  const win = doc.defaultView;
  if (!win) return;
  const idle = () =>
    typeof win.requestIdleCallback === 'function'
      ? win.requestIdleCallback(then, { timeout: 2000 })
      : win.setTimeout(then, 0);
  const painted = new Promise<void>((resolve) => {
    if (!PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) return resolve();
    const observer = new PerformanceObserver(() => {
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  });
  const loaded = new Promise<void>((resolve) => {
    if (doc.readyState === 'complete') resolve();
    else win.addEventListener('load', () => resolve(), { once: true });
  });
  void Promise.all([painted, loaded]).then(idle);
}

/**
 * Downloads ahead the modules listed in `doc`'s `#ssr-modules` block (a JSON array of URL paths),
 * once the page has loaded and painted, as `<link rel="prefetch" as="script">`: into the HTTP cache
 * (the assets are immutable), neither compiled nor evaluated, so the first interaction waits for
 * evaluation and hydration only, not the network. Measured with Lighthouse (README "Server-rendered
 * first screens"): `modulepreload` links in the head share the slow connection with the CSS and
 * delay the first paint; `modulepreload` after `load` compiles each module on the main thread —
 * long tasks Lighthouse counts as blocking time; and downloads that start before the largest paint
 * share its bandwidth in Lighthouse's simulation. Ignores a missing or malformed list; skips a
 * module already linked. Resolves when the links are in.
 */
export function prefetchModulesAfterLoad(doc: Document = document): Promise<void> {
  return new Promise((resolve) =>
    afterLoadAndPaint(doc, () => {
      let hrefs: unknown = [];
      try {
        hrefs = JSON.parse(doc.getElementById(SSR_MODULES_ID)?.textContent ?? '[]');
      } catch {
        /* malformed: nothing to prefetch */
      }
      const linked = new Set([...doc.querySelectorAll('link[href]')].map((link) => link.getAttribute('href')));
      for (const href of Array.isArray(hrefs) ? hrefs : []) {
        if (typeof href !== 'string' || linked.has(href)) continue;
        const link = doc.createElement('link');
        link.rel = 'prefetch';
        link.as = 'script';
        link.href = href;
        doc.head.append(link);
      }
      resolve();
    }),
  );
}
