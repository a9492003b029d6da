/**
 * Every tap counts (docs/decisions/0001-hydration-at-load.md): a server-rendered page hydrates at
 * load, by itself, and the student's first action works whenever it comes. Each journey acts the
 * moment the page has loaded (or a set time after `load`), with no mouse move and no wait for
 * hydration, as a person does — on a phone-sized screen, with the CPU slowed 4× like Lighthouse's
 * mobile run.
 */
import type { Page } from '@playwright/test';
import { test, expect, createVerifiedAccount, freshEmail, signIn, completeProfile } from './fixtures.ts';

test.use({ viewport: { width: 360, height: 780 } });

/** Slows `page`'s CPU `rate` times (Chromium's DevTools emulation), as Lighthouse's mobile run does. */
async function slowCpu(page: Page, rate = 4) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

/** Lists `name` for ₹`price` as `page`'s student (Electronics, Good); returns the listing's id. */
async function listItem(page: Page, name: string, price: number): Promise<string> {
  const res = await page.request.post('/api/buy-and-sell/items', {
    multipart: {
      item_name: name,
      price: String(price),
      category: 'Electronics',
      item_condition: 'Good',
      description: 'In working order.',
      owner_contact: '9123456789',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

for (const delay of [0, 100, 300, 500, 1000]) {
  test(`"Log in" with empty fields, clicked ${delay} ms after load, shows the e-mail message`, async ({ page }) => {
    await slowCpu(page);
    await page.goto('/login', { waitUntil: 'load' });
    if (delay) await page.waitForTimeout(delay);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Please enter your email.')).toBeVisible();
    // Nothing left the page: the form was not submitted natively.
    await expect(page).toHaveURL(/\/login$/);
  });
}

test('the Sign Up tab, tapped right after load, switches', async ({ page }) => {
  await slowCpu(page);
  await page.goto('/login', { waitUntil: 'load' });
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
});

test('a signed-in page left untouched lights its bell with an admin broadcast', async ({ browser, adminPage }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 780 }, serviceWorkers: 'block' });
  const student = await context.newPage();
  const account = await createVerifiedAccount(student.request, freshEmail('untouched'));
  await signIn(student, account);
  await completeProfile(student, 'Untouched Student');
  // The page is left alone: the live stream opens by itself. The wait starts before the navigation,
  // since the stream may well open before the load event.
  const stream = student.waitForResponse((r) => r.url().endsWith('/api/notification/stream'), { timeout: 5000 });
  await student.goto('/marketplace', { waitUntil: 'load' });
  await stream;

  const message = `Library open late (${Date.now()})`;
  const res = await adminPage.request.post('/api/notification/broadcast', {
    multipart: { message, type: 'general' },
  });
  expect(res.status(), await res.text()).toBe(201);
  await expect(student.getByTestId('unread-dot')).toBeVisible({ timeout: 5000 });
  await context.close();
});

test('text typed into the header search right after load gets suggestions', async ({ studentPage: page }) => {
  await listItem(page, `Quillfex${Date.now().toString(36)} calculator`, 650);
  await page.setViewportSize({ width: 1280, height: 800 });
  await slowCpu(page);
  await page.goto('/', { waitUntil: 'load' });
  // A few quick keys, all typed before the full combobox has loaded (it loads on first focus).
  await page.getByRole('combobox', { name: 'Search' }).pressSequentially('calcu');
  await expect(page.getByRole('option', { name: /calculator/i }).first()).toBeVisible();
});

test('at 360 px the first tap on "Open search" opens the search box', async ({ studentPage: page }) => {
  await slowCpu(page);
  await page.goto('/', { waitUntil: 'load' });
  await page.getByRole('button', { name: 'Open search' }).click();
  await expect(page.getByRole('combobox', { name: 'Search' })).toBeVisible();
});

/**
 * Holds every script file of `page` until the returned release is called: what the page shows
 * meanwhile is the server's markup with only the head's inline script running — a slow phone
 * before `load`, made certain rather than raced.
 */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** How many taps the head's inline script holds (early-taps-head.ts), or null when it is not running. */
function heldTaps(page: Page): Promise<number | null> {
  return page.evaluate(
    () => (window as unknown as { __earlyTaps?: { held: unknown[] } }).__earlyTaps?.held.length ?? null,
  );
}

test('at 360 px "Open search", tapped before any script file has loaded, opens the search box', async ({
  studentPage: page,
}) => {
  await slowCpu(page);
  const release = await holdScripts(page);
  await page.goto('/', { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Open search' }).click();
  // Held by the head's script (pointer, mouse and click events), not lost.
  expect(await heldTaps(page)).toBeGreaterThan(0);
  release();
  await expect(page.getByRole('combobox', { name: 'Search' })).toBeVisible();
});

test('the Sign Up tab, tapped before any script file has loaded, switches', async ({ page }) => {
  await slowCpu(page);
  const release = await holdScripts(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  expect(await heldTaps(page)).toBeGreaterThan(0);
  release();
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
});

test('a deep link to a listing, a lost & found item and a ride renders that record on the server', async ({
  studentPage: page,
  browser,
  baseURL,
}) => {
  const suffix = Date.now().toString(36);
  const listingId = await listItem(page, `Desk lamp ${suffix}`, 300);
  const found = await page.request.post('/api/lost-and-found/lost-items', {
    multipart: {
      item_name: `Black umbrella ${suffix}`,
      category: 'Accessories',
      location_found: 'Main gate',
      owner_contact: '9123456789',
      is_found: 'true',
    },
  });
  expect(found.status(), await found.text()).toBe(201);
  const tomorrow = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
  const ride = await page.request.post('/api/rides', {
    data: {
      pickupLocation: 'Campus Gate',
      dropLocation: 'Sonipat Railway Station',
      departureDateTime: `${tomorrow}T17:30`,
      totalSeats: 3,
      estimatedCost: 300,
      phoneNumber: '9123456789',
    },
  });
  expect(ride.status(), await ride.text()).toBe(201);
  const ids = {
    listing: listingId,
    found: ((await found.json()) as { data: { id: string } }).data.id,
    ride: ((await ride.json()) as { data: { id: string } }).data.id,
  };

  // With JavaScript off, the server's HTML alone shows each record in its dialog.
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL,
    storageState: await page.context().storageState(),
  });
  const noScript = await context.newPage();
  await noScript.goto(`/marketplace/${ids.listing}`);
  await expect(noScript.getByRole('dialog', { name: `Desk lamp ${suffix}` })).toBeVisible();
  await expect(noScript.getByRole('dialog').getByText('₹300')).toBeVisible();
  await noScript.goto(`/lost-found/${ids.found}`);
  await expect(noScript.getByRole('dialog', { name: `Black umbrella ${suffix}` })).toBeVisible();
  await noScript.goto(`/rides/${ids.ride}`);
  await expect(noScript.getByRole('dialog').getByText('Sonipat Railway Station').first()).toBeVisible();
  await context.close();

  // With JavaScript on, the record stays as the app takes over, and the dialog closes.
  await slowCpu(page);
  await page.goto(`/marketplace/${ids.listing}`, { waitUntil: 'load' });
  const dialog = page.getByRole('dialog', { name: `Desk lamp ${suffix}` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/marketplace$/);
});

test('on /marketplace, the first tap on a listing opens it', async ({ studentPage: page }) => {
  const name = `Hero cycle ${Date.now().toString(36)}`;
  await listItem(page, name, 2500);
  await slowCpu(page);
  await page.goto('/marketplace', { waitUntil: 'load' });
  await page.getByRole('article', { name }).getByRole('link', { name }).click();
  await expect(page.getByRole('dialog', { name })).toBeVisible();
});

test('forms carry their defaults in the server HTML', async ({ page }) => {
  const res = await page.request.get('/intern-connect');
  const html = await res.text();
  expect(html).toMatch(/<input[^>]*value="Software Development"/);
});
