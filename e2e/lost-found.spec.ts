/**
 * Lost & found journey: report a found item with a photo, see it in Recently
 * Reported with its Found label, contact the owner, open its deep link, mark it returned (it leaves
 * the default list and shows under "View all" with returned included). Axe finds no serious or
 * critical violations.
 */
import path from 'node:path';
import { test, expect, expectNoSeriousA11yViolations } from './fixtures.ts';

const PHOTO = path.join(import.meta.dirname, 'assets', 'photo.jpg');

test('a student reports a found item, sees it, contacts the owner and marks it returned', async ({
  studentPage: page,
}, testInfo) => {
  const name = `Black umbrella ${Date.now().toString(36)}`;
  await page.goto('/lost-found');
  await expect(page.getByRole('heading', { name: 'Recently Reported' })).toBeVisible();

  await page.getByRole('button', { name: 'Report Item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report Found Item' });
  await dialog.getByRole('button', { name: 'Report Item' }).click();
  await expect(dialog.getByText('Please fill in all required fields.').first()).toBeVisible();
  await dialog.getByLabel('Found an item').check();
  await dialog.getByLabel('Item name').fill(name);
  await dialog.getByLabel('Category').selectOption('Accessories');
  await dialog.getByLabel('Location').fill('Library, 2nd floor');
  await dialog.getByLabel('Contact number').fill('12345');
  await dialog.getByRole('button', { name: 'Report Item' }).click();
  await expect(dialog.getByText('Please enter a valid 10-digit Indian mobile number.')).toBeVisible();
  await dialog.getByLabel('Contact number').fill('9123456780');
  await dialog.locator('input[type="file"]').setInputFiles(PHOTO);
  await expect(dialog.getByAltText('Selected photo preview')).toBeVisible();
  await dialog.getByRole('button', { name: 'Report Item' }).click();
  await expect(page.getByText('Item reported successfully!')).toBeVisible();

  const recent = page.getByRole('region', { name: 'Recently Reported' });
  const entry = recent.getByRole('listitem').filter({ hasText: name });
  await expect(entry).toBeVisible();
  await expect(entry.getByText('Found', { exact: true })).toBeVisible();
  await expect(entry.getByText('Library, 2nd floor')).toBeVisible();
  await expect(entry.locator('img[src*="/api/files/"]')).toBeVisible();
  expect(await recent.getByRole('listitem').count()).toBeLessThanOrEqual(5);

  await entry.getByRole('button', { name: `Contact Owner of ${name}` }).click();
  const contact = page.getByRole('dialog', { name: 'Contact Owner' });
  await expect(contact.getByText('9123456780')).toBeVisible();
  await contact.getByRole('button', { name: 'OK' }).click();

  await expectNoSeriousA11yViolations(page, 'lost-found');
  await testInfo.attach('lost-found-1280', {
    body: await page.screenshot({ fullPage: true }),
    contentType: 'image/png',
  });

  // Deep link.
  await entry.getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/lost-found\/[0-9a-f-]{36}/);
  const detail = page.getByRole('dialog', { name });
  await expect(detail.getByText('Library, 2nd floor')).toBeVisible();
  await detail.getByRole('button', { name: 'Mark returned' }).click();
  await expect(page.getByText('Item marked as returned.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/lost-found$/);
  await expect(recent.getByRole('listitem').filter({ hasText: name })).toHaveCount(0);

  await page.getByRole('link', { name: 'View all' }).click();
  await page.getByLabel('Include returned').click();
  await expect(page.getByLabel('Include returned')).toBeChecked();
  await page.getByLabel('Search reports').fill('umbrella');
  const returned = page.getByRole('listitem').filter({ hasText: name });
  await expect(returned.getByText('Returned', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/returned=1/);
});
