/**
 * Accessibility sweep (docs/design.md §9): axe-core over every page that exists (home,
 * login, profile, spotlights, 404, 500, verify, sign-in link, forgot and reset pages) in light and dark colour
 * schemes with no serious or critical violations (WCAG 2.2 AA rules plus best practices); the skip
 * link, landmarks, visible focus, and reduced motion for the carousel and loaders. The pages are
 * listed in `a11y-pages.ts`, beside the feature pages whose journeys run axe; the first test fails
 * when a route of the web app is in neither. Every swept page and every feature page is also opened at
 * the narrow widths of `NARROW_WIDTHS` (320 px), where no page may scroll sideways (the axe helper checks that at any width too).
 */
import fs from 'node:fs';
import { test, expect, expectNoSeriousA11yViolations, expectNoSidewaysScroll } from './fixtures.ts';
import type { Page } from '@playwright/test';
import { CHECKED_IN_JOURNEYS, NARROW_FEATURE_PAGES, NARROW_WIDTHS, SWEPT_PAGES, pageRoutesOf } from './a11y-pages.ts';

const OPEN_PAGES = SWEPT_PAGES.filter((p) => !p.signedIn).map((p) => [p.label, p.url] as const);
const SIGNED_IN_PAGES = SWEPT_PAGES.filter((p) => p.signedIn).map((p) => [p.label, p.url] as const);

test('every page route is swept here or checked by its journey (a11y-pages.ts)', () => {
  const routes = pageRoutesOf(fs.readFileSync(new URL('../apps/web/src/app/routes.tsx', import.meta.url), 'utf8'));
  expect(routes).toContain('rides/:id?');
  const listed = [...SWEPT_PAGES.map((p) => p.route), ...Object.keys(CHECKED_IN_JOURNEYS)];
  expect(
    routes.filter((route) => !listed.includes(route)),
    'routes missing from a11y-pages.ts',
  ).toEqual([]);
  expect(
    listed.filter((route) => !routes.includes(route)),
    'listed routes routes.tsx does not have',
  ).toEqual([]);
  // A swept URL opens its route: the same first segment (the catch-all takes any other path).
  for (const { url, route } of SWEPT_PAGES)
    if (route !== '*') expect(new URL(url, 'http://x').pathname.split('/')[1], url).toBe(route.split('/')[0]);
  for (const spec of Object.values(CHECKED_IN_JOURNEYS))
    expect(fs.readFileSync(new URL(spec, import.meta.url), 'utf8'), spec).toContain('expectNoSeriousA11yViolations(');
});

/** Waits until the page shows its h1 and the network is quiet. */
async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('status', { name: /loading/i })).toHaveCount(0);
}

/** Runs axe on the page as it is, in the light and then the dark colour scheme (switched in place). */
async function expectBothSchemesClean(page: Page, label: string) {
  await page.emulateMedia({ colorScheme: 'light' });
  await expectNoSeriousA11yViolations(page, `${label}-light`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoSeriousA11yViolations(page, `${label}-dark`);
}

/** Opens `path` at each of {@link NARROW_WIDTHS} and checks that the page does not scroll sideways at any. */
async function expectNarrowFits(page: Page, label: string, path: string) {
  for (const width of NARROW_WIDTHS) {
    await page.setViewportSize({ width, height: 740 });
    await page.goto(path);
    await settle(page);
    await expectNoSidewaysScroll(page, `${label} at ${width} px`, { soft: true });
  }
}

/**
 * One test per swept page: axe in both schemes, then the narrow widths. A page is opened once per
 * test (and a student signed up once), which keeps the sweep short enough for CI.
 */
async function sweep(page: Page, label: string, path: string) {
  await page.goto(path);
  await settle(page);
  await expectBothSchemesClean(page, label);
  await expectNarrowFits(page, label, path);
}

test.describe(`axe in light and dark, no sideways scroll at ${NARROW_WIDTHS.join(' and ')} px`, () => {
  for (const [label, path] of OPEN_PAGES) {
    test(`${label} (${path})`, async ({ page }) => sweep(page, label, path));
  }
  for (const [label, path] of SIGNED_IN_PAGES) {
    test(`${label} (${path})`, async ({ studentPage }) => sweep(studentPage, label, path));
  }

  test('login, sign-up tab', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await settle(page);
    await expectBothSchemesClean(page, 'signup');
  });

  test('profile in edit mode', async ({ studentPage: page }) => {
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await expectBothSchemesClean(page, 'profile-edit');
  });

  test('home at 360 px with the menu open', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await settle(page);
    await expectBothSchemesClean(page, 'home-360');
    const menu = page.getByRole('button', { name: /menu/i }).first();
    if (await menu.isVisible()) {
      await menu.click();
      await expectBothSchemesClean(page, 'home-360-menu');
    }
  });
});

test.describe(`feature pages: no sideways scroll at ${NARROW_WIDTHS.join(' and ')} px`, () => {
  // One signed-in page per role walks every feature page (soft checks name each page that fails).
  test('as a student', async ({ studentPage }) => {
    for (const { label, url } of NARROW_FEATURE_PAGES.filter((p) => !p.admin))
      await expectNarrowFits(studentPage, label, url);
  });
  test('as an administrator', async ({ adminPage }) => {
    for (const { label, url } of NARROW_FEATURE_PAGES.filter((p) => p.admin))
      await expectNarrowFits(adminPage, label, url);
  });
});

test('the axe check fails on a planted serious violation (an unlabelled button, text at 1.1:1)', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Outside React's root, so hydration neither complains nor removes it.
  await page.evaluate(() => {
    document.body.insertAdjacentHTML(
      'beforeend',
      '<button type="button" id="planted-button"></button><p id="planted-text" style="color:#eee;background:#fff">faint</p>',
    );
  });
  let failure = '';
  await expectNoSeriousA11yViolations(page, 'planted').catch((err: Error) => (failure = err.message));
  expect(failure).toContain('button-name');
  expect(failure).toContain('color-contrast');
});

test('the skip link is the first stop and moves focus to the main content', async ({ page }) => {
  await page.goto('/');
  await settle(page);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
  // Landmarks: one banner, one main, one contentinfo, and a labelled navigation.
  await expect(page.getByRole('banner')).toHaveCount(1);
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.getByRole('contentinfo')).toHaveCount(1);
});

test('keyboard focus is visible on the dashboard controls', async ({ page }) => {
  await page.goto('/');
  await settle(page);
  const targets = [
    page.getByRole('button', { name: 'Explore' }),
    page.getByRole('button', { name: 'Slide right' }),
    page.getByRole('list', { name: 'Tools' }).getByRole('link').first(),
    page.getByRole('region', { name: 'Quick Links' }).getByRole('link').first(),
    page.getByRole('link', { name: /^Read More/ }).first(),
  ];
  for (const target of targets) {
    await target.focus();
    // Focus from the keyboard (not a click): the :focus-visible outline is drawn.
    await page.keyboard.press('Shift');
    const outline = await target.evaluate((el) => {
      const s = getComputedStyle(el);
      return { style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
    });
    expect(outline.style, await target.innerText()).not.toBe('none');
    expect(outline.width).toBeGreaterThanOrEqual(2);
  }
});

test('reduced motion: loaders and the placeholder do not animate', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/institute', async (route) => {
    await held;
    await route.continue();
  });
  // The server renders home with the institute already in: the loading state is
  // the client's, so this load gets the plain shell, as when the server falls back to it.
  const shell = await (await page.request.get('/index.html')).text();
  await page.route(
    (url) => url.pathname === '/',
    (route) => route.fulfill({ body: shell, contentType: 'text/html' }),
  );
  await page.goto('/');
  const placeholder = page.getByRole('status', { name: 'Loading campus content' });
  await expect(placeholder).toBeVisible();
  const animated = await placeholder.evaluate(
    (el) =>
      [el, ...el.querySelectorAll('*')].filter((n) => {
        const s = getComputedStyle(n);
        return s.animationName !== 'none' && parseFloat(s.animationDuration) > 0.01;
      }).length,
  );
  expect(animated).toBe(0);
  release();
  await expect(page.getByRole('region', { name: 'Campus Buzz' })).toBeVisible();
  // The html element scrolls instantly too.
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('auto');
});
