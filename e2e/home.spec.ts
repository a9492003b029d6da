/**
 * Home dashboard journeys: Explore scrolls to the carousel; the Slide buttons, keyboard
 * and touch scroll it; every Quick Link opens in a new tab (the PDFs are real documents); every
 * spotlight page renders and an unknown slug shows the 404 page; the API docs render; screenshots
 * of home at 360 and 1280 px are attached to the report.
 */
import { test, expect } from './fixtures.ts';
import type { Page } from '@playwright/test';

const PORTAL = 'https://www.onlinesbi.sbi/sbicollect/';

/** The carousel's horizontal scroll position in px. */
const scrollLeft = (page: Page) =>
  page.getByRole('list', { name: 'Tools' }).evaluate((el) => Math.round(el.scrollLeft));

async function openHome(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Campus Buzz' })).toBeVisible();
}

test.describe('home at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('Explore scrolls to the carousel and focuses it', async ({ page }) => {
    await openHome(page);
    const heading = page.getByRole('heading', { name: 'Explore the tools' });
    const before = (await heading.boundingBox())!.y;
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByRole('button', { name: 'Explore' }).click();
    await expect(heading).toBeFocused();
    // The carousel's section now starts just below the sticky header.
    await expect.poll(async () => (await heading.boundingBox())!.y).toBeLessThan(140);
    expect(before).toBeGreaterThan(300);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await expect(page.getByRole('list', { name: 'Tools' }).getByRole('link').first()).toBeInViewport();
  });

  test('Slide moves the carousel by 260 px; touch swipes scroll it', async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      hasTouch: true,
      isMobile: true,
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    await openHome(page);
    await page.getByRole('button', { name: 'Explore' }).click();
    const left = page.getByRole('button', { name: 'Slide left' });
    await expect(left).toBeDisabled();
    await page.getByRole('button', { name: 'Slide right' }).click();
    await expect.poll(() => scrollLeft(page)).toBe(260);
    await expect(left).toBeEnabled();
    await left.click();
    await expect.poll(() => scrollLeft(page)).toBe(0);

    // A real touch swipe (right to left) through the DevTools protocol.
    const box = (await page.getByRole('list', { name: 'Tools' }).boundingBox())!;
    const cdp = await context.newCDPSession(page);
    const x = Math.round(box.x + box.width * 0.8);
    const y = Math.round(box.y + box.height / 2);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    for (let i = 1; i <= 10; i++)
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x - i * 25, y }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect.poll(() => scrollLeft(page)).toBeGreaterThan(200);
    await context.close();
  });

  test('screenshot of home at 360 px', async ({ page }, testInfo) => {
    await openHome(page);
    await expect(page.getByRole('region', { name: 'Student Spotlights' })).toBeVisible();
    await testInfo.attach('home-360', {
      body: await page.screenshot({ fullPage: true, path: testInfo.outputPath('home-360.png') }),
      contentType: 'image/png',
    });
  });
});

test.describe('home at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('Slide moves the carousel by 280 px, instantly under reduced motion; arrow keys move between cards', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openHome(page);
    // The first tap may come before the app has arrived: it takes effect once it has.
    await page.getByRole('button', { name: 'Slide right' }).click();
    await expect.poll(() => scrollLeft(page)).toBe(280);
    // Reduced motion: no smooth scrolling, so the position is final right after the click.
    await page.getByRole('button', { name: 'Slide left' }).click();
    expect(await scrollLeft(page)).toBe(0);

    const cards = page.getByRole('list', { name: 'Tools' }).getByRole('link');
    await expect(cards).toHaveCount(6);
    await cards.first().focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    await expect(cards.last()).toBeFocused();
    await expect(cards.last()).toBeInViewport({ ratio: 1 });
    expect(await scrollLeft(page)).toBeGreaterThan(0);
    await page.keyboard.press('Home');
    await expect(cards.first()).toBeFocused();
    await expect(cards.first()).toBeInViewport({ ratio: 1 });
    // Tab also walks the cards in order.
    await page.keyboard.press('Tab');
    await expect(cards.nth(1)).toBeFocused();
  });

  test('every Quick Link opens in a new tab; the PDFs are real documents', async ({ page, context }) => {
    await context.route(`${PORTAL}**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Payment portal</title><h1>Payment portal</h1>' }),
    );
    await openHome(page);
    const links = page.getByRole('region', { name: 'Quick Links' }).getByRole('link');
    await expect(links).toHaveCount(4);
    const hrefs: string[] = [];
    for (let i = 0; i < 4; i++) {
      const link = links.nth(i);
      const href = (await link.getAttribute('href'))!;
      hrefs.push(href);
      await expect(link).toHaveAttribute('target', '_blank');
      const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
      await expect.poll(() => popup.url()).not.toBe('about:blank');
      expect(popup.url()).toBe(href);
      await popup.close();
      await expect(page).toHaveURL(/\/$/); // the dashboard stays open in its own tab
    }
    expect(hrefs.slice(0, 3).map((h) => new URL(h).pathname)).toEqual([
      '/api/institute/files/calendar.pdf',
      '/api/institute/files/contacts.pdf',
      '/api/institute/files/timetable.pdf',
    ]);
    expect(hrefs[3]).toBe(PORTAL);
    for (const href of hrefs.slice(0, 3)) {
      const res = await page.request.get(href);
      expect(res.headers()['content-type']).toBe('application/pdf');
      const body = await res.body();
      expect(body.subarray(0, 5).toString()).toBe('%PDF-');
      expect(body.length).toBeGreaterThan(2000);
    }
  });

  test('each spotlight page renders from Read More; an unknown slug shows the 404 page', async ({ page }) => {
    await openHome(page);
    const readMore = page.getByRole('region', { name: 'Student Spotlights' }).getByRole('link', { name: /^Read More/ });
    const count = await readMore.count();
    expect(count).toBe(3);
    for (let i = 0; i < count; i++) {
      const card = page.getByRole('region', { name: 'Student Spotlights' }).getByRole('article').nth(i);
      const title = (await card.getByRole('heading', { level: 3 }).textContent())!;
      await readMore.nth(i).click();
      await expect(page).toHaveURL(/\/spotlight\/[a-z0-9-]+$/);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      // Real content: several paragraphs of the story.
      expect((await page.locator('article p').allTextContents()).join(' ').length).toBeGreaterThan(400);
      await expect(page).toHaveTitle(new RegExp(title.slice(0, 20)));
      await page.getByRole('link', { name: 'Back to Dashboard' }).click();
      await expect(page.getByRole('region', { name: 'Campus Buzz' })).toBeVisible();
    }
    await page.goto('/spotlight/no-such-student');
    await expect(page.getByRole('heading', { name: "Oops! You've hit a dead end." })).toBeVisible();
    await page.getByRole('link', { name: 'Return to Dashboard' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a signed-in student is greeted by name', async ({ studentPage: page }) => {
    await openHome(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Test!' })).toBeVisible();
  });

  test('the API docs render under the page CSP', async ({ page }) => {
    await page.goto('/api/docs');
    await expect(page.getByText(/Campus Companion API/).first()).toBeVisible();
    await expect(page.getByText('/api/users/login', { exact: true }).first()).toBeVisible();
    // Swagger UI renders the operations as they scroll into view (121 paths): the deep link to the
    // institute tag, opened as a new page (a hash change alone is not read), scrolls there.
    await page.goto('about:blank');
    await page.goto('/api/docs#/institute');
    await expect(page.getByText('/api/institute/files/{file}', { exact: true }).first()).toBeVisible({
      timeout: 30_000,
    });
  });

  test('screenshot of home at 1280 px', async ({ page }, testInfo) => {
    await openHome(page);
    await expect(page.getByRole('region', { name: 'Student Spotlights' })).toBeVisible();
    await testInfo.attach('home-1280', {
      body: await page.screenshot({ fullPage: true, path: testInfo.outputPath('home-1280.png') }),
      contentType: 'image/png',
    });
  });
});
