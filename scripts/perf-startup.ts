/**
 * What a student experiences at start (docs/decisions/0001-hydration-at-load.md), measured in
 * Debian's Chromium with the CPU slowed like Lighthouse's mobile run, for `npm run perf:web`:
 * - {@link hydratedAt}: ms from navigation start until the page has hydrated by itself, with no
 *   input (the app's `hydrated` performance mark), and the long tasks (> 50 ms) of the start;
 * - {@link firstTap}: a tap made a set time after `load` — did it take effect, and how many ms
 *   from the tap (the first real pointer or key event, as the page saw it) until its visible answer
 *   (the DOM shows it)?
 */
import type { Browser, Page } from 'playwright-core';

/** A signed-in visitor's session cookie (`name=value`), or none for a guest. */
export type Cookie = string | undefined;

/** What one start showed. */
export interface StartFigures {
  /** ms from navigation start to the `hydrated` mark; null when it never came (10 s). */
  hydratedAt: number | null;
  /** ms of main-thread time over 50 ms in each long task after the first paint (Lighthouse's TBT rule). */
  blockingMs: number;
}

/** A fresh page at `width` × 780 with `cookie`, its CPU slowed `cpuSlowdown` times. */
async function openPage(browser: Browser, base: string, cookie: Cookie, cpuSlowdown: number, width = 360) {
  const context = await browser.newContext({ viewport: { width, height: 780 }, serviceWorkers: 'block' });
  if (cookie) {
    const [name, ...value] = cookie.split('=');
    await context.addCookies([{ name: name!, value: value.join('='), url: base }]);
  }
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  return { context, page };
}

/** Opens `url` and waits, touching nothing, until the app has hydrated; see {@link StartFigures}. */
export async function hydratedAt(
  browser: Browser,
  base: string,
  path: string,
  cookie: Cookie,
  cpuSlowdown: number,
): Promise<StartFigures> {
  const { context, page } = await openPage(browser, base, cookie, cpuSlowdown);
  try {
    // The init script is text (this program is type-checked without the DOM's types); the browser
    // injects it before the page's own scripts.
    await page.addInitScript({
      content: `window.__longTasks = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
        }).observe({ type: 'longtask', buffered: true });`,
    });
    await page.goto(`${base}${path}`, { waitUntil: 'load' });
    // Functions, not strings: the page's CSP forbids evaluating text. `performance` has Node's type here.
    const hydrated = await page
      .waitForFunction(() => performance.getEntriesByName('hydrated')[0]?.startTime, undefined, { timeout: 10_000 })
      .then((handle) => handle.jsonValue() as Promise<number>)
      .catch(() => null);
    await page.waitForTimeout(1000);
    const blockingMs = await page.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
      const tasks = (globalThis as unknown as { __longTasks: Array<[number, number]> }).__longTasks;
      return tasks.filter(([start]) => start >= fcp).reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0);
    });
    return { hydratedAt: hydrated === null ? null : Math.round(hydrated), blockingMs: Math.round(blockingMs) };
  } finally {
    await context.close();
  }
}

/** One tap of the first-tap table: where, as whom, what to do, and what shows that it worked. */
export interface Tap {
  label: string;
  path: string;
  cookie: Cookie;
  /** Viewport width (default 360). */
  width?: number;
  act: (page: Page) => Promise<void>;
  /** A CSS selector, and optionally a text, whose appearance is the visible answer. */
  answer: { selector: string; text?: string };
}

/** One tap's result: did it take effect within 10 s, and ms from the tap to the answer. */
export interface TapResult {
  tookEffect: boolean;
  ms: number | null;
}

/**
 * When a tap is made: `paint` — the moment the page's first contentful paint is recorded (the
 * control is on screen, the entry module may not have run); `dom` — at `DOMContentLoaded` (the
 * entry has run, before `load`); a number — that many ms after `load`.
 */
export type TapMoment = 'paint' | 'dom' | number;

/** Opens `tap.path`, waits for `moment` ({@link TapMoment}), acts, and times the answer; see {@link TapResult}. */
export async function firstTap(
  browser: Browser,
  base: string,
  tap: Tap,
  moment: TapMoment,
  cpuSlowdown: number,
): Promise<TapResult> {
  const { context, page } = await openPage(browser, base, tap.cookie, cpuSlowdown, tap.width);
  try {
    await page.addInitScript({
      content: `(() => {
        const answer = ${JSON.stringify(tap.answer)};
        const state = (window.__tap = { tap: null, answered: null });
        // Registered before any page script: sees the real tap first, whatever the page does with it.
        for (const type of ['pointerdown', 'keydown'])
          window.addEventListener(type, (e) => { if (e.isTrusted && state.tap === null) state.tap = e.timeStamp; }, true);
        const shown = () => [...document.querySelectorAll(answer.selector)].some(
          (el) => (answer.text === undefined || el.textContent.includes(answer.text)) && el.getClientRects().length > 0);
        new MutationObserver(() => {
          if (state.tap !== null && state.answered === null && shown()) state.answered = performance.now();
        }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      })();`,
    });
    if (moment === 'paint') {
      await page.goto(`${base}${tap.path}`, { waitUntil: 'commit' });
      await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, {
        polling: 10,
      });
    } else {
      await page.goto(`${base}${tap.path}`, { waitUntil: moment === 'dom' ? 'domcontentloaded' : 'load' });
      if (typeof moment === 'number' && moment) await page.waitForTimeout(moment);
    }
    await tap.act(page);
    const answered = await page
      .waitForFunction(
        () => {
          const s = (globalThis as unknown as { __tap: { tap: number | null; answered: number | null } }).__tap;
          return s.answered !== null && s.tap !== null ? s.answered - s.tap : null;
        },
        undefined,
        { timeout: 10_000 },
      )
      .then((handle) => handle.jsonValue() as Promise<number>)
      .catch(() => null);
    return { tookEffect: answered !== null, ms: answered === null ? null : Math.round(answered) };
  } finally {
    await context.close();
  }
}
