/**
 * Detail = card (docs/web-patterns.md): the deep link of every record kind — what Share copies, a
 * notification or a search hit opens — renders the record in its dialog with the actions its card
 * offers, Report among them; and a listing reported from its deep-linked dialog reaches the
 * administrators' queue (the admin Reports tab).
 */
import type { APIRequestContext } from '@playwright/test';
import { E2E_ADMIN_EMAIL } from './env.ts';
import { completeProfile, createVerifiedAccount, expect, freshEmail, signIn, test } from './fixtures.ts';

/** Creates a record through the API as `seller`; returns its id. */
async function created(seller: APIRequestContext, url: string, body: Record<string, string | number>) {
  const multipart = !url.startsWith('/api/rides');
  const res = await seller.post(url, multipart ? { multipart: body } : { data: body });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

const stamp = Date.now().toString(36);

/** Each record kind: how it is created, its deep link, its dialog's title, the card actions its dialog shows. */
const KINDS = [
  {
    kind: 'listing',
    api: '/api/buy-and-sell/items',
    page: '/marketplace',
    title: `Deep listing ${stamp}`,
    body: (title: string) => ({
      item_name: title,
      price: '700',
      category: 'Books',
      item_condition: 'Good',
      description: 'A deep-linked listing.',
      owner_contact: '9123456789',
    }),
    actions: (title: string) => [`Report ${title}`, `Like ${title}`, `Share ${title}`, `Show contact for ${title}`],
  },
  {
    kind: 'lost & found item',
    api: '/api/lost-and-found/lost-items',
    page: '/lost-found',
    title: `Deep bottle ${stamp}`,
    body: (title: string) => ({
      item_name: title,
      category: 'Accessories',
      location_found: 'Library, 2nd floor',
      owner_contact: '9123456780',
      description: 'A deep-linked item.',
    }),
    actions: (title: string) => [`Report ${title}`, `Contact Owner of ${title}`],
  },
  {
    kind: 'ride',
    api: '/api/rides',
    page: '/rides',
    title: `Deep Pickup ${stamp} → IIIT Sonepat Campus`,
    body: () => ({
      pickupLocation: `Deep Pickup ${stamp}`,
      dropLocation: 'IIIT Sonepat Campus',
      departureDateTime: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      totalSeats: 2,
      phoneNumber: '9812345678',
      direction: 'toCollege',
    }),
    actions: (title: string) => [`Report ${title}`, 'Join Ride'],
  },
] as const;

for (const k of KINDS) {
  test(`the deep link of a ${k.kind} renders it with the card's actions, Report among them`, async ({
    studentPage: page,
    browser,
  }, testInfo) => {
    const seller = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const sellerPage = await seller.newPage();
    await signIn(sellerPage, await createVerifiedAccount(sellerPage.request, freshEmail('owner')));
    await completeProfile(sellerPage, 'Deep Owner');
    const id = await created(sellerPage.request, k.api, k.body(k.title));
    await seller.close();

    await page.goto(`${k.page}/${id}`);
    const dialog = page.getByRole('dialog', { name: k.title });
    await expect(dialog).toBeVisible();
    for (const name of k.actions(k.title)) await expect(dialog.getByRole('button', { name })).toBeVisible();
  });
}

test('a listing reported from its deep-linked dialog reaches the administrators’ Reports tab', async ({
  studentPage: page,
  browser,
}, testInfo) => {
  const baseURL = testInfo.project.use.baseURL;
  const seller = await browser.newContext({ baseURL });
  const sellerPage = await seller.newPage();
  await signIn(sellerPage, await createVerifiedAccount(sellerPage.request, freshEmail('seller')));
  await completeProfile(sellerPage, 'Deep Seller');
  const name = `Deep reported ${stamp}`;
  const id = await created(sellerPage.request, '/api/buy-and-sell/items', {
    item_name: name,
    price: '900',
    category: 'Electronics',
    item_condition: 'Good',
    description: 'Counterfeit charger.',
    owner_contact: '9123456789',
  });
  await seller.close();

  await page.goto(`/marketplace/${id}`);
  const detail = page.getByRole('dialog', { name });
  await detail.getByRole('button', { name: `Report ${name}` }).click();
  const report = page.getByRole('dialog', { name: `Report “${name}”` });
  await report.getByRole('radio', { name: 'Scam or fraud' }).check();
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(report.getByText('Thanks — an administrator will review this report.')).toBeVisible();

  const admin = await browser.newContext({ baseURL });
  const adminPage = await admin.newPage();
  await signIn(adminPage, await createVerifiedAccount(adminPage.request, E2E_ADMIN_EMAIL, 'admin-e2e-password'));
  await completeProfile(adminPage, 'Test Admin');
  await adminPage.goto('/admin/reports');
  const entry = adminPage.getByRole('article', { name });
  await expect(entry).toBeVisible();
  await expect(entry.getByText(/1 open report · Scam or fraud/)).toBeVisible();
  await admin.close();
});
