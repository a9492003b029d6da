/**
 * Campus-wide search journey: a listing created through the API is found
 * by typing its name in the header box; no option is active until the arrows move to one; arrow +
 * Enter opens it; Enter with no option active opens `/search` (also typed the moment the box shows,
 * before the app has hydrated), whose "See all in Marketplace" opens the marketplace with its search filled. At 360 px
 * the box is an icon that opens a full-width search, usable from the keyboard. Axe finds no serious
 * or critical violations with the list open, on /search and on the phone panel.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect, expectNoSeriousA11yViolations } from './fixtures.ts';

/** Lists an item as the page's student; returns its name (with a word found nowhere else) and id. */
async function listItem(page: Page) {
  const word = `Zorblax${Date.now().toString(36)}`;
  const name = `${word} scientific calculator`;
  const res = await page.request.post('/api/buy-and-sell/items', {
    multipart: {
      item_name: name,
      price: '650',
      category: 'Electronics',
      item_condition: 'Good',
      description: 'Casio fx-991EX, all functions work.',
      owner_contact: '9123456789',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const id = ((await res.json()) as { data: { id: string } }).data.id;
  return { word, name, id };
}

/**
 * Moves down the list until the box names `hit` as its active option (another run's listing with a
 * similar name may rank first); fails when it never does.
 */
async function arrowTo(page: Page, box: Locator, hit: Locator) {
  const id = await hit.getAttribute('id');
  for (let i = 0; i < 10 && (await box.getAttribute('aria-activedescendant')) !== id; i++)
    await page.keyboard.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', id!);
}

test('a student finds a listing from the header, opens it, and sees all results on /search', async ({
  studentPage: page,
}, testInfo) => {
  const { word, name, id } = await listItem(page);
  await page.goto('/');

  // Type-ahead: the hit appears under Marketplace; arrow to it and press Enter to open it.
  const box = page.getByRole('combobox', { name: 'Search' });
  await box.pressSequentially(word.slice(0, -2));
  await box.pressSequentially(word.slice(-2));
  const list = page.getByRole('listbox');
  const hit = list.getByRole('group', { name: 'Marketplace' }).getByRole('option', { name: new RegExp(name) });
  await expect(hit).toBeVisible();
  await expect(list.getByRole('option').last()).toHaveText(`All results for “${word}”`);
  // No option is active until the student moves to one.
  await expect(box).not.toHaveAttribute('aria-activedescendant');
  await expectNoSeriousA11yViolations(page, 'search-combobox');
  await page.screenshot({ path: testInfo.outputPath('search-combobox-1280.png') });
  await arrowTo(page, box, hit);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/marketplace/${id}$`));
  await expect(page.getByRole('dialog', { name })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name })).toBeHidden();

  // Enter with no hit highlighted opens /search with every group.
  await box.fill(word);
  await expect(hit).toBeVisible();
  await box.press('Enter');
  await expect(page).toHaveURL(`/search?q=${word}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Search results for “${word}”`);
  await expect(page).toHaveTitle(`Search results for “${word}” · Campus Companion`);
  const market = page.getByRole('region', { name: /Marketplace/ });
  await expect(market.getByRole('link', { name })).toHaveAttribute('href', `/marketplace/${id}`);
  await expect(market.locator('mark').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'search-page');
  await page.screenshot({ path: testInfo.outputPath('search-page-1280.png'), fullPage: true });

  // "See all in Marketplace" opens the marketplace with its search filled in.
  await market.getByRole('link', { name: 'See all in Marketplace' }).click();
  await expect(page).toHaveURL(`/marketplace?search=${word}`);
  await expect(page.getByLabel('Search items')).toHaveValue(word);
  await expect(page.getByRole('article', { name })).toBeVisible();
});

test('at 360 px the search is an icon that opens a full-width box, usable from the keyboard', async ({
  studentPage: page,
}, testInfo) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const { word, name, id } = await listItem(page);
  await page.goto('/');

  const toggle = page.getByRole('button', { name: 'Open search' });
  await expect(page.getByRole('combobox', { name: 'Search' })).toBeHidden();
  await toggle.focus();
  await page.keyboard.press('Enter');
  const box = page.getByRole('combobox', { name: 'Search' });
  await expect(box).toBeFocused();
  // (The box is swapped for the full combobox once its module loads: measure whichever is there.)
  await expect(async () => expect((await box.boundingBox())?.width).toBeGreaterThan(260)).toPass();
  await page.keyboard.type(word);
  const hit = page.getByRole('option', { name: new RegExp(name) });
  await expect(hit).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'search-360');
  await page.screenshot({ path: testInfo.outputPath('search-combobox-360.png') });

  // Escape closes the list, a second Escape the panel; focus is back on the icon.
  await page.keyboard.press('Escape');
  await expect(hit).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(box).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open search' })).toBeFocused();

  // Open again, arrow to the hit, Enter: the listing opens and the panel is gone.
  await page.keyboard.press('Enter');
  await page.keyboard.type(word);
  await expect(hit).toBeVisible();
  await arrowTo(page, box, hit);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/marketplace/${id}$`));
  await expect(page.getByRole('dialog', { name })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Search' })).toBeHidden();

  await page.goto(`/search?q=${word}`);
  await expect(page.getByRole('region', { name: /Marketplace/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'search-page-360');
  await page.screenshot({ path: testInfo.outputPath('search-page-360.png'), fullPage: true });
});

test('from the keyboard the moment the box shows: typing then Enter opens /search, Down then Enter the hit', async ({
  studentPage: page,
}) => {
  const { word, name, id } = await listItem(page);
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search' });
  // No wait for hydration or for the combobox: whichever box is there takes the text and Enter.
  await box.fill(word);
  await box.press('Enter');
  await expect(page).toHaveURL(`/search?q=${word}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Search results for “${word}”`);

  await page.goto('/');
  await box.pressSequentially(word);
  const hit = page.getByRole('listbox').getByRole('option', { name: new RegExp(name) });
  await expect(hit).toBeVisible();
  await expect(box).not.toHaveAttribute('aria-activedescendant');
  await box.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
  await arrowTo(page, box, hit);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/marketplace/${id}$`));
  await expect(page.getByRole('dialog', { name })).toBeVisible();
});
