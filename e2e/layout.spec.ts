/**
 * Mobile-first layout: no page scrolls sideways at 360 px (docs/design.md §9), with content in the lists
 * (a send in the admin table, a listing, a lost-and-found report).
 */
import { test, expect } from './fixtures.ts';

test('no page overflows horizontally at 360 px', async ({ adminPage }) => {
  const page = adminPage;
  expect(
    (
      await page.request.post('/api/notification/broadcast', {
        data: { message: 'Layout check broadcast', type: 'general' },
      })
    ).status(),
  ).toBe(201);
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of [
    '/',
    '/profile',
    '/marketplace',
    '/lost-found',
    '/rides',
    '/admin',
    '/admin/notifications',
    '/spotlight/nope',
    '/intern-connect',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${path} is ${width}px wide`).toBeLessThanOrEqual(360);
  }
});
