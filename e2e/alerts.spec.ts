/**
 * Saved alerts journeys (docs/alerts.md), at 360 px and at 1280 px: A saves "Cycle under ₹3,000"
 * from the marketplace filters; B lists a Hero cycle for ₹2,500 and a ₹200 lamp; A's bell shows
 * the cycle within 5 s without a reload, never the lamp; A pauses and deletes the alert on "My
 * alerts". A reports a lost blue water bottle at the Library; B reports a found "blue steel
 * bottle" there the day after, and A is told. Axe finds nothing serious on "My alerts".
 */
import type { Browser, Page, TestInfo } from '@playwright/test';
import {
  test,
  expect,
  createVerifiedAccount,
  freshEmail,
  signIn,
  completeProfile,
  expectNoSeriousA11yViolations,
} from './fixtures.ts';
import { e2eDay } from './env.ts';

/** A second student, signed in in a context of their own, who posts through the API. */
async function otherStudent(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const page = await context.newPage();
  const account = await createVerifiedAccount(page.request, freshEmail('seller'));
  await signIn(page, account);
  await completeProfile(page, 'Seller Student');
  return page;
}

for (const width of [360, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('A saves “Cycle under ₹3,000” and is told about the Hero cycle, not the lamp', async ({
      studentPage: page,
      browser,
    }, testInfo) => {
      await page.goto('/marketplace');
      await page.getByLabel('Search items').fill('cycle');
      await page.getByLabel('Maximum price').fill('3000');
      await page.getByRole('button', { name: 'Alert me' }).click();
      await expect(
        page.getByText('“Cycle under ₹3,000”: Alert saved. We will tell you when something matches.'),
      ).toBeVisible();

      const seller = await otherStudent(browser, testInfo);
      const listing = (item_name: string, price: string, category: string) =>
        seller.request.post('/api/buy-and-sell/items', {
          data: {
            item_name,
            price,
            category,
            item_condition: 'Good',
            description: 'Pick up near the main gate.',
            owner_contact: '9876543210',
          },
        });
      expect((await listing('Study lamp', '200', 'Electronics')).status()).toBe(201);
      expect((await listing('Hero cycle', '2500', 'Cycle')).status()).toBe(201);

      // Live, without a reload.
      await expect(page.getByTestId('unread-dot')).toBeVisible({ timeout: 5000 });
      await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
      const panel = page.getByRole('dialog', { name: 'Notifications' });
      await expect(panel.getByText('New for your alert “Cycle under ₹3,000”: Hero cycle, ₹2,500')).toBeVisible();
      await expect(panel.getByText(/Study lamp/)).toHaveCount(0);
      await panel.getByRole('link', { name: 'My alerts' }).click();
      await expect(page).toHaveURL(/\/alerts$/);
      const card = page.getByRole('article', { name: 'Cycle under ₹3,000' });
      await expect(card.getByText(/^1 today · last/)).toBeVisible();
      await expectNoSeriousA11yViolations(page, `alerts-${width}`);
      await testInfo.attach(`alerts-${width}`, {
        body: await page.screenshot({ fullPage: true }),
        contentType: 'image/png',
      });
      await card.getByRole('button', { name: 'Pause' }).click();
      await expect(card.getByText('Paused', { exact: true })).toBeVisible();
      await card.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('dialog', { name: 'Delete this alert?' }).getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText('No alerts yet')).toBeVisible();
      await seller.context().close();
    });

    test('A reports a lost bottle at the Library and is told when B finds a blue steel bottle there', async ({
      studentPage: page,
      browser,
    }, testInfo) => {
      await page.goto('/lost-found');
      await page.getByRole('button', { name: 'Report Item' }).click();
      const dialog = page.getByRole('dialog', { name: /^Report/ });
      await dialog.getByLabel('Lost an item').check();
      await dialog.getByLabel('Item name').fill('Blue water bottle');
      await dialog.getByLabel('Category').selectOption('Accessories');
      await dialog.getByLabel('Location').fill('Library');
      await dialog.getByLabel('Contact number').fill('9123456780');
      await dialog.getByLabel(/^Date/).fill(e2eDay(-1));
      await dialog.getByRole('button', { name: 'Report Item' }).click();
      await expect(page.getByText('Item reported successfully!')).toBeVisible();

      const finder = await otherStudent(browser, testInfo);
      const found = await finder.request.post('/api/lost-and-found/lost-items', {
        data: {
          item_name: 'blue steel bottle',
          description: 'Found near the library entrance',
          location_found: 'Library',
          category: 'Accessories',
          owner_contact: '9876543210',
          is_found: true,
          date_found: e2eDay(0),
        },
      });
      expect(found.status()).toBe(201);

      await expect(page.getByTestId('unread-dot')).toBeVisible({ timeout: 5000 });
      await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
      const panel = page.getByRole('dialog', { name: 'Notifications' });
      // Earlier finds of the same bottle (the other width's run) may be told too: the newest is first.
      await expect(
        panel.getByText(/A blue steel bottle was found at Library on \d{1,2} \w{3} — is it yours\?/).first(),
      ).toBeVisible();
      await testInfo.attach(`lost-found-match-${width}`, { body: await page.screenshot(), contentType: 'image/png' });
      await finder.context().close();
    });
  });
}
