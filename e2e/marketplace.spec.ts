/**
 * Marketplace journey: sell an item with a photo, find it by chip + search +
 * price filter (kept in the URL across a reload), like it (kept locally), share it (link copied),
 * open its deep link, edit it, mark it sold in "My listings", delete it with a confirmation; an
 * admin can manage another student's listing. Axe finds no serious or critical violations.
 */
import path from 'node:path';
import {
  test,
  expect,
  createVerifiedAccount,
  signIn,
  completeProfile,
  freshEmail,
  expectNoSeriousA11yViolations,
} from './fixtures.ts';

const PHOTO = path.join(import.meta.dirname, 'assets', 'photo.jpg');

test('a student sells, finds, shares, opens, edits, marks sold and deletes a listing', async ({
  studentPage: page,
  context,
}, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const name = `Organic Chemistry by Morrison ${Date.now().toString(36)}`;
  await page.goto('/marketplace');
  await expect(page.getByRole('heading', { name: 'Marketplace', level: 1 })).toBeVisible();

  // Sell with a photo; the client shows the contract's messages first.
  await page.getByRole('button', { name: 'Sell Item' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Sell Item' });
  await dialog.getByRole('button', { name: 'List Item' }).click();
  await expect(dialog.getByText('Item name is required.')).toBeVisible();
  await dialog.getByLabel('Item name').fill(name);
  await dialog.getByLabel('Price (₹)').fill('1250');
  await dialog.getByLabel('Contact number').fill('9876543210');
  await dialog.getByLabel('Category').selectOption('Books');
  await dialog.getByLabel('Condition').selectOption('Good');
  await dialog.getByLabel('Description').fill('Sixth edition, a few pencil notes.');
  await dialog.locator('input[type="file"]').setInputFiles(PHOTO);
  await expect(dialog.getByAltText('Selected photo preview')).toBeVisible();
  await dialog.getByRole('button', { name: 'List Item' }).click();
  await expect(page.getByText('Item listed successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Find it by chip + search + price range; the filters live in the URL and survive a reload.
  await page.getByRole('button', { name: 'Books', exact: true }).click();
  await page.getByLabel('Search items').fill('morrison');
  await page.getByLabel('Minimum price').fill('1000');
  await page.getByLabel('Maximum price').fill('1500');
  await expect(page).toHaveURL(/category=Books/);
  await expect(page).toHaveURL(/search=morrison/);
  await expect(page).toHaveURL(/minPrice=1000/);
  await expect(page).toHaveURL(/maxPrice=1500/);
  const card = page.getByRole('article', { name });
  await expect(card).toBeVisible();
  await expect(card.getByText('₹1,250')).toBeVisible();
  await expect(card.locator('img[src*="/api/files/"]')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Books', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Search items')).toHaveValue('morrison');
  await expect(card).toBeVisible();
  await page.getByLabel('Maximum price').fill('1200');
  await expect(page.getByText('No items found')).toBeVisible();
  await page.getByLabel('Maximum price').fill('');
  await expect(card).toBeVisible();

  // Like is local and kept; share copies the deep link.
  await card.getByRole('button', { name: `Like ${name}` }).click();
  await expect(card.getByRole('button', { name: `Liked ${name}` })).toHaveAttribute('aria-pressed', 'true');
  await card.getByRole('button', { name: `Share ${name}` }).click();
  await expect(page.getByText('Link copied to clipboard!')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/\/marketplace\/[0-9a-f-]{36}$/);
  await page.reload();
  await expect(card.getByRole('button', { name: `Liked ${name}` })).toHaveAttribute('aria-pressed', 'true');
  await card.getByRole('button', { name: `Show contact for ${name}` }).click();
  await expect(card.getByRole('link', { name: 'Call 9876543210' })).toHaveAttribute('href', 'tel:+919876543210');
  await expect(card.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', 'https://wa.me/919876543210');
  await expectNoSeriousA11yViolations(page, 'marketplace');
  await testInfo.attach('marketplace-1280', {
    body: await page.screenshot({ fullPage: true }),
    contentType: 'image/png',
  });

  // The deep link opens the item; edit it from there.
  await page.goto(new URL(copied).pathname);
  const detail = page.getByRole('dialog', { name });
  await expect(detail.getByText('Sixth edition, a few pencil notes.')).toBeVisible();
  await detail.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Item' });
  await expect(edit.getByLabel('Item name')).toHaveValue(name);
  await edit.getByLabel('Price (₹)').fill('999');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Item updated successfully!')).toBeVisible();
  await expect(detail.getByText('₹999')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/marketplace$/);
  await expect(page.getByRole('article', { name }).getByText('₹999')).toBeVisible();
  // The photo was kept by the partial update.
  await expect(page.getByRole('article', { name }).locator('img[src*="/api/files/"]')).toBeVisible();

  // Mark it sold in My listings: it leaves browse and stays in My listings.
  await page.getByRole('tab', { name: 'My listings' }).click();
  await expect(page).toHaveURL(/view=mine/);
  const mine = page.getByRole('article', { name });
  await mine.getByRole('button', { name: 'Mark as sold' }).click();
  await expect(mine.getByText('Sold', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Browse' }).click();
  await page.getByLabel('Search items').fill('morrison');
  await expect(page.getByText('No items found')).toBeVisible();

  // Delete asks first.
  await page.getByRole('tab', { name: 'My listings' }).click();
  await page
    .getByRole('article', { name })
    .getByRole('button', { name: `Delete ${name}` })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Delete this listing?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('article', { name })).toBeVisible();
  await page
    .getByRole('article', { name })
    .getByRole('button', { name: `Delete ${name}` })
    .click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Item deleted successfully!')).toBeVisible();
  await expect(page.getByRole('article', { name })).toHaveCount(0);
});

test('an admin sees Edit and Delete on another student\u2019s listing and the seller is notified of a deletion', async ({
  adminPage,
  browser,
}) => {
  const seller = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const sellerPage = await seller.newPage();
  const account = await createVerifiedAccount(sellerPage.request, freshEmail('seller'));
  await signIn(sellerPage, account);
  await completeProfile(sellerPage, 'Seller Student');
  const name = `Study table ${Date.now().toString(36)}`;
  const res = await sellerPage.request.post('/api/buy-and-sell/items', {
    multipart: {
      item_name: name,
      price: '2000',
      category: 'Furniture',
      item_condition: 'Fair',
      description: 'Sturdy, some scratches.',
      owner_contact: '9123456789',
    },
  });
  expect(res.status()).toBe(201);

  await adminPage.goto('/marketplace?category=Furniture');
  const card = adminPage.getByRole('article', { name });
  await expect(card.getByRole('button', { name: `Edit ${name}` })).toBeVisible();
  await card.getByRole('button', { name: `Delete ${name}` }).click();
  await adminPage.getByRole('dialog', { name: 'Delete this listing?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(adminPage.getByText('Item deleted successfully!')).toBeVisible();

  const notes = await (await sellerPage.request.get('/api/notification')).json();
  expect(notes.data.map((n: { message: string }) => n.message)).toContain(
    `An administrator removed your marketplace listing "${name}".`,
  );
  await seller.close();
});

test('a listing opened from further down the page, and closed by its button or a tap outside, leaves the list where the student was', async ({
  studentPage: page,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const tag = Date.now().toString(36);
  for (let i = 1; i <= 4; i += 1) {
    const res = await page.request.post('/api/buy-and-sell/items', {
      multipart: {
        item_name: `Desk lamp ${tag} ${i}`,
        price: String(300 + i),
        category: 'Furniture',
        item_condition: 'Good',
        description: 'Works.',
        owner_contact: '9123456789',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await page.goto(`/marketplace?search=${tag}`);
  const name = `Desk lamp ${tag} 1`;
  const link = page.getByRole('article', { name }).getByRole('link', { name });
  await link.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(500);
  await link.click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/marketplace/[^/?]+\\?search=${tag}$`));
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/marketplace\\?search=${tag}$`));
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  await expect(page.getByRole('article', { name: `Desk lamp ${tag} 4` })).toBeAttached();

  // A tap outside the dialog closes it and reaches nothing under its overlay (here the header's home link).
  const home = (await page.getByRole('link', { name: 'Campus Companion' }).boundingBox())!;
  await link.click();
  await expect(dialog).toBeVisible();
  await page.mouse.click(home.x + home.width / 2, home.y + home.height / 2);
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/marketplace\\?search=${tag}$`));
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
});
