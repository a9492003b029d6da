/**
 * Internship finder journey: a guest searches with filters against the
 * recorded fixture source the server is configured to scrape (127.0.0.1, see playwright.config),
 * sees the running state and then the filtered results; sorts by stipend; Apply Now opens the
 * listing in a new tab without access to this page; the search survives a reload (from the
 * server's cache); Remote Only shows only remote listings; the page works by keyboard, at 360 px
 * and 1280 px, with no serious or critical axe violations.
 */
import type { Page } from '@playwright/test';
import { test, expect, expectNoSeriousA11yViolations } from './fixtures.ts';
import { E2E_SOURCE_ORIGIN } from './env.ts';

const titles = (page: Page) => page.getByRole('article').getByRole('heading', { level: 3 }).allTextContents();

test('a guest finds filtered internships, sorts them and opens Apply Now in a new tab', async ({ page, context }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/intern-connect');
  await expect(page.getByRole('heading', { name: 'Internship Finder', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Field of Interest')).toHaveValue('Software Development');
  await expectNoSeriousA11yViolations(page, 'internships-form');

  await page.getByLabel('Location').fill('Delhi');
  await page.getByRole('button', { name: 'Find Internships' }).click();
  // Two pages with the polite pause between them: the running state is on screen meanwhile.
  await expect(page.getByText('Scraping internships...')).toBeVisible();
  await expect(page.getByText('This may take 30-60 seconds.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Internship Results' })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/category=Software\+Development&location=Delhi/);
  // The fixture ignores the URL's filters: our server kept only the Delhi listings.
  expect(await titles(page)).toEqual(['Backend Development', 'Frontend Development']);
  const backend = page.getByRole('article', { name: 'Backend Development' });
  await expect(backend.getByText('On-site')).toBeVisible();
  await expect(backend.getByText('Hybrid')).toBeVisible();
  await expect(backend.getByText('₹ 5,000 /month + Incentives')).toBeVisible();
  await expect(backend.getByText('6 Months')).toBeVisible();

  await page.getByLabel('Sort by').selectOption('stipendHigh');
  expect(await titles(page)).toEqual(['Frontend Development', 'Backend Development']);
  await expect(page).toHaveURL(/sort=stipendHigh/);
  await expectNoSeriousA11yViolations(page, 'internships-results');

  const apply = page.getByRole('article', { name: 'Frontend Development' }).getByRole('link', { name: /Apply Now/ });
  await expect(apply).toHaveAttribute('target', '_blank');
  const [tab] = await Promise.all([context.waitForEvent('page'), apply.click()]);
  await tab.waitForLoadState('domcontentloaded');
  expect(tab.url()).toBe(
    `${E2E_SOURCE_ORIGIN}/internship/detail/frontend-development-internship-in-delhi-at-theta-web1735700000`,
  );
  expect(await tab.evaluate(() => window.opener)).toBeNull();
  await tab.close();

  // A reload repeats the search from the URL; the server answers from its cache.
  await page.reload();
  await expect(page.getByText(/2 internships · from/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('Location')).toHaveValue('Delhi');
  expect(await titles(page)).toEqual(['Frontend Development', 'Backend Development']);
});

test('Remote Only and a minimum stipend, by keyboard at 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/intern-connect');
  await page.getByLabel('Field of Interest').fill('Machine Learning');
  await page.getByLabel(/Minimum Stipend/).fill('12000');
  await page.getByLabel('Remote Only').focus();
  await page.keyboard.press('Space');
  await expect(page.getByLabel('Remote Only')).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Find Internships' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Internship Results' })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/remote=1/);
  await expect(page).toHaveURL(/stipend=12000/);
  // Acme Labs (₹10,000 lower end) is under the minimum; only Iota AI remains, and it is remote.
  expect(await titles(page)).toEqual(['Machine Learning']);
  await expect(
    page.getByRole('article', { name: 'Machine Learning' }).getByText('Remote', { exact: true }),
  ).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page, 'internships-error');
});
