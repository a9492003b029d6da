import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_PAINT_WAIT_MS, afterFirstPaint, preloadListedModules } from './after-first-paint';

afterEach(() => {
  vi.useRealTimers();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('preloadListedModules', () => {
  it('links every listed module once as modulepreload, and ignores a malformed list', () => {
    document.head.innerHTML = '<link rel="modulepreload" href="/assets/a.js">';
    document.body.innerHTML =
      '<script type="application/json" id="ssr-modules">["/assets/a.js","/assets/b.js",3]</script>';
    preloadListedModules();
    const links = [...document.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'));
    expect(links).toEqual(['/assets/a.js', '/assets/b.js']);

    document.body.innerHTML = '<script type="application/json" id="ssr-modules">not json</script>';
    preloadListedModules();
    expect(document.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(2);
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
