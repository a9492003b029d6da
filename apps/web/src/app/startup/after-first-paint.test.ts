import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_PAINT_WAIT_MS, afterFirstPaint, preloadListedModules } from './after-first-paint';
import type { EarlyTapCapture } from './early-taps';

afterEach(() => {
  delete (window as { __earlyTaps?: EarlyTapCapture }).__earlyTaps;
  vi.useRealTimers();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('preloadListedModules', () => {
  it('links every listed module once as modulepreload, one per task, and ignores a malformed list', async () => {
    document.head.innerHTML = '<link rel="modulepreload" href="/assets/a.js">';
    document.body.innerHTML =
      '<script type="application/json" id="ssr-modules">["/assets/a.js","/assets/b.js","/assets/c.js",3]</script>';
    const adding = preloadListedModules();
    // The first new link is added at once, the next in a later task.
    expect(document.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(2);
    await adding;
    const links = [...document.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'));
    expect(links).toEqual(['/assets/a.js', '/assets/b.js', '/assets/c.js']);

    document.body.innerHTML = '<script type="application/json" id="ssr-modules">not json</script>';
    await preloadListedModules();
    expect(document.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(3);
  });

  it('links them all at once while a tap made before the app listens is held', () => {
    (window as { __earlyTaps?: EarlyTapCapture }).__earlyTaps = {
      held: [new MouseEvent('click')],
      typed: false,
      stop: () => {},
    };
    document.body.innerHTML =
      '<script type="application/json" id="ssr-modules">["/assets/a.js","/assets/b.js","/assets/c.js"]</script>';
    void preloadListedModules();
    expect(document.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(3);
  });
});

describe('afterFirstPaint', () => {
  it('resolves by itself when no paint is reported in time (a background tab never paints)', async () => {
    vi.useFakeTimers();
    let resolved = false;
    void afterFirstPaint().then(() => (resolved = true));
    await vi.advanceTimersByTimeAsync(FIRST_PAINT_WAIT_MS - 1);
    expect(resolved).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(resolved).toBe(true);
  });
});
