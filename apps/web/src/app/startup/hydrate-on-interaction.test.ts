import { afterEach, describe, expect, it, vi } from 'vitest';
import { SSR_MODULES_ID } from '@campus/contract/ssr';
import { holdActionsUntil, onFirstInteraction, prefetchModulesAfterLoad, whenHydrated } from './hydrate-on-interaction';

/** A promise with its resolve and reject at hand. */
function deferred() {
  let resolve!: () => void;
  let reject!: (err: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets pending promise callbacks run. */
const settle = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => {
  document.body.innerHTML = '';
  document.head.innerHTML = '';
  delete document.documentElement.dataset.hydrated;
});

describe('onFirstInteraction', () => {
  it('starts once, at the first interaction, and not before', () => {
    const start = vi.fn();
    onFirstInteraction(start);
    document.body.innerHTML = '<p>text</p>';
    expect(start).not.toHaveBeenCalled();
    document.body.firstElementChild!.dispatchEvent(new Event('pointerover', { bubbles: true }));
    document.dispatchEvent(new Event('keydown'));
    document.body.dispatchEvent(new Event('focusin', { bubbles: true }));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts on a scroll, which does not bubble, caught in the capture phase', () => {
    const start = vi.fn();
    onFirstInteraction(start);
    document.body.innerHTML = '<div>scrolls</div>';
    document.body.firstElementChild!.dispatchEvent(new Event('scroll'));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts when the page becomes visible again, not when it is hidden', () => {
    const start = vi.fn();
    onFirstInteraction(start);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(start).not.toHaveBeenCalled();
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('never starts once stopped', () => {
    const start = vi.fn();
    onFirstInteraction(start)();
    document.dispatchEvent(new Event('pointerdown'));
    expect(start).not.toHaveBeenCalled();
  });
});

describe('holdActionsUntil', () => {
  it('holds a button click until hydrated and replays it once on the same element', async () => {
    document.body.innerHTML = '<button type="button"><svg></svg><span>Menu</span></button>';
    const button = document.querySelector('button')!;
    const hydrated = deferred();
    holdActionsUntil(hydrated.promise);
    const seen = vi.fn();
    button.addEventListener('click', seen);

    const early = new MouseEvent('click', { bubbles: true, cancelable: true });
    button.querySelector('span')!.dispatchEvent(early);
    button.click();
    expect(early.defaultPrevented).toBe(true);
    expect(seen).not.toHaveBeenCalled();

    hydrated.resolve();
    await settle();
    expect(seen).toHaveBeenCalledTimes(1);
    // Afterwards clicks pass untouched.
    button.click();
    expect(seen).toHaveBeenCalledTimes(2);
  });

  it('lets links and form fields work natively', async () => {
    document.body.innerHTML = '<a href="/rides">Rides</a><input type="checkbox">';
    const hydrated = deferred();
    holdActionsUntil(hydrated.promise);
    const link = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.querySelector('a')!.dispatchEvent(link);
    const box = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.querySelector('input')!.dispatchEvent(box);
    expect(link.defaultPrevented).toBe(false);
    expect(box.defaultPrevented).toBe(false);
    hydrated.resolve();
    await settle();
  });

  it('holds a form submission and submits the form again after hydration', async () => {
    document.body.innerHTML = '<form><input name="q"></form>';
    const form = document.querySelector('form')!;
    const hydrated = deferred();
    holdActionsUntil(hydrated.promise);
    const early = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);

    const submitted = vi.fn((event: Event) => event.preventDefault());
    form.addEventListener('submit', submitted);
    const requestSubmit = vi.spyOn(form, 'requestSubmit').mockImplementation(() => {
      form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    });
    hydrated.resolve();
    await settle();
    expect(requestSubmit).toHaveBeenCalledTimes(1);
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it('drops an action whose element left the page, and releases the rest when the start failed', async () => {
    document.body.innerHTML = '<button id="gone">A</button><button id="kept">B</button>';
    const [gone, kept] = [document.getElementById('gone')!, document.getElementById('kept')!];
    const hydrated = deferred();
    holdActionsUntil(hydrated.promise);
    gone.click();
    kept.click();
    const onGone = vi.fn();
    const onKept = vi.fn();
    gone.addEventListener('click', onGone);
    kept.addEventListener('click', onKept);
    gone.remove();
    hydrated.reject(new Error('offline'));
    await settle();
    expect(onGone).not.toHaveBeenCalled();
    expect(onKept).toHaveBeenCalledTimes(1);
  });
});

describe('whenHydrated', () => {
  it('resolves when <html data-hydrated> appears', async () => {
    let done = false;
    void whenHydrated().then(() => (done = true));
    await settle();
    expect(done).toBe(false);
    document.documentElement.dataset.hydrated = '';
    await settle();
    expect(done).toBe(true);
  });
});

describe('prefetchModulesAfterLoad', () => {
  it('links every listed module as a prefetch once the page has loaded, skipping one already linked', async () => {
    document.head.innerHTML = '<link rel="modulepreload" href="/assets/a.js">';
    document.body.innerHTML = `<script type="application/json" id="${SSR_MODULES_ID}">["/assets/a.js","/assets/b.js"]</script>`;
    const done = prefetchModulesAfterLoad();
    if (document.readyState !== 'complete') window.dispatchEvent(new Event('load'));
    await done;
    const links = [...document.querySelectorAll('link')].map((l) => `${l.rel} ${l.getAttribute('href')}`);
    expect(links).toEqual(['modulepreload /assets/a.js', 'prefetch /assets/b.js']);
  });

  it('ignores a malformed list', async () => {
    document.body.innerHTML = `<script type="application/json" id="${SSR_MODULES_ID}">{oops</script>`;
    const done = prefetchModulesAfterLoad();
    if (document.readyState !== 'complete') window.dispatchEvent(new Event('load'));
    await done;
    expect(document.querySelectorAll('link')).toHaveLength(0);
  });
});
